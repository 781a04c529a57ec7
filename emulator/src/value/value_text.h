// DynamoDB JSON text of values and items, written with a plain loop and no JSON library: what
// operator<< and ToJson (ddbemu/json.h) print, and the labels the capacity report and the audit
// name keys by ({"pk":{"S":"user#1"}}). The value layer has no JSON writer (docs/architecture.md);
// the responses' fast writer is value_json/json_text.h. The text is byte for byte what the codec's
// WriteItem writes for the same item (tests/unit/value_json/value_text_test.cc compares the two).
#pragma once

#include <string>
#include <string_view>

#include "ddbemu/attribute_value.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// Appends `value` in DynamoDB JSON: {"S":"x"}, {"N":"1"}, {"B":"<base64>"}, {"BOOL":true},
// {"NULL":true}, {"M":{...}}, {"L":[...]}, {"SS":[...]}, ... Set members in their stored order.
// Iterative: a value nested however deep prints without deep recursion.
void AppendValueJson(const AttributeValue& value, std::string& out);
// Appends `item` as an attribute map, {"name":<value>,...}, in name order.
void AppendItemJson(const Item& item, std::string& out);

// A key's label: the DynamoDB JSON text of a partition (or primary) key, as the capacity report
// names a hot key (ddbemu/capacity_report.h, KeyCapacity::key).
inline std::string KeyLabel(const Item& key) {
  std::string out;
  AppendItemJson(key, out);
  return out;
}

// Appends `s` as a JSON string exactly as RapidJSON's Writer writes it: '"' and '\' escaped,
// control characters as \b \t \n \f \r or \u00XX (upper-case hex), every other byte as it is.
void AppendJsonString(std::string_view s, std::string& out);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
