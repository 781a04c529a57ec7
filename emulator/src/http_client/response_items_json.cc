// The data-plane responses from JSON; see json_codec.h.
#include "http_client/json_client.h"
#include "http_client/json_in.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {
namespace {

// PutItem's, UpdateItem's and DeleteItem's answer.
template <class Response>
Status ReadWriteResponse(std::string_view body, Response& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(out.attributes, OptItem(doc, "Attributes"));
  DDBEMU_ASSIGN_OR_RETURN(out.consumed_capacity, OptConsumedCapacity(doc));
  DDBEMU_ASSIGN_OR_RETURN(out.item_collection_metrics, OptItemCollectionMetrics(doc));
  return Status::Ok();
}

// One KeysAndAttributes of UnprocessedKeys, in the request's own form.
Result<KeysAndAttributes> KeysAndAttributesFrom(const Json& json) {
  if (!json.IsObject()) return Malformed("UnprocessedKeys entry is not an object");
  KeysAndAttributes out;
  DDBEMU_ASSIGN_OR_RETURN(out.keys, Items(json, "Keys"));
  DDBEMU_ASSIGN_OR_RETURN(std::optional<bool> consistent, OptBool(json, "ConsistentRead"));
  out.consistent_read = consistent.value_or(false);
  DDBEMU_ASSIGN_OR_RETURN(out.projection_expression, OptString(json, "ProjectionExpression"));
  if (const Json* names = Find(json, "ExpressionAttributeNames")) {
    if (!names->IsObject()) return Malformed("ExpressionAttributeNames is not a map");
    for (const auto& m : names->GetObject()) {
      if (!m.value.IsString()) return Malformed("ExpressionAttributeNames is not a string map");
      out.expression_attribute_names.emplace(
          std::string(m.name.GetString(), m.name.GetStringLength()),
          std::string(m.value.GetString(), m.value.GetStringLength()));
    }
  }
  if (Find(json, "AttributesToGet") != nullptr) {
    DDBEMU_ASSIGN_OR_RETURN(out.attributes_to_get, Strings(json, "AttributesToGet"));
  }
  return out;
}

Result<std::vector<WriteRequest>> WriteRequestsFrom(const Json& json) {
  if (!json.IsArray()) return Malformed("UnprocessedItems entry is not a list");
  std::vector<WriteRequest> out;
  for (const Json& r : json.GetArray()) {
    if (const Json* put = Find(r, "PutRequest")) {
      DDBEMU_ASSIGN_OR_RETURN(std::optional<Item> item, OptItem(*put, "Item"));
      out.push_back(PutRequest{item.value_or(Item{})});
    } else if (const Json* del = Find(r, "DeleteRequest")) {
      DDBEMU_ASSIGN_OR_RETURN(std::optional<Item> key, OptItem(*del, "Key"));
      out.push_back(DeleteRequest{key.value_or(Item{})});
    } else {
      return Malformed("a WriteRequest has neither PutRequest nor DeleteRequest");
    }
  }
  return out;
}

}  // namespace

Status FromJson(std::string_view body, PutItemResponse& out) {
  return ReadWriteResponse(body, out);
}
Status FromJson(std::string_view body, UpdateItemResponse& out) {
  return ReadWriteResponse(body, out);
}
Status FromJson(std::string_view body, DeleteItemResponse& out) {
  return ReadWriteResponse(body, out);
}

Status FromJson(std::string_view body, GetItemResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(out.item, OptItem(doc, "Item"));
  DDBEMU_ASSIGN_OR_RETURN(out.consumed_capacity, OptConsumedCapacity(doc));
  return Status::Ok();
}

Status FromJson(std::string_view body, QueryResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(out.items, Items(doc, "Items"));
  DDBEMU_ASSIGN_OR_RETURN(out.count, Int(doc, "Count"));
  DDBEMU_ASSIGN_OR_RETURN(out.scanned_count, Int(doc, "ScannedCount"));
  DDBEMU_ASSIGN_OR_RETURN(out.last_evaluated_key, OptItem(doc, "LastEvaluatedKey"));
  DDBEMU_ASSIGN_OR_RETURN(out.consumed_capacity, OptConsumedCapacity(doc));
  return Status::Ok();
}

Status FromJson(std::string_view body, BatchGetItemResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  if (const Json* responses = Find(doc, "Responses")) {
    if (!responses->IsObject()) return Malformed("Responses is not a map");
    for (const auto& table : responses->GetObject()) {
      const std::string name(table.name.GetString(), table.name.GetStringLength());
      if (!table.value.IsArray()) return Malformed("Responses is not a map of lists");
      auto& list = out.responses[name];
      for (const Json& entry : table.value.GetArray()) {
        if (!entry.IsObject()) return Malformed("Responses holds a non-map item");
        Result<Item> item = ItemFromJson(entry);
        if (!item.ok()) return Malformed("Responses: " + item.error().message());
        list.push_back(std::move(item).value());
      }
    }
  }
  if (const Json* unprocessed = Find(doc, "UnprocessedKeys")) {
    if (!unprocessed->IsObject()) return Malformed("UnprocessedKeys is not a map");
    for (const auto& table : unprocessed->GetObject()) {
      DDBEMU_ASSIGN_OR_RETURN(KeysAndAttributes k, KeysAndAttributesFrom(table.value));
      out.unprocessed_keys.emplace(
          std::string(table.name.GetString(), table.name.GetStringLength()), std::move(k));
    }
  }
  DDBEMU_ASSIGN_OR_RETURN(out.consumed_capacity, ConsumedCapacityList(doc));
  return Status::Ok();
}

Status FromJson(std::string_view body, BatchWriteItemResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  if (const Json* unprocessed = Find(doc, "UnprocessedItems")) {
    if (!unprocessed->IsObject()) return Malformed("UnprocessedItems is not a map");
    for (const auto& table : unprocessed->GetObject()) {
      DDBEMU_ASSIGN_OR_RETURN(std::vector<WriteRequest> requests, WriteRequestsFrom(table.value));
      out.unprocessed_items.emplace(
          std::string(table.name.GetString(), table.name.GetStringLength()), std::move(requests));
    }
  }
  DDBEMU_ASSIGN_OR_RETURN(out.consumed_capacity, ConsumedCapacityList(doc));
  DDBEMU_ASSIGN_OR_RETURN(out.item_collection_metrics, ItemCollectionMetricsMap(doc));
  return Status::Ok();
}

Status FromJson(std::string_view body, TransactWriteItemsResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(out.consumed_capacity, ConsumedCapacityList(doc));
  DDBEMU_ASSIGN_OR_RETURN(out.item_collection_metrics, ItemCollectionMetricsMap(doc));
  return Status::Ok();
}

Status FromJson(std::string_view body, TransactGetItemsResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  if (const Json* responses = Find(doc, "Responses")) {
    if (!responses->IsArray()) return Malformed("Responses is not a list");
    for (const Json& entry : responses->GetArray()) {
      DDBEMU_ASSIGN_OR_RETURN(std::optional<Item> item, OptItem(entry, "Item"));
      out.responses.push_back(std::move(item));
    }
  }
  DDBEMU_ASSIGN_OR_RETURN(out.consumed_capacity, ConsumedCapacityList(doc));
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
