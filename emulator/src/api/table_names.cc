// Table names and ARNs (see table_names.h). API reference: "You can also provide the Amazon
// Resource Name (ARN) of the table in this parameter".
#include "api/table_names.h"

#include <string>

#include "api/model_constraints.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api {
namespace {

using api_model::Shape;
using api_model::Violation;

// The TableName member's shape of the model (TableArn, whose `a` is the plain TableName shape).
const Shape& NameOrArnShape() {
  static const Shape& shape = []() -> const Shape& {
    const api_model::Operation* op = api_model::FindOperation("GetItem");
    for (const api_model::Member& m : api_model::Members(api_model::GetShape(op->input))) {
      if (api_model::Str(m.name) == "TableName") return api_model::GetShape(m.shape);
    }
    return api_model::GetShape(0);  // unreachable with a DynamoDB model
  }();
  return shape;
}

// Every constraint of `shape` that `text` breaks, worded at `path`; empty when none.
std::vector<std::string> Violations(const Shape& shape, std::string_view text,
                                    std::string_view reported, std::string_view path) {
  std::vector<std::string> errors;
  api_model::ForEachStringViolation(shape, text, [&](const Shape& owner, Violation violation) {
    errors.push_back(
        "Value '" + std::string(reported) + "' at '" + std::string(path) +
        "' failed to satisfy constraint: " + api_model::ConstraintText(owner, violation));
  });
  return errors;
}

}  // namespace

bool IsValidTableName(std::string_view name) {
  if (name.size() < 3 || name.size() > 255) return false;
  for (const char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '-' || c == '.';
    if (!ok) return false;
  }
  return true;
}

std::vector<std::string_view> SplitArn(std::string_view arn) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const std::size_t colon = arn.find(':', start);
    if (colon == std::string_view::npos || parts.size() == 5) {
      parts.push_back(arn.substr(start));  // the resource part may not be split further
      return parts;
    }
    parts.push_back(arn.substr(start, colon - start));
    start = colon + 1;
  }
}

std::string_view TableNameInArn(std::string_view arn) {
  const std::vector<std::string_view> parts = SplitArn(arn);
  if (parts.size() != 6) return {};
  if (parts[1].empty() || parts[2] != "dynamodb" || parts[3].empty() || parts[4].empty()) return {};
  if (!parts[5].starts_with("table/")) return {};
  const std::string_view name = parts[5].substr(6);
  if (name.empty() || name.find('/') != std::string_view::npos) return {};
  return name;
}

Result<std::string_view> ValidateTableName(std::string_view name_or_arn, std::string_view path) {
  if (IsValidTableName(name_or_arn)) return name_or_arn;  // the usual case: no model walk
  std::string_view name = name_or_arn;
  const bool is_arn = api_model::IsArn(name_or_arn);
  if (is_arn) {
    name = TableNameInArn(name_or_arn);
    if (name.empty()) {
      return ApiError::Validation("Invalid TableArn: Invalid ResourceArn provided as input " +
                                  std::string(name_or_arn));
    }
  }
  // The ARN's bounds (for a name) and the name rules (for both), reported at `path`.
  const Shape& shape = NameOrArnShape();
  const std::vector<std::string> errors =
      Violations(is_arn ? api_model::GetShape(shape.a) : shape, name, name_or_arn, path);
  if (!errors.empty()) return api_model::ValidationErrors(errors);
  return name;
}

ApiError InvalidTableName(std::string_view value, std::string_view path) {
  std::vector<std::string> errors =
      Violations(api_model::GetShape(NameOrArnShape().a), value, value, path);
  if (errors.empty()) {  // only for a valid name, which callers do not pass
    errors.push_back("Value '" + std::string(value) + "' at '" + std::string(path) +
                     "' failed to satisfy constraint: Member must satisfy regular expression "
                     "pattern: [a-zA-Z0-9_.-]+");
  }
  return api_model::ValidationErrors(errors);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api
