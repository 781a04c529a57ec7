// DescribeEndpoints and DescribeLimits (see control.h).
#include "ops/control/control.h"

#include "capacity/throughput_limits.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

std::string DescribeEndpointsAddress(const Caller& caller) {
  return "dynamodb." + caller.region + ".amazonaws.com";
}

ServiceLimits DescribeLimits() {
  ServiceLimits limits;
  limits.table_read = capacity::kOnDemandTableReadUnitsPerSecond;
  limits.table_write = capacity::kOnDemandTableWriteUnitsPerSecond;
  return limits;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
