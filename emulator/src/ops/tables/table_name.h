// Which table a request's TableName means. Since 2024 every control-plane and item operation
// accepts either a table name or the table's ARN (the model's TableArn shape, 1..1024
// characters); the service resolves an ARN of the caller's account and region to its name.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/error.h"
#include "ops/engine.h"
#include "storage/txn.h"

namespace ddbemu::ops {

// The table name `table_name_or_arn` designates for `caller`:
//  - a name must satisfy the TableName shape (3..255 characters of [a-zA-Z0-9_.-]), else a
//    ValidationException in the model's words ("1 validation error detected: Value 'ab' at
//    'tableName' failed to satisfy constraint: Member must have length greater than or equal
//    to 3"; the request validator normally reports it first);
//  - "arn:PARTITION:dynamodb:REGION:ACCOUNT:table/NAME" of the caller's region and account
//    resolves to NAME; anything else starting with "arn:" is judged as a name (and fails);
//  - a table ARN of another account or region names no table of this namespace:
//    ResourceNotFoundException "Requested resource not found: Table: ARN not found".
Result<std::string> ResolveTableName(const Caller& caller, std::string_view table_name_or_arn);

// The schema of the table `table_name_or_arn` names for `caller`, as `txn` sees it. An ARN is
// resolved (with ResolveTableName's errors); a plain name is looked up as it is, the request's
// checks having judged it (a caller holding an unchecked name resolves it first).
// ResourceNotFoundException "Requested resource not found" when there is no such table. Through
// the caller's table memo on a committed snapshot and the catalog's shared cache, so that a
// lookup decodes and copies no schema it has already read.
Result<std::shared_ptr<const TableSchema>> FindTable(Engine& engine, const storage::Txn& txn,
                                                     const Caller& caller,
                                                     std::string_view table_name_or_arn);

// FindTable for item access: the same, and with the realism switch's transient statuses on
// (ops/realism/), a table still being created is not usable for items yet. The one lookup of
// the item, read, batch and PartiQL operations.
Result<std::shared_ptr<const TableSchema>> FindItemTable(Engine& engine, const storage::Txn& txn,
                                                         const Caller& caller,
                                                         std::string_view table_name_or_arn);

}  // namespace ddbemu::ops
