// The legacy parameters' one piece that needs no JSON (see legacy_requests.h): ops/ reads the
// ConditionalOperator the codec left as text.
#include "api/legacy_requests.h"

namespace ddbemu::api {

expr::ConditionalOperator ParseConditionalOperator(const std::optional<std::string>& text) {
  return text && *text == "OR" ? expr::ConditionalOperator::kOr : expr::ConditionalOperator::kAnd;
}

}  // namespace ddbemu::api
