// From a Query's key condition to what it reads: the storage key range of the addressed
// partition and sort-key condition (storage/key_range.h documents the mapping of each
// operator), and the checks that tie an ExclusiveStartKey to the condition.
#pragma once

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "expr/key_condition.h"
#include "ops/reads/read_target.h"
#include "storage/key_range.h"

namespace ddbemu::ops {

// The range of `target`'s key space holding exactly the entries `condition` (extracted against
// target.KeyView()) selects. On a multi-attribute sort key the condition is equalities on the
// leading attributes and any operator on the last one used, which is again a contiguous range
// because the key codec is order-preserving and prefix-free.
Result<storage::KeyRange> QueryRange(const ReadTarget& target, const expr::KeyCondition& condition);

// A start key (validated against the target) must lie in the queried partition and satisfy the
// sort-key condition, with the service's messages (dynalite's tests against DynamoDB):
// "The provided starting key does not match the range key predicate" (a sort condition it
// fails), "The query can return at most one row and cannot be restarted" (it meets the sort
// condition but names another partition), "The provided starting key is outside query
// boundaries based on provided conditions" (another partition, no sort condition).
Status CheckStartKeyInQuery(const expr::KeyCondition& condition, const Item& start_key);

}  // namespace ddbemu::ops
