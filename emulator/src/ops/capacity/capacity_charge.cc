#include "ops/capacity/capacity_charge.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "api/table_description.h"
#include "capacity/throughput_registry.h"
#include "storage/key_layout.h"
#include "storage/table_schema.h"
#include "value/item_size.h"
#include "value/key_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

std::string IndexArn(const std::string& table_arn, const std::string& index) {
  return table_arn + "/index/" + index;
}

std::vector<capacity::KeyPart> KeyPartsOf(std::span<const KeyAttribute> attributes) {
  std::vector<capacity::KeyPart> parts;
  parts.reserve(attributes.size());
  for (const KeyAttribute& a : attributes) parts.push_back({a.name, a.type});
  return parts;
}

// The demand on the partition key `attributes` hold in `item`, or nullopt when the item is not
// keyed there (a sparse index).
std::optional<capacity::KeyDemand> KeyOf(std::span<const KeyAttribute> attributes, const Item& item,
                                         capacity::HalfUnits read, capacity::HalfUnits write) {
  capacity::KeyDemand demand;
  if (!storage::AppendKeyComponents(attributes, item, &demand.key)) return std::nullopt;
  demand.hash = keycodec::PartitionHash(demand.key);
  demand.read = read;
  demand.write = write;
  return demand;
}

// The demand on the table's partition key in `item`, placed by its sort key too when the table
// has one and `item` holds it (a collection split by sort key serves it from one of its parts).
std::optional<capacity::KeyDemand> TableKeyOf(const TableSchema& table, const Item& item,
                                              capacity::HalfUnits read, capacity::HalfUnits write) {
  std::optional<capacity::KeyDemand> demand = KeyOf({&table.partition_key, 1}, item, read, write);
  if (demand && table.sort_key) {
    if (!storage::AppendKeyComponents({&*table.sort_key, 1}, item, &demand->sort)) {
      demand->sort.clear();
    }
  }
  return demand;
}

capacity::PartitionBoundaries BoundariesOf(const GainedPartitions& gained) {
  return capacity::PartitionBoundaries{gained.first_hashes, gained.first_sorts, gained.first_keys};
}

void AddKey(capacity::FingerprintBuilder& f, std::span<const KeyAttribute> attributes) {
  f.Add(static_cast<std::int64_t>(attributes.size()));
  for (const KeyAttribute& a : attributes) {
    f.Add(a.name);
    f.Add(static_cast<std::int64_t>(a.type));
  }
}

}  // namespace

SchemaSource::SchemaSource(Engine& engine, const Caller& caller, const storage::Txn& txn,
                           const TableSchema& table)
    : engine_(engine), caller_(caller), txn_(txn), table_(table) {
  // Everything LimitsOf reads, hashed without building a string.
  capacity::FingerprintBuilder f;
  f.Add(caller.region);
  f.Add(caller.account_id);
  f.Add(table.name);
  f.Add(static_cast<std::int64_t>(table.billing_mode));
  f.Add(table.throughput.read_capacity_units);
  f.Add(table.throughput.write_capacity_units);
  f.Add(table.throughput.last_increase_micros);
  f.Add(table.throughput.last_decrease_micros);
  f.Add(table.billing_mode_last_update_micros);
  f.Add(table.on_demand.max_read_request_units);
  f.Add(table.on_demand.max_write_request_units);
  f.Add(table.warm.read_units_per_second);
  f.Add(table.warm.write_units_per_second);
  AddKey(f, {&table.partition_key, 1});
  if (table.sort_key) AddKey(f, {&*table.sort_key, 1});
  f.Add(static_cast<std::int64_t>(table.partitions.first_hashes.size()));
  for (const IndexSchema& index : table.indexes) {
    if (index.is_local) {
      f.Add(index.name);  // an LSI keeps the table's item collections whole
      continue;
    }
    f.Add(index.name);
    f.Add(index.throughput.read_capacity_units);
    f.Add(index.throughput.write_capacity_units);
    f.Add(index.throughput.last_increase_micros);
    f.Add(index.throughput.last_decrease_micros);
    f.Add(index.on_demand.max_read_request_units);
    f.Add(index.on_demand.max_write_request_units);
    f.Add(index.warm.read_units_per_second);
    f.Add(index.warm.write_units_per_second);
    f.Add(static_cast<std::int64_t>(index.partitions.first_hashes.size()));
    AddKey(f, index.partition_key);
  }
  fingerprint_ = f.value;
}

capacity::TableLimits SchemaSource::Limits() const { return LimitsOf(table_, caller_); }

std::vector<std::uint64_t> SchemaSource::Sizes() const {
  std::vector<std::uint64_t> sizes;
  auto table_stats = engine_.items.TableStats(txn_, table_);
  if (!table_stats.ok()) return {};
  sizes.push_back(table_stats->size_bytes);
  for (const IndexSchema& index : table_.indexes) {
    if (index.is_local) continue;
    auto stats = engine_.items.IndexStats(txn_, index);
    if (!stats.ok()) return {};
    sizes.push_back(stats->size_bytes);
  }
  return sizes;
}

capacity::RequestCharge ChargeWrite(const TableSchema& table, std::size_t old_size,
                                    std::size_t new_size, const storage::IndexChanges& changes,
                                    bool transactional) {
  capacity::RequestCharge charge;
  charge.table_write = transactional ? capacity::TransactionalWriteCost(old_size, new_size)
                                     : capacity::WriteCost(old_size, new_size);
  for (const storage::IndexEntryChange& change : changes) {
    const IndexSchema& index = table.indexes[change.index];
    const capacity::HalfUnits cost = capacity::IndexEntryWriteCost(
        change.removed, change.written, change.old_size, change.new_size);
    if (cost > 0) charge.AddIndex(index.name, index.is_local, 0, cost);
  }
  return charge;
}

storage::IndexChanges PlanIndexChanges(const TableSchema& table, const Item* old_item,
                                       const Item* new_item) {
  // The same decisions as ItemStore::UpdateIndex, without writing: an entry that keeps its
  // key and its projected bytes is untouched; otherwise the old one is removed (when its key
  // moves) and the new one written.
  storage::IndexChanges changes;
  for (std::size_t i = 0; i < table.indexes.size(); ++i) {
    const IndexSchema& index = table.indexes[i];
    std::optional<std::string> old_key, new_key;
    if (old_item) old_key = storage::EncodeIndexKey(table, index, *old_item);
    if (new_item) new_key = storage::EncodeIndexKey(table, index, *new_item);
    if (!old_key && !new_key) continue;
    std::string old_bytes, new_bytes;
    std::size_t old_size = 0, new_size = 0;
    if (old_key) old_size = storage::EncodeProjection(table, index, *old_item, &old_bytes);
    if (new_key) new_size = storage::EncodeProjection(table, index, *new_item, &new_bytes);
    const bool same_key = old_key && new_key && *old_key == *new_key;
    if (same_key && old_bytes == new_bytes) continue;
    storage::IndexEntryChange change{i};
    change.removed = old_key && !same_key;
    if (old_key) change.old_size = old_size;
    if (new_key) {
      change.written = true;
      change.new_size = new_size;
    }
    changes.push_back(change);
  }
  return changes;
}

capacity::TableLimits LimitsOf(const TableSchema& table, const Caller& caller) {
  capacity::TableLimits limits;
  limits.table_id = table.table_id;
  limits.ns = caller.ns;
  const bool provisioned = table.billing_mode == BillingMode::kProvisioned;
  const auto mode =
      provisioned ? capacity::CapacityMode::kProvisioned : capacity::CapacityMode::kOnDemand;
  capacity::KeyspaceLimits& t = limits.table;
  t.name = table.name;
  t.arn = caller.TableArn(table.name);
  t.mode = mode;
  t.read_units = table.throughput.read_capacity_units;
  t.write_units = table.throughput.write_capacity_units;
  t.max_read_request_units = table.on_demand.max_read_request_units;
  t.max_write_request_units = table.on_demand.max_write_request_units;
  t.partition_key = KeyPartsOf({&table.partition_key, 1});
  if (table.sort_key) t.sort_key = {table.sort_key->name, table.sort_key->type};
  t.gained_partitions = BoundariesOf(table.partitions);
  t.has_local_index = std::any_of(table.indexes.begin(), table.indexes.end(),
                                  [](const IndexSchema& index) { return index.is_local; });
  const api::WarmThroughputValue table_warm =
      api::ComputeWarmThroughput(table, table.throughput, table.warm);
  t.warm_read_units = table_warm.read_units_per_second;
  t.warm_write_units = table_warm.write_units_per_second;
  t.changed_micros =
      std::max({table.throughput.last_increase_micros, table.throughput.last_decrease_micros,
                table.billing_mode_last_update_micros});
  for (const IndexSchema& index : table.indexes) {
    if (index.is_local) continue;  // LSIs share the table's partitions and throughput
    capacity::KeyspaceLimits g;
    g.name = index.name;
    g.arn = IndexArn(t.arn, index.name);
    g.mode = mode;
    g.read_units = index.throughput.read_capacity_units;
    g.write_units = index.throughput.write_capacity_units;
    g.max_read_request_units = index.on_demand.max_read_request_units;
    g.max_write_request_units = index.on_demand.max_write_request_units;
    g.partition_key = KeyPartsOf(index.partition_key);
    g.gained_partitions = BoundariesOf(index.partitions);
    const api::WarmThroughputValue index_warm =
        api::ComputeWarmThroughput(table, index.throughput, index.warm);
    g.warm_read_units = index_warm.read_units_per_second;
    g.warm_write_units = index_warm.write_units_per_second;
    g.changed_micros =
        std::max({index.throughput.last_increase_micros, index.throughput.last_decrease_micros,
                  table.billing_mode_last_update_micros});
    limits.global_indexes.push_back(std::move(g));
  }
  return limits;
}

capacity::Demand WriteDemand(const TableSchema& table, const Item& key_item, const Item* old_item,
                             const Item* new_item, const storage::IndexChanges& changes,
                             const capacity::RequestCharge& charge) {
  capacity::Demand demand;
  // LSI entries live in the item's partition and consume the table's throughput.
  capacity::HalfUnits table_write = charge.table_write;
  for (const capacity::IndexCharge& index : charge.indexes) {
    if (index.is_local) table_write += index.write;
  }
  if (auto key = TableKeyOf(table, key_item, charge.table_read, table_write)) {
    demand.table.push_back(std::move(*key));
  }
  for (const storage::IndexEntryChange& change : changes) {
    const IndexSchema& index = table.indexes[change.index];
    if (index.is_local) continue;
    capacity::Demand::Index gsi{index.name, {}};
    // A moved entry is a delete on the old key and a put on the new one; an entry rewritten in
    // place (or new) is one write on its key; a removed one a delete on the old key.
    if (change.removed && old_item != nullptr) {
      if (auto key =
              KeyOf(index.partition_key, *old_item, 0, capacity::WriteCost(change.old_size, 0))) {
        gsi.keys.push_back(std::move(*key));
      }
    }
    if (change.written && new_item != nullptr) {
      const std::size_t old_size = change.removed ? 0 : change.old_size;
      if (auto key = KeyOf(index.partition_key, *new_item, 0,
                           capacity::WriteCost(old_size, change.new_size))) {
        gsi.keys.push_back(std::move(*key));
      }
    }
    if (!gsi.keys.empty()) demand.global_indexes.push_back(std::move(gsi));
  }
  return demand;
}

capacity::Demand ReadDemand(const TableSchema& table, const IndexSchema* index,
                            const Item& key_values, const capacity::RequestCharge& charge) {
  capacity::Demand demand;
  if (index != nullptr && !index->is_local) {
    capacity::HalfUnits read = 0;
    for (const capacity::IndexCharge& c : charge.indexes) {
      if (c.name == index->name) read += c.read;
    }
    if (auto key = KeyOf(index->partition_key, key_values, read, 0)) {
      demand.global_indexes.push_back({index->name, {std::move(*key)}});
    }
    return demand;
  }
  // The table's own reads and LSI reads share the table's partition.
  capacity::HalfUnits read = charge.table_read;
  for (const capacity::IndexCharge& c : charge.indexes) {
    if (c.is_local) read += c.read;
  }
  if (auto key = TableKeyOf(table, key_values, read, 0)) {
    demand.table.push_back(std::move(*key));
  }
  return demand;
}

Status Admit(Engine& engine, const Caller& caller, const storage::Txn& txn,
             const TableSchema& table, const capacity::Demand& demand) {
  if (engine.throughput == nullptr || demand.empty()) return Status::Ok();
  return engine.throughput->Admit(SchemaSource(engine, caller, txn, table), demand);
}

Status AdmitWrite(Engine& engine, const Caller& caller, const storage::Txn& txn,
                  const TableSchema& table, const Item& key_item, const Item* old_item,
                  const Item* new_item, const storage::IndexChanges& changes,
                  const capacity::RequestCharge& charge) {
  if (engine.throughput == nullptr) return Status::Ok();
  return Admit(engine, caller, txn, table,
               WriteDemand(table, key_item, old_item, new_item, changes, charge));
}

Status AdmitRead(Engine& engine, const Caller& caller, const storage::Txn& txn,
                 const TableSchema& table, const IndexSchema* index, const Item& key_values,
                 const capacity::RequestCharge& charge) {
  if (engine.throughput == nullptr) return Status::Ok();
  return Admit(engine, caller, txn, table, ReadDemand(table, index, key_values, charge));
}

Status AdmitPage(Engine& engine, const Caller& caller, const storage::Txn& txn,
                 const TableSchema& table, const IndexSchema* index,
                 const expr::KeyCondition* condition, const capacity::ReadTally& tally,
                 const capacity::RequestCharge& charge) {
  if (engine.throughput == nullptr) return Status::Ok();
  const bool global = index != nullptr && !index->is_local;
  // The page's cost in the key space that serves it: a GSI's own, or the table's (with its
  // LSIs, which live in the table's partitions).
  capacity::HalfUnits cost = global ? 0 : charge.table_read;
  for (const capacity::IndexCharge& c : charge.indexes) {
    if (global ? c.name == index->name : c.is_local) cost += c.read;
  }
  std::vector<capacity::KeyDemand> keys;
  if (condition != nullptr) {
    Item values;
    for (const expr::KeyPredicate& p : condition->partition) values[p.attribute] = p.value;
    std::span<const KeyAttribute> attributes =
        global ? std::span<const KeyAttribute>(index->partition_key)
               : std::span<const KeyAttribute>(&table.partition_key, 1);
    if (auto key = KeyOf(attributes, values, cost, 0)) keys.push_back(std::move(*key));
  } else {
    keys = capacity::SpreadRead(tally, cost, /*empty_hash=*/0);
  }
  capacity::Demand demand;
  if (global) {
    demand.global_indexes.push_back({index->name, std::move(keys)});
  } else {
    demand.table = std::move(keys);
  }
  return Admit(engine, caller, txn, table, demand);
}

void TransactionMeter::Add(std::size_t action, const TableSchema& table, capacity::Demand demand) {
  actions_[action] = ActionEntry{&table, demand};
  TableEntry* target = nullptr;
  for (TableEntry& t : tables_) {
    if (t.table->table_id == table.table_id) target = &t;
  }
  if (target == nullptr) {
    tables_.push_back(TableEntry{&table, {}});
    target = &tables_.back();
  }
  for (capacity::KeyDemand& key : demand.table) target->demand.table.push_back(std::move(key));
  for (capacity::Demand::Index& index : demand.global_indexes) {
    auto it =
        std::find_if(target->demand.global_indexes.begin(), target->demand.global_indexes.end(),
                     [&](const capacity::Demand::Index& i) { return i.name == index.name; });
    if (it == target->demand.global_indexes.end()) {
      target->demand.global_indexes.push_back(std::move(index));
    } else {
      for (capacity::KeyDemand& key : index.keys) it->keys.push_back(std::move(key));
    }
  }
}

Result<std::optional<std::vector<CancellationReason>>> TransactionMeter::Admit(
    Engine& engine, const Caller& caller, const storage::Txn& txn) {
  using Reasons = std::optional<std::vector<CancellationReason>>;
  if (engine.throughput == nullptr || tables_.empty()) return Reasons();
  std::vector<SchemaSource> sources;
  sources.reserve(tables_.size());
  for (const TableEntry& t : tables_) sources.emplace_back(engine, caller, txn, *t.table);
  std::vector<capacity::ThroughputRegistry::TableDemand> demands;
  for (std::size_t i = 0; i < tables_.size(); ++i) {
    demands.push_back({&sources[i], &tables_[i].demand});
  }
  const std::vector<capacity::Throttle> throttles = engine.throughput->AdmitAll(demands);
  if (throttles.empty()) return Reasons();
  // Which actions were the throttled ones: those that would be refused on their own (a hot key,
  // a drained table). When none would (only together do they overdraw), every action on a
  // refused key space is.
  auto reason_for = [](const capacity::Throttle& t) {
    const bool on_demand = t.mode == capacity::CapacityMode::kOnDemand;
    return CancellationReason{on_demand ? "ThrottlingError" : "ProvisionedThroughputExceeded",
                              capacity::ThrottlingMessage(t), nullptr};
  };
  std::vector<CancellationReason> reasons(actions_.size(), CancellationReason{"None", "", nullptr});
  bool any = false;
  for (std::size_t i = 0; i < actions_.size(); ++i) {
    const ActionEntry& action = actions_[i];
    if (action.table == nullptr) continue;
    std::size_t t = 0;
    while (tables_[t].table != action.table) ++t;
    const std::vector<capacity::Throttle> own = engine.throughput->Check(sources[t], action.demand);
    if (own.empty()) continue;
    reasons[i] = reason_for(own.front());
    any = true;
  }
  if (!any) {
    for (std::size_t i = 0; i < actions_.size(); ++i) {
      const ActionEntry& action = actions_[i];
      if (action.table == nullptr) continue;
      for (const capacity::Throttle& t : throttles) {
        if (t.table_id != action.table->table_id) continue;
        const bool touched =
            t.index.empty() ||
            std::any_of(
                action.demand.global_indexes.begin(), action.demand.global_indexes.end(),
                [&](const capacity::Demand::Index& index) { return index.name == t.index; });
        if (touched) {
          reasons[i] = reason_for(t);
          break;
        }
      }
    }
  }
  return Reasons(std::move(reasons));
}

std::optional<api::ConsumedCapacity> ConsumedCapacityOf(api::ReturnConsumedCapacity mode,
                                                        const std::string& table_name,
                                                        const capacity::RequestCharge& charge,
                                                        bool read_write_units) {
  if (mode == api::ReturnConsumedCapacity::kNone) return std::nullopt;
  api::ConsumedCapacity consumed;
  consumed.table_name = table_name;
  consumed.capacity_units = capacity::ToUnits(charge.total());
  consumed.read_capacity_units = capacity::ToUnits(charge.read());
  consumed.write_capacity_units = capacity::ToUnits(charge.write());
  consumed.is_read = charge.write() == 0;
  consumed.read_write_units = read_write_units;
  if (mode == api::ReturnConsumedCapacity::kIndexes) {
    // "Table" is sent even when the table's share is 0 (a Query of an index).
    consumed.table =
        api::Capacity{capacity::ToUnits(charge.table_read + charge.table_write),
                      capacity::ToUnits(charge.table_read), capacity::ToUnits(charge.table_write)};
    for (const capacity::IndexCharge& index : charge.indexes) {
      auto& arm =
          index.is_local ? consumed.local_secondary_indexes : consumed.global_secondary_indexes;
      arm[index.name] =
          api::Capacity{capacity::ToUnits(index.read + index.write), capacity::ToUnits(index.read),
                        capacity::ToUnits(index.write)};
    }
    for (const auto& [name, bytes] : charge.vector_write_bytes) {
      consumed.vector_write_bytes[name] += bytes;
    }
  }
  return consumed;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
