// Evaluating a bound condition (binder.h) against an item, with the service's semantics:
//   - a path that does not resolve (missing attribute, wrong-typed step, index past the end)
//     is an undefined operand: every comparison with it is false except `<>`, which is true;
//   - values of different types are never equal or ordered (false, not an error), and `<>`
//     between them is true;
//   - numbers compare numerically, strings by UTF-8 bytes, binaries by unsigned bytes;
//   - size() of N, BOOL or NULL is undefined, like a missing attribute.
#pragma once

#include "ddbemu/attribute_value.h"
#include "expr/ast.h"

namespace ddbemu::expr {

// Whether `item` satisfies `condition`. For a missing item pass an empty Item. Cannot fail:
// everything that can be wrong with an expression is reported when it is bound.
bool Evaluate(const Condition& condition, const Item& item);

}  // namespace ddbemu::expr
