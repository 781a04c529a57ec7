// SearchVectors JSON: the request into api::SearchVectorsRequest, the result as the service
// writes it — {"ConsumedCapacity": {"VectorSearchRequestBytes": n}, "SearchResults": [{"Item":
// ..., "Score": s}, ...]} (the VectorCapacity shape, not a table's ConsumedCapacity).
#include <charconv>

#include "api_json/fast_parse.h"
#include "api_json/json_read.h"
#include "api_json/operation_codecs.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {

Result<SearchVectorsRequest> ParseSearchVectors(const rapidjson::Value& body) {
  SearchVectorsRequest request;
  request.table_name = StringOr(body, "TableName", "");
  request.index_name = StringOr(body, "IndexName", "");
  if (const rapidjson::Value* list = Member(body, "SearchVector"); list && list->IsArray()) {
    for (const auto& element : list->GetArray()) {
      Result<AttributeValue> value = AttributeValueFromJson(element);
      if (!value.ok()) {  // the search endpoint's one word for any value it cannot use
        return ApiError::Validation(
            "Search vector contains invalid values. All values in the search vector must be a "
            "32-bit floating-point number attribute");
      }
      request.search_vector.push_back(std::move(*value));
    }
  }
  request.top_k = IntMember(body, "TopK").value_or(0);
  request.search_condition_expression = StringMember(body, "SearchConditionExpression");
  request.projection_expression = StringMember(body, "ProjectionExpression");
  if (const rapidjson::Value* names = Member(body, "ExpressionAttributeNames");
      names != nullptr && names->IsObject()) {
    request.has_names = true;
    for (const auto& m : names->GetObject()) {
      if (m.value.IsString()) request.names.emplace(View(m.name), View(m.value));
    }
  }
  if (const rapidjson::Value* values = Member(body, "ExpressionAttributeValues")) {
    request.has_values = true;
    DDBEMU_ASSIGN_OR_RETURN(request.values, ExpressionValueMapFromJson(*values));
  }
  request.return_consumed_capacity = ParseReturnConsumedCapacity(body);
  return request;
}

std::string RenderSearchVectors(const SearchVectorsResult& result) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  if (result.search_request_bytes) {
    w.Key("ConsumedCapacity");
    w.StartObject();
    w.Key("VectorSearchRequestBytes");
    w.Double(*result.search_request_bytes);
    w.EndObject();
  }
  w.Key("SearchResults");
  w.StartArray();
  for (const SearchVectorsResult::Hit& hit : result.results) {
    w.StartObject();
    w.Key("Item");
    WriteItem(hit.item, w);
    w.Key("Score");
    // The score was computed in floats: its shortest float text, not the double's digits.
    char text[32];
    const auto [end, ec] = std::to_chars(text, text + sizeof text, static_cast<float>(hit.score));
    w.RawValue(text, static_cast<rapidjson::SizeType>(end - text), rapidjson::kNumberType);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return BufferText(buffer);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
