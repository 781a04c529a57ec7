// The JSON codec of api/tag_requests.h (docs/architecture.md: the api_json layer, above ops):
// reading a validated request body into that model and writing its responses.
#pragma once

#include <rapidjson/document.h>

#include <string>
#include <vector>

#include "api/tag_requests.h"
#include "api_json/table_requests.h"

namespace ddbemu::api {

TagResourceRequest ParseTagResource(const rapidjson::Value& body);
UntagResourceRequest ParseUntagResource(const rapidjson::Value& body);
ListTagsOfResourceRequest ParseListTagsOfResource(const rapidjson::Value& body);

// {"Tags":[{"Key":..,"Value":..},...]} — "Tags" is always present, [] when there are none
// (dynalite's test/listTagsOfResource.js, recorded against AWS).
std::string RenderListTagsOfResource(const std::vector<std::pair<std::string, std::string>>& tags);

}  // namespace ddbemu::api
