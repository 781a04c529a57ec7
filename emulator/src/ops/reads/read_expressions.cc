// Request-level preparation of Query and Scan expressions (see reads.h).
#include "ops/reads/reads.h"

#include <string>
#include <vector>

#include "api/item_requests.h"
#include "expr/expression_context.h"
#include "expr/expressions.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

// The parameters of one read as the shared checks see them.
struct ReadParameterView {
  const api::ReadParameters* read;
  bool is_query = false;
  const char* filter_name = "ScanFilter";  // the legacy filter parameter's name
  const std::optional<std::string>* key_condition_expression = nullptr;
  const std::optional<std::vector<expr::FilterEntry>>* key_conditions = nullptr;

  bool has_key_condition_expression() const {
    return key_condition_expression != nullptr && key_condition_expression->has_value();
  }
  bool has_key_conditions() const {
    return key_conditions != nullptr && key_conditions->has_value();
  }
};

std::string JoinBraced(const std::vector<std::string>& names) {
  std::string out = "{";
  for (std::size_t i = 0; i < names.size(); ++i) out += (i > 0 ? ", " : "") + names[i];
  return out + "}";
}

// Step 1, with the parameters listed in the service's order.
Status CheckNoMix(const ReadParameterView& p) {
  const api::ReadParameters& r = *p.read;
  // The lists below are built only for the error: most requests use one kind or the other.
  const bool any_expression =
      r.projection_expression || r.filter_expression || p.has_key_condition_expression();
  const bool any_legacy = r.attributes_to_get || r.filter || r.conditional_operator ||
                          (p.has_key_conditions() && p.has_key_condition_expression());
  if (!any_expression || !any_legacy) return Status::Ok();
  std::vector<std::string> expressions;
  if (r.projection_expression) expressions.emplace_back("ProjectionExpression");
  if (r.filter_expression) expressions.emplace_back("FilterExpression");
  if (p.has_key_condition_expression()) expressions.emplace_back("KeyConditionExpression");
  std::vector<std::string> legacy;
  if (r.attributes_to_get) legacy.emplace_back("AttributesToGet");
  if (r.filter) legacy.emplace_back(p.filter_name);
  if (r.conditional_operator) legacy.emplace_back("ConditionalOperator");
  // KeyConditions may go with the other expressions, not with KeyConditionExpression.
  if (p.has_key_conditions() && p.has_key_condition_expression())
    legacy.emplace_back("KeyConditions");
  if (expressions.empty() || legacy.empty()) return Status::Ok();
  return ApiError::Validation(
      "Can not use both expression and non-expression parameters in the same request: "
      "Non-expression parameters: " +
      JoinBraced(legacy) + " Expression parameters: " + JoinBraced(expressions));
}

// Step 2. ProjectionExpression takes names but no values.
Status CheckPlaceholderMapsUsed(const ReadParameterView& p) {
  const api::ReadParameters& r = *p.read;
  const bool value_expressions = r.filter_expression || p.has_key_condition_expression();
  if (r.has_names && !value_expressions && !r.projection_expression) {
    return ApiError::Validation(
        "ExpressionAttributeNames can only be specified when using expressions");
  }
  if (r.has_values && !value_expressions) {
    return ApiError::Validation(
        std::string("ExpressionAttributeValues can only be specified when using expressions: ") +
        (p.is_query ? "FilterExpression and KeyConditionExpression are null"
                    : "FilterExpression is null"));
  }
  return Status::Ok();
}

// Step 3: the legacy filter and AttributesToGet, translated.
Status TranslateLegacy(const ReadParameterView& p, ReadExpressions* out) {
  const api::ReadParameters& r = *p.read;
  if (r.conditional_operator) {
    if (!r.filter)
      return ApiError::Validation("ConditionalOperator cannot be used without Filter or Expected");
    if (r.filter->size() < 2) {
      return ApiError::Validation(
          "ConditionalOperator can only be used when Filter or Expected has two or more "
          "elements");
    }
  }
  if (r.filter) {
    DDBEMU_ASSIGN_OR_RETURN(
        out->filter,
        expr::FilterToCondition(*r.filter, api::ParseConditionalOperator(r.conditional_operator)));
    out->filter_is_legacy = out->filter.has_value();
  }
  if (r.attributes_to_get) {
    DDBEMU_ASSIGN_OR_RETURN(out->projection,
                            expr::AttributesToGetToProjection(*r.attributes_to_get));
    out->projection_is_legacy = true;
  }
  return Status::Ok();
}

Status ValidatePlaceholderMaps(const api::ReadParameters& r) {
  if (r.has_names) {
    if (r.names.empty()) return ApiError::Validation("ExpressionAttributeNames must not be empty");
    DDBEMU_RETURN_IF_ERROR(expr::ValidateLookupAttributeNames(r.names));
  }
  if (r.has_values) {
    if (r.values.empty())
      return ApiError::Validation("ExpressionAttributeValues must not be empty");
    DDBEMU_RETURN_IF_ERROR(expr::ValidateAttributeValueKeys(r.values));
  }
  return Status::Ok();
}

// Step 5.
Status PrepareExpressions(const ReadParameterView& p, expr::ExpressionCache* cache,
                          ReadExpressions* out) {
  const api::ReadParameters& r = *p.read;
  const bool uses_expressions =
      r.filter_expression || r.projection_expression || p.has_key_condition_expression();
  if (!uses_expressions) return Status::Ok();
  DDBEMU_RETURN_IF_ERROR(ValidatePlaceholderMaps(r));
  // The request's own names map (no per-request copy of it into another map type).
  expr::ExpressionContext context = expr::ExpressionContext::WithLookupNames(
      r.has_names ? &r.names : nullptr, r.has_values ? &r.values : nullptr);
  if (r.filter_expression) {
    DDBEMU_ASSIGN_OR_RETURN(
        out->filter, expr::PrepareCondition(*r.filter_expression, expr::ExpressionKind::kFilter,
                                            context, cache));
  }
  if (r.projection_expression) {
    DDBEMU_ASSIGN_OR_RETURN(out->projection,
                            expr::PrepareProjection(*r.projection_expression, context, cache));
  }
  if (p.has_key_condition_expression()) {
    DDBEMU_ASSIGN_OR_RETURN(
        out->key_condition,
        expr::PrepareCondition(**p.key_condition_expression, expr::ExpressionKind::kKeyCondition,
                               context, cache));
  }
  return context.CheckAllUsed();
}

Result<ReadExpressions> Prepare(const ReadParameterView& p, expr::ExpressionCache* cache) {
  DDBEMU_RETURN_IF_ERROR(CheckNoMix(p));
  DDBEMU_RETURN_IF_ERROR(CheckPlaceholderMapsUsed(p));
  ReadExpressions out;
  DDBEMU_RETURN_IF_ERROR(TranslateLegacy(p, &out));
  if (p.is_query && !p.has_key_conditions() && !p.has_key_condition_expression()) {
    return ApiError::Validation(
        "Either the KeyConditions or KeyConditionExpression parameter must be specified in "
        "the request.");
  }
  DDBEMU_RETURN_IF_ERROR(PrepareExpressions(p, cache, &out));
  if (p.has_key_conditions() && !p.has_key_condition_expression()) {
    out.key_conditions = *p.key_conditions;
  }
  return out;
}

}  // namespace

Result<ReadExpressions> PrepareQueryExpressions(const api::QueryRequest& request,
                                                expr::ExpressionCache* cache) {
  ReadParameterView view{&request.read, true, "QueryFilter", &request.key_condition_expression,
                         &request.key_conditions};
  return Prepare(view, cache);
}

Result<ReadExpressions> PrepareScanExpressions(const api::ScanRequest& request,
                                               expr::ExpressionCache* cache) {
  ReadParameterView view{&request.read, false, "ScanFilter"};
  return Prepare(view, cache);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
