// Table names and table ARNs (API reference: "You can also provide the Amazon Resource Name
// (ARN) of the table in this parameter").
#include "ops/table_name.h"

#include <vector>

namespace ddbemu::ops {
namespace {

constexpr std::string_view kInvalidNameMessage =
    "Invalid table/index name.  Table/index names must be between 3 and 255 characters long, and "
    "may "
    "contain only the characters a-z, A-Z, 0-9, '_', '-', and '.'";

ApiError InvalidName() { return ApiError::Validation(std::string(kInvalidNameMessage)); }

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

bool IsAwsPartition(std::string_view partition) {
  return partition == "aws" || partition == "aws-cn" || partition == "aws-us-gov";
}

}  // namespace

bool IsValidTableName(std::string_view name) {
  if (name.size() < 3 || name.size() > 255) return false;
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '-' || c == '.';
    if (!ok) return false;
  }
  return true;
}

Result<std::string> ResolveTableName(const Caller& caller, std::string_view table_name_or_arn) {
  if (!table_name_or_arn.starts_with("arn:")) {
    if (!IsValidTableName(table_name_or_arn)) return InvalidName();
    return std::string(table_name_or_arn);
  }
  const std::vector<std::string_view> parts = SplitArn(table_name_or_arn);
  if (parts.size() != 6 || !IsAwsPartition(parts[1]) || parts[2] != "dynamodb" ||
      !parts[5].starts_with("table/")) {
    return InvalidName();
  }
  const std::string_view name = parts[5].substr(6);
  if (!IsValidTableName(name)) return InvalidName();
  if (parts[3] != caller.region || parts[4] != caller.account_id) {
    return ApiError::ResourceNotFound(
        "Requested resource not found: Table: " + std::string(table_name_or_arn) + " not found");
  }
  return std::string(name);
}

}  // namespace ddbemu::ops
