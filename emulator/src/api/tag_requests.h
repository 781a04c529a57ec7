// Request and response codecs of the tagging operations: TagResource, UntagResource and
// ListTagsOfResource. The bodies have passed ValidateRequest (types and model constraints).
#pragma once

#include <rapidjson/document.h>

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

TagResourceRequest ParseTagResource(const rapidjson::Value& body);
UntagResourceRequest ParseUntagResource(const rapidjson::Value& body);
ListTagsOfResourceRequest ParseListTagsOfResource(const rapidjson::Value& body);

// {"Tags":[{"Key":..,"Value":..},...]} — "Tags" is always present, [] when there are none
// (dynalite's test/listTagsOfResource.js, recorded against AWS).
std::string RenderListTagsOfResource(const std::vector<std::pair<std::string, std::string>>& tags);

}  // namespace ddbemu::api
