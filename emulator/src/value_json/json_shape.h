// The SerializationException half of reading DynamoDB JSON: is every member of an
// AttributeValue the JSON type its shape requires? The service deserializes a request before it
// validates anything, so these errors win over every ValidationException.
#pragma once

#include <rapidjson/document.h>

#include <optional>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::jsonshape {

// The type a member name of an AttributeValue object selects ("S" -> kS, ...), if any. Other
// member names are ignored, as the service ignores unknown members.
std::optional<AttributeType> TypeOfMember(std::string_view name);

// Checks one AttributeValue as it appears inside an item, a list or a map ("ValueStruct").
// JSON null passes (it is a validation error, reported later in order).
std::optional<ApiError> CheckValue(const rapidjson::Value& json);
// Checks a map of AttributeValues (an Item, a Key, an M value's body).
std::optional<ApiError> CheckMap(const rapidjson::Value& json);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::jsonshape
