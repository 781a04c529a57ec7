// The JSON codec of api/partiql_requests.h (docs/architecture.md: the api_json layer, above ops):
// reading a validated request body into that model and writing its responses.
#pragma once

#include <rapidjson/document.h>

#include <string>
#include <vector>

#include "api/partiql_requests.h"
#include "api_json/batch_requests.h"
#include "api_json/item_requests.h"

namespace ddbemu::api {

Result<ExecuteStatementRequest> ParseExecuteStatement(const rapidjson::Value& body);
Result<BatchExecuteStatementRequest> ParseBatchExecuteStatement(const rapidjson::Value& body);
Result<ExecuteTransactionRequest> ParseExecuteTransaction(const rapidjson::Value& body);

std::string RenderExecuteStatement(const ExecuteStatementResponse& response);
std::string RenderBatchExecuteStatement(const BatchExecuteStatementResponse& response,
                                        ReturnConsumedCapacity return_consumed_capacity);
std::string RenderExecuteTransaction(const ExecuteTransactionResponse& response,
                                     ReturnConsumedCapacity return_consumed_capacity);

}  // namespace ddbemu::api
