// The embedded client's describe and control operations (DescribeEndpoints, DescribeLimits,
// Describe/UpdateContinuousBackups, Describe/Update/ListContributorInsights): public request ->
// the api/ model, and the engine's answer -> the public response with the members the JSON path
// renders (api_json/control_codec.cc), times at the millisecond as JSON carries them.
#include "api/table_names.h"
#include "embedded/typed_admin.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::embedded {
namespace {

constexpr std::string_view kModeNames[] = {"ACCESSED_AND_THROTTLED_KEYS", "THROTTLED_KEYS"};

std::optional<ContributorInsightsMode> ModeOf(const std::string& mode) {
  if (mode == kModeNames[0]) return ContributorInsightsMode::kAccessedAndThrottledKeys;
  if (mode == kModeNames[1]) return ContributorInsightsMode::kThrottledKeys;
  return std::nullopt;
}

ContributorInsightsStatus InsightsStatusOf(const std::string& status) {
  if (status == "ENABLED") return ContributorInsightsStatus::kEnabled;
  if (status == "ENABLING") return ContributorInsightsStatus::kEnabling;
  if (status == "DISABLING") return ContributorInsightsStatus::kDisabling;
  if (status == "FAILED") return ContributorInsightsStatus::kFailed;
  return ContributorInsightsStatus::kDisabled;
}

std::optional<std::string> IndexOf(const std::string& index_name) {
  if (index_name.empty()) return std::nullopt;
  return index_name;
}

}  // namespace

DescribeEndpointsResponse ToDescribeEndpointsResponse(const std::string& address) {
  // As the JSON path renders it: one endpoint, cached for a day.
  return {{Endpoint{address, 1440}}};
}

DescribeLimitsResponse ToPublic(const ops::ServiceLimits& l) {
  return {l.account_read, l.account_write, l.table_read, l.table_write};
}

Result<api::TableNameRequest> ToEngine(const DescribeContinuousBackupsRequest& in) {
  DDBEMU_RETURN_IF_ERROR(CheckTableName(in.table_name));
  return api::TableNameRequest{in.table_name};
}

Result<api::UpdateContinuousBackupsRequest> ToEngine(const UpdateContinuousBackupsRequest& in) {
  DDBEMU_RETURN_IF_ERROR(CheckTableName(in.table_name));
  const PointInTimeRecoverySpecification& spec = in.point_in_time_recovery_specification;
  if (spec.recovery_period_in_days) {
    DDBEMU_RETURN_IF_ERROR(CheckRange(*spec.recovery_period_in_days,
                                      "pointInTimeRecoverySpecification.recoveryPeriodInDays", 1,
                                      35));
  }
  return api::UpdateContinuousBackupsRequest{in.table_name, spec.point_in_time_recovery_enabled,
                                             spec.recovery_period_in_days};
}

ContinuousBackupsDescription ToPublic(const api::PitrDescription& pitr) {
  ContinuousBackupsDescription out;
  out.continuous_backups_status = ContinuousBackupsStatus::kEnabled;
  PointInTimeRecoveryDescription d;
  d.point_in_time_recovery_status =
      pitr.enabled ? PointInTimeRecoveryStatus::kEnabled : PointInTimeRecoveryStatus::kDisabled;
  if (pitr.enabled) {
    d.recovery_period_in_days = pitr.recovery_days;
    d.earliest_restorable_date_time_micros = WholeMillis(pitr.earliest_micros);
    d.latest_restorable_date_time_micros = WholeMillis(pitr.latest_micros);
  }
  out.point_in_time_recovery_description = d;
  return out;
}

Result<api::ContributorInsightsRequest> ToEngine(const DescribeContributorInsightsRequest& in) {
  DDBEMU_RETURN_IF_ERROR(CheckTableName(in.table_name));
  DDBEMU_RETURN_IF_ERROR(CheckIndexName(in.index_name));
  return api::ContributorInsightsRequest{in.table_name, in.index_name.value_or(""), "", ""};
}

Result<api::ContributorInsightsRequest> ToEngine(const UpdateContributorInsightsRequest& in) {
  DDBEMU_RETURN_IF_ERROR(CheckTableName(in.table_name));
  DDBEMU_RETURN_IF_ERROR(CheckIndexName(in.index_name));
  api::ContributorInsightsRequest out{in.table_name, in.index_name.value_or(""), "", ""};
  out.action =
      in.contributor_insights_action == ContributorInsightsAction::kEnable ? "ENABLE" : "DISABLE";
  if (in.contributor_insights_mode) {
    out.mode = std::string(kModeNames[static_cast<int>(*in.contributor_insights_mode)]);
  }
  return out;
}

Result<api::ListContributorInsightsRequest> ToEngine(const ListContributorInsightsRequest& in) {
  api::ListContributorInsightsRequest out;
  if (in.table_name) {
    DDBEMU_RETURN_IF_ERROR(CheckTableName(*in.table_name));
    out.table_name = *in.table_name;
  }
  if (in.max_results) {
    DDBEMU_RETURN_IF_ERROR(CheckRange(*in.max_results, "maxResults", 0, 100));
    out.max_results = *in.max_results;
  }
  out.next_token = in.next_token.value_or("");
  return out;
}

DescribeContributorInsightsResponse ToDescribeInsightsResponse(const api::InsightsDescription& d) {
  DescribeContributorInsightsResponse out;
  out.table_name = d.table_name;
  out.index_name = IndexOf(d.index_name);
  out.contributor_insights_rule_list = d.rules;
  out.contributor_insights_status = InsightsStatusOf(d.status);
  if (d.updated_micros > 0) out.last_update_date_time_micros = WholeMillis(d.updated_micros);
  out.contributor_insights_mode = ModeOf(d.mode);
  return out;
}

UpdateContributorInsightsResponse ToUpdateInsightsResponse(const api::InsightsDescription& d) {
  return {d.table_name, IndexOf(d.index_name), InsightsStatusOf(d.status), ModeOf(d.mode)};
}

ListContributorInsightsResponse ToListInsightsResponse(
    const std::vector<api::InsightsDescription>& list, const std::string& next_token) {
  ListContributorInsightsResponse out;
  for (const api::InsightsDescription& d : list) {
    out.contributor_insights_summaries.push_back(
        {d.table_name, IndexOf(d.index_name), InsightsStatusOf(d.status), ModeOf(d.mode)});
  }
  if (!next_token.empty()) out.next_token = next_token;
  return out;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::embedded
