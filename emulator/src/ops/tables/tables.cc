// CreateTable, DescribeTable, ListTables, DeleteTable.
#include "ops/tables/tables.h"

#include "api/table_checks.h"
#include "ops/capacity/warm_throughput.h"
#include "ops/realism/transient_statuses.h"
#include "ops/streams/stream_spec.h"
#include "storage/item_store.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

// The table as the CreateTable response shows it: CREATING, GSIs CREATING, nothing stored.
TableResult CreatedView(const Engine& engine, const Caller& caller, TableSchema schema) {
  TableResult result;
  result.schema = std::move(schema);
  result.schema.status = TableStatus::kCreating;
  for (IndexSchema& index : result.schema.indexes) {
    if (!index.is_local) index.status = IndexStatus::kCreating;
  }
  for (VectorIndexSchema& index : result.schema.vector_indexes)
    index.status = IndexStatus::kCreating;
  result.counts.indexes.resize(result.schema.indexes.size());
  result.counts.vector_indexes.resize(result.schema.vector_indexes.size());
  result.options = OptionsFor(engine, caller, result.schema, api::DescriptionView::kCreate);
  result.options.billing_summary_without_time = true;
  return result;
}

Result<TableSchema> LoadTable(const Engine& engine, const storage::Txn& txn, const Caller& caller,
                              const std::string& name) {
  DDBEMU_ASSIGN_OR_RETURN(auto schema, engine.catalog.Get(txn, caller.ns, name));
  if (!schema) return TableNotFound(name);
  return std::move(*schema);
}

}  // namespace

ApiError TableNotFound(std::string_view name) {
  return ApiError::ResourceNotFound("Requested resource not found: Table: " + std::string(name) +
                                    " not found");
}

api::DescriptionOptions OptionsFor(const Engine& engine, const Caller& caller,
                                   const TableSchema& schema, api::DescriptionView view) {
  api::DescriptionOptions options;
  options.view = view;
  options.table_arn = caller.TableArn(schema.name);
  options.now_micros = engine.clock.NowMicros();
  options.transient_status_micros = engine.options.transient_status_ms * 1000;
  return options;
}

Result<api::TableCounts> ReadCounts(const Engine& engine, const storage::Txn& txn,
                                    const TableSchema& schema) {
  const storage::ItemStore store(engine.env);
  api::TableCounts counts;
  DDBEMU_ASSIGN_OR_RETURN(storage::KeyspaceStats table, store.TableStats(txn, schema));
  counts.table = {table.item_count, table.size_bytes};
  for (const IndexSchema& index : schema.indexes) {
    DDBEMU_ASSIGN_OR_RETURN(storage::KeyspaceStats stats, store.IndexStats(txn, index));
    counts.indexes.push_back({stats.item_count, stats.size_bytes});
  }
  for (const VectorIndexSchema& index : schema.vector_indexes) {
    // An index being deleted (shown, already gone from the catalog) has no key space left.
    DDBEMU_ASSIGN_OR_RETURN(storage::KeyspaceStats stats, store.VectorIndexStats(txn, index));
    counts.vector_indexes.push_back({stats.item_count, stats.size_bytes});
  }
  return counts;
}

Result<TableResult> CreateTable(Engine& engine, const Caller& caller,
                                const api::CreateTableRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(std::string name, ResolveTableName(caller, request.table_name));
  DDBEMU_RETURN_IF_ERROR(api::ValidateCreateTable(request));
  std::optional<streams::StreamSpecification> stream;
  if (request.stream_specification) {
    stream = streams::StreamSpecification{request.stream_specification->enabled,
                                          request.stream_specification->view_type};
    DDBEMU_RETURN_IF_ERROR(streams::CheckStreamSpecification(*stream));
  }
  TableSchema schema = BuildTableSchema(request, name, engine.clock.NowMicros());
  // A table still being deleted keeps its name (realism switch; gone from the catalog already).
  if (engine.transient != nullptr &&
      engine.transient->StatusOf(caller.ns, name) == TableStatus::kDeleting) {
    DDBEMU_RETURN_IF_ERROR(engine.transient->CheckTableChange(caller.ns, name));
  }
  DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  DDBEMU_ASSIGN_OR_RETURN(auto existing, engine.catalog.Get(txn, caller.ns, name));
  if (existing) return ApiError::ResourceInUse("Table already exists: " + name);
  DDBEMU_RETURN_IF_ERROR(CheckCapacityQuotas(schema, caller.region));
  DDBEMU_RETURN_IF_ERROR(AllocateKeyspaces(engine.catalog, txn, &schema));
  if (stream && stream->enabled) {
    DDBEMU_RETURN_IF_ERROR(
        streams::ApplyStreamSpecification(engine, caller, txn, *stream, &schema));
  }
  DDBEMU_RETURN_IF_ERROR(engine.catalog.Put(txn, caller.ns, schema));
  DDBEMU_RETURN_IF_ERROR(txn.Commit());
  TableResult created = CreatedView(engine, caller, std::move(schema));
  if (engine.transient != nullptr) engine.transient->Started(caller.ns, name, created.schema);
  return created;
}

Result<TableResult> DescribeTable(Engine& engine, const Caller& caller,
                                  const api::TableNameRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(std::string name, ResolveTableName(caller, request.table_name));
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  TableResult result;
  auto loaded = LoadTable(engine, txn, caller, name);
  if (!loaded.ok() && engine.transient != nullptr) {
    // A table being deleted (realism switch) is described DELETING until it is gone.
    if (auto deleting = engine.transient->Deleting(caller.ns, name)) {
      result.schema = std::move(*deleting);
      result.counts.indexes.resize(result.schema.indexes.size());
      result.counts.vector_indexes.resize(result.schema.vector_indexes.size());
      result.options = OptionsFor(engine, caller, result.schema, api::DescriptionView::kDescribe);
      return result;
    }
  }
  DDBEMU_ASSIGN_OR_RETURN(result.schema, std::move(loaded));
  if (engine.transient != nullptr) engine.transient->Overlay(caller.ns, name, &result.schema);
  DDBEMU_ASSIGN_OR_RETURN(result.counts, ReadCounts(engine, txn, result.schema));
  // WarmThroughput reports what the table has scaled to (docs/capacity.md §7).
  RaiseToScaledWarm(engine, caller, txn, &result.schema);
  result.options = OptionsFor(engine, caller, result.schema, api::DescriptionView::kDescribe);
  return result;
}

Result<api::ListTablesResponse> ListTables(Engine& engine, const Caller& caller,
                                           const api::ListTablesRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  DDBEMU_ASSIGN_OR_RETURN(
      storage::TableNamePage page,
      engine.catalog.List(txn, caller.ns, request.exclusive_start_table_name.value_or(""),
                          static_cast<std::size_t>(request.limit)));
  api::ListTablesResponse response;
  response.table_names = std::move(page.names);
  if (page.has_more && !response.table_names.empty()) {
    response.last_evaluated_table_name = response.table_names.back();
  }
  return response;
}

Result<TableResult> DeleteTable(Engine& engine, const Caller& caller,
                                const api::TableNameRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(std::string name, ResolveTableName(caller, request.table_name));
  // The service refuses to delete a table still being created, updated or deleted.
  if (engine.transient != nullptr) {
    DDBEMU_RETURN_IF_ERROR(engine.transient->CheckTableChange(caller.ns, name));
  }
  DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  TableResult result;
  DDBEMU_ASSIGN_OR_RETURN(result.schema, LoadTable(engine, txn, caller, name));
  if (result.schema.deletion_protection) {
    return ApiError::Validation(
        "Resource cannot be deleted as it is currently protected against deletion. Disable "
        "deletion protection "
        "first.");
  }
  // The response reports the counts the table had when deletion began.
  DDBEMU_ASSIGN_OR_RETURN(result.counts, ReadCounts(engine, txn, result.schema));
  storage::ItemStore store(engine.env);
  DDBEMU_RETURN_IF_ERROR(store.DropTable(txn, result.schema));
  // The table's stream closes with it; its records stay readable for 24 hours.
  if (result.schema.stream.enabled) {
    DDBEMU_RETURN_IF_ERROR(engine.streams->Disable(txn, result.schema.stream.stream_id));
  }
  // Point-in-time recovery's history goes with the table (storage/change_log.h).
  if (engine.change_log != nullptr) {
    DDBEMU_RETURN_IF_ERROR(engine.change_log->Disable(txn, result.schema.table_id));
  }
  DDBEMU_ASSIGN_OR_RETURN(bool removed, engine.catalog.Delete(txn, caller.ns, name));
  if (!removed) return TableNotFound(name);
  DDBEMU_RETURN_IF_ERROR(txn.Commit());
  result.schema.status = TableStatus::kDeleting;
  if (engine.transient != nullptr) engine.transient->Started(caller.ns, name, result.schema);
  result.options = OptionsFor(engine, caller, result.schema, api::DescriptionView::kDelete);
  return result;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
