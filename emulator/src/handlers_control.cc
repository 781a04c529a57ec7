// Control-plane handlers beyond tables: parse (api/control_requests.h), execute
// (ops/control/), render.
#include "handlers_control.h"

#include "api/control_requests.h"
#include "api/json_read.h"
#include "ops/control/continuous_backups.h"
#include "ops/control/contributor_insights.h"
#include "ops/control/service_info.h"

namespace ddbemu::handlers {

Result<std::string> DescribeEndpoints(ops::Engine&, const ops::Caller& caller,
                                      const rapidjson::Value&) {
  return api::RenderDescribeEndpoints(ops::DescribeEndpointsAddress(caller));
}

Result<std::string> DescribeLimits(ops::Engine&, const ops::Caller&, const rapidjson::Value&) {
  const ops::ServiceLimits l = ops::DescribeLimits();
  return api::RenderDescribeLimits(l.account_read, l.account_write, l.table_read, l.table_write);
}

Result<std::string> DescribeContinuousBackups(ops::Engine& engine, const ops::Caller& caller,
                                              const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(
      api::PitrDescription d,
      ops::DescribeContinuousBackups(engine, caller, api::StringOr(body, "TableName", "")));
  return api::RenderContinuousBackups(d);
}

Result<std::string> UpdateContinuousBackups(ops::Engine& engine, const ops::Caller& caller,
                                            const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(
      api::PitrDescription d,
      ops::UpdateContinuousBackups(engine, caller, api::ParseUpdateContinuousBackups(body)));
  return api::RenderContinuousBackups(d);
}

Result<std::string> DescribeContributorInsights(ops::Engine& engine, const ops::Caller& caller,
                                                const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(
      api::InsightsDescription d,
      ops::DescribeContributorInsights(engine, caller, api::ParseContributorInsights(body)));
  return api::RenderDescribeContributorInsights(d);
}

Result<std::string> UpdateContributorInsights(ops::Engine& engine, const ops::Caller& caller,
                                              const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(
      api::InsightsDescription d,
      ops::UpdateContributorInsights(engine, caller, api::ParseContributorInsights(body)));
  return api::RenderUpdateContributorInsights(d);
}

Result<std::string> ListContributorInsights(ops::Engine& engine, const ops::Caller& caller,
                                            const rapidjson::Value& body) {
  std::string next_token;
  DDB_ASSIGN_OR_RETURN(auto list,
                       ops::ListContributorInsights(
                           engine, caller, api::ParseListContributorInsights(body), &next_token));
  return api::RenderListContributorInsights(list, next_token);
}

}  // namespace ddbemu::handlers
