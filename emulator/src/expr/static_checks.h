// The checks the service makes on a parsed expression before it resolves placeholders, in the
// order the expression is written: attribute names that are reserved words, unknown function
// names, functions not allowed in this kind of expression ("...in a condition expression",
// "...in an update expression") or in this position ("...to be used this way..."), and list
// indexes beyond 2^31-1. None depends on the request, so parse results can be cached.
#pragma once

#include "ddbemu/error.h"
#include "expr/ast.h"

namespace ddbemu::expr {

Status CheckCondition(const Condition& condition, ExpressionKind kind);
Status CheckUpdate(const UpdateExpression& update);
Status CheckProjection(const ProjectionExpression& projection);

}  // namespace ddbemu::expr
