// The service's limits on expressions, its reserved words, and the checks it makes before
// binding.
//
// The checks the service makes on a parsed expression before it resolves placeholders, in the
// order the expression is written: attribute names that are reserved words, unknown function
// names, functions not allowed in this kind of expression ("...in a condition expression",
// "...in an update expression") or in this position ("...to be used this way..."), and list
// indexes beyond 2^31-1; in an UpdateExpression also a section used twice. None depends on the
// request, so parse results can be cached.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "expr/ast.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {

Status CheckCondition(const Condition& condition, ExpressionKind kind);
// `section_starts` holds, for each section in the order written, the index of its first action.
// A section used twice is reported after the checks of its second occurrence's actions:
// `REMOVE a REMOVE name` is a reserved word, `REMOVE a REMOVE b SET name = c` a repeated section.
Status CheckUpdate(const UpdateExpression& update, const std::vector<std::size_t>& section_starts);
Status CheckProjection(const ProjectionExpression& projection);

// ---- reserved words -----------------------------------------------------------------------------
// DynamoDB's reserved words: an attribute name written literally in an expression must not be
// one of them ("Attribute name is a reserved keyword; reserved keyword: x"); the caller writes
// "#alias" instead.

// True when `word` is reserved. The list is not case-sensitive ("Reserved words in DynamoDB").
bool IsReservedWord(std::string_view word);

// ---- limits -------------------------------------------------------------------------------------
// The service's limits on expressions ("Service, account, and table quotas in Amazon DynamoDB",
// section "Expression parameters", and what the service enforces beyond that page).

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

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
