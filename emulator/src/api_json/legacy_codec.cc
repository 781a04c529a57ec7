#include "api_json/operation_codecs.h"

#include "api_json/json_read.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {
namespace {

Result<std::vector<AttributeValue>> ParseValueList(const rapidjson::Value& json) {
  std::vector<AttributeValue> values;
  if (!json.IsArray()) return values;
  for (const auto& element : json.GetArray()) {
    DDBEMU_ASSIGN_OR_RETURN(AttributeValue value, AttributeValueFromJson(element));
    values.push_back(std::move(value));
  }
  return values;
}

std::optional<expr::ComparisonOperator> OperatorMember(const rapidjson::Value& entry) {
  auto name = StringMember(entry, "ComparisonOperator");
  if (!name) return std::nullopt;
  return expr::ComparisonOperatorByName(*name);
}

}  // namespace

Result<std::vector<expr::ExpectedEntry>> ParseExpected(const rapidjson::Value& json) {
  std::vector<expr::ExpectedEntry> entries;
  if (!json.IsObject()) return entries;
  for (const auto& member : json.GetObject()) {
    expr::ExpectedEntry entry;
    entry.attribute = std::string(View(member.name));
    const rapidjson::Value& spec = member.value;
    if (const rapidjson::Value* value = Member(spec, "Value")) {
      DDBEMU_ASSIGN_OR_RETURN(entry.value, AttributeValueFromJson(*value));
    }
    entry.exists = BoolMember(spec, "Exists");
    entry.op = OperatorMember(spec);
    if (const rapidjson::Value* list = Member(spec, "AttributeValueList")) {
      DDBEMU_ASSIGN_OR_RETURN(entry.value_list, ParseValueList(*list));
    }
    entries.push_back(std::move(entry));
  }
  return entries;
}

Result<std::vector<expr::FilterEntry>> ParseFilterEntries(const rapidjson::Value& json) {
  std::vector<expr::FilterEntry> entries;
  if (!json.IsObject()) return entries;
  for (const auto& member : json.GetObject()) {
    expr::FilterEntry entry;
    entry.attribute = std::string(View(member.name));
    entry.op = OperatorMember(member.value).value_or(expr::ComparisonOperator::kEq);
    if (const rapidjson::Value* list = Member(member.value, "AttributeValueList")) {
      DDBEMU_ASSIGN_OR_RETURN(entry.values, ParseValueList(*list));
    }
    entries.push_back(std::move(entry));
  }
  return entries;
}

Result<std::vector<expr::AttributeUpdateEntry>> ParseAttributeUpdates(
    const rapidjson::Value& json) {
  std::vector<expr::AttributeUpdateEntry> entries;
  if (!json.IsObject()) return entries;
  for (const auto& member : json.GetObject()) {
    expr::AttributeUpdateEntry entry;
    entry.attribute = std::string(View(member.name));
    auto action = StringMember(member.value, "Action");
    if (action == "ADD") entry.action = expr::AttributeUpdateEntry::Action::kAdd;
    if (action == "DELETE") entry.action = expr::AttributeUpdateEntry::Action::kDelete;
    if (const rapidjson::Value* value = Member(member.value, "Value")) {
      DDBEMU_ASSIGN_OR_RETURN(entry.value, AttributeValueFromJson(*value));
    }
    entries.push_back(std::move(entry));
  }
  return entries;
}

std::vector<std::string> ParseAttributesToGet(const rapidjson::Value& json) {
  std::vector<std::string> names;
  if (!json.IsArray()) return names;
  for (const auto& element : json.GetArray()) {
    if (element.IsString()) names.emplace_back(View(element));
  }
  return names;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
