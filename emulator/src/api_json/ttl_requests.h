// The JSON codec of api/ttl_requests.h (docs/architecture.md: the api_json layer, above ops):
// reading a validated request body into that model and writing its responses.
#pragma once

#include <rapidjson/document.h>

#include <string>
#include <vector>

#include "api/ttl_requests.h"
#include "api_json/table_requests.h"

namespace ddbemu::api {

Result<UpdateTimeToLiveRequest> ParseUpdateTimeToLive(const rapidjson::Value& body);
// {"TimeToLiveSpecification": {"Enabled": ..., "AttributeName": ...}}
std::string RenderUpdateTimeToLive(const UpdateTimeToLiveRequest& applied);
// {"TimeToLiveDescription": {"TimeToLiveStatus": ..., "AttributeName": ...}}
std::string RenderDescribeTimeToLive(const TimeToLiveDescription& description);

}  // namespace ddbemu::api
