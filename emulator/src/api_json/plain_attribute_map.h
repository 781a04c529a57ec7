// The attribute maps of a typical request (a GetItem's Key, a Query's ExpressionAttributeValues)
// read without the general codec's passes: when every value is a single S or N member holding a
// JSON string, the serialization check, the nesting check and the member walk of
// ItemFromJson (value_json/json_codec.h) can have only one outcome, so the map is built
// directly. Any other map is left to the codec, which then reports whatever is wrong in the
// service's order.
#pragma once

#include <rapidjson/document.h>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"

namespace ddbemu::api::json {

// True, with `*out` as ItemFromJson(json) would return it (and as ExpressionValuesFromJson,
// which differs only in error wording), when `json` is an object whose every member value is
// {"S": "<string>"} or {"N": "<number>"} with a number the codec accepts. False otherwise,
// `*out` then unspecified: call the codec.
bool ReadPlainAttributeMap(const rapidjson::Value& json, Item* out);

// ItemFromJson and ExpressionValuesFromJson (value_json/json_codec.h) with the fast path first:
// the same result and the same error for every input.
Result<Item> AttributeMapFromJson(const rapidjson::Value& json);
Result<Item> ExpressionValueMapFromJson(const rapidjson::Value& json);

}  // namespace ddbemu::api::json
