// DynamoDB JSON of values and items, the form the service's wire protocol, `aws dynamodb` and
// the AWS consoles use: {"S":"x"}, {"N":"1"}, {"B":"<base64>"}, {"M":{...}}, and an item as
// {"pk":{"S":"a"},"n":{"N":"1"}}. For fixtures written as text, logs, and files exchanged with
// other tools.
//
//   auto item = ddbemu::FromJson<ddbemu::Item>(R"({"pk":{"S":"a"},"n":{"N":"1"}})");
//   if (!item) return item.error();      // a SerializationException or ValidationException
//   std::string text = ddbemu::ToJson(*item);
#pragma once

#include <string>
#include <string_view>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// The text, members of an item in name order and set members in their order, exactly as the
// service writes them in a response.
std::string ToJson(const AttributeValue& value);
std::string ToJson(const Item& item);

// Parses DynamoDB JSON text into an Item (an attribute map) or an AttributeValue, checked as the
// service checks a request's values: malformed JSON, invalid UTF-8 and wrong JSON types are
// SerializationExceptions; empty sets, duplicate members, bad numbers or base64 and nesting
// deeper than 32 levels are ValidationExceptions, with the service's messages. Numbers come back
// in canonical form. T is Item or AttributeValue.
template <class T>
Result<T> FromJson(std::string_view text);
template <>
Result<Item> FromJson<Item>(std::string_view text);
template <>
Result<AttributeValue> FromJson<AttributeValue>(std::string_view text);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
