// Request readers and answer writers of the control-plane operations around a table that are
// not about its shape: DescribeEndpoints, DescribeLimits, Describe/UpdateContinuousBackups
// (point-in-time recovery) and Describe/Update/ListContributorInsights. Bodies have passed
// ValidateRequest.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ddbemu::api {

struct UpdateContinuousBackupsRequest {
  std::string table_name;
  bool enabled = false;
  std::optional<std::int64_t> recovery_days;  // RecoveryPeriodInDays
};

struct ContributorInsightsRequest {  // Describe and Update
  std::string table_name;
  std::string index_name;  // "" for the table
  std::string action;      // Update: ENABLE or DISABLE
  std::string mode;        // Update: ContributorInsightsMode, "" when absent
};

struct ListContributorInsightsRequest {
  std::string table_name;  // "" for every table
  std::int64_t max_results = 100;
  std::string next_token;
};

// --- answers ---------------------------------------------------------------------------------

struct PitrDescription {
  bool enabled = false;
  std::int64_t earliest_micros = 0;  // when enabled
  std::int64_t latest_micros = 0;
  std::int64_t recovery_days = 35;
};

struct InsightsDescription {
  std::string table_name;
  std::string index_name;
  std::string status;  // ENABLED / DISABLED
  std::vector<std::string> rules;
  std::int64_t updated_micros = 0;  // 0: never
  std::string mode;
};

}  // namespace ddbemu::api
