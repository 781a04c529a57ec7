// The generic first stage of request validation, for every DynamoDB operation: what the
// service's front end checks, from the API model alone, before any operation-specific rule.
//
//   1. The body is a JSON object (null, a scalar or an array is a SerializationException).
//   2. Deserialization: every member the model knows has the JSON type its shape needs. The
//      first mismatch in document order is a SerializationException worded as the service
//      words it today ("NUMBER_VALUE cannot be converted to String", "Unexpected field
//      type", ...). Unknown members are ignored; JSON null members count as absent.
//   3. Constraints over the whole tree (required, length, value range, pattern, enum), in
//      the service's member order, at most 10 listed: a ValidationException
//      "N validation error(s) detected: Value ... at 'path' failed to satisfy constraint: ...".
//
// AttributeValue positions (Key, Item, ExpressionAttributeValues, ...) are opaque here: they
// must be JSON objects, and the value codec (value_json/json_codec.h) validates their contents.
// Operation-specific checks (expressions, key schemas, ...) run after this, in ops/.
#pragma once

#include <rapidjson/document.h>

#include <string_view>

#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// Validates `body` (the parsed request JSON) against `operation`'s input shape. Returns OK,
// UnknownOperationException (empty message, as the service sends it) for an operation the
// model does not define, SerializationException for a JSON type mismatch, or
// ValidationException for constraint violations. Allocates only when it reports an error.
Status ValidateRequest(std::string_view operation, const rapidjson::Value& body);

namespace api_model {
struct Operation;  // api/api_model.h
}  // namespace api_model
// The same for `op`, the model's operation named `operation`, which the caller has looked up
// (operation_table.h finds it when the table is compiled).
Status ValidateRequest(const api_model::Operation& op, std::string_view operation,
                       const rapidjson::Value& body);

// Whether `operation` (e.g. "GetItem") is an operation of the DynamoDB API model.
bool IsKnownOperation(std::string_view operation);

// Parses a request body into `doc`. An empty or malformed body is a SerializationException
// without a message, which is how the service answers it.
Status ParseRequestBody(std::string_view body, rapidjson::Document& doc);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
