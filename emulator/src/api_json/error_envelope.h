// The one place an ApiError becomes the JSON error body the service sends:
// {"__type": "<prefix>#<Exception>", "message": "..."} plus the payload some exceptions
// carry (Item, CancellationReasons, ThrottlingReasons).
#pragma once

#include <string>

#include "ddbemu/error.h"

namespace ddbemu::api {

std::string RenderError(const ApiError& error);

}  // namespace ddbemu::api
