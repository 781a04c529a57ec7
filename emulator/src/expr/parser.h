// Parsing DynamoDB expressions into syntax trees (ast.h), with every check the service makes
// before it looks at ExpressionAttributeNames/Values, in the service's order:
//   1. length (4 KB, counted in UTF-16 code units),
//   2. "The expression can not be empty;",
//   3. syntax (`Syntax error; token: "c", near: "b c"`), and redundant parentheses, which the
//      service reports as soon as the doubled group closes, ahead of later syntax errors,
//   4. in the order written: reserved words, unknown functions, functions not allowed in this
//      kind of expression or in this position, list indexes beyond 2^31-1, and (in an
//      UpdateExpression) a section (SET, REMOVE, ADD, DELETE) used twice.
// The result does not depend on the request's placeholders, so it can be cached by text
// (expression_cache.h); binding (binder.h) does the remaining, request-specific checks.
#pragma once

#include <string_view>

#include "ddbemu/error.h"
#include "expr/ast.h"

namespace ddbemu::expr {

// A ConditionExpression, FilterExpression or KeyConditionExpression (`kind` says which, for
// messages and the functions allowed). The key-condition shape is checked later, by
// ExtractKeyCondition (key_condition.h).
Result<Condition> ParseCondition(std::string_view text, ExpressionKind kind);

// An UpdateExpression: SET, REMOVE, ADD and DELETE sections in any order, each at most once.
Result<UpdateExpression> ParseUpdate(std::string_view text);

// A ProjectionExpression: document paths separated by commas.
Result<ProjectionExpression> ParseProjection(std::string_view text);

// The length the service measures an expression by (UTF-16 code units).
std::size_t ExpressionLength(std::string_view text);

}  // namespace ddbemu::expr
