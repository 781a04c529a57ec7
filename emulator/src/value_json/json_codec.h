// AttributeValue <-> DynamoDB JSON ({"S":"x"}, {"N":"1"}, {"B":"<base64>"}, {"M":{...}}, ...).
// Parsing validates as the service does and reports its exception types and wording:
// wrong JSON types are SerializationExceptions; empty or ambiguous values, empty sets,
// duplicate set members, bad numbers, bad base64 and nesting deeper than 32 are
// ValidationExceptions.
#pragma once

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "value/text_encodings.h"  // Base64Encode / Base64Decode, for B and BS

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

using JsonWriter = rapidjson::Writer<rapidjson::StringBuffer>;

// Parses one AttributeValue object ({"S": "..."} etc.).
Result<AttributeValue> AttributeValueFromJson(const rapidjson::Value& json);
// Parses an attribute map ({"name": {"S": "..."}, ...}): an Item, a Key.
Result<Item> ItemFromJson(const rapidjson::Value& json);
// Parses ExpressionAttributeValues like ItemFromJson, but frames a value's ValidationException
// as the service does: "ExpressionAttributeValues contains invalid value: <why> for key :v".
Result<Item> ExpressionValuesFromJson(const rapidjson::Value& json);

// Only the SerializationException checks of the two functions above (JSON types, base64), so
// that the API layer can report them before any ValidationException in the request, as the
// service does (it deserializes the whole request before validating it). The functions above
// run these checks themselves too.
Status CheckAttributeValueJson(const rapidjson::Value& json);
Status CheckItemJson(const rapidjson::Value& json);

// Writes `value` / `item` in DynamoDB JSON (B and BS base64-encoded).
void WriteAttributeValue(const AttributeValue& value, JsonWriter& out);

// `s` as a JSON string (the writers of the responses' other string members use it too).
void WriteString(std::string_view s, JsonWriter& out);
// The service's time stamps: epoch seconds with millisecond precision, as a JSON number.
void WriteEpochSeconds(std::int64_t micros, JsonWriter& out);
// What a writer wrote into `buffer`, as a string.
std::string BufferText(const rapidjson::StringBuffer& buffer);
void WriteItem(const Item& item, JsonWriter& out);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
