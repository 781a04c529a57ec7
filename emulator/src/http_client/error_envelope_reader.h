// The service's error body back into an ApiError: the inverse of api_json/error_envelope.cc's
// RenderError. {"__type": "<prefix>#<Exception>", "message" (or the Coral layer's "Message"),
// "Item", "CancellationReasons": [...], "ThrottlingReasons": [...]} becomes the ApiError with
// the same ErrorCode, message and payload, so an error that crossed the wire compares equal to
// the one the embedded client returns. Beast-free, for any JsonTransport.
#pragma once

#include <string>
#include <string_view>

#include "ddbemu/error.h"

namespace ddbemu::http_client {

// `http_status` is the response's status, `body` its text. Never fails (the mapping of names
// to codes is ErrorCodeFromTypeName): a body that is not an envelope is InternalServerError (5xx)
// or UnknownServiceError naming the status; a `__type` no ErrorCode names is UnknownServiceError
// "<type>: <message>". `type`, when given, receives the `__type` as sent (empty when the body has
// none): the HTTP transport's retry rules need it. The one reader of error bodies, for the typed
// client's codec and the HTTP transport (http_client/transport/http_transport.cc) alike.
ApiError ApiErrorFromEnvelope(int http_status, std::string_view body, std::string* type = nullptr);

}  // namespace ddbemu::http_client
