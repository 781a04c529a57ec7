// BatchGetItem and BatchWriteItem (API reference). Tables are keyed by the name (or ARN) the
// request used; UnprocessedKeys / UnprocessedItems come back in the request's own form, so
// they can be sent again as they are.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ddbemu/model/common.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// One table's part of BatchGetItem.RequestItems.
struct KeysAndAttributes {
  std::vector<Item> keys;  // 1..100 keys in the whole request
  bool consistent_read = false;
  std::optional<std::string> projection_expression;
  ExpressionAttributeNames expression_attribute_names;
  std::optional<std::vector<std::string>> attributes_to_get;  // legacy projection
};

struct BatchGetItemRequest {
  std::map<std::string, KeysAndAttributes> request_items;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
};

struct BatchGetItemResponse {
  // Every requested table, with the items found (in no particular order, as the service says).
  std::map<std::string, std::vector<Item>> responses;
  // Keys not read (16 MB response limit, or throttled): send them again.
  std::map<std::string, KeysAndAttributes> unprocessed_keys;
  std::vector<ConsumedCapacity> consumed_capacity;
};

struct PutRequest {
  Item item;
};
struct DeleteRequest {
  Item key;
};
using WriteRequest = std::variant<PutRequest, DeleteRequest>;

struct BatchWriteItemRequest {
  std::map<std::string, std::vector<WriteRequest>> request_items;  // 1..25 requests in all
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
  ReturnItemCollectionMetrics return_item_collection_metrics = ReturnItemCollectionMetrics::kNone;
};

struct BatchWriteItemResponse {
  std::map<std::string, std::vector<WriteRequest>> unprocessed_items;  // empty: all written
  std::vector<ConsumedCapacity> consumed_capacity;
  std::map<std::string, std::vector<ItemCollectionMetrics>> item_collection_metrics;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
