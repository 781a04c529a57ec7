// JSON <-> typed structs for Query and Scan.
#include "api_json/operation_codecs.h"

#include "api_json/fast_parse.h"
#include "api_json/json_read.h"
#include "api_json/response_text.h"
#include "value_json/encoded_item_json.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {
namespace {

std::optional<Select> ParseSelect(const rapidjson::Value* member) {
  auto text = StringOf(member);
  if (!text) return std::nullopt;
  if (*text == "ALL_ATTRIBUTES") return Select::kAllAttributes;
  if (*text == "ALL_PROJECTED_ATTRIBUTES") return Select::kAllProjectedAttributes;
  if (*text == "SPECIFIC_ATTRIBUTES") return Select::kSpecificAttributes;
  return Select::kCount;  // the model's enum check has run: nothing else remains
}

// The service prefixes some value errors inside ExclusiveStartKey with "The provided starting
// key is invalid: " and not others (dynalite's validation tests against DynamoDB: empty or
// multi-typed values, NULL false, empty SS and BS are prefixed; numbers, empty NS and
// duplicates are not).
ApiError StartKeyValueError(ApiError error) {
  if (error.code() != ErrorCode::kValidation) return error;
  const std::string& m = error.message();
  const bool prefixed = m.starts_with("Supplied AttributeValue") ||
                        m.ends_with("Null attribute value types must have the value of true") ||
                        m.ends_with("An string set  may not be empty") ||
                        m.ends_with("Binary sets should not be empty");
  if (!prefixed) return error;
  return ApiError::Validation("The provided starting key is invalid: " + m);
}

Result<std::optional<std::vector<expr::FilterEntry>>> ParseFilter(const rapidjson::Value* json) {
  if (json == nullptr) return std::optional<std::vector<expr::FilterEntry>>();
  DDBEMU_ASSIGN_OR_RETURN(auto entries, ParseFilterEntries(*json));
  return std::optional<std::vector<expr::FilterEntry>>(std::move(entries));
}

Status ParseExpressionMaps(const ReadMembers& members, ReadParameters* out) {
  if (const rapidjson::Value* names = members.names; names != nullptr && names->IsObject()) {
    out->has_names = true;
    for (const auto& m : names->GetObject()) {
      if (m.value.IsString()) out->names.emplace(View(m.name), View(m.value));
    }
  }
  if (const rapidjson::Value* values = members.values) {
    out->has_values = true;
    DDBEMU_ASSIGN_OR_RETURN(out->values, ExpressionValueMapFromJson(*values));
  }
  return Status::Ok();
}

// `filter`: the legacy filter member of the operation (QueryFilter or ScanFilter).
Status ParseReadParameters(const ReadMembers& m, const rapidjson::Value* filter,
                           ReadParameters* out) {
  if (std::optional<std::string> table = StringOf(m.table_name)) {
    out->table_name = std::move(*table);
  }
  out->index_name = StringOf(m.index_name);
  out->select = ParseSelect(m.select);
  out->limit = IntOf(m.limit);
  out->consistent_read = BoolOf(m.consistent_read).value_or(false);
  out->return_consumed_capacity = ReturnConsumedCapacityOf(m.return_consumed_capacity);
  out->filter_expression = StringOf(m.filter_expression);
  out->projection_expression = StringOf(m.projection_expression);
  out->conditional_operator = StringOf(m.conditional_operator);
  if (m.attributes_to_get != nullptr) {
    out->attributes_to_get = ParseAttributesToGet(*m.attributes_to_get);
  }
  DDBEMU_ASSIGN_OR_RETURN(out->filter, ParseFilter(filter));
  DDBEMU_RETURN_IF_ERROR(ParseExpressionMaps(m, out));
  if (const rapidjson::Value* start = m.exclusive_start_key) {
    Result<Item> key = ItemFromJson(*start);
    if (!key.ok()) return StartKeyValueError(std::move(key).error());
    out->exclusive_start_key = std::move(key).value();
  }
  return Status::Ok();
}

void WriteUnits(std::string_view member, double units, JsonWriter& w) {
  w.Key(member.data(), static_cast<rapidjson::SizeType>(member.size()));
  w.StartObject();
  w.Key("CapacityUnits");
  w.Double(units);
  w.EndObject();
}

// {"TableName", "CapacityUnits"} and, for INDEXES, "Table" and the index read under
// "GlobalSecondaryIndexes" or "LocalSecondaryIndexes", as the service shapes them.
void WriteConsumedCapacity(const ReadConsumedCapacity& c, JsonWriter& w) {
  w.Key("ConsumedCapacity");
  w.StartObject();
  w.Key("TableName");
  WriteString(c.table_name, w);
  w.Key("CapacityUnits");
  w.Double(c.capacity_units);
  if (c.with_parts) {
    WriteUnits("Table", c.table_units, w);
    if (c.index_name) {
      w.Key(c.index_is_local ? "LocalSecondaryIndexes" : "GlobalSecondaryIndexes");
      w.StartObject();
      WriteUnits(*c.index_name, c.index_units, w);
      w.EndObject();
    }
  }
  w.EndObject();
}

// Items in their storage encoding: the whole body is written into one buffer (response_text.h),
// the items' JSON straight from their bytes, with the members the Writer path writes, in its
// order.
void RenderEncodedRead(const ReadResponse& response, std::string& out) {
  // Stored items grow by about 40% as JSON (names and values are copied; the punctuation and
  // type tags outweigh the lengths and tags): reserved with room to spare, never regrown.
  JsonText text(out, response.encoded_items.size() * 2 + 256);
  text.Reserve(16);
  text.PutLiteral("{\"Items\":[");
  const std::string_view items(response.encoded_items);
  std::size_t offset = 0;
  for (std::size_t i = 0; i < response.encoded_item_sizes.size(); ++i) {
    if (i > 0) text.Put(',');  // AppendEncodedItemJson leaves room
    const std::uint32_t size = response.encoded_item_sizes[i];
    itemcodec::AppendEncodedItemJson(items.substr(offset, size), text);
    offset += size;
  }
  text.Reserve(16);
  text.PutLiteral("],\"Count\":");
  AppendInt64(response.count, text);
  text.Reserve(16);
  text.PutLiteral(",\"ScannedCount\":");
  AppendInt64(response.scanned_count, text);
  if (response.last_evaluated_key) {
    rapidjson::StringBuffer key;
    JsonWriter w(key);
    WriteItem(*response.last_evaluated_key, w);
    text.Reserve(24);
    text.PutLiteral(",\"LastEvaluatedKey\":");
    text.Append(std::string_view(key.GetString(), key.GetSize()));
  }
  if (response.consumed_capacity) {
    text.Reserve(1);
    text.Put(',');
    AppendConsumedCapacity(*response.consumed_capacity, text);
  }
  text.Reserve(1);
  text.Put('}');
  text.Finish();
}

}  // namespace

Result<QueryRequest> ParseQuery(const rapidjson::Value& body) {
  QueryRequest request;
  const ReadMembers members = FindReadMembers(body);
  DDBEMU_RETURN_IF_ERROR(ParseReadParameters(members, members.query_filter, &request.read));
  request.read.encoded_response = true;
  request.scan_index_forward = BoolOf(members.scan_index_forward).value_or(true);
  request.key_condition_expression = StringOf(members.key_condition_expression);
  DDBEMU_ASSIGN_OR_RETURN(request.key_conditions, ParseFilter(members.key_conditions));
  return request;
}

Result<ScanRequest> ParseScan(const rapidjson::Value& body) {
  ScanRequest request;
  const ReadMembers members = FindReadMembers(body);
  DDBEMU_RETURN_IF_ERROR(ParseReadParameters(members, members.scan_filter, &request.read));
  request.read.encoded_response = true;
  request.segment = IntOf(members.segment);
  request.total_segments = IntOf(members.total_segments);
  return request;
}

namespace {

bool IsEncodedRead(const ReadResponse& response) {
  return !response.count_only && !response.encoded_item_sizes.empty();
}

}  // namespace

void RenderRead(const ReadResponse& response, std::string& out) {
  out.clear();
  if (IsEncodedRead(response)) return RenderEncodedRead(response, out);
  out = RenderRead(response);
}

std::string RenderRead(const ReadResponse& response) {
  if (IsEncodedRead(response)) {
    std::string out;
    RenderEncodedRead(response, out);
    return out;
  }
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  if (!response.count_only) {
    w.Key("Items");
    w.StartArray();
    for (const Item& item : response.items) WriteItem(item, w);
    w.EndArray();
  }
  w.Key("Count");
  w.Int64(response.count);
  w.Key("ScannedCount");
  w.Int64(response.scanned_count);
  if (response.last_evaluated_key) {
    w.Key("LastEvaluatedKey");
    WriteItem(*response.last_evaluated_key, w);
  }
  if (response.consumed_capacity) WriteConsumedCapacity(*response.consumed_capacity, w);
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
