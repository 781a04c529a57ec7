// ResourceArn resolution for the tagging operations (see resource_arn.h).
#include "ops/tags/resource_arn.h"

#include <vector>

#include "api/table_names.h"

namespace ddbemu::ops {
namespace {

ApiError AccessDenied(const Caller& caller, std::string_view operation, std::string_view arn) {
  return ApiError(ErrorCode::kAccessDenied,
                  "User: arn:aws:iam::" + caller.account_id +
                      ":root is not authorized to perform: dynamodb:" + std::string(operation) +
                      " on resource: " + (arn.empty() ? std::string("*") : std::string(arn)));
}

}  // namespace

Result<std::string> ResolveResourceArn(const Caller& caller, std::string_view operation,
                                       std::string_view arn, const ApiError& not_found) {
  const std::vector<std::string_view> parts = api::SplitArn(arn);
  if (arn.empty() || parts.size() < 6 || parts[5].find('/') == std::string_view::npos) {
    return AccessDenied(caller, operation, arn);
  }
  const bool table_arn = parts[0] == "arn" && !parts[1].empty() && parts[2] == "dynamodb" &&
                         parts[5].starts_with("table/") &&
                         api::IsValidTableName(parts[5].substr(6));
  if (!table_arn) {
    return ApiError::Validation("Invalid TableArn: Invalid ResourceArn provided as input " +
                                std::string(arn));
  }
  if (parts[3] != caller.region || parts[4] != caller.account_id) return not_found;
  return std::string(parts[5].substr(6));
}

}  // namespace ddbemu::ops
