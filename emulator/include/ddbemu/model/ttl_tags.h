// Time to Live (UpdateTimeToLive, DescribeTimeToLive) and tags (TagResource, UntagResource,
// ListTagsOfResource), shaped as the API reference's requests and responses.
//
//   client->UpdateTimeToLive({.table_name = "Sessions",
//                             .time_to_live_specification = {.attribute_name = "expires",
//                                                            .enabled = true}});
//   client->TagResource({.resource_arn = table_arn, .tags = {{"team", "payments"}}});
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddbemu/model/tables.h"  // Tag
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// ---- Time to Live ---------------------------------------------------------------------------

enum class TimeToLiveStatus : std::uint8_t { kEnabling, kDisabling, kEnabled, kDisabled };

struct TimeToLiveSpecification {
  std::string attribute_name;  // a Number attribute of epoch seconds
  bool enabled = false;
  friend bool operator==(const TimeToLiveSpecification&, const TimeToLiveSpecification&) = default;
};

struct UpdateTimeToLiveRequest {
  std::string table_name;
  TimeToLiveSpecification time_to_live_specification;
};
struct UpdateTimeToLiveResponse {
  TimeToLiveSpecification time_to_live_specification;  // as applied
};

struct DescribeTimeToLiveRequest {
  std::string table_name;
};
struct TimeToLiveDescription {
  TimeToLiveStatus time_to_live_status = TimeToLiveStatus::kDisabled;
  std::optional<std::string> attribute_name;  // absent while DISABLED
  friend bool operator==(const TimeToLiveDescription&, const TimeToLiveDescription&) = default;
};
struct DescribeTimeToLiveResponse {
  TimeToLiveDescription time_to_live_description;
};

// ---- Tags -----------------------------------------------------------------------------------
// A resource is a table ARN (or one of its indexes'). Tags given to CreateTable are listed too.

struct TagResourceRequest {
  std::string resource_arn;
  std::vector<Tag> tags;  // 1..50 per table in all; a key already there gets the new value
};
struct TagResourceResponse {};

struct UntagResourceRequest {
  std::string resource_arn;
  std::vector<std::string> tag_keys;
};
struct UntagResourceResponse {};

struct ListTagsOfResourceRequest {
  std::string resource_arn;
  std::optional<std::string> next_token;  // from the previous page
};
struct ListTagsOfResourceResponse {
  std::vector<Tag> tags;
  std::optional<std::string> next_token;  // present when more tags follow
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
