// Describe/Update/ListContributorInsights. The switch is kept per table and per GSI
// (ops/control/table_settings.h); the data behind it is the capacity model's hot-key
// statistics, which ddb-local serves at GET /_ddblocal/capacity?table=NAME (its
// top_keys_by_consumption and top_keys_by_throttles are what the rules' CloudWatch graphs show
// on AWS: the most accessed and the most throttled partition keys).
#pragma once

#include <string>
#include <vector>

#include "api/control_requests.h"
#include "ddbemu/error.h"
#include "ops/engine.h"

namespace ddbemu::ops {

// ResourceNotFoundException for no such table or index.
Result<api::InsightsDescription> DescribeContributorInsights(
    Engine& engine, const Caller& caller, const api::ContributorInsightsRequest& request);

// ENABLE or DISABLE; answers the new status (ENABLED / DISABLED: the change is immediate here).
Result<api::InsightsDescription> UpdateContributorInsights(
    Engine& engine, const Caller& caller, const api::ContributorInsightsRequest& request);

// The tables and GSIs whose Contributor Insights was ever switched on, at most MaxResults
// (1..100) after NextToken; `next_token` is the last summary's "table/index" when more follow.
struct InsightsPage {
  std::vector<api::InsightsDescription> summaries;
  std::string next_token;
};
Result<InsightsPage> ListContributorInsights(Engine& engine, const Caller& caller,
                                             const api::ListContributorInsightsRequest& request);

}  // namespace ddbemu::ops
