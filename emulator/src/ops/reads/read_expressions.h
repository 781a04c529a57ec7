// The expressions of a Query or Scan — filter, projection and (Query) key condition — prepared
// by the checks the service makes on the request alone, before it looks the table up, in its
// order (dynalite's validations of Query and Scan, checked against DynamoDB Local):
//   1. expression and non-expression parameters mixed: "Can not use both expression and
//      non-expression parameters in the same request: Non-expression parameters: {...}
//      Expression parameters: {...}" (KeyConditions may accompany FilterExpression and
//      ProjectionExpression, just not KeyConditionExpression);
//   2. ExpressionAttributeNames / ExpressionAttributeValues without an expression that uses them;
//   3. ConditionalOperator without a filter, or with a one-condition filter; the legacy filter's
//      arguments; AttributesToGet;
//   4. (Query) neither KeyConditions nor KeyConditionExpression;
//   5. the placeholder maps, then each expression parsed and bound: FilterExpression,
//      ProjectionExpression, KeyConditionExpression; then unused names, then unused values.
// The key condition's fit to the key schema is checked later, against the table or index read.
#pragma once

#include <optional>
#include <vector>

#include "api/read_requests.h"
#include "ddbemu/error.h"
#include "expr/ast.h"
#include "expr/expression_cache.h"
#include "expr/legacy.h"

namespace ddbemu::ops {

struct ReadExpressions {
  std::optional<expr::Condition> filter;
  bool filter_is_legacy = false;  // from QueryFilter / ScanFilter
  std::optional<expr::ProjectionExpression> projection;
  bool projection_is_legacy = false;  // from AttributesToGet
  // Query only: the bound KeyConditionExpression, or the legacy KeyConditions.
  std::optional<expr::Condition> key_condition;
  std::optional<std::vector<expr::FilterEntry>> key_conditions;
};

Result<ReadExpressions> PrepareQueryExpressions(const api::QueryRequest& request,
                                                expr::ExpressionCache* cache);
Result<ReadExpressions> PrepareScanExpressions(const api::ScanRequest& request,
                                               expr::ExpressionCache* cache);

}  // namespace ddbemu::ops
