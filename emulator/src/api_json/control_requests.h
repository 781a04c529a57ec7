// The JSON codec of api/control_requests.h (docs/architecture.md: the api_json layer, above ops):
// reading a validated request body into that model and writing its responses.
#pragma once

#include <rapidjson/document.h>

#include <string>
#include <vector>

#include "api/control_requests.h"

namespace ddbemu::api {

UpdateContinuousBackupsRequest ParseUpdateContinuousBackups(const rapidjson::Value& body);

ContributorInsightsRequest ParseContributorInsights(const rapidjson::Value& body);

ListContributorInsightsRequest ParseListContributorInsights(const rapidjson::Value& body);

std::string RenderContinuousBackups(const PitrDescription& pitr);

std::string RenderDescribeContributorInsights(const InsightsDescription& d);
std::string RenderUpdateContributorInsights(const InsightsDescription& d);
std::string RenderListContributorInsights(const std::vector<InsightsDescription>& list,
                                          const std::string& next_token);

std::string RenderDescribeEndpoints(const std::string& address);
std::string RenderDescribeLimits(std::int64_t account_read, std::int64_t account_write,
                                 std::int64_t table_read, std::int64_t table_write);

}  // namespace ddbemu::api
