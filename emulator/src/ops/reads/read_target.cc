// ReadTarget resolution and the start/last keys of a read (see read_target.h).
#include "ops/reads/read_target.h"

#include <algorithm>

#include "ops/items/items.h"
#include "ops/tables/tables.h"
#include "storage/key_layout.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

ApiError StartKeyInvalid() { return ApiError::Validation("The provided starting key is invalid"); }

std::vector<KeyAttribute> TableKeyAttributes(const TableSchema& table) {
  std::vector<KeyAttribute> keys = {table.partition_key};
  if (table.sort_key) keys.push_back(*table.sort_key);
  return keys;
}

bool Contains(std::span<const KeyAttribute> keys, std::string_view name) {
  return std::any_of(keys.begin(), keys.end(),
                     [&](const KeyAttribute& k) { return k.name == name; });
}

// The names a start key of `target` must hold: the table's key, then the index's other keys.
std::size_t StartKeyArity(const ReadTarget& target) {
  std::vector<KeyAttribute> names = TableKeyAttributes(*target.table);
  for (const auto* part : {&target.partition_key, &target.sort_key}) {
    for (const KeyAttribute& k : *part) {
      if (!Contains(names, k.name)) names.push_back(k);
    }
  }
  return names.size();
}

Status CheckAddressedKey(const ReadTarget& target, const Item& start_key) {
  for (const auto* part : {&target.partition_key, &target.sort_key}) {
    for (const KeyAttribute& k : *part) {
      auto it = start_key.find(k.name);
      if (it == start_key.end()) return StartKeyInvalid();
      if (it->second.type() != k.type) return KeyMismatchError();
    }
  }
  return Status::Ok();
}

Status CheckTableKey(const ReadTarget& target, const Item& start_key) {
  for (const KeyAttribute& k : TableKeyAttributes(*target.table)) {
    auto it = start_key.find(k.name);
    if (it == start_key.end()) return StartKeyInvalid();
    if (it->second.type() != k.type) {
      return ApiError::Validation(
          "The provided starting key is invalid: The provided key element does not match the "
          "schema");
    }
  }
  return Status::Ok();
}

}  // namespace

expr::KeySchemaView ReadTarget::KeyView() const {
  expr::KeySchemaView view;
  for (const KeyAttribute& k : partition_key) view.partition.push_back({k.name, k.type});
  for (const KeyAttribute& k : sort_key) view.sort.push_back({k.name, k.type});
  return view;
}

bool ReadTarget::IsKeyAttribute(std::string_view name) const {
  return Contains(partition_key, name) || Contains(sort_key, name);
}

Result<std::shared_ptr<const TableSchema>> LoadReadTable(Engine& engine, const storage::Txn& txn,
                                                         const Caller& caller,
                                                         std::string_view table_name_or_arn) {
  // Judged as ResolveTableName judges it (a read's name has no other check on some paths), then
  // the catalog's shared cache: a read decodes no schema (and copies none).
  DDBEMU_ASSIGN_OR_RETURN(const std::string name, ResolveTableName(caller, table_name_or_arn));
  return FindItemTable(engine, txn, caller, name);
}

Status RefuseVectorIndex(const TableSchema& table, const std::optional<std::string>& index_name,
                         std::string_view operation) {
  if (!index_name || table.FindVectorIndex(*index_name) == nullptr) return Status::Ok();
  return ApiError::Validation(std::string(operation) +
                              " operation not supported on this index type");
}

Result<ReadTarget> ResolveReadTarget(const TableSchema& table,
                                     const std::optional<std::string>& index_name,
                                     bool consistent_read) {
  ReadTarget target;
  target.table = &table;
  if (!index_name) {
    target.partition_key = std::span<const KeyAttribute>(&table.partition_key, 1);
    if (table.sort_key) target.sort_key = std::span<const KeyAttribute>(&*table.sort_key, 1);
    target.keyspace_id = table.keyspace_id;
    return target;
  }
  target.index = table.FindIndex(*index_name);
  if (target.index == nullptr) {
    return ApiError::Validation("The table does not have the specified index: " + *index_name);
  }
  if (target.is_global_index() && consistent_read) {
    return ApiError::Validation("Consistent reads are not supported on global secondary indexes");
  }
  target.partition_key = target.index->partition_key;
  target.sort_key = target.index->sort_key;
  target.keyspace_id = target.index->keyspace_id;
  return target;
}

Status ValidateStartKey(const ReadTarget& target, const Item& start_key, bool check_addressed_key) {
  if (start_key.size() != StartKeyArity(target)) return StartKeyInvalid();
  if (check_addressed_key) DDBEMU_RETURN_IF_ERROR(CheckAddressedKey(target, start_key));
  return CheckTableKey(target, start_key);
}

Result<std::string> StartAfterStorageKey(const ReadTarget& target, const Item& start_key) {
  if (!target.is_index()) return storage::EncodeTableKey(*target.table, start_key);
  std::optional<std::string> key = storage::EncodeIndexKey(*target.table, *target.index, start_key);
  if (!key) return StartKeyInvalid();
  return std::move(*key);
}

Result<Item> LastEvaluatedKey(const ReadTarget& target, std::string_view storage_key) {
  Item key;
  const bool decoded =
      target.is_index() ? storage::DecodeIndexKey(*target.table, *target.index, storage_key, &key)
                        : storage::DecodeTableKey(*target.table, storage_key, &key);
  if (!decoded) return ApiError::InternalServerError("A storage key does not decode");
  return key;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
