// The service's error body back into an ApiError: the inverse of api/error_envelope.cc's
// RenderError. {"__type": "<prefix>#<Exception>", "message" (or the Coral layer's "Message"),
// "Item", "CancellationReasons": [...], "ThrottlingReasons": [...]} becomes the ApiError with
// the same ErrorCode, message and payload, so an error that crossed the wire compares equal to
// the one the embedded client returns. Beast-free, for any JsonTransport.
#pragma once

#include <optional>
#include <string_view>

#include "ddbemu/error.h"

namespace ddbemu::http_client {

// The ErrorCode whose type name (ApiError::type_name) ends in the same exception name as
// `type`; the prefix is ignored because services differ in it. nullopt for an unknown name.
std::optional<ErrorCode> ErrorCodeOfType(std::string_view type);

// `http_status` is the response's status, `body` its text. Never fails: a body that is not an
// envelope, or a `__type` no ErrorCode names, becomes InternalServerError whose message keeps
// the status, the type and the message, so nothing the service said is lost.
ApiError ApiErrorFromEnvelope(int http_status, std::string_view body);

}  // namespace ddbemu::http_client
