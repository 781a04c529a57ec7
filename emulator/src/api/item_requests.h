// Typed requests and responses of the single-item operations (PutItem, GetItem, DeleteItem,
// UpdateItem). The JSON codec in item_requests.cc fills them from a request body that
// ValidateRequest has accepted; ops/ executes them; the same structs serve the in-process API.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "expr/legacy.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api {

// ---- item collection metrics -------------------------------------------------------------------
// ItemCollectionMetrics, the response member of PutItem, UpdateItem and DeleteItem (and, per
// table, of BatchWriteItem and TransactWriteItems) with ReturnItemCollectionMetrics SIZE on a
// table with local secondary indexes: the partition key of the item collection written and an
// estimate of its size in GB as a [lower, upper] range (API reference, ItemCollectionMetrics).

struct ItemCollectionMetrics {
  Item item_collection_key;  // the table's partition key attribute and value
  double size_lower_gb = 0;
  double size_upper_gb = 1;
};

// ---- legacy requests ---------------------------------------------------------------------------
// The legacy (pre-expression) parameters' ConditionalOperator, which ops/ reads as text; the
// JSON readers of Expected, QueryFilter/ScanFilter/KeyConditions, AttributeUpdates and
// AttributesToGet are in api_json/operation_codecs.h.

// "AND" (the default) or "OR".
inline expr::ConditionalOperator ParseConditionalOperator(const std::optional<std::string>& text) {
  return text && *text == "OR" ? expr::ConditionalOperator::kOr : expr::ConditionalOperator::kAnd;
}

// ---- item requests -----------------------------------------------------------------------------
// Typed requests and responses of the single-item operations (PutItem, GetItem, DeleteItem,
// UpdateItem). The JSON codec in item_requests.cc fills them from a request body that
// ValidateRequest has accepted; ops/ executes them; the same structs serve the in-process API.

enum class ReturnValues { kNone, kAllOld, kUpdatedOld, kAllNew, kUpdatedNew };
enum class ReturnConsumedCapacity { kNone, kTotal, kIndexes };

// The expression parameters any item operation may carry.
struct ExpressionParameters {
  std::optional<std::string> condition_expression;
  std::optional<std::string> projection_expression;
  std::optional<std::string> update_expression;
  std::map<std::string, std::string> names;  // ExpressionAttributeNames
  bool has_names = false;                    // present in the request
  Item values;                               // ExpressionAttributeValues
  bool has_values = false;
};

// Legacy (pre-expression) parameters, already in typed form (expr/legacy.h) so that the JSON
// path and the typed path hand ops/ the same thing. A member that failed to parse keeps its
// error, reported when the operation reaches it, so the service's order of checks holds.
struct LegacyParameters {
  std::optional<Result<std::vector<expr::ExpectedEntry>>> expected;
  std::optional<std::vector<std::string>> attributes_to_get;
  std::optional<Result<std::vector<expr::AttributeUpdateEntry>>> attribute_updates;
  std::optional<std::string> conditional_operator;
};

struct PutItemRequest {
  std::string table_name;
  Item item;
  ReturnValues return_values = ReturnValues::kNone;
  bool return_old_on_condition_failure = false;  // ReturnValuesOnConditionCheckFailure=ALL_OLD
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
  bool return_item_collection_metrics = false;
  ExpressionParameters expressions;
  LegacyParameters legacy;
};

struct GetItemRequest {
  std::string table_name;
  Item key;
  // The embedded client lends the caller's key instead of copying it when normalizing would
  // leave it as it is (embedded/typed_requests.cc); null: `key` holds it. Read it via Key().
  const Item* borrowed_key = nullptr;
  const Item& Key() const { return borrowed_key != nullptr ? *borrowed_key : key; }
  bool consistent_read = false;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
  ExpressionParameters expressions;
  LegacyParameters legacy;
  // Set by the JSON codec (ParseGetItem): the response may carry the item in its storage
  // encoding (ItemResponse::encoded_item), to be written as JSON without decoding.
  bool encoded_response = false;
};

struct DeleteItemRequest {
  std::string table_name;
  Item key;
  ReturnValues return_values = ReturnValues::kNone;
  bool return_old_on_condition_failure = false;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
  bool return_item_collection_metrics = false;
  ExpressionParameters expressions;
  LegacyParameters legacy;
};

struct UpdateItemRequest {
  std::string table_name;
  Item key;
  ReturnValues return_values = ReturnValues::kNone;
  bool return_old_on_condition_failure = false;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
  bool return_item_collection_metrics = false;
  ExpressionParameters expressions;
  LegacyParameters legacy;
};

// The API's Capacity shape: one table's or one index's share of a ConsumedCapacity.
struct Capacity {
  double capacity_units = 0;
  double read_capacity_units = 0;
  double write_capacity_units = 0;
};

// ConsumedCapacity of one table, as the response carries it. CapacityUnits is always sent;
// ReadCapacityUnits / WriteCapacityUnits (the non-zero ones) only when `read_write_units` —
// the service sends them for the transactional operations, not for GetItem, PutItem, Query...
// (observed on the service). With ReturnConsumedCapacity INDEXES, `table` and the index maps
// hold the breakdown; an index appears only when the request charged it.
struct ConsumedCapacity {
  std::string table_name;
  double capacity_units = 0;
  double read_capacity_units = 0;
  double write_capacity_units = 0;
  bool is_read = true;
  bool read_write_units = false;
  std::optional<Capacity> table;
  std::map<std::string, Capacity> local_secondary_indexes;
  std::map<std::string, Capacity> global_secondary_indexes;
  std::map<std::string, double> vector_write_bytes;  // VectorIndexes (INDEXES only)
};

// The output of PutItem, DeleteItem and UpdateItem (Attributes) and of GetItem (Item).
struct ItemResponse {
  std::optional<Item> item;
  // Instead of `item`, when the request asked for it and nothing reshapes the item: its
  // storage encoding (value/item_codec.h). Empty when not used.
  std::string encoded_item;
  std::optional<ConsumedCapacity> consumed_capacity;
  // Writes with ReturnItemCollectionMetrics SIZE on a table with local secondary indexes.
  std::optional<ItemCollectionMetrics> item_collection_metrics;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api
