// The front door of expr/: one call per expression parameter of a request.
//
//   ExpressionContext context(&names_or_null, &values_or_null);
//   auto update = PrepareUpdate(update_text, context, &cache);       // UpdateItem
//   auto condition = PrepareCondition(cond_text, ExpressionKind::kCondition, context, &cache);
//   DDB_RETURN_IF_ERROR(context.CheckAllUsed());   // after every expression of the request
//   ... Evaluate(*condition, old_item) (evaluator.h), ApplyUpdate(*update, ...) (update_apply.h)
//
// Each Prepare call is ParseX (parser.h, through `cache` when given) followed by BindX
// (binder.h); its errors are the service's, in the service's order. A request with several
// expressions reports the first failing one in the order the service prepares them, so
// prepare them in that order (observed from the service):
//   Query: FilterExpression, ProjectionExpression, KeyConditionExpression;
//   Scan: FilterExpression, ProjectionExpression;
//   UpdateItem: UpdateExpression, ConditionExpression.
// Then CheckAllUsed, and only then ExtractKeyCondition (key_condition.h) for a Query.
#pragma once

#include <string_view>

#include "ddbemu/error.h"
#include "expr/ast.h"
#include "expr/expression_cache.h"
#include "expr/expression_context.h"

namespace ddbemu::expr {

Result<Condition> PrepareCondition(std::string_view text, ExpressionKind kind,
                                   ExpressionContext& context, ExpressionCache* cache = nullptr);
Result<UpdateExpression> PrepareUpdate(std::string_view text, ExpressionContext& context,
                                       ExpressionCache* cache = nullptr);
Result<ProjectionExpression> PrepareProjection(std::string_view text, ExpressionContext& context,
                                               ExpressionCache* cache = nullptr);

}  // namespace ddbemu::expr
