// The control-plane operations: CreateTable, DescribeTable, ListTables, DeleteTable (and
// UpdateTable, in table_update.h). Each runs in one LMDB transaction — a write transaction for
// the writes, so that a table and all its items and index entries appear or vanish together.
//
// Like AWS, a table is usable as soon as CreateTable returns: the response says CREATING (the
// service's answer) while the catalog already holds it ACTIVE, so DescribeTable says ACTIVE.
// DeleteTable's response says DELETING and the table is gone at once. With the realism switch
// Options::transient_status_ms the statuses take that long instead, and the service's refusals
// apply meanwhile (ops/realism/transient_statuses.h).
#pragma once

#include "api/table_description.h"
#include "api/table_requests.h"
#include "ddbemu/error.h"
#include "ops/engine.h"
#include "storage/table_schema.h"

namespace ddbemu::ops {

// What a response shows of one table: the schema in the state the response reports, its
// counts, and how to render it (api::json::RenderTableDescription).
struct TableResult {
  TableSchema schema;
  api::TableCounts counts;
  api::DescriptionOptions options;
};

// Validates (api::ValidateCreateTable) and creates the table. ResourceInUseException "Table
// already exists: NAME" when the caller's namespace has it; LimitExceededException above the
// capacity quotas.
Result<TableResult> CreateTable(Engine& engine, const Caller& caller,
                                const api::CreateTableRequest& request);

// ResourceNotFoundException "Requested resource not found: Table: NAME not found" when absent.
Result<TableResult> DescribeTable(Engine& engine, const Caller& caller,
                                  const api::TableNameRequest& request);

// Names in ascending byte order, at most `limit`, after ExclusiveStartTableName (which need not
// exist); LastEvaluatedTableName only when more names follow.
Result<api::ListTablesResponse> ListTables(Engine& engine, const Caller& caller,
                                           const api::ListTablesRequest& request);

// Removes the table with all its items and index entries. ValidationException "Resource cannot
// be deleted as it is currently protected against deletion. Disable deletion protection first."
// for a protected table; ResourceNotFoundException when absent.
Result<TableResult> DeleteTable(Engine& engine, const Caller& caller,
                                const api::TableNameRequest& request);

// Shared by the table operations.
ApiError TableNotFound(std::string_view name);
// The table's and each index's ItemCount/TableSizeBytes as stored in `txn`'s snapshot.
Result<api::TableCounts> ReadCounts(const Engine& engine, const storage::Txn& txn,
                                    const TableSchema& schema);
// The response options for `view` with the caller's ARN and the engine's clock.
api::DescriptionOptions OptionsFor(const Engine& engine, const Caller& caller,
                                   const TableSchema& schema, api::DescriptionView view);

}  // namespace ddbemu::ops
