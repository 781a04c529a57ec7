// TransactWriteItems and TransactGetItems (API reference). A cancelled transaction fails with
// TransactionCanceledException; its ApiError carries the cancellation reasons in action order.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ddbemu/model/common.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

struct ConditionCheck {
  std::string table_name;
  Item key;
  std::string condition_expression;
  ExpressionAttributeNames expression_attribute_names;
  ExpressionAttributeValues expression_attribute_values;
  ReturnValuesOnConditionCheckFailure return_values_on_condition_check_failure =
      ReturnValuesOnConditionCheckFailure::kNone;
};

struct Put {
  std::string table_name;
  Item item;
  std::optional<std::string> condition_expression;
  ExpressionAttributeNames expression_attribute_names;
  ExpressionAttributeValues expression_attribute_values;
  ReturnValuesOnConditionCheckFailure return_values_on_condition_check_failure =
      ReturnValuesOnConditionCheckFailure::kNone;
};

struct Delete {
  std::string table_name;
  Item key;
  std::optional<std::string> condition_expression;
  ExpressionAttributeNames expression_attribute_names;
  ExpressionAttributeValues expression_attribute_values;
  ReturnValuesOnConditionCheckFailure return_values_on_condition_check_failure =
      ReturnValuesOnConditionCheckFailure::kNone;
};

struct Update {
  std::string table_name;
  Item key;
  std::string update_expression;
  std::optional<std::string> condition_expression;
  ExpressionAttributeNames expression_attribute_names;
  ExpressionAttributeValues expression_attribute_values;
  ReturnValuesOnConditionCheckFailure return_values_on_condition_check_failure =
      ReturnValuesOnConditionCheckFailure::kNone;
};

// One element of TransactItems: exactly one action.
using TransactWriteItem = std::variant<ConditionCheck, Put, Delete, Update>;

struct TransactWriteItemsRequest {
  std::vector<TransactWriteItem> transact_items;  // 1..100 actions, on distinct items
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
  ReturnItemCollectionMetrics return_item_collection_metrics = ReturnItemCollectionMetrics::kNone;
  // Makes the call idempotent for 10 minutes: the same token with the same request succeeds
  // again without writing; with a different request it is IdempotentParameterMismatch.
  std::optional<std::string> client_request_token;
};

struct TransactWriteItemsResponse {
  std::vector<ConsumedCapacity> consumed_capacity;
  std::map<std::string, std::vector<ItemCollectionMetrics>> item_collection_metrics;
};

// The Get action of TransactGetItems.
struct Get {
  std::string table_name;
  Item key;
  std::optional<std::string> projection_expression;
  ExpressionAttributeNames expression_attribute_names;
};

struct TransactGetItemsRequest {
  // `struct Get`: the name alone is ddbemu::Get<T> of document.h when that is included first.
  std::vector<struct Get> transact_items;  // 1..100, read from one snapshot
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
};

struct TransactGetItemsResponse {
  std::vector<std::optional<Item>> responses;  // one per Get, in order; nullopt: no item
  std::vector<ConsumedCapacity> consumed_capacity;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
