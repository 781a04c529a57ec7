// The checks CreateTable makes after the API model's generic validation and before it looks
// at the catalog, in the service's order: members the model no longer requires, billing mode
// against throughput, attribute definitions against every key schema, LSIs, GSIs, projection
// limits, tags. The table name is resolved before this (ops/tables/table_name.h).
#pragma once

#include "api/table_requests.h"
#include "ddbemu/error.h"

namespace ddbemu::api {

// Index limits (Developer Guide, "Service, account, and table quotas").
inline constexpr std::size_t kMaxLocalSecondaryIndexes = 5;
inline constexpr std::size_t kMaxGlobalSecondaryIndexes = 20;
inline constexpr std::size_t kMaxProjectedAttributes = 100;  // NonKeyAttributes over all indexes

// The first rule `request` breaks, as a ValidationException worded like the service's; Ok when
// the request describes a valid table. On success the request has both AttributeDefinitions
// and KeySchema.
Status ValidateCreateTable(const CreateTableRequest& request);

// The billing-mode rules for one GSI of a table whose effective billing mode is
// `pay_per_request` (shared with UpdateTable's GSI Create).
Status ValidateGsiThroughput(const SecondaryIndexRequest& index, bool pay_per_request);

}  // namespace ddbemu::api
