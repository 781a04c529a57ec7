// Evaluating bound expressions against an item: conditions, the value comparisons and functions
// they use, and projections.
//
// Evaluating a bound condition (expressions.h) against an item, with the service's semantics:
//   - a path that does not resolve (missing attribute, wrong-typed step, index past the end)
//     is an undefined operand: every comparison with it is false except `<>`, which is true;
//   - values of different types are never equal or ordered (false, not an error), and `<>`
//     between them is true;
//   - numbers compare numerically, strings by UTF-8 bytes, binaries by unsigned bytes;
//   - size() of N, BOOL or NULL is undefined, like a missing attribute.
#pragma once

#include <optional>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/version.h"
#include "expr/ast.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {

// Whether `item` satisfies `condition`. For a missing item pass an empty Item. Cannot fail:
// everything that can be wrong with an expression is reported when it is bound.
bool Evaluate(const Condition& condition, const Item& item);

// ---- value comparisons --------------------------------------------------------------------------
// DynamoDB's comparisons and functions on values, as conditions evaluate them: ordering of
// S (UTF-8 bytes), N (numerically, via Number) and B (unsigned bytes); equality of any type
// (sets ignore order); contains, begins_with and size.

// <0, 0, >0 when `a` and `b` are both S, both N or both B; nullopt otherwise (values of
// different types are never ordered: `a < :v` is false, not an error).
std::optional<int> CompareOrdered(const AttributeValue& a, const AttributeValue& b);

// DynamoDB equality (AttributeValue's operator==).
bool ValuesEqual(const AttributeValue& a, const AttributeValue& b);

// contains(haystack, needle): a substring of an S, a byte substring of a B, a member of a set
// (needle of the set's element type), or an element of an L (any type, by equality).
bool Contains(const AttributeValue& haystack, const AttributeValue& needle);

// begins_with(value, prefix): S with an S prefix, or B with a B prefix.
bool BeginsWith(const AttributeValue& value, const AttributeValue& prefix);

// size(value): characters of an S, bytes of a B, members of a set, elements of an L or M;
// nullopt for N, BOOL and NULL (size of those is an undefined operand, so conditions on it are
// false and `<>` true).
std::optional<AttributeValue> SizeOf(const AttributeValue& value);

// Whether `type_name` is one of the ten type descriptors attribute_type() accepts.
bool IsTypeDescriptor(std::string_view type_name);

// ---- projection ---------------------------------------------------------------------------------
// ProjectionExpression application, also used for ReturnValues UPDATED_OLD / UPDATED_NEW: the
// result keeps the item's structure down to each projected path. Projecting `a.b[1]` from
// {a: {b: [x, y, z], c: 1}} gives {a: {b: [y]}}; several elements of one list keep their
// original order and are packed (`l[2], l[0]` gives [l0, l2]); paths that do not resolve
// contribute nothing (no empty maps or lists are left behind).

// `paths` are bound (names resolved); they may overlap, in which case the shorter one wins.
Item Project(const Item& item, const std::vector<DocumentPath>& paths);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
