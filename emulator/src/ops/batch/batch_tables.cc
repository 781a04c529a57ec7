// Tables, key checks and capacity of the multi-item operations (see batch_tables.h).
#include "ops/batch/batch_tables.h"

#include <algorithm>

#include "ops/items/items.h"
#include "ops/tables/tables.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

bool HasType(const Item& item, const KeyAttribute& attribute) {
  auto it = item.find(attribute.name);
  return it != item.end() && it->second.type() == attribute.type;
}

// An index key attribute is optional in an item (indexes are sparse), but typed if present.
bool IndexKeyTyped(const Item& item, const KeyAttribute& attribute) {
  auto it = item.find(attribute.name);
  return it == item.end() || it->second.type() == attribute.type;
}

}  // namespace

Result<const TableSchema*> RequestTables::Find(std::string_view name_or_arn) {
  if (auto it = tables_.find(name_or_arn); it != tables_.end()) return it->second.get();
  auto name = ResolveTableName(caller_, name_or_arn);
  // An ARN of another account or region names no table of this caller's.
  if (!name.ok()) {
    if (name.error().code() == ErrorCode::kResourceNotFound) return TableNotFound();
    return std::move(name).error();
  }
  DDBEMU_ASSIGN_OR_RETURN(std::shared_ptr<const TableSchema> table,
                          FindItemTable(engine_, txn_, caller_, *name));
  auto [it, inserted] = tables_.emplace(std::string(name_or_arn), std::move(table));
  return it->second.get();
}

bool KeyAttributesWellTyped(const TableSchema& table, const Item& key_or_item, bool is_item) {
  if (!HasType(key_or_item, table.partition_key)) return false;
  if (table.sort_key && !HasType(key_or_item, *table.sort_key)) return false;
  if (!is_item) return key_or_item.size() == (table.sort_key ? 2u : 1u);
  for (const IndexSchema& index : table.indexes) {
    for (const KeyAttribute& attribute : index.partition_key) {
      if (!IndexKeyTyped(key_or_item, attribute)) return false;
    }
    for (const KeyAttribute& attribute : index.sort_key) {
      if (!IndexKeyTyped(key_or_item, attribute)) return false;
    }
  }
  return true;
}

Status ValidateBatchPutItem(const TableSchema& table, const Item& item) {
  const bool keys_typed =
      HasType(item, table.partition_key) && (!table.sort_key || HasType(item, *table.sort_key));
  if (!keys_typed) {
    return ApiError::Validation("The provided key element does not match the schema");
  }
  return ValidateItemKeys(table, item);
}

void AddItemCollectionMetrics(std::string_view table,
                              std::optional<api::ItemCollectionMetrics> metrics,
                              api::ItemCollectionMetricsPerTable* out) {
  if (!metrics) return;
  auto it = std::find_if(out->begin(), out->end(),
                         [&](const auto& entry) { return entry.first == table; });
  if (it == out->end()) {
    out->emplace_back(std::string(table), std::vector<api::ItemCollectionMetrics>());
    it = out->end() - 1;
  }
  it->second.push_back(std::move(*metrics));
}

CapacityTally::Entry& CapacityTally::At(std::string_view table) {
  for (Entry& entry : entries_) {
    if (entry.table == table) return entry;
  }
  entries_.push_back(Entry{std::string(table)});
  return entries_.back();
}

void CapacityTally::AddRead(std::string_view table, capacity::HalfUnits half_units) {
  At(table).charge.table_read += half_units;
}

void CapacityTally::AddWrite(std::string_view table, capacity::HalfUnits half_units) {
  At(table).charge.table_write += half_units;
}

void CapacityTally::Add(std::string_view table, const capacity::RequestCharge& charge) {
  At(table).charge.Add(charge);
}

void CapacityTally::Touch(std::string_view table) { At(table); }

std::vector<api::TableCapacity> CapacityTally::Tables() const {
  auto units = [](capacity::HalfUnits read, capacity::HalfUnits write) {
    return api::Capacity{capacity::ToUnits(read + write), capacity::ToUnits(read),
                         capacity::ToUnits(write)};
  };
  std::vector<api::TableCapacity> tables;
  tables.reserve(entries_.size());
  for (const Entry& entry : entries_) {
    const capacity::RequestCharge& charge = entry.charge;
    api::TableCapacity capacity;
    capacity.table_name = entry.table;
    capacity.read_capacity_units = capacity::ToUnits(charge.read());
    capacity.write_capacity_units = capacity::ToUnits(charge.write());
    capacity.capacity_units = capacity::ToUnits(charge.total());
    capacity.table = units(charge.table_read, charge.table_write);
    for (const capacity::IndexCharge& index : charge.indexes) {
      (index.is_local ? capacity.local_secondary_indexes
                      : capacity.global_secondary_indexes)[index.name] =
          units(index.read, index.write);
    }
    for (const auto& [name, bytes] : charge.vector_write_bytes) {
      capacity.vector_write_bytes[name] += bytes;
    }
    tables.push_back(std::move(capacity));
  }
  return tables;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
