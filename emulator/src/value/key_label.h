// A key's label: the DynamoDB JSON text of a partition (or primary) key, {"pk":{"S":"user#1"}},
// as the capacity report names a hot key (ddbemu/capacity_report.h, KeyCapacity::key). It is
// the one piece of JSON text the value layer writes, with a plain loop of its own and no JSON
// writer, because the capacity layer under the codec names keys with it (docs/architecture.md);
// the JSON writers live in value_json/. The text is byte for byte what the codec's WriteItem
// writes for the same key (tests/unit/value_json/key_label_test.cc compares the two).
#pragma once

#include <string>
#include <string_view>

#include "ddbemu/attribute_value.h"

namespace ddbemu {

// The attributes of `key` in name order. A key attribute is S, N or B (B in base64); an
// attribute of another type, which no key holds, is written as {"NULL":true}.
std::string KeyLabel(const Item& key);

// Appends `s` as a JSON string exactly as RapidJSON's Writer writes it: '"' and '\' escaped,
// control characters as \b \t \n \f \r or \u00XX (upper-case hex), every other byte as it is.
// For labels: the responses' fast writer is JsonText::String (value_json/json_text.h).
void AppendJsonString(std::string_view s, std::string& out);

}  // namespace ddbemu
