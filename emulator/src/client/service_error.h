// Reading a DynamoDB error response back into the ApiError the embedded database would have
// returned: the inverse of api_json/error_envelope.cc's RenderError. The `__type` names the
// ErrorCode (ErrorCodeFromTypeName), "message" or "Message" the message, and the payload some
// exceptions carry (Item, CancellationReasons, ThrottlingReasons) fills ApiError's fields.
#pragma once

#include <string>
#include <string_view>

#include "ddbemu/error.h"

namespace ddbemu::client {

// `status` is the HTTP status (>= 300) and `body` the response body. Never fails: a body
// that is not the JSON envelope becomes kInternalServerError (5xx) or kUnknownServiceError
// (4xx) naming the status, and a `__type` without an ErrorCode becomes kUnknownServiceError
// whose message is "<type>: <message>" so that the caller loses nothing. `type`, when given,
// receives the `__type` as sent (empty when the body has none): the retry rules need it.
ApiError ParseServiceError(int status, std::string_view body, std::string* type = nullptr);

}  // namespace ddbemu::client
