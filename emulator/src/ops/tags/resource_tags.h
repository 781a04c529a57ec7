// TagResource, UntagResource and ListTagsOfResource on tables. A table's tags live in its
// catalog schema (TableSchema::tags, written by CreateTable's Tags too), so they persist with
// the table and vanish with it. Limits and messages are the service's (api/table_checks.h):
// at most 50 tags per table, keys 1..128 and values 0..256 characters of the tag alphabet,
// no "aws:" prefix; tagging a key again replaces its value.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "api/control_requests.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/engine.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

// Adds or replaces `request.tags`. ValidationException "Atleast one Tag needs to be provided
// as Input." for none; the tag rules' messages; "Number of Tags exceed the current limit for the
// provided ResourceArn" when the table would hold more than 50; ResourceNotFoundException
// "Requested resource not found: ResourcArn: ARN not found" (sic) for no such table.
Status TagResource(Engine& engine, const Caller& caller, const api::TagResourceRequest& request);

// Removes the keys that are present (absent keys are no error). ValidationException
// "Atleast one Tag Key needs to be provided as Input." for none; ResourceNotFoundException
// "Requested resource not found" for no such table.
Status UntagResource(Engine& engine, const Caller& caller,
                     const api::UntagResourceRequest& request);

// The table's tags, in the order they were first given.
Result<std::vector<std::pair<std::string, std::string>>> ListTagsOfResource(
    Engine& engine, const Caller& caller, const api::ListTagsOfResourceRequest& request);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
