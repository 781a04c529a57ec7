// DescribeEndpoints and DescribeLimits (see service_info.h).
#include "ops/control/service_info.h"

#include "capacity/throughput_limits.h"

namespace ddbemu::ops {

std::string DescribeEndpointsAddress(const Caller& caller) {
  return "dynamodb." + caller.region + ".amazonaws.com";
}

ServiceLimits DescribeLimits() {
  ServiceLimits limits;
  limits.table_read = capacity::kOnDemandTableReadUnitsPerSecond;
  limits.table_write = capacity::kOnDemandTableWriteUnitsPerSecond;
  return limits;
}

}  // namespace ddbemu::ops
