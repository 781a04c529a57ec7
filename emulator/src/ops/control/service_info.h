// DescribeEndpoints and DescribeLimits: what SDKs and tools ask of the service itself.
//  - DescribeEndpoints names the endpoint to use for endpoint discovery; a local endpoint has
//    no regional address, so it names the one every SDK would build for the caller's region
//    (SDKs that discover endpoints are pointed at ddb-local explicitly and keep using it).
//  - DescribeLimits answers the account's and a table's maximum provisioned capacity: AWS's
//    default quotas (80,000 per account, 40,000 per table), which DynamoDB Local answers too;
//    the per-table figures follow the capacity model's on-demand table quota.
#pragma once

#include <string>

#include "ops/engine.h"

namespace ddbemu::ops {

std::string DescribeEndpointsAddress(const Caller& caller);

struct ServiceLimits {
  std::int64_t account_read = 80'000;
  std::int64_t account_write = 80'000;
  std::int64_t table_read = 40'000;
  std::int64_t table_write = 40'000;
};
ServiceLimits DescribeLimits();

}  // namespace ddbemu::ops
