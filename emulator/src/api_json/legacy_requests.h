// The JSON codec of api/legacy_requests.h (docs/architecture.md: the api_json layer, above ops):
// reading a validated request body into that model and writing its responses.
// Entries keep the request's order. Attribute values inside are checked by the value codec;
// enums have been checked by ValidateRequest.
#pragma once

#include <rapidjson/document.h>

#include <string>
#include <vector>

#include "api/legacy_requests.h"

namespace ddbemu::api {

Result<std::vector<expr::ExpectedEntry>> ParseExpected(const rapidjson::Value& json);
// QueryFilter, ScanFilter and KeyConditions share one shape.
Result<std::vector<expr::FilterEntry>> ParseFilterEntries(const rapidjson::Value& json);
Result<std::vector<expr::AttributeUpdateEntry>> ParseAttributeUpdates(const rapidjson::Value& json);
std::vector<std::string> ParseAttributesToGet(const rapidjson::Value& json);

}  // namespace ddbemu::api
