// Preparing the expressions of one item operation (PutItem, UpdateItem, DeleteItem, GetItem, and
// each action of a transaction): the expression parameters and their legacy equivalents become
// one bound condition, update and projection, after the service's request-level checks, in
// the service's order:
//   1. legacy and expression parameters mixed;
//   2. ExpressionAttributeNames/Values given without expressions, or malformed;
//   3. each expression parsed and bound: UpdateExpression, then ConditionExpression, then
//      ProjectionExpression;
//   4. unused names, then unused values.
#pragma once

#include <optional>

#include "api/item_requests.h"
#include "ddbemu/error.h"
#include "expr/ast.h"
#include "expr/expression_cache.h"

namespace ddbemu::ops {

struct ItemExpressions {
  std::optional<expr::Condition> condition;
  std::optional<expr::UpdateExpression> update;
  std::optional<expr::ProjectionExpression> projection;
};

// Which expression parameters an operation takes (the others are ignored, as the service
// ignores members an operation does not define).
struct ExpressionParametersAllowed {
  bool condition = false;
  bool update = false;
  bool projection = false;
};

// Whether a request carries any expression, placeholder map or legacy parameter. One that
// carries none (a plain GetItem, PutItem or DeleteItem) has nothing to check, parse or look
// up: PrepareItemExpressions answers an empty ItemExpressions for it.
bool CarriesExpressions(const api::ExpressionParameters& expressions,
                        const api::LegacyParameters& legacy);

Result<ItemExpressions> PrepareItemExpressions(const api::ExpressionParameters& expressions,
                                               const api::LegacyParameters& legacy,
                                               ExpressionParametersAllowed allowed,
                                               expr::ExpressionCache* cache);

}  // namespace ddbemu::ops
