// The plain attribute map fast path; see fast_parse.h. ItemFromJson spends about 1,000
// instructions per value on a GetItem's key (the shape check, the nesting check, then the
// member walk moving the value through several Results); for {"S": "..."} all of them decide
// nothing: a JSON string under "S" passes the shape check, S and N add no nesting level, and
// BuildValue turns the one member into AttributeValue::S of its bytes (N: of its canonical
// text, when the text is a number; otherwise the codec reports it).
#include "api_json/fast_parse.h"

#include <string_view>

#include "api_json/json_read.h"
#include "value/number.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {
namespace {

// The type of a one-member {"S": string} or {"N": string} object, or kNull for anything else.
AttributeType PlainType(const rapidjson::Value& v) {
  if (!v.IsObject() || v.MemberCount() != 1) return AttributeType::kNull;
  const auto& m = *v.MemberBegin();
  if (m.name.GetStringLength() != 1 || !m.value.IsString()) return AttributeType::kNull;
  switch (m.name.GetString()[0]) {
    case 'S':
      return AttributeType::kS;
    case 'N':
      return AttributeType::kN;
    default:
      return AttributeType::kNull;
  }
}

}  // namespace

bool ReadPlainAttributeMap(const rapidjson::Value& json, Item* out) {
  if (!json.IsObject()) return false;
  // Shapes first: nothing is built for a map the codec has to read anyway.
  for (const auto& m : json.GetObject()) {
    if (PlainType(m.value) == AttributeType::kNull) return false;
  }
  Item item;
  item.reserve(json.MemberCount());
  for (const auto& m : json.GetObject()) {
    const std::string_view text = View(m.value.MemberBegin()->value);
    if (PlainType(m.value) == AttributeType::kS) {
      // Built where it lives: one string construction for the value.
      const detail::ScalarBytes bytes{AttributeType::kS, text};
      auto [it, added] = item.try_emplace(View(m.name), bytes);
      // A repeated name keeps its last value, as the codec's insert_or_assign does.
      if (!added) it->second = AttributeValue(bytes);
      continue;
    }
    Result<std::string> canonical = CanonicalNumber(text);
    if (!canonical.ok()) return false;
    item.insert_or_assign(View(m.name), AttributeValue::N(std::move(canonical).value()));
  }
  *out = std::move(item);
  return true;
}

Result<Item> AttributeMapFromJson(const rapidjson::Value& json) {
  Item item;
  if (ReadPlainAttributeMap(json, &item)) return item;
  return ItemFromJson(json);
}

Result<Item> ExpressionValueMapFromJson(const rapidjson::Value& json) {
  Item values;
  if (ReadPlainAttributeMap(json, &values)) return values;
  return ExpressionValuesFromJson(json);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
