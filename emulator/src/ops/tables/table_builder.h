// From a validated CreateTable request (or an UpdateTable GSI Create) to the catalog's
// TableSchema / IndexSchema, and the key-space ids a new table or index occupies.
#pragma once

#include <cstdint>
#include <string>

#include "api/table_requests.h"
#include "ddbemu/error.h"
#include "storage/catalog.h"
#include "storage/table_schema.h"

namespace ddbemu::ops {

// The schema of a new table named `name`, created at `now_micros`, as the catalog stores it:
// status ACTIVE (the emulator creates tables at once), key-space ids still 0. `request` must
// have passed api::ValidateCreateTable.
TableSchema BuildTableSchema(const api::CreateTableRequest& request, const std::string& name,
                             std::int64_t now_micros);

// The schema of one GSI (`request` validated) on a table whose billing mode is
// `pay_per_request`; its key attributes' types come from `definitions`.
IndexSchema BuildGlobalIndex(const api::SecondaryIndexRequest& request,
                             const std::vector<KeyAttribute>& definitions, bool pay_per_request);

// The definitions of `request` as the catalog's KeyAttributes ("S"/"N"/"B" -> type).
std::vector<KeyAttribute> ToKeyAttributes(const std::vector<api::AttributeDefinition>& definitions);

// Gives the table and each of its indexes a fresh key-space id, in `txn`.
Status AllocateKeyspaces(storage::Catalog& catalog, storage::WriteTxn& txn, TableSchema* schema);

// A random (version 4) UUID, the service's TableId format.
std::string NewTableId();

}  // namespace ddbemu::ops
