// The front door of expr/: one call per expression parameter of a request.
//
//   ExpressionContext context(&names_or_null, &values_or_null);
//   auto update = PrepareUpdate(update_text, context, &cache);       // UpdateItem
//   auto condition = PrepareCondition(cond_text, ExpressionKind::kCondition, context, &cache);
//   DDBEMU_RETURN_IF_ERROR(context.CheckAllUsed());   // after every expression of the request
//   ... Evaluate(*condition, old_item) (evaluator.h), ApplyUpdate(*update, ...) (update_apply.h)
//
// Each Prepare call is ParseX (through `cache` when given) followed by BindX, both below; its
// errors are the service's, in the service's order. A request with several
// expressions reports the first failing one in the order the service prepares them, so
// prepare them in that order (observed from the service):
//   Query: FilterExpression, ProjectionExpression, KeyConditionExpression;
//   Scan: FilterExpression, ProjectionExpression;
//   UpdateItem: UpdateExpression, ConditionExpression.
// Then CheckAllUsed, and only then ExtractKeyCondition (key_condition.h) for a Query.
#pragma once

#include <string_view>

#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "expr/ast.h"
#include "expr/expression_cache.h"
#include "expr/expression_context.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {

// ---- preparing ----------------------------------------------------------------------------------

Result<Condition> PrepareCondition(std::string_view text, ExpressionKind kind,
                                   ExpressionContext& context, ExpressionCache* cache = nullptr);
Result<UpdateExpression> PrepareUpdate(std::string_view text, ExpressionContext& context,
                                       ExpressionCache* cache = nullptr);
Result<ProjectionExpression> PrepareProjection(std::string_view text, ExpressionContext& context,
                                               ExpressionCache* cache = nullptr);

// ---- parsing ------------------------------------------------------------------------------------
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
// (expression_cache.h); binding does the remaining, request-specific checks.

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

// ---- binding ------------------------------------------------------------------------------------
// Binding: the checks the service makes once placeholders are known, producing the trees the
// evaluator, the update engine and the projector run. Binding resolves every "#n" and ":v"
// through the request's ExpressionContext (marking them used) and checks, in the service's
// order (post-order: operands before the operator that uses them):
//   undefined placeholders, document paths deeper than 32 levels, the number of operands of
//   each function, operand types that can never work ("Incorrect operand type for operator or
//   function; operator or function: <, operand type: L"), a first operand repeated among the
//   others (`a = a`), IN lists over 100 operands, BETWEEN bounds of different types or in the
//   wrong order, and finally more than 300 operators.
// UpdateExpression and ProjectionExpression paths are bound first, last action first (the
// service walks them backwards), and checked for overlapping (`a` and `a.b`) and conflicting
// (`a[1]` and `a.b`) paths before any value is looked at.
//
// The input is a tree from the Parse calls; it is not modified, so a cached tree can be bound
// by many requests.

Result<Condition> BindCondition(const Condition& parsed, ExpressionKind kind,
                                ExpressionContext& context);
Result<UpdateExpression> BindUpdate(const UpdateExpression& parsed, ExpressionContext& context);
Result<ProjectionExpression> BindProjection(const ProjectionExpression& parsed,
                                            ExpressionContext& context);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
