// The data-plane requests as JSON; see json_codec.h.
#include <type_traits>
#include <variant>

#include "http_client/json_client.h"
#include "http_client/json_out.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {
namespace {

void ConsistentRead(JsonWriter& w, bool consistent) {
  if (!consistent) return;
  Key(w, "ConsistentRead");
  w.Bool(true);
}

void AttributesToGet(JsonWriter& w, const std::optional<std::vector<std::string>>& names) {
  if (names) StringList(w, "AttributesToGet", *names);
}

// What PutItem, UpdateItem and DeleteItem share after their own members.
template <class Request>
void WriteTail(JsonWriter& w, const Request& r) {
  Member(w, "ConditionExpression", r.condition_expression);
  WriteNames(w, r.expression_attribute_names);
  WriteValues(w, r.expression_attribute_values);
  WriteReturnValues(w, r.return_values);
  WriteReturnConsumedCapacity(w, r.return_consumed_capacity);
  WriteReturnItemCollectionMetrics(w, r.return_item_collection_metrics);
  WriteReturnValuesOnConditionCheckFailure(w, r.return_values_on_condition_check_failure);
  WriteExpected(w, r.expected);
  WriteConditionalOperator(w, r.conditional_operator);
}

// What Query and Scan share.
template <class Request>
void WriteRead(JsonWriter& w, const Request& r) {
  Member(w, "TableName", r.table_name);
  Member(w, "IndexName", r.index_name);
  Member(w, "FilterExpression", r.filter_expression);
  Member(w, "ProjectionExpression", r.projection_expression);
  WriteNames(w, r.expression_attribute_names);
  WriteValues(w, r.expression_attribute_values);
  WriteSelect(w, r.select);
  Member(w, "Limit", r.limit);
  ConsistentRead(w, r.consistent_read);
  if (r.exclusive_start_key) ItemMember(w, "ExclusiveStartKey", *r.exclusive_start_key);
  WriteReturnConsumedCapacity(w, r.return_consumed_capacity);
  AttributesToGet(w, r.attributes_to_get);
  WriteConditionalOperator(w, r.conditional_operator);
}

}  // namespace

std::string ToJson(const PutItemRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "TableName", r.table_name);
  ItemMember(out.w, "Item", r.item);
  WriteTail(out.w, r);
  out.w.EndObject();
  return out.Take();
}

std::string ToJson(const GetItemRequest& r) {
  JsonOut out;
  JsonWriter& w = out.w;
  w.StartObject();
  Member(w, "TableName", r.table_name);
  ItemMember(w, "Key", r.key);
  ConsistentRead(w, r.consistent_read);
  Member(w, "ProjectionExpression", r.projection_expression);
  WriteNames(w, r.expression_attribute_names);
  WriteReturnConsumedCapacity(w, r.return_consumed_capacity);
  AttributesToGet(w, r.attributes_to_get);
  w.EndObject();
  return out.Take();
}

std::string ToJson(const UpdateItemRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "TableName", r.table_name);
  ItemMember(out.w, "Key", r.key);
  Member(out.w, "UpdateExpression", r.update_expression);
  WriteAttributeUpdates(out.w, r.attribute_updates);
  WriteTail(out.w, r);
  out.w.EndObject();
  return out.Take();
}

std::string ToJson(const DeleteItemRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "TableName", r.table_name);
  ItemMember(out.w, "Key", r.key);
  WriteTail(out.w, r);
  out.w.EndObject();
  return out.Take();
}

std::string ToJson(const QueryRequest& r) {
  JsonOut out;
  JsonWriter& w = out.w;
  w.StartObject();
  WriteRead(w, r);
  Member(w, "KeyConditionExpression", r.key_condition_expression);
  if (!r.scan_index_forward) {
    Key(w, "ScanIndexForward");
    w.Bool(false);
  }
  WriteConditions(w, "KeyConditions", r.key_conditions);
  WriteConditions(w, "QueryFilter", r.query_filter);
  w.EndObject();
  return out.Take();
}

std::string ToJson(const ScanRequest& r) {
  JsonOut out;
  JsonWriter& w = out.w;
  w.StartObject();
  WriteRead(w, r);
  Member(w, "Segment", r.segment);
  Member(w, "TotalSegments", r.total_segments);
  WriteConditions(w, "ScanFilter", r.scan_filter);
  w.EndObject();
  return out.Take();
}

std::string ToJson(const BatchGetItemRequest& r) {
  JsonOut out;
  JsonWriter& w = out.w;
  w.StartObject();
  Key(w, "RequestItems");
  w.StartObject();
  for (const auto& [table, k] : r.request_items) {
    Key(w, table);
    w.StartObject();
    Key(w, "Keys");
    w.StartArray();
    for (const Item& key : k.keys) WriteItem(key, w);
    w.EndArray();
    ConsistentRead(w, k.consistent_read);
    Member(w, "ProjectionExpression", k.projection_expression);
    WriteNames(w, k.expression_attribute_names);
    AttributesToGet(w, k.attributes_to_get);
    w.EndObject();
  }
  w.EndObject();
  WriteReturnConsumedCapacity(w, r.return_consumed_capacity);
  w.EndObject();
  return out.Take();
}

std::string ToJson(const BatchWriteItemRequest& r) {
  JsonOut out;
  JsonWriter& w = out.w;
  w.StartObject();
  Key(w, "RequestItems");
  w.StartObject();
  for (const auto& [table, requests] : r.request_items) {
    Key(w, table);
    w.StartArray();
    for (const WriteRequest& request : requests) {
      w.StartObject();
      if (const auto* put = std::get_if<PutRequest>(&request)) {
        Key(w, "PutRequest");
        w.StartObject();
        ItemMember(w, "Item", put->item);
      } else {
        Key(w, "DeleteRequest");
        w.StartObject();
        ItemMember(w, "Key", std::get<DeleteRequest>(request).key);
      }
      w.EndObject();
      w.EndObject();
    }
    w.EndArray();
  }
  w.EndObject();
  WriteReturnConsumedCapacity(w, r.return_consumed_capacity);
  WriteReturnItemCollectionMetrics(w, r.return_item_collection_metrics);
  w.EndObject();
  return out.Take();
}

namespace {

template <class Action>
void WriteAction(JsonWriter& w, const Action& a) {
  Member(w, "TableName", a.table_name);
  if constexpr (std::is_same_v<Action, Put>) {
    ItemMember(w, "Item", a.item);
  } else {
    ItemMember(w, "Key", a.key);
  }
  if constexpr (std::is_same_v<Action, Update>) Member(w, "UpdateExpression", a.update_expression);
  Member(w, "ConditionExpression", a.condition_expression);  // required on ConditionCheck
  WriteNames(w, a.expression_attribute_names);
  WriteValues(w, a.expression_attribute_values);
  WriteReturnValuesOnConditionCheckFailure(w, a.return_values_on_condition_check_failure);
}

}  // namespace

std::string ToJson(const TransactWriteItemsRequest& r) {
  JsonOut out;
  JsonWriter& w = out.w;
  w.StartObject();
  Key(w, "TransactItems");
  w.StartArray();
  for (const TransactWriteItem& item : r.transact_items) {
    w.StartObject();
    std::visit(
        [&w](const auto& a) {
          using A = std::decay_t<decltype(a)>;
          Key(w, std::is_same_v<A, ConditionCheck> ? "ConditionCheck"
                 : std::is_same_v<A, Put>          ? "Put"
                 : std::is_same_v<A, Delete>       ? "Delete"
                                                   : "Update");
          w.StartObject();
          WriteAction(w, a);
          w.EndObject();
        },
        item);
    w.EndObject();
  }
  w.EndArray();
  WriteReturnConsumedCapacity(w, r.return_consumed_capacity);
  WriteReturnItemCollectionMetrics(w, r.return_item_collection_metrics);
  // The SDKs fill an absent token with a random one; a random token changes nothing the
  // service answers within one call, so an unset token stays absent (as the embedded client).
  Member(w, "ClientRequestToken", r.client_request_token);
  w.EndObject();
  return out.Take();
}

std::string ToJson(const TransactGetItemsRequest& r) {
  JsonOut out;
  JsonWriter& w = out.w;
  w.StartObject();
  Key(w, "TransactItems");
  w.StartArray();
  for (const Get& get : r.transact_items) {
    w.StartObject();
    Key(w, "Get");
    w.StartObject();
    Member(w, "TableName", get.table_name);
    ItemMember(w, "Key", get.key);
    Member(w, "ProjectionExpression", get.projection_expression);
    WriteNames(w, get.expression_attribute_names);
    w.EndObject();
    w.EndObject();
  }
  w.EndArray();
  WriteReturnConsumedCapacity(w, r.return_consumed_capacity);
  w.EndObject();
  return out.Take();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
