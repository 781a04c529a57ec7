// JSON <-> typed structs for BatchGetItem and BatchWriteItem, and the ConsumedCapacity list of
// the multi-table operations.
#include "api_json/operation_codecs.h"

#include "api_json/json_read.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {
namespace {

// The service deserializes the whole request before it validates anything, so a JSON type error
// in any attribute value (SerializationException) wins over a ValidationException in an earlier
// one. This pass runs the codec's serialization checks over every attribute map first.
Status CheckAttributeMapsJson(const rapidjson::Value& request_items, bool is_get) {
  for (const auto& table : request_items.GetObject()) {
    if (is_get) {
      if (const rapidjson::Value* keys = Member(table.value, "Keys"); keys && keys->IsArray()) {
        for (const auto& key : keys->GetArray()) DDBEMU_RETURN_IF_ERROR(CheckItemJson(key));
      }
      continue;
    }
    if (!table.value.IsArray()) continue;
    for (const auto& request : table.value.GetArray()) {
      if (const rapidjson::Value* put = Member(request, "PutRequest")) {
        if (const rapidjson::Value* item = Member(*put, "Item")) {
          DDBEMU_RETURN_IF_ERROR(CheckItemJson(*item));
        }
      }
      if (const rapidjson::Value* del = Member(request, "DeleteRequest")) {
        if (const rapidjson::Value* key = Member(*del, "Key"))
          DDBEMU_RETURN_IF_ERROR(CheckItemJson(*key));
      }
    }
  }
  return Status::Ok();
}

Result<KeysAndAttributes> ParseKeysAndAttributes(std::string_view table,
                                                 const rapidjson::Value& json) {
  KeysAndAttributes entry;
  entry.table = std::string(table);
  entry.consistent_read = BoolMember(json, "ConsistentRead");
  if (const rapidjson::Value* names = Member(json, "AttributesToGet");
      names != nullptr && names->IsArray()) {
    entry.attributes_to_get = ParseAttributesToGet(*names);
    entry.legacy.attributes_to_get = entry.attributes_to_get;
  }
  // KeysAndAttributes has no ExpressionAttributeValues, ConditionExpression or
  // UpdateExpression: ParseExpressions finds none of them here.
  DDBEMU_RETURN_IF_ERROR(ParseExpressions(json, &entry.expressions));
  if (const rapidjson::Value* keys = Member(json, "Keys"); keys != nullptr && keys->IsArray()) {
    for (const auto& key : keys->GetArray()) {
      DDBEMU_ASSIGN_OR_RETURN(Item parsed, ItemFromJson(key));
      entry.keys.push_back(std::move(parsed));
    }
  }
  return entry;
}

ApiError NotExactlyOneRequest() {
  return ApiError::Validation(
      "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the "
      "supported datatypes");
}

Result<WriteRequest> ParseWriteRequest(const rapidjson::Value& json) {
  const rapidjson::Value* put = Member(json, "PutRequest");
  const rapidjson::Value* del = Member(json, "DeleteRequest");
  if ((put == nullptr) == (del == nullptr)) return NotExactlyOneRequest();
  WriteRequest request;
  request.kind = put != nullptr ? WriteRequest::Kind::kPut : WriteRequest::Kind::kDelete;
  const rapidjson::Value* map = put != nullptr ? Member(*put, "Item") : Member(*del, "Key");
  if (map != nullptr) {
    DDBEMU_ASSIGN_OR_RETURN(request.item, ItemFromJson(*map));
  }
  return request;
}

void WriteKeysAndAttributes(const KeysAndAttributes& entry, JsonWriter& w) {
  w.StartObject();
  w.Key("Keys");
  w.StartArray();
  for (const Item& key : entry.keys) WriteItem(key, w);
  w.EndArray();
  if (entry.attributes_to_get) {
    w.Key("AttributesToGet");
    w.StartArray();
    for (const std::string& name : *entry.attributes_to_get) WriteString(name, w);
    w.EndArray();
  }
  if (entry.consistent_read) {
    w.Key("ConsistentRead");
    w.Bool(*entry.consistent_read);
  }
  if (entry.expressions.projection_expression) {
    w.Key("ProjectionExpression");
    WriteString(*entry.expressions.projection_expression, w);
  }
  if (entry.expressions.has_names) {
    w.Key("ExpressionAttributeNames");
    w.StartObject();
    for (const auto& [placeholder, name] : entry.expressions.names) {
      WriteString(placeholder, w);
      WriteString(name, w);
    }
    w.EndObject();
  }
  w.EndObject();
}

void WriteWriteRequests(const std::vector<WriteRequest>& requests, JsonWriter& w) {
  w.StartArray();
  for (const WriteRequest& request : requests) {
    const bool put = request.kind == WriteRequest::Kind::kPut;
    w.StartObject();
    w.Key(put ? "PutRequest" : "DeleteRequest");
    w.StartObject();
    w.Key(put ? "Item" : "Key");
    WriteItem(request.item, w);
    w.EndObject();
    w.EndObject();
  }
  w.EndArray();
}

}  // namespace

Result<BatchGetItemRequest> ParseBatchGetItem(const rapidjson::Value& body) {
  BatchGetItemRequest request;
  request.return_consumed_capacity = ParseReturnConsumedCapacity(body);
  const rapidjson::Value* items = Member(body, "RequestItems");
  if (items == nullptr || !items->IsObject()) return request;  // the model requires it
  DDBEMU_RETURN_IF_ERROR(CheckAttributeMapsJson(*items, /*is_get=*/true));
  for (const auto& table : items->GetObject()) {
    DDBEMU_ASSIGN_OR_RETURN(KeysAndAttributes entry,
                            ParseKeysAndAttributes(View(table.name), table.value));
    request.tables.push_back(std::move(entry));
  }
  return request;
}

Result<BatchWriteItemRequest> ParseBatchWriteItem(const rapidjson::Value& body) {
  BatchWriteItemRequest request;
  request.return_consumed_capacity = ParseReturnConsumedCapacity(body);
  auto metrics = StringMember(body, "ReturnItemCollectionMetrics");
  request.return_item_collection_metrics = metrics && *metrics == "SIZE";
  const rapidjson::Value* items = Member(body, "RequestItems");
  if (items == nullptr || !items->IsObject()) return request;  // the model requires it
  DDBEMU_RETURN_IF_ERROR(CheckAttributeMapsJson(*items, /*is_get=*/false));
  for (const auto& table : items->GetObject()) {
    TableWriteRequests entry;
    entry.table = std::string(View(table.name));
    if (!table.value.IsArray()) continue;  // ValidateRequest has rejected it
    for (const auto& json : table.value.GetArray()) {
      DDBEMU_ASSIGN_OR_RETURN(WriteRequest parsed, ParseWriteRequest(json));
      entry.requests.push_back(std::move(parsed));
    }
    request.tables.push_back(std::move(entry));
  }
  return request;
}

std::string RenderBatchGetItem(const BatchGetItemResponse& response,
                               ReturnConsumedCapacity return_consumed_capacity) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("Responses");
  w.StartObject();
  for (const auto& [table, items] : response.responses) {
    WriteString(table, w);
    w.StartArray();
    for (const Item& item : items) WriteItem(item, w);
    w.EndArray();
  }
  w.EndObject();
  w.Key("UnprocessedKeys");
  w.StartObject();
  for (const KeysAndAttributes& entry : response.unprocessed) {
    WriteString(entry.table, w);
    WriteKeysAndAttributes(entry, w);
  }
  w.EndObject();
  WriteConsumedCapacityList(response.consumed_capacity, return_consumed_capacity, {}, w);
  w.EndObject();
  return BufferText(buffer);
}

std::string RenderBatchWriteItem(const BatchWriteItemResponse& response,
                                 ReturnConsumedCapacity return_consumed_capacity) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("UnprocessedItems");
  w.StartObject();
  for (const TableWriteRequests& entry : response.unprocessed) {
    WriteString(entry.table, w);
    WriteWriteRequests(entry.requests, w);
  }
  w.EndObject();
  WriteConsumedCapacityList(response.consumed_capacity, return_consumed_capacity, {}, w);
  WriteItemCollectionMetricsPerTable(response.item_collection_metrics, w);
  w.EndObject();
  return BufferText(buffer);
}

void WriteItemCollectionMetricsPerTable(const ItemCollectionMetricsPerTable& metrics,
                                        JsonWriter& w) {
  if (metrics.empty()) return;
  w.Key("ItemCollectionMetrics");
  w.StartObject();
  for (const auto& [table, entries] : metrics) {
    WriteString(table, w);
    w.StartArray();
    for (const ItemCollectionMetrics& entry : entries) WriteItemCollectionMetrics(entry, w);
    w.EndArray();
  }
  w.EndObject();
}

void WriteConsumedCapacityList(const std::vector<TableCapacity>& tables,
                               ReturnConsumedCapacity mode, CapacityParts parts, JsonWriter& w) {
  if (mode == ReturnConsumedCapacity::kNone) return;
  w.Key("ConsumedCapacity");
  w.StartArray();
  for (const TableCapacity& table : tables) {
    w.StartObject();
    w.Key("TableName");
    WriteString(table.table_name, w);
    WriteCapacityUnits(table.capacity_units, table.read_capacity_units, table.write_capacity_units,
                       parts.read_write_units, w);
    if (mode == ReturnConsumedCapacity::kIndexes) {
      const Capacity own = table.table.value_or(
          Capacity{table.capacity_units, table.read_capacity_units, table.write_capacity_units});
      w.Key("Table");
      w.StartObject();
      WriteCapacityUnits(own.capacity_units, own.read_capacity_units, own.write_capacity_units,
                         parts.read_write_units_in_table, w);
      w.EndObject();
      WriteIndexCapacities("LocalSecondaryIndexes", table.local_secondary_indexes,
                           parts.read_write_units_in_table, w);
      WriteIndexCapacities("GlobalSecondaryIndexes", table.global_secondary_indexes,
                           parts.read_write_units_in_table, w);
      WriteVectorWriteBytes(table.vector_write_bytes, w);
    }
    w.EndObject();
  }
  w.EndArray();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
