// The describe and control operations around a table: DescribeEndpoints, DescribeLimits,
// Describe/UpdateContinuousBackups (point-in-time recovery) and Describe/Update/List
// ContributorInsights, shaped as the API reference's requests and responses. Times are
// microseconds since the epoch (the service reports milliseconds).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// ---- DescribeEndpoints, DescribeLimits --------------------------------------------------------

struct DescribeEndpointsRequest {};
struct Endpoint {
  std::string address;  // host[:port] to send requests to
  std::int64_t cache_period_in_minutes = 0;
  friend bool operator==(const Endpoint&, const Endpoint&) = default;
};
struct DescribeEndpointsResponse {
  std::vector<Endpoint> endpoints;
};

struct DescribeLimitsRequest {};
struct DescribeLimitsResponse {
  std::int64_t account_max_read_capacity_units = 0;
  std::int64_t account_max_write_capacity_units = 0;
  std::int64_t table_max_read_capacity_units = 0;
  std::int64_t table_max_write_capacity_units = 0;
};

// ---- Continuous backups (point-in-time recovery) ---------------------------------------------

enum class ContinuousBackupsStatus : std::uint8_t { kEnabled, kDisabled };
enum class PointInTimeRecoveryStatus : std::uint8_t { kEnabled, kDisabled };

struct PointInTimeRecoveryDescription {
  PointInTimeRecoveryStatus point_in_time_recovery_status = PointInTimeRecoveryStatus::kDisabled;
  std::optional<std::int64_t> recovery_period_in_days;
  // Filled while ENABLED: the window a table can be restored to.
  std::optional<std::int64_t> earliest_restorable_date_time_micros;
  std::optional<std::int64_t> latest_restorable_date_time_micros;
};
struct ContinuousBackupsDescription {
  ContinuousBackupsStatus continuous_backups_status = ContinuousBackupsStatus::kEnabled;
  std::optional<PointInTimeRecoveryDescription> point_in_time_recovery_description;
};

struct DescribeContinuousBackupsRequest {
  std::string table_name;
};
struct DescribeContinuousBackupsResponse {
  ContinuousBackupsDescription continuous_backups_description;
};

struct PointInTimeRecoverySpecification {
  bool point_in_time_recovery_enabled = false;
  std::optional<std::int64_t> recovery_period_in_days;  // 1..35; absent: 35
};
struct UpdateContinuousBackupsRequest {
  std::string table_name;
  PointInTimeRecoverySpecification point_in_time_recovery_specification;
};
struct UpdateContinuousBackupsResponse {
  ContinuousBackupsDescription continuous_backups_description;
};

// ---- Contributor Insights ---------------------------------------------------------------------

enum class ContributorInsightsStatus : std::uint8_t {
  kEnabling,
  kEnabled,
  kDisabling,
  kDisabled,
  kFailed
};
enum class ContributorInsightsAction : std::uint8_t { kEnable, kDisable };
enum class ContributorInsightsMode : std::uint8_t { kAccessedAndThrottledKeys, kThrottledKeys };

struct DescribeContributorInsightsRequest {
  std::string table_name;
  std::optional<std::string> index_name;  // a GSI; absent: the table
};
struct DescribeContributorInsightsResponse {
  std::string table_name;
  std::optional<std::string> index_name;
  std::vector<std::string> contributor_insights_rule_list;  // the CloudWatch rules' names
  ContributorInsightsStatus contributor_insights_status = ContributorInsightsStatus::kDisabled;
  std::optional<std::int64_t> last_update_date_time_micros;
  std::optional<ContributorInsightsMode> contributor_insights_mode;
};

struct UpdateContributorInsightsRequest {
  std::string table_name;
  std::optional<std::string> index_name;
  ContributorInsightsAction contributor_insights_action = ContributorInsightsAction::kEnable;
  std::optional<ContributorInsightsMode> contributor_insights_mode;
};
struct UpdateContributorInsightsResponse {
  std::string table_name;
  std::optional<std::string> index_name;
  ContributorInsightsStatus contributor_insights_status = ContributorInsightsStatus::kDisabled;
  std::optional<ContributorInsightsMode> contributor_insights_mode;
};

struct ListContributorInsightsRequest {
  std::optional<std::string> table_name;  // absent: every table
  std::optional<std::string> next_token;
  std::optional<std::int64_t> max_results;  // 0..100; absent: 100
};
struct ContributorInsightsSummary {
  std::string table_name;
  std::optional<std::string> index_name;
  ContributorInsightsStatus contributor_insights_status = ContributorInsightsStatus::kDisabled;
  std::optional<ContributorInsightsMode> contributor_insights_mode;
};
struct ListContributorInsightsResponse {
  std::vector<ContributorInsightsSummary> contributor_insights_summaries;
  std::optional<std::string> next_token;  // present when more follow
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
