// Table names and table ARNs as every entry checks them (the JSON codec, the embedded client
// and the operations): one set of rules, worded from the API model. Since 2024 every control-
// plane and item operation accepts a table name or the table's ARN in TableName (the model's
// TableArn shape, 1..1024 characters); a name must satisfy the TableName shape (3..255
// characters of [a-zA-Z0-9_.-]).
#pragma once

#include <string_view>
#include <vector>

#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api {

// True for a valid table or index name (3..255 characters of [a-zA-Z0-9_.-]).
bool IsValidTableName(std::string_view name);

// An ARN's first five colon-separated parts and the rest ("arn", partition, service, region,
// account, resource), or fewer parts, the last holding the rest, when it has fewer colons.
std::vector<std::string_view> SplitArn(std::string_view arn);

// arn:<partition>:dynamodb:<region>:<account>:table/<name> -> <name>; empty for anything else.
std::string_view TableNameInArn(std::string_view arn);

// For a TableName (or a RequestItems key) that accepts a table name or a table ARN. Returns the
// table name part, or a ValidationException: a name, or the name inside an ARN, must satisfy
// the TableName shape, reported like a model constraint at `path`; an ARN that does not name a
// table is "Invalid TableArn: Invalid ResourceArn provided as input <arn>".
Result<std::string_view> ValidateTableName(std::string_view name_or_arn,
                                           std::string_view path = "tableName");

// The ValidationException for `value` judged as a plain table name against the TableName shape
// ("1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: Member
// must have length greater than or equal to 3", observed 2026), ARN-looking or not.
ApiError InvalidTableName(std::string_view value, std::string_view path = "tableName");

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api
