// The checks the service makes on a parsed expression before it resolves placeholders, in the
// order the expression is written: attribute names that are reserved words, unknown function
// names, functions not allowed in this kind of expression ("...in a condition expression",
// "...in an update expression") or in this position ("...to be used this way..."), and list
// indexes beyond 2^31-1; in an UpdateExpression also a section used twice. None depends on the
// request, so parse results can be cached.
#pragma once

#include <cstddef>
#include <vector>

#include "ddbemu/error.h"
#include "expr/ast.h"

namespace ddbemu::expr {

Status CheckCondition(const Condition& condition, ExpressionKind kind);
// `section_starts` holds, for each section in the order written, the index of its first action.
// A section used twice is reported after the checks of its second occurrence's actions:
// `REMOVE a REMOVE name` is a reserved word, `REMOVE a REMOVE b SET name = c` a repeated section.
Status CheckUpdate(const UpdateExpression& update, const std::vector<std::size_t>& section_starts);
Status CheckProjection(const ProjectionExpression& projection);

}  // namespace ddbemu::expr
