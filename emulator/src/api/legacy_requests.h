// The legacy (pre-expression) parameters' ConditionalOperator, which ops/ reads as text; the
// JSON readers of Expected, QueryFilter/ScanFilter/KeyConditions, AttributeUpdates and
// AttributesToGet are in api_json/operation_codecs.h.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ddbemu/error.h"
#include "expr/legacy.h"

namespace ddbemu::api {

// "AND" (the default) or "OR".
inline expr::ConditionalOperator ParseConditionalOperator(const std::optional<std::string>& text) {
  return text && *text == "OR" ? expr::ConditionalOperator::kOr : expr::ConditionalOperator::kAnd;
}

}  // namespace ddbemu::api
