// The service's limits on expressions ("Service, account, and table quotas in Amazon DynamoDB",
// section "Expression parameters", and what the service enforces beyond that page).
#pragma once

#include <cstddef>
#include <cstdint>

namespace ddbemu::expr {

// "The maximum length of any expression string is 4 KB." The service counts UTF-16 code units
// (Java String.length()), so a 4096-character expression of 'ü' is accepted.
inline constexpr std::size_t kMaxExpressionLength = 4096;

// "The maximum number of operators or functions allowed in any expression is 300."
// Parentheses, commas and SET actions are not operators; comparators, AND, OR, NOT, BETWEEN,
// IN, + and - and every function call are.
inline constexpr int kMaxOperators = 300;

// "The maximum number of operands for the IN comparator is 100."
inline constexpr std::size_t kMaxInOperands = 100;

// A document path has at most 32 levels (names and list indexes together).
inline constexpr std::size_t kMaxPathDepth = 32;

// List indexes are Java ints: [2147483648] is "not within the allowable range".
inline constexpr std::uint64_t kMaxListIndex = 2147483647;

// ExpressionAttributeNames / ExpressionAttributeValues keys ("#n", ":v") are at most 255 bytes,
// and an attribute name is at most 65535 bytes ("must be less than 65536 bytes").
inline constexpr std::size_t kMaxPlaceholderLength = 255;
inline constexpr std::size_t kMaxAttributeNameLength = 65535;

}  // namespace ddbemu::expr
