// Table names and table ARNs (API reference: "You can also provide the Amazon Resource Name
// (ARN) of the table in this parameter").
#include "ops/tables/table_name.h"

#include <algorithm>
#include <string>
#include <vector>

#include "ops/items/item_checks.h"
#include "storage/table_memo.h"

namespace ddbemu::ops {
namespace {

// A TableName that is not a table ARN must satisfy the TableName shape (3..255 characters of
// [a-zA-Z0-9_.-]); the service reports it in the model's words, constraints in the order
// pattern, minimum length, maximum length (DescribeTable "ab" -> "1 validation error detected:
// Value 'ab' at 'tableName' failed to satisfy constraint: Member must have length greater than
// or equal to 3", observed 2026).
ApiError InvalidName(std::string_view value) {
  std::vector<std::string> violations;
  const bool pattern_ok = !value.empty() && std::all_of(value.begin(), value.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-' || c == '.';
  });
  if (!pattern_ok)
    violations.push_back("Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
  if (value.size() < 3) violations.push_back("Member must have length greater than or equal to 3");
  if (value.size() > 255) violations.push_back("Member must have length less than or equal to 255");
  std::string message =
      std::to_string(violations.size()) +
      (violations.size() == 1 ? " validation error detected: " : " validation errors detected: ");
  for (std::size_t i = 0; i < violations.size(); ++i) {
    if (i > 0) message += "; ";
    message += "Value '" + std::string(value) +
               "' at 'tableName' failed to satisfy constraint: " + violations[i];
  }
  return ApiError::Validation(message);
}

bool IsAwsPartition(std::string_view partition) {
  return partition == "aws" || partition == "aws-cn" || partition == "aws-us-gov";
}

}  // namespace

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
    if (!IsValidTableName(table_name_or_arn)) return InvalidName(table_name_or_arn);
    return std::string(table_name_or_arn);
  }
  const std::vector<std::string_view> parts = SplitArn(table_name_or_arn);
  if (parts.size() != 6 || !IsAwsPartition(parts[1]) || parts[2] != "dynamodb" ||
      !parts[5].starts_with("table/") || !IsValidTableName(parts[5].substr(6))) {
    return InvalidName(table_name_or_arn);  // not a table ARN: judged as a name
  }
  const std::string_view name = parts[5].substr(6);
  if (parts[3] != caller.region || parts[4] != caller.account_id) {
    return ApiError::ResourceNotFound(
        "Requested resource not found: Table: " + std::string(table_name_or_arn) + " not found");
  }
  return std::string(name);
}

Result<std::shared_ptr<const TableSchema>> FindTable(Engine& engine, const storage::Txn& txn,
                                                     const Caller& caller,
                                                     std::string_view table_name_or_arn) {
  std::string resolved;
  if (table_name_or_arn.starts_with("arn:")) {
    DDB_ASSIGN_OR_RETURN(resolved, ResolveTableName(caller, table_name_or_arn));
  }
  const std::string_view name = resolved.empty() ? table_name_or_arn : resolved;
  // The client's memo first (reads on a committed snapshot only: a write's is 0).
  const std::uint64_t snapshot =
      caller.table_memo != nullptr ? storage::CommittedSnapshot(txn) : 0;
  std::shared_ptr<const TableSchema> table;
  if (snapshot != 0) table = caller.table_memo->Find(snapshot, name);
  if (!table) {
    DDB_ASSIGN_OR_RETURN(table, engine.catalog.GetShared(txn, caller.ns, name));
    if (!table) return TableNotFound();
    if (snapshot != 0) caller.table_memo->Remember(snapshot, name, table);
  }
  return table;
}

}  // namespace ddbemu::ops
