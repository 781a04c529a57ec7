#include "ops/items/items.h"
#include "storage/vector_entry.h"

#include <string>
#include <string_view>
#include <vector>

#include "expr/expression_context.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

// The service's limits on key attribute values (Developer Guide, "Partition key length and
// values" / "Sort key length and values"): 2048 bytes for a partition key, 1024 for a sort key.
constexpr std::size_t kMaxPartitionKeyBytes = 2048;
constexpr std::size_t kMaxSortKeyBytes = 1024;

Status CheckKeyValueSize(const KeyAttribute& attribute, const AttributeValue& value,
                         bool is_partition_key) {
  if (attribute.type == AttributeType::kN) return Status::Ok();
  const std::size_t size = value.scalar().size();
  if (size == 0) {
    const char* what = attribute.type == AttributeType::kS ? "string" : "binary";
    return ApiError::Validation(
        std::string("One or more parameter values are not valid. The AttributeValue for a key "
                    "attribute cannot contain an empty ") +
        what + " value. Key: " + attribute.name);
  }
  if (is_partition_key && size > kMaxPartitionKeyBytes) {
    return ApiError::Validation(
        "One or more parameter values were invalid: Size of hashkey has exceeded the maximum size "
        "limit of2048 bytes");
  }
  if (!is_partition_key && size > kMaxSortKeyBytes) {
    return ApiError::Validation(
        "One or more parameter values were invalid: Aggregated size of all range keys has exceeded "
        "the size limit of 1024 bytes");
  }
  return Status::Ok();
}

// The value named `name` in a key of one or two attributes, or null. A scan that compares
// lengths before bytes (and the bytes inline: names are short) costs less here than the
// map's bisection, whose string comparisons each call memcmp.
const AttributeValue* FindInKey(const Item& key, std::string_view name) {
  for (const auto& [entry_name, value] : key) {
    if (entry_name.size() != name.size()) continue;
    std::size_t i = 0;
    while (i < name.size() && entry_name[i] == name[i]) ++i;
    if (i == name.size()) return &value;
  }
  return nullptr;
}

// `key`'s value for `attribute` when it is valid, else null: the checks of CheckKeyAttribute
// without building a Status, for the valid key that nearly every request carries. `key` holds
// as many attributes as the schema (one or two), so a scan finds the value.
const AttributeValue* ValidKeyValue(const KeyAttribute& attribute, const Item& key,
                                    bool is_partition_key) {
  const AttributeValue* value = FindInKey(key, attribute.name);
  if (value == nullptr || value->type() != attribute.type) return nullptr;
  if (attribute.type == AttributeType::kN) return value;
  const std::size_t size = value->scalar().size();
  const bool valid =
      size != 0 && size <= (is_partition_key ? kMaxPartitionKeyBytes : kMaxSortKeyBytes);
  return valid ? value : nullptr;
}

bool KeyAttributeValid(const KeyAttribute& attribute, const Item& key, bool is_partition_key) {
  return ValidKeyValue(attribute, key, is_partition_key) != nullptr;
}

Status CheckKeyAttribute(const KeyAttribute& attribute, const Item& key, bool is_partition_key) {
  auto it = key.find(attribute.name);
  if (it == key.end() || it->second.type() != attribute.type) return KeyMismatchError();
  return CheckKeyValueSize(attribute, it->second, is_partition_key);
}

Status CheckItemKeyAttribute(const KeyAttribute& attribute, const Item& item,
                             bool is_partition_key) {
  auto it = item.find(attribute.name);
  if (it == item.end()) {
    return ApiError::Validation("One or more parameter values were invalid: Missing the key " +
                                attribute.name + " in the item");
  }
  if (it->second.type() != attribute.type) {
    return ApiError::Validation(
        "One or more parameter values were invalid: Type mismatch for key " + attribute.name +
        " expected: " + std::string(TypeDescriptor(attribute.type)) +
        " actual: " + std::string(TypeDescriptor(it->second.type())));
  }
  return CheckKeyValueSize(attribute, it->second, is_partition_key);
}

// An index key attribute present in the item must have the declared type; an empty S/B value
// cannot be indexed, nor one over the key limits (2048 bytes in a partition key, 1024 in a sort
// key, as for the table's keys; each attribute of a multi-attribute key on its own).
Status CheckIndexKeyAttribute(const IndexSchema& index, const KeyAttribute& attribute,
                              const Item& item, bool is_partition_key) {
  auto it = item.find(attribute.name);
  if (it == item.end()) return Status::Ok();  // sparse: the item is simply not indexed
  if (it->second.type() != attribute.type) {
    return ApiError::Validation(
        "One or more parameter values were invalid: Type mismatch for Index Key " + attribute.name +
        " Expected: " + std::string(TypeDescriptor(attribute.type)) +
        " Actual: " + std::string(TypeDescriptor(it->second.type())) + " IndexName: " + index.name);
  }
  if (attribute.type != AttributeType::kN && it->second.scalar().empty()) {
    return ApiError::Validation(
        "One or more parameter values are not valid. A value specified for a secondary index key "
        "is not supported. The AttributeValue for a key attribute cannot contain an empty " +
        std::string(attribute.type == AttributeType::kS ? "string" : "binary") +
        " value. IndexName: " + index.name + ", IndexKey: " + attribute.name);
  }
  const std::size_t limit = is_partition_key ? kMaxPartitionKeyBytes : kMaxSortKeyBytes;
  if (attribute.type != AttributeType::kN && it->second.scalar().size() > limit) {
    // The service's words (quoted from AWS in wellcomecollection/platform#2285 and
    // architect/dynalite#35).
    return ApiError::Validation(
        "One or more parameter values were invalid: Size limit exceeded for Index Key " +
        attribute.name + " Actual Size: " + std::to_string(it->second.scalar().size()) +
        " bytes Max Size: " + std::to_string(limit) + " bytes IndexName: " + index.name);
  }
  return Status::Ok();
}

Status CheckIndexKeys(const IndexSchema& index, const Item& item) {
  for (const KeyAttribute& attribute : index.partition_key)
    DDBEMU_RETURN_IF_ERROR(CheckIndexKeyAttribute(index, attribute, item, true));
  for (const KeyAttribute& attribute : index.sort_key)
    DDBEMU_RETURN_IF_ERROR(CheckIndexKeyAttribute(index, attribute, item, false));
  return Status::Ok();
}

// The order in which the service checks an item against the indexes, as DynamoDB Local shows
// it: local indexes before global ones, each group in the iteration order of a Java HashMap of
// the index names (so "zz1" comes before "aa2", "g_keys" before "g_inc").
std::vector<const IndexSchema*> IndexesInServiceOrder(const TableSchema& table) {
  std::vector<const IndexSchema*> ordered;
  for (bool local : {true, false}) {
    std::vector<std::string> names;
    for (const IndexSchema& index : table.indexes) {
      if (index.is_local == local) names.push_back(index.name);
    }
    for (const std::string& name : expr::JavaHashSetOrder(names))
      ordered.push_back(table.FindIndex(name));
  }
  return ordered;
}

// A vector index's attributes in a written item (Developer Guide, "Writing items with vector
// data"; the messages as the service words them, captured from DynamoDB: a vector of another
// type or size, an element that is no number a float can hold; SearchSchema attributes typed as
// declared and, for the HASH attribute, not empty). An item without the vector attribute, or
// without the HASH attribute, is written and simply not indexed.
Status CheckVectorIndexAttributes(const VectorIndexSchema& index, const Item& item) {
  if (auto it = item.find(index.vector_attribute); it != item.end()) {
    const storage::VectorProblem problem = storage::CheckVector(it->second, index.dimensions);
    const std::string& attr = index.vector_attribute;
    switch (problem.kind) {
      case storage::VectorProblem::kNone:
        break;
      case storage::VectorProblem::kNotAList:
        return ApiError::Validation(
            "One or more parameter values were invalid. Invalid type for parameter " + attr +
            ", Expected: 32-bit floating point number list IndexName: " + index.name);
      case storage::VectorProblem::kBadElement:
        return ApiError::Validation(
            "One or more parameter values were invalid. Invalid type for parameter " + attr + "[" +
            std::to_string(problem.element) +
            "], Expected: 32-bit floating point number, Actual: " +
            std::string(TypeDescriptor(problem.element_type)) + ". IndexName: " + index.name);
      case storage::VectorProblem::kWrongSize:
        return ApiError::Validation(
            "One or more parameter values were invalid. Invalid size for parameter " + attr +
            ", Expected: " + std::to_string(index.dimensions) +
            ", Actual: " + std::to_string(problem.size) + ". IndexName: " + index.name);
    }
  }
  for (std::size_t i = 0; i < index.search_attributes.size(); ++i) {
    const KeyAttribute& attribute = index.search_attributes[i];
    auto it = item.find(attribute.name);
    if (it == item.end()) continue;
    if (it->second.type() != attribute.type) {
      return ApiError::Validation(
          "One or more parameter values were invalid: Type mismatch for Index Key " +
          attribute.name + " Expected: " + std::string(TypeDescriptor(attribute.type)) +
          " Actual: " + std::string(TypeDescriptor(it->second.type())) +
          " IndexName: " + index.name);
    }
    if (index.search_roles[i] == SearchSchemaElementType::kHash &&
        attribute.type != AttributeType::kN && it->second.scalar().empty()) {
      return ApiError::Validation(
          "One or more parameter values are not valid. A value specified for a secondary index "
          "key is not supported. The AttributeValue for a key attribute cannot contain an empty " +
          std::string(attribute.type == AttributeType::kS ? "string" : "binary") +
          " value. IndexName: " + index.name + ", IndexKey: " + attribute.name);
    }
  }
  return Status::Ok();
}

}  // namespace

ApiError KeyMismatchError() {
  return ApiError::Validation("The provided key element does not match the schema");
}

Status ValidateKey(const TableSchema& table, const Item& key) {
  const std::size_t expected = table.sort_key ? 2 : 1;
  if (key.size() == expected && KeyAttributeValid(table.partition_key, key, true) &&
      (!table.sort_key || KeyAttributeValid(*table.sort_key, key, false))) {
    return Status::Ok();
  }
  // Invalid: the checks again, in the service's order, for its error.
  DDBEMU_RETURN_IF_ERROR(CheckKeyAttribute(table.partition_key, key, true));
  if (table.sort_key) DDBEMU_RETURN_IF_ERROR(CheckKeyAttribute(*table.sort_key, key, false));
  if (key.size() != expected) return KeyMismatchError();
  return Status::Ok();
}

Status ValidateKey(const TableSchema& table, const Item& key, storage::KeyValues* values) {
  if (key.size() == (table.sort_key ? 2u : 1u)) {
    values->partition = ValidKeyValue(table.partition_key, key, true);
    values->sort = table.sort_key ? ValidKeyValue(*table.sort_key, key, false) : nullptr;
    if (values->partition != nullptr && (!table.sort_key || values->sort != nullptr)) {
      return Status::Ok();
    }
  }
  DDBEMU_RETURN_IF_ERROR(ValidateKey(table, key));  // the service's error for this key
  return ApiError::InternalServerError("A key passed its check only on the second look");
}

Status ValidateItemKeys(const TableSchema& table, const Item& item) {
  DDBEMU_RETURN_IF_ERROR(CheckItemKeyAttribute(table.partition_key, item, true));
  if (table.sort_key) DDBEMU_RETURN_IF_ERROR(CheckItemKeyAttribute(*table.sort_key, item, false));
  // Attribute names are at least one character long (Developer Guide, "Naming rules"); the
  // wording is AWS's "Empty attribute name" fragment (ExpressionAttributeNames) in its usual
  // frame, see ACCEPTED_DIFFERENCES.md LOCAL-EMPTY-ATTRIBUTE-NAME.
  if (item.find(std::string_view{}) != item.end()) {
    return ApiError::Validation("One or more parameter values were invalid: Empty attribute name");
  }
  bool all_valid = true;
  for (const IndexSchema& index : table.indexes)
    all_valid = all_valid && CheckIndexKeys(index, item).ok();
  if (all_valid) return CheckVectorIndexes(table, item);
  // Several indexes may reject the item; the service names the first in its order of indexes.
  for (const IndexSchema* index : IndexesInServiceOrder(table)) {
    DDBEMU_RETURN_IF_ERROR(CheckIndexKeys(*index, item));
  }
  return CheckVectorIndexes(table, item);
}

Status CheckVectorIndexes(const TableSchema& table, const Item& item) {
  for (const VectorIndexSchema& index : table.vector_indexes) {
    DDBEMU_RETURN_IF_ERROR(CheckVectorIndexAttributes(index, item));
  }
  return Status::Ok();
}

Item ExtractKey(const TableSchema& table, const Item& item) {
  Item key;
  if (auto it = item.find(table.partition_key.name); it != item.end()) key.insert(*it);
  if (table.sort_key) {
    if (auto it = item.find(table.sort_key->name); it != item.end()) key.insert(*it);
  }
  return key;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
