#include "ops/capacity/capacity_report.h"

#include <memory>
#include <string>
#include <vector>

#include "capacity/partition_map.h"
#include "ops/capacity/capacity_charge.h"
#include "ops/items/items.h"
#include "ops/tables/tables.h"
#include "storage/key_layout.h"
#include "storage/key_range.h"
#include "value/item_codec.h"
#include "value/item_size.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

// The admin endpoints' table= parameter has met no request check: resolved (and so judged)
// before the lookup.
Result<std::shared_ptr<const TableSchema>> FindReportTable(Engine& engine, const storage::Txn& txn,
                                                           const Caller& caller,
                                                           std::string_view table_name) {
  DDBEMU_ASSIGN_OR_RETURN(std::string name, ResolveTableName(caller, table_name));
  return FindTable(engine, txn, caller, name);
}

// Fills each partition's item count and size by walking key space `keyspace_id` once; `sort_key`
// (the table's, null for a GSI) places the items of a collection split by sort key.
Status CountPartitions(Engine& engine, const storage::Txn& txn, std::uint32_t keyspace_id,
                       const KeyAttribute* sort_key, KeyspaceCapacity* report) {
  // The partitions as the model has split them (not necessarily even: docs/capacity.md §7, §10).
  std::vector<std::uint64_t> first_hashes;
  std::vector<std::string> first_sorts;
  for (const PartitionCapacity& p : report->partitions) {
    first_hashes.push_back(p.first_hash);
    first_sorts.push_back(p.first_sort_key);
  }
  std::vector<std::string> first_keys(first_sorts.size());
  const capacity::PartitionMap map = capacity::PartitionMap::FromBoundaries(
      std::move(first_hashes), std::move(first_sorts), std::move(first_keys));
  DDBEMU_ASSIGN_OR_RETURN(storage::RangeCursor cursor,
                          engine.items.OpenRange(txn, storage::KeyspaceRange(keyspace_id),
                                                 storage::ScanDirection::kForward));
  for (; cursor.valid(); cursor.Next()) {
    Item item;
    if (!itemcodec::DecodeItem(cursor.value(), &item)) {
      return ApiError::InternalServerError("Internal server error: undecodable stored item");
    }
    std::string sort;
    if (sort_key != nullptr && !storage::AppendKeyComponents({sort_key, 1}, item, &sort)) {
      sort.clear();
    }
    const std::int64_t partition =
        map.PartitionOf(storage::StoredPartitionHash(cursor.key()), sort);
    PartitionCapacity& p = report->partitions[static_cast<std::size_t>(partition)];
    ++p.item_count;
    p.size_bytes += ItemSize(item);
  }
  return cursor.status();
}

Status CheckOverrides(const CapacityOverrides& o) {
  auto positive = [](const std::optional<std::int64_t>& v, const char* name) -> Status {
    if (v && *v < 1) return ApiError::Validation(std::string(name) + " must be at least 1");
    return Status::Ok();
  };
  DDBEMU_RETURN_IF_ERROR(positive(o.partitions, "partitions"));
  DDBEMU_RETURN_IF_ERROR(positive(o.partition_read_units, "partition_read_units"));
  DDBEMU_RETURN_IF_ERROR(positive(o.partition_write_units, "partition_write_units"));
  DDBEMU_RETURN_IF_ERROR(positive(o.table_read_units, "table_read_units"));
  DDBEMU_RETURN_IF_ERROR(positive(o.table_write_units, "table_write_units"));
  DDBEMU_RETURN_IF_ERROR(positive(o.burst_seconds, "burst_seconds"));
  if (o.partitions && *o.partitions > 1'000'000) {
    return ApiError::Validation("partitions must be at most 1000000");
  }
  return Status::Ok();
}

}  // namespace

Result<TableCapacityReport> BuildCapacityReport(Engine& engine,
                                                capacity::ThroughputRegistry& registry,
                                                const Caller& caller, std::string_view table_name,
                                                std::size_t top_n) {
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  DDBEMU_ASSIGN_OR_RETURN(std::shared_ptr<const TableSchema> schema,
                          FindReportTable(engine, txn, caller, table_name));
  const TableSchema& table = *schema;
  TableCapacityReport report = registry.Report(SchemaSource(engine, caller, txn, table), top_n);
  report.throttling = engine.options.throttle;
  DDBEMU_RETURN_IF_ERROR(CountPartitions(
      engine, txn, table.keyspace_id, table.sort_key ? &*table.sort_key : nullptr, &report.table));
  for (KeyspaceCapacity& index_report : report.global_secondary_indexes) {
    const IndexSchema* index = table.FindIndex(index_report.name);
    if (index == nullptr) continue;
    DDBEMU_RETURN_IF_ERROR(
        CountPartitions(engine, txn, index->keyspace_id, nullptr, &index_report));
  }
  return report;
}

Result<TableCapacityReport> BuildCapacityHistory(Engine& engine,
                                                 capacity::ThroughputRegistry& registry,
                                                 const Caller& caller, std::string_view table_name,
                                                 std::int64_t seconds) {
  if (seconds < 1 || seconds > kCapacityHistorySeconds) {
    return ApiError::Validation("seconds must be 1 to " + std::to_string(kCapacityHistorySeconds));
  }
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  DDBEMU_ASSIGN_OR_RETURN(std::shared_ptr<const TableSchema> schema,
                          FindReportTable(engine, txn, caller, table_name));
  TableCapacityReport report =
      registry.Report(SchemaSource(engine, caller, txn, *schema), 0, seconds);
  report.throttling = engine.options.throttle;
  return report;
}

Status SetCapacityOverrides(Engine& engine, capacity::ThroughputRegistry& registry,
                            const Caller& caller, std::string_view table_name,
                            const CapacityOverrides& overrides) {
  DDBEMU_RETURN_IF_ERROR(CheckOverrides(overrides));
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  DDBEMU_ASSIGN_OR_RETURN(std::shared_ptr<const TableSchema> schema,
                          FindReportTable(engine, txn, caller, table_name));
  const TableSchema& table = *schema;
  if (!overrides.index.empty()) {
    const IndexSchema* index = table.FindIndex(overrides.index);
    if (index == nullptr || index->is_local) {
      return ApiError::Validation("Table " + table.name + " has no global secondary index " +
                                  overrides.index);
    }
  }
  capacity::LimitOverrides limits;
  limits.partitions = overrides.partitions;
  limits.partition_read_units = overrides.partition_read_units;
  limits.partition_write_units = overrides.partition_write_units;
  limits.table_read_units = overrides.table_read_units;
  limits.table_write_units = overrides.table_write_units;
  limits.burst_seconds = overrides.burst_seconds;
  registry.SetOverrides(caller.ns, table.name, overrides.index, limits);
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
