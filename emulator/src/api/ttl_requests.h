// Typed requests and responses of UpdateTimeToLive and DescribeTimeToLive (ops/ttl/), read from
// a body the request validator has accepted (TimeToLiveSpecification with Enabled and an
// AttributeName of 1-255 characters), and rendered as the service answers.
#pragma once

#include <optional>
#include <string>

#include "api/table_requests.h"
#include "ddbemu/error.h"

namespace ddbemu::api {

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

}  // namespace ddbemu::api
