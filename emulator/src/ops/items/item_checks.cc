#include "ops/items/items.h"

#include <string>
#include <vector>

#include "value/item_size.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

std::string JoinBraced(const std::vector<std::string_view>& names) {
  std::string out = "{";
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += ", ";
    out += names[i];
  }
  return out + "}";
}

}  // namespace

Status CheckReturnValuesOldOrNone(api::ReturnValues return_values) {
  if (return_values == api::ReturnValues::kNone || return_values == api::ReturnValues::kAllOld) {
    return Status::Ok();
  }
  return ApiError::Validation("ReturnValues can only be ALL_OLD or NONE");
}

Status CheckNoLegacyExpressionMix(const api::ExpressionParameters& expressions,
                                  const api::LegacyParameters& legacy) {
  // The service lists the parameters in a fixed order, not alphabetically (dynalite's
  // updateItem tests against AWS: "{AttributeUpdates, Expected} ... {UpdateExpression,
  // ConditionExpression}"; DynamoDB Local: "{AttributeUpdates, Expected, ConditionalOperator}").
  std::vector<std::string_view> legacy_names;
  if (legacy.attribute_updates) legacy_names.push_back("AttributeUpdates");
  if (legacy.attributes_to_get) legacy_names.push_back("AttributesToGet");
  if (legacy.expected) legacy_names.push_back("Expected");
  if (legacy.conditional_operator) legacy_names.push_back("ConditionalOperator");
  std::vector<std::string_view> expression_names;
  if (expressions.update_expression) expression_names.push_back("UpdateExpression");
  if (expressions.condition_expression) expression_names.push_back("ConditionExpression");
  if (expressions.projection_expression) expression_names.push_back("ProjectionExpression");
  if (legacy_names.empty() || expression_names.empty()) return Status::Ok();
  return ApiError::Validation(
      "Can not use both expression and non-expression parameters in the same request: "
      "Non-expression parameters: " +
      JoinBraced(legacy_names) + " Expression parameters: " + JoinBraced(expression_names));
}

Status CheckItemSize(const Item& item) {
  if (ItemSize(item) > kMaxItemSizeBytes) {
    return ApiError::Validation("Item size has exceeded the maximum allowed size");
  }
  return Status::Ok();
}

ApiError TableNotFound() { return ApiError::ResourceNotFound("Requested resource not found"); }

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
