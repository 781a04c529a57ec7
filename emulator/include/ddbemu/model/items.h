// The single-item operations: PutItem, GetItem, UpdateItem, DeleteItem (API reference, "Actions").
// Members absent from a request are the service's defaults; std::optional marks members whose
// absence the service tells apart from any value.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ddbemu/model/common.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

struct PutItemRequest {
  std::string table_name;  // a table name or a table ARN
  Item item;
  std::optional<std::string> condition_expression;
  ExpressionAttributeNames expression_attribute_names;
  ExpressionAttributeValues expression_attribute_values;
  ReturnValue return_values = ReturnValue::kNone;  // NONE or ALL_OLD
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
  ReturnItemCollectionMetrics return_item_collection_metrics = ReturnItemCollectionMetrics::kNone;
  ReturnValuesOnConditionCheckFailure return_values_on_condition_check_failure =
      ReturnValuesOnConditionCheckFailure::kNone;
  // Legacy: Expected and ConditionalOperator (not with condition_expression).
  std::optional<ExpectedAttributes> expected;
  std::optional<ConditionalOperator> conditional_operator;
};

struct PutItemResponse {
  std::optional<Item> attributes;  // ReturnValues ALL_OLD, when an item was replaced
  std::optional<ConsumedCapacity> consumed_capacity;
  std::optional<ItemCollectionMetrics> item_collection_metrics;
};

struct GetItemRequest {
  std::string table_name;
  Item key;
  bool consistent_read = false;
  std::optional<std::string> projection_expression;
  ExpressionAttributeNames expression_attribute_names;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
  std::optional<std::vector<std::string>> attributes_to_get;  // legacy projection
};

struct GetItemResponse {
  std::optional<Item> item;  // absent when no item has the key
  std::optional<ConsumedCapacity> consumed_capacity;
};

struct UpdateItemRequest {
  std::string table_name;
  Item key;
  std::optional<std::string> update_expression;
  std::optional<std::string> condition_expression;
  ExpressionAttributeNames expression_attribute_names;
  ExpressionAttributeValues expression_attribute_values;
  ReturnValue return_values = ReturnValue::kNone;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
  ReturnItemCollectionMetrics return_item_collection_metrics = ReturnItemCollectionMetrics::kNone;
  ReturnValuesOnConditionCheckFailure return_values_on_condition_check_failure =
      ReturnValuesOnConditionCheckFailure::kNone;
  // Legacy: AttributeUpdates, Expected and ConditionalOperator.
  std::optional<AttributeUpdates> attribute_updates;
  std::optional<ExpectedAttributes> expected;
  std::optional<ConditionalOperator> conditional_operator;
};

struct UpdateItemResponse {
  std::optional<Item> attributes;  // as ReturnValues asks
  std::optional<ConsumedCapacity> consumed_capacity;
  std::optional<ItemCollectionMetrics> item_collection_metrics;
};

struct DeleteItemRequest {
  std::string table_name;
  Item key;
  std::optional<std::string> condition_expression;
  ExpressionAttributeNames expression_attribute_names;
  ExpressionAttributeValues expression_attribute_values;
  ReturnValue return_values = ReturnValue::kNone;  // NONE or ALL_OLD
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
  ReturnItemCollectionMetrics return_item_collection_metrics = ReturnItemCollectionMetrics::kNone;
  ReturnValuesOnConditionCheckFailure return_values_on_condition_check_failure =
      ReturnValuesOnConditionCheckFailure::kNone;
  std::optional<ExpectedAttributes> expected;
  std::optional<ConditionalOperator> conditional_operator;
};

struct DeleteItemResponse {
  std::optional<Item> attributes;  // ReturnValues ALL_OLD, when an item was deleted
  std::optional<ConsumedCapacity> consumed_capacity;
  std::optional<ItemCollectionMetrics> item_collection_metrics;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
