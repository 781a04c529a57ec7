// The control-plane operations on tables, CreateTable, DescribeTable, ListTables and DeleteTable
// (UpdateTable is table_update.h), and what they share with the rest of ops/: which table a
// TableName means, the schema a new table or index gets, and the account quotas on capacity.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "api/table_description.h"
#include "api/table_requests.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/engine.h"
#include "storage/catalog.h"
#include "storage/table_schema.h"
#include "storage/txn.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

// ---- tables ------------------------------------------------------------------------------------
// The control-plane operations: CreateTable, DescribeTable, ListTables, DeleteTable (and
// UpdateTable, in table_update.h). Each runs in one LMDB transaction — a write transaction for
// the writes, so that a table and all its items and index entries appear or vanish together.
//
// Like AWS, a table is usable as soon as CreateTable returns: the response says CREATING (the
// service's answer) while the catalog already holds it ACTIVE, so DescribeTable says ACTIVE.
// DeleteTable's response says DELETING and the table is gone at once. With the realism switch
// Options::transient_status_ms the statuses take that long instead, and the service's refusals
// apply meanwhile (ops/realism/transient_statuses.h).

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

// ---- table name --------------------------------------------------------------------------------
// Which table a request's TableName means. Since 2024 every control-plane and item operation
// accepts either a table name or the table's ARN (the model's TableArn shape, 1..1024
// characters); the service resolves an ARN of the caller's account and region to its name.

// The table name `table_name_or_arn` designates for `caller`:
//  - a name must satisfy the TableName shape (3..255 characters of [a-zA-Z0-9_.-]), else a
//    ValidationException in the model's words ("1 validation error detected: Value 'ab' at
//    'tableName' failed to satisfy constraint: Member must have length greater than or equal
//    to 3"; the request validator normally reports it first);
//  - "arn:PARTITION:dynamodb:REGION:ACCOUNT:table/NAME" of the caller's region and account
//    resolves to NAME; anything else starting with "arn:" is judged as a name (and fails);
//  - a table ARN of another account or region names no table of this namespace:
//    ResourceNotFoundException "Requested resource not found: Table: ARN not found".
Result<std::string> ResolveTableName(const Caller& caller, std::string_view table_name_or_arn);

// The schema of the table `table_name_or_arn` names for `caller`, as `txn` sees it. An ARN is
// resolved (with ResolveTableName's errors); a plain name is looked up as it is, the request's
// checks having judged it (a caller holding an unchecked name resolves it first).
// ResourceNotFoundException "Requested resource not found" when there is no such table. Through
// the caller's table memo on a committed snapshot and the catalog's shared cache, so that a
// lookup decodes and copies no schema it has already read.
Result<std::shared_ptr<const TableSchema>> FindTable(Engine& engine, const storage::Txn& txn,
                                                     const Caller& caller,
                                                     std::string_view table_name_or_arn);

// FindTable for item access: the same, and with the realism switch's transient statuses on
// (ops/realism/), a table still being created is not usable for items yet. The one lookup of
// the item, read, batch and PartiQL operations.
Result<std::shared_ptr<const TableSchema>> FindItemTable(Engine& engine, const storage::Txn& txn,
                                                         const Caller& caller,
                                                         std::string_view table_name_or_arn);

// ---- table builder -----------------------------------------------------------------------------
// From a validated CreateTable request (or an UpdateTable GSI Create) to the catalog's
// TableSchema / IndexSchema, and the key-space ids a new table or index occupies.

// The schema of a new table named `name`, created at `now_micros`, as the catalog stores it:
// status ACTIVE (the emulator creates tables at once), key-space ids still 0. `request` must
// have passed api::ValidateCreateTable.
TableSchema BuildTableSchema(const api::CreateTableRequest& request, const std::string& name,
                             std::int64_t now_micros);

// The schema of one GSI (`request` validated) on a table whose billing mode is
// `pay_per_request`; its key attributes' types come from `definitions`.
IndexSchema BuildGlobalIndex(const api::SecondaryIndexRequest& request,
                             const std::vector<KeyAttribute>& definitions, bool pay_per_request);

// A vector index of CreateTable or UpdateTable (its SearchSchema types from `definitions`).
VectorIndexSchema BuildVectorIndex(const api::VectorIndexRequest& request,
                                   const std::vector<KeyAttribute>& definitions);

// The definitions of `request` as the catalog's KeyAttributes ("S"/"N"/"B" -> type).
std::vector<KeyAttribute> ToKeyAttributes(const std::vector<api::AttributeDefinition>& definitions);

// Gives the table and each of its indexes a fresh key-space id, in `txn`.
Status AllocateKeyspaces(storage::Catalog& catalog, storage::WriteTxn& txn, TableSchema* schema);

// A random (version 4) UUID, the service's TableId format.
std::string NewTableId();

// ---- table limits ------------------------------------------------------------------------------
// The service's account quotas on provisioned capacity and its budget of throughput
// decreases, as LimitExceededException with the service's messages (Developer Guide,
// "Service, account, and table quotas": 40,000 read and write capacity units per table and per
// GSI by default; "4 decreases per UTC day, then one per hour").

inline constexpr std::int64_t kMaxCapacityUnitsPerTable = 40000;
inline constexpr std::int64_t kFreeDecreasesPerDay = 4;

// The table's and its GSIs' provisioned capacity within the per-table and per-index quota.
Status CheckCapacityQuotas(const TableSchema& schema, std::string_view region);

// `current` changed to `read`/`write` units at `now_micros`: LastIncreaseDateTime and
// LastDecreaseDateTime move for the dimensions that grow or shrink, and a decrease in either
// dimension spends one of the day's decreases. `index_name` is empty for the table itself.
// Fails with LimitExceededException when the budget is spent (after 4 decreases in a UTC day,
// one more per 3600 seconds).
Result<ProvisionedThroughput> ChangeThroughput(const ProvisionedThroughput& current,
                                               std::int64_t read, std::int64_t write,
                                               std::int64_t now_micros);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
