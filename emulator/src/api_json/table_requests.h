// The JSON codec of api/table_requests.h (docs/architecture.md: the api_json layer, above ops):
// reading a validated request body into that model and writing its responses.
#pragma once

#include <rapidjson/document.h>

#include <string>
#include <vector>

#include "api/table_requests.h"

namespace ddbemu::api {

Result<CreateTableRequest> ParseCreateTable(const rapidjson::Value& body);
Result<UpdateTableRequest> ParseUpdateTable(const rapidjson::Value& body);
Result<TableNameRequest> ParseTableNameRequest(const rapidjson::Value& body);
Result<ListTablesRequest> ParseListTables(const rapidjson::Value& body);

// {"TableNames": [...], "LastEvaluatedTableName": "..."}.
std::string RenderListTables(const ListTablesResponse& response);

}  // namespace ddbemu::api
