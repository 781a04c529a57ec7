// Small helpers for writing request bodies: members that are written only when the request
// sets them, as the AWS SDKs leave unset members out, and the API's names for the model's enums.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/model/common.h"
#include "ddbemu/model/reads.h"
#include "ddbemu/version.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {

// A JsonWriter over its own buffer.
class JsonOut {
 public:
  JsonOut() : w(buffer_) {}
  std::string Take() { return std::string(buffer_.GetString(), buffer_.GetSize()); }

 private:
  rapidjson::StringBuffer buffer_;

 public:
  JsonWriter w;
};

inline void Str(JsonWriter& w, std::string_view s) {
  w.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
}
inline void Key(JsonWriter& w, std::string_view k) {
  w.Key(k.data(), static_cast<rapidjson::SizeType>(k.size()));
}
inline void Member(JsonWriter& w, std::string_view k, std::string_view value) {
  Key(w, k);
  Str(w, value);
}
inline void Member(JsonWriter& w, std::string_view k, const std::string& value) {
  Member(w, k, std::string_view(value));
}
inline void Member(JsonWriter& w, std::string_view k, const char* value) {
  Member(w, k, std::string_view(value));
}
inline void Member(JsonWriter& w, std::string_view k, const std::optional<std::string>& value) {
  if (value) Member(w, k, std::string_view(*value));
}
inline void Member(JsonWriter& w, std::string_view k, const std::optional<std::int64_t>& value) {
  if (!value) return;
  Key(w, k);
  w.Int64(*value);
}
inline void ItemMember(JsonWriter& w, std::string_view k, const Item& item) {
  Key(w, k);
  WriteItem(item, w);
}
inline void StringList(JsonWriter& w, std::string_view k, const std::vector<std::string>& list) {
  Key(w, k);
  w.StartArray();
  for (const std::string& s : list) Str(w, s);
  w.EndArray();
}

// ExpressionAttributeNames / ExpressionAttributeValues: empty maps are left out, which is what
// an SDK sends for an unset map (the model treats empty and absent alike).
void WriteNames(JsonWriter& w, const ExpressionAttributeNames& names);
void WriteValues(JsonWriter& w, const ExpressionAttributeValues& values);

// Enums: written only when not the service's default (NONE), as an SDK leaves them unset.
void WriteReturnValues(JsonWriter& w, ReturnValue v);
void WriteReturnConsumedCapacity(JsonWriter& w, ReturnConsumedCapacity v);
void WriteReturnItemCollectionMetrics(JsonWriter& w, ReturnItemCollectionMetrics v);
void WriteReturnValuesOnConditionCheckFailure(JsonWriter& w, ReturnValuesOnConditionCheckFailure v);
void WriteConditionalOperator(JsonWriter& w, const std::optional<ConditionalOperator>& v);
void WriteSelect(JsonWriter& w, const std::optional<Select>& v);

// The legacy parameters, in the request's order.
void WriteExpected(JsonWriter& w, const std::optional<ExpectedAttributes>& expected);
void WriteConditions(JsonWriter& w, std::string_view key, const std::optional<ConditionMap>& map);
void WriteAttributeUpdates(JsonWriter& w, const std::optional<AttributeUpdates>& updates);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
