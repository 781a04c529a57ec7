// Which table a request's TableName means. Since 2024 every control-plane and item operation
// accepts either a table name or the table's ARN (the model's TableArn shape, 1..1024
// characters); the service resolves an ARN of the caller's account and region to its name.
#pragma once

#include <string>
#include <string_view>

#include "ddbemu/error.h"
#include "ops/engine.h"

namespace ddbemu::ops {

// The table name `table_name_or_arn` designates for `caller`:
//  - a name must be 3..255 characters of [a-zA-Z0-9_.-], else ValidationException "Invalid
//    table/index name.  Table/index names must be between 3 and 255 characters long, and may
//    contain only the characters a-z, A-Z, 0-9, '_', '-', and '.'";
//  - "arn:PARTITION:dynamodb:REGION:ACCOUNT:table/NAME" of the caller's region and account
//    resolves to NAME; a malformed ARN or one naming an invalid table is the same
//    ValidationException;
//  - a well-formed table ARN of another account or region names no table of this namespace:
//    ResourceNotFoundException "Requested resource not found: Table: ARN not found".
Result<std::string> ResolveTableName(const Caller& caller, std::string_view table_name_or_arn);

// True for a valid table or index name (3..255 characters of [a-zA-Z0-9_.-]).
bool IsValidTableName(std::string_view name);

}  // namespace ddbemu::ops
