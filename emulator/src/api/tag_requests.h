// Request and response codecs of the tagging operations: TagResource, UntagResource and
// ListTagsOfResource. The bodies have passed ValidateRequest (types and model constraints).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "api/table_requests.h"

namespace ddbemu::api {

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

}  // namespace ddbemu::api
