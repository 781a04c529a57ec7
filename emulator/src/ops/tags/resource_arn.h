// Which table a tagging request's ResourceArn names, judged as the service judges it
// (dynalite's test/tagResource.js, untagResource.js and listTagsOfResource.js, recorded
// against AWS): IAM sees the ARN first, so a string that is not shaped like an ARN with a
// resource path is AccessDeniedException; one that is, but names no valid table, is
// ValidationException "Invalid TableArn: Invalid ResourceArn provided as input ARN".
#pragma once

#include <string>
#include <string_view>

#include "ddbemu/error.h"
#include "ops/engine.h"

namespace ddbemu::ops {

// The table name in `arn` for `caller`, or:
//  - AccessDeniedException "User: arn:aws:iam::ACCOUNT:root is not authorized to perform:
//    dynamodb:OPERATION on resource: ARN" ("*" for an empty ARN) when `arn` has fewer than six
//    colon-separated parts or no "/" in its resource part;
//  - ValidationException "Invalid TableArn: Invalid ResourceArn provided as input ARN" when it
//    is not "arn:PARTITION:dynamodb:REGION:ACCOUNT:table/NAME" with a valid NAME;
//  - `not_found` when it is a table ARN of another region or account.
Result<std::string> ResolveResourceArn(const Caller& caller, std::string_view operation,
                                       std::string_view arn, const ApiError& not_found);

}  // namespace ddbemu::ops
