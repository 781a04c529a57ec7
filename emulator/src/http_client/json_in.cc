#include "http_client/json_in.h"

#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {

ApiError Malformed(std::string_view what) {
  return ApiError::InternalServerError("Malformed response from the endpoint: " +
                                       std::string(what));
}

Status ParseObject(std::string_view body, rapidjson::Document& doc) {
  doc.Parse(body.data(), body.size());
  if (doc.HasParseError() || !doc.IsObject()) return Malformed("the body is not a JSON object");
  return Status::Ok();
}

const Json* Find(const Json& object, std::string_view name) {
  if (!object.IsObject()) return nullptr;
  const auto it =
      object.FindMember(Json(name.data(), static_cast<rapidjson::SizeType>(name.size())));
  if (it == object.MemberEnd() || it->value.IsNull()) return nullptr;
  return &it->value;
}

namespace {

ApiError WrongType(std::string_view name, std::string_view expected) {
  return Malformed(std::string(name) + " is not " + std::string(expected));
}

}  // namespace

Result<std::optional<std::string>> OptString(const Json& object, std::string_view name) {
  const Json* v = Find(object, name);
  if (v == nullptr) return std::optional<std::string>();
  if (!v->IsString()) return WrongType(name, "a string");
  return std::optional<std::string>(std::string(v->GetString(), v->GetStringLength()));
}

Result<std::string> String(const Json& object, std::string_view name) {
  DDBEMU_ASSIGN_OR_RETURN(std::optional<std::string> s, OptString(object, name));
  return s.value_or(std::string());
}

Result<std::optional<std::int64_t>> OptInt(const Json& object, std::string_view name) {
  const Json* v = Find(object, name);
  if (v == nullptr) return std::optional<std::int64_t>();
  if (v->IsInt64()) return std::optional<std::int64_t>(v->GetInt64());
  if (v->IsUint64()) return std::optional<std::int64_t>(static_cast<std::int64_t>(v->GetUint64()));
  if (v->IsDouble()) return std::optional<std::int64_t>(static_cast<std::int64_t>(v->GetDouble()));
  return WrongType(name, "a number");
}

Result<std::int64_t> Int(const Json& object, std::string_view name) {
  DDBEMU_ASSIGN_OR_RETURN(std::optional<std::int64_t> n, OptInt(object, name));
  return n.value_or(0);
}

Result<std::optional<double>> OptDouble(const Json& object, std::string_view name) {
  const Json* v = Find(object, name);
  if (v == nullptr) return std::optional<double>();
  if (!v->IsNumber()) return WrongType(name, "a number");
  return std::optional<double>(v->GetDouble());
}

Result<std::optional<bool>> OptBool(const Json& object, std::string_view name) {
  const Json* v = Find(object, name);
  if (v == nullptr) return std::optional<bool>();
  if (!v->IsBool()) return WrongType(name, "a boolean");
  return std::optional<bool>(v->GetBool());
}

Result<std::vector<std::string>> Strings(const Json& object, std::string_view name) {
  std::vector<std::string> out;
  const Json* v = Find(object, name);
  if (v == nullptr) return out;
  if (!v->IsArray()) return WrongType(name, "a list");
  for (const Json& s : v->GetArray()) {
    if (!s.IsString()) return WrongType(name, "a list of strings");
    out.emplace_back(s.GetString(), s.GetStringLength());
  }
  return out;
}

Result<std::optional<Item>> OptItem(const Json& object, std::string_view name) {
  const Json* v = Find(object, name);
  if (v == nullptr) return std::optional<Item>();
  if (!v->IsObject()) return WrongType(name, "an attribute map");
  Result<Item> item = ItemFromJson(*v);
  if (!item.ok()) return Malformed(std::string(name) + ": " + item.error().message());
  return std::optional<Item>(std::move(item).value());
}

Result<std::vector<Item>> Items(const Json& object, std::string_view name) {
  std::vector<Item> out;
  const Json* v = Find(object, name);
  if (v == nullptr) return out;
  if (!v->IsArray()) return WrongType(name, "a list");
  for (const Json& entry : v->GetArray()) {
    if (!entry.IsObject()) return WrongType(name, "a list of attribute maps");
    Result<Item> item = ItemFromJson(entry);
    if (!item.ok()) return Malformed(std::string(name) + ": " + item.error().message());
    out.push_back(std::move(item).value());
  }
  return out;
}

namespace {

Result<Capacity> CapacityFrom(const Json& json) {
  if (!json.IsObject()) return WrongType("Capacity", "an object");
  Capacity c;
  DDBEMU_ASSIGN_OR_RETURN(std::optional<double> units, OptDouble(json, "CapacityUnits"));
  c.capacity_units = units.value_or(0);
  DDBEMU_ASSIGN_OR_RETURN(c.read_capacity_units, OptDouble(json, "ReadCapacityUnits"));
  DDBEMU_ASSIGN_OR_RETURN(c.write_capacity_units, OptDouble(json, "WriteCapacityUnits"));
  return c;
}

Result<std::map<std::string, Capacity>> CapacityMap(const Json& object, std::string_view name) {
  std::map<std::string, Capacity> out;
  const Json* v = Find(object, name);
  if (v == nullptr) return out;
  if (!v->IsObject()) return WrongType(name, "a map");
  for (const auto& m : v->GetObject()) {
    DDBEMU_ASSIGN_OR_RETURN(Capacity c, CapacityFrom(m.value));
    out.emplace(std::string(m.name.GetString(), m.name.GetStringLength()), c);
  }
  return out;
}

}  // namespace

Result<ConsumedCapacity> ConsumedCapacityFrom(const Json& json) {
  if (!json.IsObject()) return WrongType("ConsumedCapacity", "an object");
  ConsumedCapacity c;
  DDBEMU_ASSIGN_OR_RETURN(c.table_name, String(json, "TableName"));
  DDBEMU_ASSIGN_OR_RETURN(std::optional<double> units, OptDouble(json, "CapacityUnits"));
  c.capacity_units = units.value_or(0);
  DDBEMU_ASSIGN_OR_RETURN(c.read_capacity_units, OptDouble(json, "ReadCapacityUnits"));
  DDBEMU_ASSIGN_OR_RETURN(c.write_capacity_units, OptDouble(json, "WriteCapacityUnits"));
  if (const Json* table = Find(json, "Table")) {
    DDBEMU_ASSIGN_OR_RETURN(Capacity t, CapacityFrom(*table));
    c.table = t;
  }
  DDBEMU_ASSIGN_OR_RETURN(c.local_secondary_indexes, CapacityMap(json, "LocalSecondaryIndexes"));
  DDBEMU_ASSIGN_OR_RETURN(c.global_secondary_indexes, CapacityMap(json, "GlobalSecondaryIndexes"));
  if (const Json* vectors = Find(json, "VectorIndexes")) {
    if (!vectors->IsObject()) return WrongType("VectorIndexes", "an object");
    for (const auto& entry : vectors->GetObject()) {
      if (!entry.value.IsObject()) return WrongType("VectorIndexes", "a map of objects");
      VectorCapacity& v =
          c.vector_indexes[std::string(entry.name.GetString(), entry.name.GetStringLength())];
      DDBEMU_ASSIGN_OR_RETURN(v.vector_search_request_bytes,
                              OptDouble(entry.value, "VectorSearchRequestBytes"));
      DDBEMU_ASSIGN_OR_RETURN(v.vector_write_request_bytes,
                              OptDouble(entry.value, "VectorWriteRequestBytes"));
    }
  }
  return c;
}

Result<std::optional<ConsumedCapacity>> OptConsumedCapacity(const Json& object) {
  const Json* v = Find(object, "ConsumedCapacity");
  if (v == nullptr) return std::optional<ConsumedCapacity>();
  DDBEMU_ASSIGN_OR_RETURN(ConsumedCapacity c, ConsumedCapacityFrom(*v));
  return std::optional<ConsumedCapacity>(std::move(c));
}

Result<std::vector<ConsumedCapacity>> ConsumedCapacityList(const Json& object) {
  std::vector<ConsumedCapacity> out;
  const Json* v = Find(object, "ConsumedCapacity");
  if (v == nullptr) return out;
  if (!v->IsArray()) return WrongType("ConsumedCapacity", "a list");
  for (const Json& entry : v->GetArray()) {
    DDBEMU_ASSIGN_OR_RETURN(ConsumedCapacity c, ConsumedCapacityFrom(entry));
    out.push_back(std::move(c));
  }
  return out;
}

Result<ItemCollectionMetrics> ItemCollectionMetricsFrom(const Json& json) {
  if (!json.IsObject()) return WrongType("ItemCollectionMetrics", "an object");
  ItemCollectionMetrics m;
  DDBEMU_ASSIGN_OR_RETURN(std::optional<Item> key, OptItem(json, "ItemCollectionKey"));
  if (key) m.item_collection_key = std::move(*key);
  if (const Json* range = Find(json, "SizeEstimateRangeGB")) {
    if (!range->IsArray()) return WrongType("SizeEstimateRangeGB", "a list");
    for (const Json& n : range->GetArray()) {
      if (!n.IsNumber()) return WrongType("SizeEstimateRangeGB", "a list of numbers");
      m.size_estimate_range_gb.push_back(n.GetDouble());
    }
  }
  return m;
}

Result<std::optional<ItemCollectionMetrics>> OptItemCollectionMetrics(const Json& object) {
  const Json* v = Find(object, "ItemCollectionMetrics");
  if (v == nullptr) return std::optional<ItemCollectionMetrics>();
  DDBEMU_ASSIGN_OR_RETURN(ItemCollectionMetrics m, ItemCollectionMetricsFrom(*v));
  return std::optional<ItemCollectionMetrics>(std::move(m));
}

Result<std::map<std::string, std::vector<ItemCollectionMetrics>>> ItemCollectionMetricsMap(
    const Json& object) {
  std::map<std::string, std::vector<ItemCollectionMetrics>> out;
  const Json* v = Find(object, "ItemCollectionMetrics");
  if (v == nullptr) return out;
  if (!v->IsObject()) return WrongType("ItemCollectionMetrics", "a map");
  for (const auto& table : v->GetObject()) {
    if (!table.value.IsArray()) return WrongType("ItemCollectionMetrics", "a map of lists");
    auto& list = out[std::string(table.name.GetString(), table.name.GetStringLength())];
    for (const Json& entry : table.value.GetArray()) {
      DDBEMU_ASSIGN_OR_RETURN(ItemCollectionMetrics m, ItemCollectionMetricsFrom(entry));
      list.push_back(std::move(m));
    }
  }
  return out;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
