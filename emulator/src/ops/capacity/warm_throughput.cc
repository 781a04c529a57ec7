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
    if (!warm.on_demand) continue;
    DDBEMU_ASSIGN_OR_RETURN(std::optional<TableSchema> schema,
                            engine.catalog.Get(txn, warm.ns, warm.table_name));
    // A table deleted (or deleted and recreated) since has nothing to keep.
    if (!schema || schema->table_id != warm.table_id) continue;
    if (schema->billing_mode != BillingMode::kPayPerRequest) continue;
    if (!RaiseAll(warm, &*schema)) continue;
    DDBEMU_RETURN_IF_ERROR(engine.catalog.Put(txn, warm.ns, *schema));
    changed = true;
  }
  if (!changed) return Status::Ok();
  return txn.Commit();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
