// The service's rules for resource tags (CreateTable's Tags; TagResource will share them):
// key 1..128 and value 0..256 characters of the AWS tag alphabet (Unicode letters, digits and
// spaces, and _ . : / = + - @), no "aws:" prefix in any case, no key twice, at most 50 tags.
#pragma once

#include <vector>

#include "api/table_requests.h"
#include "ddbemu/error.h"

namespace ddbemu::api {

// The first broken rule as the service words it, e.g. "The Tag Key provided is invalid, Key:
// bad#char", "Tag Key cannot be prefixed with aws:, Key: aws:foo", "Duplicate Tag Keys provided
// as input: Duplicate Tag Key found k", "Number of Tags exceed the current limit for the
// provided ResourceArn". An empty list is valid for CreateTable.
Status ValidateTags(const std::vector<TagRequest>& tags);

}  // namespace ddbemu::api
