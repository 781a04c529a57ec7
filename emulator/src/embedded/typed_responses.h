// The embedded client's way out: the engine's responses (api/*_requests.h, ops/tables/tables.h)
// become the public response shapes, filled with exactly what the JSON path renders (the same
// members present or absent), so a caller sees the same answer in process and over HTTP.
#pragma once

#include "api/batch_requests.h"
#include "api/item_requests.h"
#include "api/partiql_requests.h"
#include "api/read_requests.h"
#include "api/table_requests.h"
#include "api/transact_requests.h"
#include "ddbemu/client.h"
#include "ops/tables/tables.h"

namespace ddbemu::embedded {

PutItemResponse ToPutItemResponse(api::ItemResponse response);
GetItemResponse ToGetItemResponse(api::ItemResponse&& response);
UpdateItemResponse ToUpdateItemResponse(api::ItemResponse response);
DeleteItemResponse ToDeleteItemResponse(api::ItemResponse response);
QueryResponse ToPublic(api::ReadResponse response);
// The multi-table operations report ConsumedCapacity as the request's ReturnConsumedCapacity
// (`mode`) asks.
BatchGetItemResponse ToPublic(api::BatchGetItemResponse response, api::ReturnConsumedCapacity mode);
BatchWriteItemResponse ToPublic(api::BatchWriteItemResponse response,
                                api::ReturnConsumedCapacity mode);
TransactWriteItemsResponse ToPublic(api::TransactWriteItemsResponse response,
                                    api::ReturnConsumedCapacity mode);
TransactGetItemsResponse ToPublic(api::TransactGetItemsResponse response,
                                  api::ReturnConsumedCapacity mode);
ListTablesResponse ToPublic(api::ListTablesResponse response);
TableDescription ToPublic(const ops::TableResult& result);
ExecuteStatementResponse ToPublic(api::ExecuteStatementResponse response);
BatchExecuteStatementResponse ToPublic(api::BatchExecuteStatementResponse response,
                                       api::ReturnConsumedCapacity mode);
ExecuteTransactionResponse ToPublic(api::ExecuteTransactionResponse response,
                                    api::ReturnConsumedCapacity mode);

}  // namespace ddbemu::embedded
