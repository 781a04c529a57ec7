// Typed requests and answers of the control-plane operations around a table that are not about
// its shape: DescribeEndpoints, DescribeLimits, Describe/UpdateContinuousBackups (point-in-time
// recovery), Describe/Update/ListContributorInsights, Time to Live and tags.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "api/table_requests.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api {

// ---- control requests --------------------------------------------------------------------------
// Request readers and answer writers of the control-plane operations around a table that are
// not about its shape: DescribeEndpoints, DescribeLimits, Describe/UpdateContinuousBackups
// (point-in-time recovery) and Describe/Update/ListContributorInsights. Bodies have passed
// ValidateRequest.

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

// ---- ttl requests ------------------------------------------------------------------------------
// Typed requests and responses of UpdateTimeToLive and DescribeTimeToLive (ops/ttl/), read from
// a body the request validator has accepted (TimeToLiveSpecification with Enabled and an
// AttributeName of 1-255 characters), and rendered as the service answers.

struct UpdateTimeToLiveRequest {
  std::string table_name;
  bool enabled = false;
  std::string attribute_name;
};

struct TimeToLiveDescription {
  std::string status;  // ENABLED or DISABLED
  std::optional<std::string> attribute_name;
};

// DescribeTimeToLive's request is a TableNameRequest (ParseTableNameRequest).

// ---- tag requests ------------------------------------------------------------------------------
// Request and response codecs of the tagging operations: TagResource, UntagResource and
// ListTagsOfResource. The bodies have passed ValidateRequest (types and model constraints).

struct TagResourceRequest {
  std::string resource_arn;
  std::vector<TagRequest> tags;
};

struct UntagResourceRequest {
  std::string resource_arn;
  std::vector<std::string> tag_keys;
};

struct ListTagsOfResourceRequest {
  std::string resource_arn;
  std::optional<std::string> next_token;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api
