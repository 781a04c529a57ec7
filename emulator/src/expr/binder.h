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
// The input is a tree from parser.h; it is not modified, so a cached tree can be bound by many
// requests.
#pragma once

#include "ddbemu/error.h"
#include "expr/ast.h"
#include "expr/expression_context.h"

namespace ddbemu::expr {

Result<Condition> BindCondition(const Condition& parsed, ExpressionKind kind,
                                ExpressionContext& context);
Result<UpdateExpression> BindUpdate(const UpdateExpression& parsed, ExpressionContext& context);
Result<ProjectionExpression> BindProjection(const ProjectionExpression& parsed,
                                            ExpressionContext& context);

}  // namespace ddbemu::expr
