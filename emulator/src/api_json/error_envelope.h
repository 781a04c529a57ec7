// The one place an error becomes the JSON error body the service sends:
// {"__type": "<prefix>#<Exception>", "message": "..."} plus the payload some exceptions
// carry (Item, CancellationReasons, ThrottlingReasons).
#pragma once

#include <string>
#include <string_view>

#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {

// An ApiError's body. The Coral front end's exceptions (com.amazon.coral.service#...) word the
// member "Message", DynamoDB's own "message"; there is none when the message is empty.
std::string RenderError(const ApiError& error);

// The body of an error the HTTP front end raises itself before any operation runs (an unknown
// X-Amz-Target, a refused signature, a body too large or not decodable), whose `__type` need
// not be an ErrorCode's (InvalidSignatureException): {"__type": type, "message": message},
// without "message" when it is empty. AWS words these with "message" although they are Coral's
// (tests/clients/test_auth.py, recorded against the service).
std::string RenderErrorEnvelope(std::string_view type, std::string_view message = {});

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
