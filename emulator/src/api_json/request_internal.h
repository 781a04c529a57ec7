// Pieces of the request validator shared by its translation units (not a public header):
// the deserialization type check and the Java-style rendering of values and type names that
// the service's messages contain.
#pragma once

#include <rapidjson/document.h>

#include <cstddef>
#include <string>
#include <string_view>

#include "api/api_model.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::request_internal {

// Where a value sits, which changes the service's wording for a scalar in the wrong place:
// a structure member ("Unexpected field type") or a list element / map value.
enum class Position { kField, kElement };

// Deserialization stage: the first JSON type mismatch under `value` (which is not null), in
// document order, as a SerializationException.
Status CheckTypes(const api_model::Shape& shape, const rapidjson::Value& value, Position position);

// Appends `value` as the service renders it after "Value '" in a constraint message, i.e. as
// Java's toString of the deserialized object: strings raw, lists [a, b], maps {k=v},
// structures Name(member=value, ...), null as null.
void AppendValue(const api_model::Shape& shape, const rapidjson::Value& value, std::string& out);

// Appends the Java type the service deserializes `shape` into, e.g. "java.lang.String",
// "java.util.List<com.amazonaws.dynamodb.v20120810.WriteRequest>".
void AppendJavaType(const api_model::Shape& shape, std::string& out);

// Whether `body` holds a \u escape of a lone low surrogate ("\udc00"), which RapidJSON decodes
// into bytes that are not UTF-8 (it refuses a lone high one itself). Assumes JSON text: only
// strings hold backslashes.
bool HasLoneLowSurrogateEscape(std::string_view body);

// The number as Java's Long/Integer sees it: JSON decimals are truncated toward zero and
// out-of-range values saturate.
int64_t AsInt64(const rapidjson::Value& number);

// Appends `d` as Java's Double.toString writes it ("1.5", "100.0", "1.0E10").
void AppendJavaDouble(double d, std::string& out);

// "TableName" -> "tableName": how the service names members in constraint paths.
void AppendLowerFirst(std::string_view name, std::string& out);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::request_internal
