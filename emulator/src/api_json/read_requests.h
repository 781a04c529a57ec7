// The JSON codec of api/read_requests.h (docs/architecture.md: the api_json layer, above ops):
// reading a validated request body into that model and writing its responses.
#pragma once

#include <rapidjson/document.h>

#include <string>
#include <vector>

#include "api/read_requests.h"
#include "api_json/item_requests.h"

namespace ddbemu::api {

// Parse errors are the value codec's, except that a malformed ExclusiveStartKey value is
// reported as the service reports it ("The provided starting key is invalid: ..." for the
// messages the service prefixes).
Result<QueryRequest> ParseQuery(const rapidjson::Value& body);
Result<ScanRequest> ParseScan(const rapidjson::Value& body);

std::string RenderRead(const ReadResponse& response);
// The same into `out`, replacing what it held: a caller that keeps `out` from one response to
// the next (a connection's reply body) writes each into the capacity of the last.
void RenderRead(const ReadResponse& response, std::string& out);

}  // namespace ddbemu::api
