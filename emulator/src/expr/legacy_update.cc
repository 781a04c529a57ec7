// AttributesToGet and AttributeUpdates as expression trees; see legacy.h.
#include <algorithm>

#include "expr/errors.h"
#include "expr/legacy.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace {

Result<UpdateAction> Translate(const AttributeUpdateEntry& e) {
  using Action = AttributeUpdateEntry::Action;
  UpdateAction a;
  a.path = MakePath({PathElement::Name(e.attribute)});
  if (!e.value) {
    if (e.action != Action::kDelete) {
      return InvalidLegacyParameter(
          "Only DELETE action is allowed when no attribute value is specified");
    }
    a.kind = UpdateAction::Kind::kRemove;
    return a;
  }
  const AttributeValue& v = *e.value;
  a.value = ValueOperand(v);
  switch (e.action) {
    case Action::kPut:
      a.kind = UpdateAction::Kind::kSet;
      return a;
    case Action::kDelete:
      if (!v.is_set()) {
        return InvalidLegacyParameter("DELETE action with value is not supported for the type " +
                                      std::string(errors::InternalTypeName(v.type())));
      }
      a.kind = UpdateAction::Kind::kDelete;
      return a;
    case Action::kAdd:
      if (!v.is_set() && !v.is(AttributeType::kN) && !v.is(AttributeType::kL)) {
        return InvalidLegacyParameter("ADD action is not supported for the type " +
                                      std::string(errors::InternalTypeName(v.type())));
      }
      a.kind = UpdateAction::Kind::kAdd;
      return a;
  }
  return a;
}

}  // namespace

Result<ProjectionExpression> AttributesToGetToProjection(const std::vector<std::string>& names) {
  if (names.empty()) return ApiError::Validation("AttributesToGet cannot be empty");
  ProjectionExpression p;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (std::find(names.begin(), names.begin() + static_cast<std::ptrdiff_t>(i), names[i]) !=
        names.begin() + static_cast<std::ptrdiff_t>(i)) {
      // The service's words (dynalite's getItem, query, scan and batchGetItem tests, recorded
      // against AWS; DynamoDB Local throws the same INVALID_PARAMETER_VALUE text).
      return ApiError::Validation(
          "One or more parameter values were invalid: Duplicate value in attribute name: " +
          names[i]);
    }
    p.paths.push_back(MakePath({PathElement::Name(names[i])}));
  }
  return p;
}

Result<UpdateExpression> AttributeUpdatesToUpdate(
    const std::vector<AttributeUpdateEntry>& entries) {
  UpdateExpression u;
  u.from_attribute_updates = true;
  for (const AttributeUpdateEntry& e : entries) {
    DDBEMU_ASSIGN_OR_RETURN(UpdateAction a, Translate(e));
    u.actions.push_back(std::move(a));
  }
  return u;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
