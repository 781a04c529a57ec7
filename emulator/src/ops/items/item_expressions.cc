#include "ops/items/items.h"

#include <string>

#include "api/item_requests.h"
#include "expr/expression_context.h"
#include "expr/expressions.h"
#include "expr/legacy.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

// The names of the expression parameters an operation takes, as the service lists them in
// "ExpressionAttributeValues can only be specified when using expressions: X is null".
std::string NullExpressionsPhrase(ExpressionParametersAllowed allowed) {
  std::vector<std::string> names;
  if (allowed.update) names.push_back("UpdateExpression");
  if (allowed.condition) names.push_back("ConditionExpression");
  if (allowed.projection) names.push_back("ProjectionExpression");
  if (names.size() == 1) return names[0] + " is null";
  std::string phrase;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) phrase += i + 1 == names.size() ? " and " : ", ";
    phrase += names[i];
  }
  return phrase + " are null";
}

bool UsesExpressions(const api::ExpressionParameters& e, ExpressionParametersAllowed allowed) {
  return (allowed.condition && e.condition_expression) || (allowed.update && e.update_expression) ||
         (allowed.projection && e.projection_expression);
}

Status CheckPlaceholderMaps(const api::ExpressionParameters& e,
                            ExpressionParametersAllowed allowed) {
  const bool uses_expressions = UsesExpressions(e, allowed);
  if (e.has_names && !uses_expressions) {
    return ApiError::Validation(
        "ExpressionAttributeNames can only be specified when using expressions");
  }
  if (e.has_values && !uses_expressions) {
    return ApiError::Validation(
        "ExpressionAttributeValues can only be specified when using expressions: " +
        NullExpressionsPhrase(allowed));
  }
  if (e.has_names) {
    if (e.names.empty()) return ApiError::Validation("ExpressionAttributeNames must not be empty");
    DDBEMU_RETURN_IF_ERROR(expr::ValidateAttributeNames(e.names));
  }
  if (e.has_values) {
    if (e.values.empty())
      return ApiError::Validation("ExpressionAttributeValues must not be empty");
    DDBEMU_RETURN_IF_ERROR(expr::ValidateAttributeValueKeys(e.values));
  }
  return Status::Ok();
}

Status TranslateLegacy(const api::LegacyParameters& legacy, ExpressionParametersAllowed allowed,
                       ItemExpressions* out) {
  // An empty Expected is no condition: alone it is accepted (the write is unconditional), but
  // with a ConditionalOperator it is refused as a missing Expected is (ScyllaDB's
  // test_expected.py::test_update_expected_empty, run against AWS).
  const bool expected_empty =
      legacy.expected && legacy.expected->ok() && (*legacy.expected)->empty();
  if (legacy.conditional_operator && !(allowed.condition && legacy.expected && !expected_empty)) {
    return ApiError::Validation("ConditionalOperator cannot be used without Filter or Expected");
  }
  if (allowed.update && legacy.attribute_updates) {
    if (!legacy.attribute_updates->ok()) return legacy.attribute_updates->error();
    DDBEMU_ASSIGN_OR_RETURN(out->update,
                            expr::AttributeUpdatesToUpdate(**legacy.attribute_updates));
  }
  if (allowed.condition && legacy.expected) {
    if (!legacy.expected->ok()) return legacy.expected->error();
    DDBEMU_ASSIGN_OR_RETURN(
        out->condition,
        expr::ExpectedToCondition(**legacy.expected,
                                  api::ParseConditionalOperator(legacy.conditional_operator)));
  }
  if (allowed.projection && legacy.attributes_to_get) {
    DDBEMU_ASSIGN_OR_RETURN(out->projection,
                            expr::AttributesToGetToProjection(*legacy.attributes_to_get));
  }
  return Status::Ok();
}

}  // namespace

bool CarriesExpressions(const api::ExpressionParameters& expressions,
                        const api::LegacyParameters& legacy) {
  return expressions.condition_expression || expressions.projection_expression ||
         expressions.update_expression || expressions.has_names || expressions.has_values ||
         legacy.expected || legacy.attributes_to_get || legacy.attribute_updates ||
         legacy.conditional_operator;
}

Result<ItemExpressions> PrepareItemExpressions(const api::ExpressionParameters& expressions,
                                               const api::LegacyParameters& legacy,
                                               ExpressionParametersAllowed allowed,
                                               expr::ExpressionCache* cache) {
  if (!CarriesExpressions(expressions, legacy)) return ItemExpressions{};
  DDBEMU_RETURN_IF_ERROR(CheckNoLegacyExpressionMix(expressions, legacy));
  DDBEMU_RETURN_IF_ERROR(CheckPlaceholderMaps(expressions, allowed));
  ItemExpressions out;
  DDBEMU_RETURN_IF_ERROR(TranslateLegacy(legacy, allowed, &out));

  expr::ExpressionContext context(expressions.has_names ? &expressions.names : nullptr,
                                  expressions.has_values ? &expressions.values : nullptr);
  if (allowed.update && expressions.update_expression) {
    DDBEMU_ASSIGN_OR_RETURN(out.update,
                            expr::PrepareUpdate(*expressions.update_expression, context, cache));
  }
  if (allowed.condition && expressions.condition_expression) {
    DDBEMU_ASSIGN_OR_RETURN(
        out.condition, expr::PrepareCondition(*expressions.condition_expression,
                                              expr::ExpressionKind::kCondition, context, cache));
  }
  if (allowed.projection && expressions.projection_expression) {
    DDBEMU_ASSIGN_OR_RETURN(
        out.projection,
        expr::PrepareProjection(*expressions.projection_expression, context, cache));
  }
  if (UsesExpressions(expressions, allowed)) DDBEMU_RETURN_IF_ERROR(context.CheckAllUsed());
  return out;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
