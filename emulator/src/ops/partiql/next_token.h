// The NextToken of a paged PartiQL SELECT: opaque to the client, it carries where the next page
// starts — which of the statement's Queries (a partition-key IN runs one per value) and that
// read's LastEvaluatedKey — and a digest of the statement, so that a token is only accepted
// with the statement that produced it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"

namespace ddbemu::ops {

struct SelectPosition {
  std::size_t read = 0;                     // index of the Query to run next (0 for a Scan)
  std::optional<Item> exclusive_start_key;  // where that read resumes
};

std::string EncodeNextToken(std::string_view statement, const SelectPosition& position);

// ValidationException "Invalid NextToken" for a token that is malformed or belongs to another
// statement.
Result<SelectPosition> DecodeNextToken(std::string_view statement, std::string_view token);

}  // namespace ddbemu::ops
