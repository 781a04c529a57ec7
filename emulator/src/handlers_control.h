// Handlers of DescribeEndpoints, DescribeLimits, the continuous-backup and the Contributor
// Insights operations (handlers_control.cc), listed in operation_table.cc.
#pragma once

#include <rapidjson/document.h>

#include <string>

#include "ddbemu/error.h"
#include "ops/engine.h"

namespace ddbemu::handlers {

#define DDB_CONTROL_HANDLER(name)                                          \
  Result<std::string> name(ops::Engine& engine, const ops::Caller& caller, \
                           const rapidjson::Value& body)

DDB_CONTROL_HANDLER(DescribeEndpoints);
DDB_CONTROL_HANDLER(DescribeLimits);
DDB_CONTROL_HANDLER(DescribeContinuousBackups);
DDB_CONTROL_HANDLER(UpdateContinuousBackups);
DDB_CONTROL_HANDLER(DescribeContributorInsights);
DDB_CONTROL_HANDLER(UpdateContributorInsights);
DDB_CONTROL_HANDLER(ListContributorInsights);

#undef DDB_CONTROL_HANDLER

}  // namespace ddbemu::handlers
