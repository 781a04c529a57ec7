// SearchVectors as JSON; see json_client.h. The response's ConsumedCapacity is the VectorCapacity
// shape (VectorSearchRequestBytes), not a table's ConsumedCapacity.
#include "http_client/json_client.h"
#include "http_client/json_in.h"
#include "http_client/json_out.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {

std::string ToJson(const SearchVectorsRequest& r) {
  JsonOut out;
  JsonWriter& w = out.w;
  w.StartObject();
  Member(w, "TableName", r.table_name);
  Member(w, "IndexName", r.index_name);
  WriteReturnConsumedCapacity(w, r.return_consumed_capacity);
  WriteNames(w, r.expression_attribute_names);
  WriteValues(w, r.expression_attribute_values);
  Member(w, "ProjectionExpression", r.projection_expression);
  Key(w, "SearchVector");
  w.StartArray();
  for (const AttributeValue& value : r.search_vector) WriteAttributeValue(value, w);
  w.EndArray();
  Member(w, "SearchConditionExpression", r.search_condition_expression);
  Key(w, "TopK");
  w.Int64(r.top_k);
  w.EndObject();
  return out.Take();
}

Status FromJson(std::string_view body, SearchVectorsResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  if (const Json* results = Find(doc, "SearchResults")) {
    if (!results->IsArray()) return Malformed("SearchResults is not a list");
    for (const Json& entry : results->GetArray()) {
      if (!entry.IsObject()) return Malformed("SearchResults holds a non-object");
      SearchResultItem result;
      DDBEMU_ASSIGN_OR_RETURN(auto item, OptItem(entry, "Item"));
      if (item) result.item = std::move(*item);
      DDBEMU_ASSIGN_OR_RETURN(auto score, OptDouble(entry, "Score"));
      result.score = score.value_or(0);
      out.search_results.push_back(std::move(result));
    }
  }
  if (const Json* capacity = Find(doc, "ConsumedCapacity")) {
    if (!capacity->IsObject()) return Malformed("ConsumedCapacity is not an object");
    VectorCapacity vector;
    DDBEMU_ASSIGN_OR_RETURN(vector.vector_search_request_bytes,
                            OptDouble(*capacity, "VectorSearchRequestBytes"));
    DDBEMU_ASSIGN_OR_RETURN(vector.vector_write_request_bytes,
                            OptDouble(*capacity, "VectorWriteRequestBytes"));
    out.consumed_capacity = vector;
  }
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
