#include "ops/capacity/warm_throughput.h"

#include <algorithm>

#include "capacity/throughput_registry.h"
#include "ops/capacity/capacity_charge.h"
#include "storage/catalog.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

// Raises `setting` to `scaled`; true when it changed. Leaves updated_micros alone: scaling by
// traffic is not an UpdateTable, and shows no UPDATING status.
bool Raise(const capacity::WarmCapacity& scaled, WarmSetting* setting) {
  const WarmSetting before = *setting;
  setting->read_units_per_second = std::max(setting->read_units_per_second, scaled.read_units);
  setting->write_units_per_second = std::max(setting->write_units_per_second, scaled.write_units);
  return *setting != before;
}

bool RaiseAll(const capacity::TableWarm& warm, TableSchema* schema) {
  bool changed = Raise(warm.table, &schema->warm);
  for (IndexSchema& index : schema->indexes) {
    if (index.is_local) continue;
    auto it = warm.global_indexes.find(index.name);
    if (it != warm.global_indexes.end()) changed |= Raise(it->second, &index.warm);
  }
  return changed;
}

GainedPartitions GainedOf(const capacity::PartitionBoundaries& b) {
  return GainedPartitions{b.first_hashes, b.first_sorts, b.first_keys};
}

// Records the partitions `warm`'s limiters have gained; true when the record changed. A
// partition count fixed by an override gains nothing (an even division).
bool RecordPartitions(const capacity::TableWarm& warm, TableSchema* schema) {
  bool changed = false;
  auto record = [&](const capacity::PartitionBoundaries& b, GainedPartitions* gained) {
    GainedPartitions now = GainedOf(b);
    // Partitions never merge: a record is only ever replaced by a finer one.
    if (now == *gained || now.first_hashes.size() < gained->first_hashes.size()) return;
    *gained = std::move(now);
    changed = true;
  };
  record(warm.table_partitions, &schema->partitions);
  for (IndexSchema& index : schema->indexes) {
    if (index.is_local) continue;
    auto it = warm.index_partitions.find(index.name);
    if (it != warm.index_partitions.end()) record(it->second, &index.partitions);
  }
  return changed;
}

}  // namespace

void RaiseToScaledWarm(Engine& engine, const Caller& caller, const storage::Txn& txn,
                       TableSchema* schema) {
  if (engine.throughput == nullptr) return;
  const capacity::TableWarm warm =
      engine.throughput->Warm(SchemaSource(engine, caller, txn, *schema));
  // A provisioned table reports its provisioned capacity (api::ComputeWarmThroughput) whatever
  // its limiters last saw: only on-demand tables scale with their traffic.
  if (warm.on_demand) RaiseAll(warm, schema);
}

Status SaveScaledWarm(Engine& engine) {
  if (engine.throughput == nullptr) return Status::Ok();
  const std::vector<capacity::TableWarm> all = engine.throughput->AllWarm();
  if (all.empty()) return Status::Ok();
  DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  bool changed = false;
  for (const capacity::TableWarm& warm : all) {
    DDBEMU_ASSIGN_OR_RETURN(std::optional<TableSchema> schema,
                            engine.catalog.Get(txn, warm.ns, warm.table_name));
    // A table deleted (or deleted and recreated) since has nothing to keep.
    if (!schema || schema->table_id != warm.table_id) continue;
    // Partitions gained, in either mode (splits for heat are not on-demand's alone); the warm
    // throughput scaled to, on-demand only.
    bool changed_here = RecordPartitions(warm, &*schema);
    if (warm.on_demand && schema->billing_mode == BillingMode::kPayPerRequest) {
      changed_here |= RaiseAll(warm, &*schema);
    }
    if (!changed_here) continue;
    DDBEMU_RETURN_IF_ERROR(engine.catalog.Put(txn, warm.ns, *schema));
    changed = true;
  }
  if (!changed) return Status::Ok();
  return txn.Commit();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
