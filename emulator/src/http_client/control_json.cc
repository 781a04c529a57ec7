// The describe and control operations to and from JSON; see json_codec.h.
#include "http_client/json_client.h"
#include "http_client/json_shapes.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {
namespace {

constexpr std::string_view kEnabledNames[] = {"ENABLED", "DISABLED"};
constexpr std::string_view kInsightsStatusNames[] = {"ENABLING", "ENABLED", "DISABLING", "DISABLED",
                                                     "FAILED"};
constexpr std::string_view kInsightsActionNames[] = {"ENABLE", "DISABLE"};
constexpr std::string_view kInsightsModeNames[] = {"ACCESSED_AND_THROTTLED_KEYS", "THROTTLED_KEYS"};

std::string Empty() { return "{}"; }

std::string TableNameBody(const std::string& table_name) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "TableName", table_name);
  out.w.EndObject();
  return out.Take();
}

Status ReadContinuousBackups(std::string_view body, ContinuousBackupsDescription& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(const Json* d, OptObject(doc, "ContinuousBackupsDescription"));
  if (d == nullptr) return Malformed("ContinuousBackupsDescription is missing");
  DDBEMU_ASSIGN_OR_RETURN(
      auto status, EnumOf<ContinuousBackupsStatus>(*d, "ContinuousBackupsStatus", kEnabledNames));
  out.continuous_backups_status = status.value_or(ContinuousBackupsStatus::kEnabled);
  DDBEMU_ASSIGN_OR_RETURN(const Json* p, OptObject(*d, "PointInTimeRecoveryDescription"));
  if (p == nullptr) return Status::Ok();
  PointInTimeRecoveryDescription pitr;
  DDBEMU_ASSIGN_OR_RETURN(auto pitr_status, EnumOf<PointInTimeRecoveryStatus>(
                                                *p, "PointInTimeRecoveryStatus", kEnabledNames));
  pitr.point_in_time_recovery_status = pitr_status.value_or(PointInTimeRecoveryStatus::kDisabled);
  DDBEMU_ASSIGN_OR_RETURN(pitr.recovery_period_in_days, OptInt(*p, "RecoveryPeriodInDays"));
  DDBEMU_ASSIGN_OR_RETURN(pitr.earliest_restorable_date_time_micros,
                          OptMicros(*p, "EarliestRestorableDateTime"));
  DDBEMU_ASSIGN_OR_RETURN(pitr.latest_restorable_date_time_micros,
                          OptMicros(*p, "LatestRestorableDateTime"));
  out.point_in_time_recovery_description = std::move(pitr);
  return Status::Ok();
}

// TableName, IndexName, ContributorInsightsStatus and ContributorInsightsMode: the members
// every Contributor Insights answer has.
template <class Out>
Status ReadInsightsSummary(const Json& o, Out& out) {
  DDBEMU_ASSIGN_OR_RETURN(out.table_name, String(o, "TableName"));
  DDBEMU_ASSIGN_OR_RETURN(out.index_name, OptString(o, "IndexName"));
  DDBEMU_ASSIGN_OR_RETURN(auto status, EnumOf<ContributorInsightsStatus>(
                                           o, "ContributorInsightsStatus", kInsightsStatusNames));
  out.contributor_insights_status = status.value_or(ContributorInsightsStatus::kDisabled);
  DDBEMU_ASSIGN_OR_RETURN(
      out.contributor_insights_mode,
      EnumOf<ContributorInsightsMode>(o, "ContributorInsightsMode", kInsightsModeNames));
  return Status::Ok();
}

}  // namespace

std::string ToJson(const DescribeEndpointsRequest&) { return Empty(); }

Status FromJson(std::string_view body, DescribeEndpointsResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(
      out.endpoints, ObjectList<Endpoint>(doc, "Endpoints", [](const Json& e) -> Result<Endpoint> {
        Endpoint endpoint;
        DDBEMU_ASSIGN_OR_RETURN(endpoint.address, String(e, "Address"));
        DDBEMU_ASSIGN_OR_RETURN(endpoint.cache_period_in_minutes, Int(e, "CachePeriodInMinutes"));
        return endpoint;
      }));
  return Status::Ok();
}

std::string ToJson(const DescribeLimitsRequest&) { return Empty(); }

Status FromJson(std::string_view body, DescribeLimitsResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(out.account_max_read_capacity_units,
                          Int(doc, "AccountMaxReadCapacityUnits"));
  DDBEMU_ASSIGN_OR_RETURN(out.account_max_write_capacity_units,
                          Int(doc, "AccountMaxWriteCapacityUnits"));
  DDBEMU_ASSIGN_OR_RETURN(out.table_max_read_capacity_units, Int(doc, "TableMaxReadCapacityUnits"));
  DDBEMU_ASSIGN_OR_RETURN(out.table_max_write_capacity_units,
                          Int(doc, "TableMaxWriteCapacityUnits"));
  return Status::Ok();
}

std::string ToJson(const DescribeContinuousBackupsRequest& r) {
  return TableNameBody(r.table_name);
}
Status FromJson(std::string_view body, DescribeContinuousBackupsResponse& out) {
  return ReadContinuousBackups(body, out.continuous_backups_description);
}

std::string ToJson(const UpdateContinuousBackupsRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "TableName", r.table_name);
  Key(out.w, "PointInTimeRecoverySpecification");
  out.w.StartObject();
  BoolMember(out.w, "PointInTimeRecoveryEnabled",
             r.point_in_time_recovery_specification.point_in_time_recovery_enabled);
  Member(out.w, "RecoveryPeriodInDays",
         r.point_in_time_recovery_specification.recovery_period_in_days);
  out.w.EndObject();
  out.w.EndObject();
  return out.Take();
}
Status FromJson(std::string_view body, UpdateContinuousBackupsResponse& out) {
  return ReadContinuousBackups(body, out.continuous_backups_description);
}

std::string ToJson(const DescribeContributorInsightsRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "TableName", r.table_name);
  Member(out.w, "IndexName", r.index_name);
  out.w.EndObject();
  return out.Take();
}

Status FromJson(std::string_view body, DescribeContributorInsightsResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_RETURN_IF_ERROR(ReadInsightsSummary(doc, out));
  DDBEMU_ASSIGN_OR_RETURN(out.contributor_insights_rule_list,
                          Strings(doc, "ContributorInsightsRuleList"));
  DDBEMU_ASSIGN_OR_RETURN(out.last_update_date_time_micros, OptMicros(doc, "LastUpdateDateTime"));
  return Status::Ok();
}

std::string ToJson(const UpdateContributorInsightsRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "TableName", r.table_name);
  Member(out.w, "IndexName", r.index_name);
  Member(out.w, "ContributorInsightsAction",
         NameOf(r.contributor_insights_action, kInsightsActionNames));
  if (r.contributor_insights_mode) {
    Member(out.w, "ContributorInsightsMode",
           NameOf(*r.contributor_insights_mode, kInsightsModeNames));
  }
  out.w.EndObject();
  return out.Take();
}

Status FromJson(std::string_view body, UpdateContributorInsightsResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  return ReadInsightsSummary(doc, out);
}

std::string ToJson(const ListContributorInsightsRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "TableName", r.table_name);
  Member(out.w, "NextToken", r.next_token);
  Member(out.w, "MaxResults", r.max_results);
  out.w.EndObject();
  return out.Take();
}

Status FromJson(std::string_view body, ListContributorInsightsResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(out.contributor_insights_summaries,
                          ObjectList<ContributorInsightsSummary>(
                              doc, "ContributorInsightsSummaries",
                              [](const Json& e) -> Result<ContributorInsightsSummary> {
                                ContributorInsightsSummary s;
                                DDBEMU_RETURN_IF_ERROR(ReadInsightsSummary(e, s));
                                return s;
                              }));
  DDBEMU_ASSIGN_OR_RETURN(out.next_token, OptString(doc, "NextToken"));
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
