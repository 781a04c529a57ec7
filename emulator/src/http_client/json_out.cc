#include "http_client/json_out.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {

void WriteNames(JsonWriter& w, const ExpressionAttributeNames& names) {
  if (names.empty()) return;
  Key(w, "ExpressionAttributeNames");
  w.StartObject();
  for (const auto& [placeholder, name] : names) Member(w, placeholder, std::string_view(name));
  w.EndObject();
}

void WriteValues(JsonWriter& w, const ExpressionAttributeValues& values) {
  if (values.empty()) return;
  ItemMember(w, "ExpressionAttributeValues", values);
}

void WriteReturnValues(JsonWriter& w, ReturnValue v) {
  static constexpr std::string_view kNames[] = {"NONE", "ALL_OLD", "UPDATED_OLD", "ALL_NEW",
                                                "UPDATED_NEW"};
  if (v != ReturnValue::kNone) Member(w, "ReturnValues", kNames[static_cast<int>(v)]);
}

void WriteReturnConsumedCapacity(JsonWriter& w, ReturnConsumedCapacity v) {
  if (v == ReturnConsumedCapacity::kNone) return;
  Member(w, "ReturnConsumedCapacity", v == ReturnConsumedCapacity::kTotal ? "TOTAL" : "INDEXES");
}

void WriteReturnItemCollectionMetrics(JsonWriter& w, ReturnItemCollectionMetrics v) {
  if (v == ReturnItemCollectionMetrics::kSize) Member(w, "ReturnItemCollectionMetrics", "SIZE");
}

void WriteReturnValuesOnConditionCheckFailure(JsonWriter& w,
                                              ReturnValuesOnConditionCheckFailure v) {
  if (v == ReturnValuesOnConditionCheckFailure::kAllOld)
    Member(w, "ReturnValuesOnConditionCheckFailure", "ALL_OLD");
}

void WriteConditionalOperator(JsonWriter& w, const std::optional<ConditionalOperator>& v) {
  if (v) Member(w, "ConditionalOperator", *v == ConditionalOperator::kOr ? "OR" : "AND");
}

void WriteSelect(JsonWriter& w, const std::optional<Select>& v) {
  static constexpr std::string_view kNames[] = {"ALL_ATTRIBUTES", "ALL_PROJECTED_ATTRIBUTES",
                                                "SPECIFIC_ATTRIBUTES", "COUNT"};
  if (v) Member(w, "Select", kNames[static_cast<int>(*v)]);
}

namespace {

void ValueList(JsonWriter& w, const std::vector<AttributeValue>& values) {
  Key(w, "AttributeValueList");
  w.StartArray();
  for (const AttributeValue& v : values) WriteAttributeValue(v, w);
  w.EndArray();
}

}  // namespace

void WriteExpected(JsonWriter& w, const std::optional<ExpectedAttributes>& expected) {
  if (!expected) return;
  Key(w, "Expected");
  w.StartObject();
  for (const auto& [name, e] : *expected) {
    Key(w, name);
    w.StartObject();
    if (e.value) {
      Key(w, "Value");
      WriteAttributeValue(*e.value, w);
    }
    if (e.exists) {
      Key(w, "Exists");
      w.Bool(*e.exists);
    }
    if (e.comparison_operator)
      Member(w, "ComparisonOperator", ComparisonOperatorName(*e.comparison_operator));
    if (e.attribute_value_list) ValueList(w, *e.attribute_value_list);
    w.EndObject();
  }
  w.EndObject();
}

void WriteConditions(JsonWriter& w, std::string_view key, const std::optional<ConditionMap>& map) {
  if (!map) return;
  Key(w, key);
  w.StartObject();
  for (const auto& [name, c] : *map) {
    Key(w, name);
    w.StartObject();
    // An SDK leaves an empty list out (NULL, NOT_NULL take no operand).
    if (!c.attribute_value_list.empty()) ValueList(w, c.attribute_value_list);
    Member(w, "ComparisonOperator", ComparisonOperatorName(c.comparison_operator));
    w.EndObject();
  }
  w.EndObject();
}

void WriteAttributeUpdates(JsonWriter& w, const std::optional<AttributeUpdates>& updates) {
  if (!updates) return;
  static constexpr std::string_view kActions[] = {"PUT", "ADD", "DELETE"};
  Key(w, "AttributeUpdates");
  w.StartObject();
  for (const auto& [name, u] : *updates) {
    Key(w, name);
    w.StartObject();
    if (u.value) {
      Key(w, "Value");
      WriteAttributeValue(*u.value, w);
    }
    Member(w, "Action", kActions[static_cast<int>(u.action)]);
    w.EndObject();
  }
  w.EndObject();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
