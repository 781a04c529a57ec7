// KeyConditionExpression: checking that a bound condition (expressions.h) has the shape Query
// allows, against the key schema of the table or index queried, and extracting it for
// execution. The shape: equality on the partition key, AND optionally one condition on the
// sort key (=, <, <=, >, >=, BETWEEN, begins_with); a comparison may name the key on either
// side (`:v < sk` means sk > :v). The checks and messages follow the service, in its order:
//   1. "Key attributes must be scalars; list random access '[]' and map lookup '.' are not
//      allowed: Key: pk" for any nested path under a key attribute;
//   2. walking the conditions: "Invalid operator used in KeyConditionExpression: OR" (also
//      NOT, IN, <>, and condition functions other than begins_with), "KeyConditionExpressions
//      cannot contain nested operations" (size()), "Invalid condition in
//      KeyConditionExpression: BETWEEN operator must have the key attribute as its first
//      operand" (and begins_with), "...: No key attribute specified", "...: Multiple attribute
//      names used in one condition", "KeyConditionExpressions cannot have conditions on nested
//      attributes", "KeyConditionExpressions must only contain one condition per key";
//   3. "Conditions can be of length 1 or 2 only";
//   4. against the schema: "Query condition missed key schema element: pk" (AWS names the
//      element; DynamoDB Local does not), "Query key condition not supported", and
//      "One or more parameter values were invalid: Condition parameter type does not match
//      schema type".
// The caller runs this after the request's unused-placeholder check, as the service does.
#pragma once

#include <boost/container/small_vector.hpp>
#include <string>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "expr/ast.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {

struct KeyAttribute {
  std::string name;
  AttributeType type;  // kS, kN or kB
};

// A classic key's attributes fit inline (one partition, at most one sort attribute), so that a
// Query builds its key view and condition with no allocation; multi-attribute keys spill.
using KeyAttributes = boost::container::small_vector<KeyAttribute, 1>;

// The key of the table or index queried. Classic keys have one partition attribute and zero or
// one sort attribute; multi-attribute GSI keys have up to four of each.
struct KeySchemaView {
  KeyAttributes partition;
  KeyAttributes sort;
};

enum class KeyOperator : std::uint8_t { kEq, kLt, kLe, kGt, kGe, kBetween, kBeginsWith };

// One condition on one key attribute, normalized with the attribute on the left.
struct KeyPredicate {
  std::string attribute;
  KeyOperator op = KeyOperator::kEq;
  AttributeValue value;  // the operand; BETWEEN: the lower bound
  AttributeValue upper;  // BETWEEN: the upper bound
};

// Inline room as for KeyAttributes; KeyPredicates holds a classic key's two conditions.
using KeyPredicates = boost::container::small_vector<KeyPredicate, 2>;

struct KeyCondition {
  // One equality per partition attribute, schema order.
  boost::container::small_vector<KeyPredicate, 1> partition;
  // Conditions on sort attributes, schema order.
  boost::container::small_vector<KeyPredicate, 1> sort;
};

Result<KeyCondition> ExtractKeyCondition(const Condition& condition, const KeySchemaView& schema);
// The same into `*out` (a Query's own: a KeyCondition keeps its predicates inline, so returning
// one moves them). On failure `*out` holds whatever was matched before the error.
Status ExtractKeyCondition(const Condition& condition, const KeySchemaView& schema,
                           KeyCondition* out);

// Check 4 alone, for predicates that did not come from an expression (legacy KeyConditions).
Result<KeyCondition> MatchKeySchema(KeyPredicates predicates, const KeySchemaView& schema);

// Whether a sort-key value satisfies `predicate` (same ordering as conditions: numbers
// numerically, strings and binaries by unsigned bytes).
bool SortKeyMatches(const KeyPredicate& predicate, const AttributeValue& value);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
