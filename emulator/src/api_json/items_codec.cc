// JSON <-> typed structs for the single-item operations.
#include "api_json/operation_codecs.h"

#include "api_json/fast_parse.h"
#include "api_json/json_read.h"
#include "api_json/response_text.h"
#include "value_json/encoded_item_json.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {
namespace {

ReturnValues ParseReturnValues(const rapidjson::Value& body) {
  auto text = StringMember(body, "ReturnValues");
  if (!text || *text == "NONE") return ReturnValues::kNone;
  if (*text == "ALL_OLD") return ReturnValues::kAllOld;
  if (*text == "UPDATED_OLD") return ReturnValues::kUpdatedOld;
  if (*text == "ALL_NEW") return ReturnValues::kAllNew;
  return ReturnValues::kUpdatedNew;  // the model's enum check has run: nothing else remains
}

// Reads an attribute map member (Item, Key) that the model marks required.
Result<Item> ParseAttributeMap(const rapidjson::Value& body, std::string_view member) {
  const rapidjson::Value* json = Member(body, member);
  if (json == nullptr) return Item{};
  return AttributeMapFromJson(*json);
}

void ParseLegacy(const rapidjson::Value& body, LegacyParameters* out) {
  if (const rapidjson::Value* json = Member(body, "Expected")) out->expected = ParseExpected(*json);
  if (const rapidjson::Value* json = Member(body, "AttributesToGet")) {
    out->attributes_to_get = ParseAttributesToGet(*json);
  }
  if (const rapidjson::Value* json = Member(body, "AttributeUpdates")) {
    out->attribute_updates = ParseAttributeUpdates(*json);
  }
  out->conditional_operator = StringMember(body, "ConditionalOperator");
}

bool ReturnsOldOnConditionFailure(const rapidjson::Value& body) {
  auto text = StringMember(body, "ReturnValuesOnConditionCheckFailure");
  return text && *text == "ALL_OLD";
}

bool ReturnsItemCollectionMetrics(const rapidjson::Value& body) {
  auto text = StringMember(body, "ReturnItemCollectionMetrics");
  return text && *text == "SIZE";
}

template <class Request>
Status ParseWriteCommon(const rapidjson::Value& body, Request* out) {
  out->table_name = StringOr(body, "TableName", "");
  out->return_values = ParseReturnValues(body);
  out->return_old_on_condition_failure = ReturnsOldOnConditionFailure(body);
  out->return_consumed_capacity = ParseReturnConsumedCapacity(body);
  out->return_item_collection_metrics = ReturnsItemCollectionMetrics(body);
  ParseLegacy(body, &out->legacy);
  return ParseExpressions(body, &out->expressions);
}

// The item in its storage encoding: the whole body is written into one buffer
// (response_text.h), the item's JSON straight from its bytes, with the members the Writer path
// writes, in its order.
void RenderEncodedItemResponse(const ItemResponse& response, std::string_view item_member,
                               std::string& out) {
  JsonText text(out, response.encoded_item.size() * 2 + 128);  // see RenderEncodedRead
  text.Reserve(item_member.size() + 8);
  text.PutLiteral("{\"");
  text.Put(item_member);
  text.PutLiteral("\":");
  itemcodec::AppendEncodedItemJson(response.encoded_item, text);
  if (response.consumed_capacity) {
    text.Put(',');  // AppendEncodedItemJson leaves room
    AppendConsumedCapacity(*response.consumed_capacity, text);
  }
  if (response.item_collection_metrics) {
    rapidjson::StringBuffer buffer;
    JsonWriter w(buffer);
    w.StartObject();
    w.Key("ItemCollectionMetrics");
    WriteItemCollectionMetrics(*response.item_collection_metrics, w);
    w.EndObject();
    // `buffer` is {"ItemCollectionMetrics":...}: its members follow a comma.
    text.Reserve(1);
    text.Put(',');
    text.Append(std::string_view(buffer.GetString() + 1, buffer.GetSize() - 1));
  } else {
    text.Reserve(1);
    text.Put('}');
  }
  text.Finish();
}

bool IsEncodedItem(const ItemResponse& response) {
  return !response.item && !response.encoded_item.empty();
}

std::string RenderItemResponse(const ItemResponse& response, const char* item_member) {
  if (IsEncodedItem(response)) {
    std::string out;
    RenderEncodedItemResponse(response, item_member, out);
    return out;
  }
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  if (response.item) {
    w.Key(item_member);
    WriteItem(*response.item, w);
  }
  if (response.consumed_capacity) WriteConsumedCapacity(*response.consumed_capacity, w);
  if (response.item_collection_metrics) {
    w.Key("ItemCollectionMetrics");
    WriteItemCollectionMetrics(*response.item_collection_metrics, w);
  }
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace

void WriteCapacityUnits(double total, double read, double write, bool read_write_units,
                        JsonWriter& w) {
  w.Key("CapacityUnits");
  w.Double(total);
  if (!read_write_units) return;
  if (read > 0) {
    w.Key("ReadCapacityUnits");
    w.Double(read);
  }
  if (write > 0) {
    w.Key("WriteCapacityUnits");
    w.Double(write);
  }
}

void WriteIndexCapacities(const char* member, const std::map<std::string, Capacity>& indexes,
                          bool read_write_units, JsonWriter& w) {
  if (indexes.empty()) return;  // the service omits the map rather than send it empty
  w.Key(member);
  w.StartObject();
  for (const auto& [name, capacity] : indexes) {
    w.Key(name.c_str(), static_cast<rapidjson::SizeType>(name.size()));
    w.StartObject();
    WriteCapacityUnits(capacity.capacity_units, capacity.read_capacity_units,
                       capacity.write_capacity_units, read_write_units, w);
    w.EndObject();
  }
  w.EndObject();
}

void WriteConsumedCapacity(const ConsumedCapacity& capacity, JsonWriter& w) {
  w.Key("ConsumedCapacity");
  w.StartObject();
  w.Key("TableName");
  w.String(capacity.table_name.c_str(),
           static_cast<rapidjson::SizeType>(capacity.table_name.size()));
  WriteCapacityUnits(capacity.capacity_units, capacity.read_capacity_units,
                     capacity.write_capacity_units, capacity.read_write_units, w);
  if (capacity.table) {
    w.Key("Table");
    w.StartObject();
    WriteCapacityUnits(capacity.table->capacity_units, capacity.table->read_capacity_units,
                       capacity.table->write_capacity_units, capacity.read_write_units, w);
    w.EndObject();
  }
  WriteIndexCapacities("LocalSecondaryIndexes", capacity.local_secondary_indexes,
                       capacity.read_write_units, w);
  WriteIndexCapacities("GlobalSecondaryIndexes", capacity.global_secondary_indexes,
                       capacity.read_write_units, w);
  WriteVectorWriteBytes(capacity.vector_write_bytes, w);
  w.EndObject();
}

void WriteVectorWriteBytes(const std::map<std::string, double>& bytes_by_index, JsonWriter& w) {
  if (bytes_by_index.empty()) return;  // bytes, in the VectorCapacity shape
  w.Key("VectorIndexes");
  w.StartObject();
  for (const auto& [name, bytes] : bytes_by_index) {
    w.Key(name.c_str(), static_cast<rapidjson::SizeType>(name.size()));
    w.StartObject();
    w.Key("VectorWriteRequestBytes");
    w.Double(bytes);
    w.EndObject();
  }
  w.EndObject();
}

ReturnConsumedCapacity ParseReturnConsumedCapacity(const rapidjson::Value& body) {
  return ReturnConsumedCapacityOf(Member(body, "ReturnConsumedCapacity"));
}

ReturnConsumedCapacity ReturnConsumedCapacityOf(const rapidjson::Value* member) {
  // Compared in place: every read request names it, and a copy of the text was most of the cost.
  if (member == nullptr || !member->IsString()) return ReturnConsumedCapacity::kNone;
  const std::string_view text = View(*member);
  if (text == "TOTAL") return ReturnConsumedCapacity::kTotal;
  if (text == "INDEXES") return ReturnConsumedCapacity::kIndexes;
  return ReturnConsumedCapacity::kNone;
}

namespace {

// `names`: the ExpressionAttributeNames member, null when absent.
void ExpressionNamesOf(const rapidjson::Value* names, ExpressionParameters* out) {
  if (names != nullptr && names->IsObject()) {
    out->has_names = true;
    for (const auto& m : names->GetObject()) {
      if (m.value.IsString()) out->names.emplace(View(m.name), View(m.value));
    }
  }
}

void ParseExpressionNames(const rapidjson::Value& body, ExpressionParameters* out) {
  ExpressionNamesOf(Member(body, "ExpressionAttributeNames"), out);
}

}  // namespace

Status ParseExpressions(const rapidjson::Value& body, ExpressionParameters* out) {
  out->condition_expression = StringMember(body, "ConditionExpression");
  out->projection_expression = StringMember(body, "ProjectionExpression");
  out->update_expression = StringMember(body, "UpdateExpression");
  ParseExpressionNames(body, out);
  if (const rapidjson::Value* values = Member(body, "ExpressionAttributeValues");
      values != nullptr) {
    out->has_values = true;
    DDBEMU_ASSIGN_OR_RETURN(out->values, ExpressionValueMapFromJson(*values));
  }
  return Status::Ok();
}

namespace {

// The service ignores members that an operation's input does not have (GetItem has no
// ExpressionAttributeValues, PutItem no AttributesToGet, ...): they neither take part in the
// legacy/expression mixing check nor are validated.
void DropNonMembers(bool update, ExpressionParameters* expressions, LegacyParameters* legacy) {
  expressions->projection_expression.reset();
  legacy->attributes_to_get.reset();
  if (!update) {
    expressions->update_expression.reset();
    legacy->attribute_updates.reset();
  }
}

}  // namespace

Result<PutItemRequest> ParsePutItem(const rapidjson::Value& body) {
  PutItemRequest request;
  DDBEMU_RETURN_IF_ERROR(ParseWriteCommon(body, &request));
  DropNonMembers(/*update=*/false, &request.expressions, &request.legacy);
  DDBEMU_ASSIGN_OR_RETURN(request.item, ParseAttributeMap(body, "Item"));
  return request;
}

Result<GetItemRequest> ParseGetItem(const rapidjson::Value& body) {
  GetItemRequest request;
  request.encoded_response = true;
  // Its members found in one pass (fast_parse.h), not one scan of the body per name.
  const ReadMembers m = FindReadMembers(body);
  if (std::optional<std::string> table = StringOf(m.table_name)) {
    request.table_name = std::move(*table);
  }
  request.consistent_read = BoolOf(m.consistent_read).value_or(false);
  request.return_consumed_capacity = ReturnConsumedCapacityOf(m.return_consumed_capacity);
  // GetItem's only legacy and expression members: AttributesToGet, ProjectionExpression and
  // ExpressionAttributeNames (the others are ignored, ExpressionAttributeValues unread).
  if (m.attributes_to_get != nullptr) {
    request.legacy.attributes_to_get = ParseAttributesToGet(*m.attributes_to_get);
  }
  request.expressions.projection_expression = StringOf(m.projection_expression);
  ExpressionNamesOf(m.names, &request.expressions);
  if (m.key != nullptr) {
    DDBEMU_ASSIGN_OR_RETURN(request.key, AttributeMapFromJson(*m.key));
  }
  return request;
}

Result<DeleteItemRequest> ParseDeleteItem(const rapidjson::Value& body) {
  DeleteItemRequest request;
  DDBEMU_RETURN_IF_ERROR(ParseWriteCommon(body, &request));
  DropNonMembers(/*update=*/false, &request.expressions, &request.legacy);
  DDBEMU_ASSIGN_OR_RETURN(request.key, ParseAttributeMap(body, "Key"));
  return request;
}

Result<UpdateItemRequest> ParseUpdateItem(const rapidjson::Value& body) {
  UpdateItemRequest request;
  DDBEMU_RETURN_IF_ERROR(ParseWriteCommon(body, &request));
  DropNonMembers(/*update=*/true, &request.expressions, &request.legacy);
  DDBEMU_ASSIGN_OR_RETURN(request.key, ParseAttributeMap(body, "Key"));
  return request;
}

std::string RenderGetItem(const ItemResponse& response) {
  return RenderItemResponse(response, "Item");
}

void RenderGetItem(const ItemResponse& response, std::string& out) {
  out.clear();
  if (IsEncodedItem(response)) return RenderEncodedItemResponse(response, "Item", out);
  out = RenderItemResponse(response, "Item");
}

std::string RenderWriteItem(const ItemResponse& response) {
  return RenderItemResponse(response, "Attributes");
}

void WriteItemCollectionMetrics(const ItemCollectionMetrics& metrics, JsonWriter& w) {
  w.StartObject();
  w.Key("ItemCollectionKey");
  WriteItem(metrics.item_collection_key, w);
  w.Key("SizeEstimateRangeGB");
  w.StartArray();
  w.Double(metrics.size_lower_gb);
  w.Double(metrics.size_upper_gb);
  w.EndArray();
  w.EndObject();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
