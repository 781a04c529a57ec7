// The shapes every family of operations shares: the Return* options, ConsumedCapacity,
// ItemCollectionMetrics, the expression placeholders and the legacy (pre-expression)
// parameters. Plain value types named after the API reference's shapes and members
// (snake_case), so a request reads like the AWS SDKs' and fills with designated initializers:
//
//   ddbemu::PutItemRequest put{.table_name = "Music", .item = item,
//                              .condition_expression = "attribute_not_exists(pk)"};
//
// Nothing here knows JSON: the JSON codec (the server, Database::Call) and the HTTP client
// translate these shapes to and from the wire; the embedded client hands them to the engine.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// ExpressionAttributeNames: "#n" -> "name". An empty map is the same as an absent one.
using ExpressionAttributeNames = std::map<std::string, std::string, std::less<>>;
// ExpressionAttributeValues: ":v" -> value. An empty map is the same as an absent one.
using ExpressionAttributeValues = Item;

enum class ReturnValue : std::uint8_t { kNone, kAllOld, kUpdatedOld, kAllNew, kUpdatedNew };
enum class ReturnConsumedCapacity : std::uint8_t { kNone, kTotal, kIndexes };
enum class ReturnItemCollectionMetrics : std::uint8_t { kNone, kSize };
enum class ReturnValuesOnConditionCheckFailure : std::uint8_t { kNone, kAllOld };

// The API's Capacity shape: one table's or one index's share of a ConsumedCapacity.
struct Capacity {
  double capacity_units = 0;
  std::optional<double> read_capacity_units;
  std::optional<double> write_capacity_units;
  friend bool operator==(const Capacity&, const Capacity&) = default;
};

// The VectorCapacity shape: a vector index's share, in bytes (SearchVectors' ConsumedCapacity; a
// write's ConsumedCapacity.vector_indexes with ReturnConsumedCapacity INDEXES).
struct VectorCapacity {
  std::optional<double> vector_search_request_bytes;
  std::optional<double> vector_write_request_bytes;
  friend bool operator==(const VectorCapacity&, const VectorCapacity&) = default;
};

// ConsumedCapacity of one table. `table` and the index maps are filled with
// ReturnConsumedCapacity INDEXES; the read/write parts where the service reports them (the
// transactions).
struct ConsumedCapacity {
  std::string table_name;
  double capacity_units = 0;
  std::optional<double> read_capacity_units;
  std::optional<double> write_capacity_units;
  std::optional<Capacity> table;
  std::map<std::string, Capacity> local_secondary_indexes;
  std::map<std::string, Capacity> global_secondary_indexes;
  std::map<std::string, VectorCapacity> vector_indexes;  // writes changing vector index entries
  friend bool operator==(const ConsumedCapacity&, const ConsumedCapacity&) = default;
};

// ItemCollectionMetrics: the item collection a write touched on a table with local secondary
// indexes, and its estimated size in GB as a [lower, upper] range.
struct ItemCollectionMetrics {
  Item item_collection_key;
  std::vector<double> size_estimate_range_gb;
  friend bool operator==(const ItemCollectionMetrics&, const ItemCollectionMetrics&) = default;
};

// ---- Legacy parameters (Expected, QueryFilter/ScanFilter/KeyConditions, AttributeUpdates).
// The service still accepts them; they become expressions inside the engine.

enum class ComparisonOperator : std::uint8_t {
  kEq,
  kNe,
  kLe,
  kLt,
  kGe,
  kGt,
  kNotNull,
  kNull,
  kContains,
  kNotContains,
  kBeginsWith,
  kIn,
  kBetween,
};

// The operator as the wire spells it ("EQ", "NOT_NULL", "BEGINS_WITH", ...): the one table of the
// names, for the engine's legacy conditions and the HTTP client's codec alike.
inline std::string_view ComparisonOperatorName(ComparisonOperator op) {
  static constexpr std::string_view kNames[] = {
      "EQ",   "NE",       "LE",           "LT",          "GE", "GT",     "NOT_NULL",
      "NULL", "CONTAINS", "NOT_CONTAINS", "BEGINS_WITH", "IN", "BETWEEN"};
  return kNames[static_cast<int>(op)];
}
enum class ConditionalOperator : std::uint8_t { kAnd, kOr };

// One entry of Expected (the ExpectedAttributeValue shape), keyed by attribute name.
struct ExpectedAttributeValue {
  std::optional<AttributeValue> value;
  std::optional<bool> exists;
  std::optional<ComparisonOperator> comparison_operator;
  std::optional<std::vector<AttributeValue>> attribute_value_list;
};
// Expected keeps the request's order: the service reports the first failing entry.
using ExpectedAttributes = std::vector<std::pair<std::string, ExpectedAttributeValue>>;

// One entry of QueryFilter, ScanFilter or KeyConditions (the Condition shape).
struct Condition {
  ComparisonOperator comparison_operator = ComparisonOperator::kEq;
  std::vector<AttributeValue> attribute_value_list;
};
using ConditionMap = std::vector<std::pair<std::string, Condition>>;

// One entry of AttributeUpdates (the AttributeValueUpdate shape).
enum class AttributeAction : std::uint8_t { kPut, kAdd, kDelete };
struct AttributeValueUpdate {
  std::optional<AttributeValue> value;
  AttributeAction action = AttributeAction::kPut;
};
using AttributeUpdates = std::vector<std::pair<std::string, AttributeValueUpdate>>;

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
