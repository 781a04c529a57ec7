// SearchConditionExpression of SearchVectors, checked against a vector index's SearchSchema
// (Developer Guide, "SearchConditionExpression reference for vector indexes"; the messages and
// their order as characterised against DynamoDB in 2026 by ScyllaDB's test_vector.py and the
// conformance suites that quote them): equality comparisons of top-level SearchSchema attributes
// with ExpressionAttributeValues placeholders, joined by AND.
//
//   1. the expression's syntax, as for every condition ("Invalid SearchConditionExpression:
//      Syntax error; ...");
//   2. operators: OR, NOT, BETWEEN, IN and functions are "Invalid SearchConditionExpression:
//      Invalid operator used in SearchConditionExpression", a comparator other than = is
//      "Invalid SearchConditionExpression: Invalid comparator used in SearchConditionExpression";
//   3. placeholders (undefined names and values, as for every expression);
//   4. nested paths, then attributes outside the SearchSchema ("SearchConditionExpression must
//      not contain any attributes that is not in SearchSchema. Invalid attribute: X"), then a
//      value of another type than the attribute's declared one;
//   5. (after every expression of the request is bound) the HASH attribute's equality, when the
//      SearchSchema has one: "SearchConditionExpression must be provided when SearchSchema has a
//      HASH key".
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "expr/expression_cache.h"
#include "expr/expression_context.h"
#include "storage/table_schema.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

// One `attribute = :value` of the conjunction.
struct SearchEquality {
  const KeyAttribute* attribute = nullptr;  // the SearchSchema's
  bool is_hash = false;
  AttributeValue value;
};

// Steps 1 to 4 (placeholders marked used in `context`).
Result<std::vector<SearchEquality>> PrepareSearchCondition(std::string_view text,
                                                           const VectorIndexSchema& index,
                                                           expr::ExpressionContext& context,
                                                           expr::ExpressionCache* cache);

// Step 5: the HASH attribute's value, or null when the index has no HASH attribute.
Result<const AttributeValue*> SearchPartition(const VectorIndexSchema& index,
                                              const std::vector<SearchEquality>& equalities);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
