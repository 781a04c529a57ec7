// A ddbemu::Client over any function that answers DynamoDB JSON requests, such as
// Database::Call, for the operations hrcore uses (GetItem, PutItem, UpdateItem, DeleteItem,
// Query, Scan, TransactWriteItems, CreateTable, DeleteTable). Stop-gap: hrcore's tests and
// hrctl run on it until ddbemu's embedded client (issue 9) lands; the other operations answer
// InternalServerError.
#pragma once

#include <functional>
#include <memory>
#include <string_view>

#include "ddbemu/client.h"
#include "ddbemu/database.h"

namespace hrcore {

using JsonCall = std::function<ddbemu::Response(std::string_view operation, std::string_view body)>;

std::unique_ptr<ddbemu::Client> MakeJsonCallClient(JsonCall call);

// A JsonCall client over `database` (which must outlive it).
std::unique_ptr<ddbemu::Client> MakeDatabaseJsonClient(ddbemu::Database& database);

}  // namespace hrcore
