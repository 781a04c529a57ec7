// DynamoDB's comparisons and functions on values, as conditions evaluate them: ordering of
// S (UTF-8 bytes), N (numerically, via Number) and B (unsigned bytes); equality of any type
// (sets ignore order); contains, begins_with and size.
#pragma once

#include <optional>

#include "ddbemu/attribute_value.h"

namespace ddbemu::expr {

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

}  // namespace ddbemu::expr
