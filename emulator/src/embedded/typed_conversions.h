// The embedded client's conversions between the public model and the engine's.
//
// ---- the way in ---------------------------------------------------------------------------------
// The embedded client's way in: a public request (ddbemu/model/*.h) becomes the engine's request
// (api/*_requests.h), checked on the way by the rules the JSON path applies while it parses —
// attribute values (value/value_rules.h), table names and ARNs, and the API model's ranges — so
// a bad typed request gets the error a bad JSON request gets. Nothing here touches JSON.
#pragma once

#include "api/batch_requests.h"
#include "api/item_requests.h"
#include "api/partiql_requests.h"
#include "api/read_requests.h"
#include "api/table_requests.h"
#include "api/transact_requests.h"
#include "api/vector_requests.h"
#include "ddbemu/client.h"
#include "ddbemu/version.h"
#include "ops/tables/tables.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::embedded {

// The ConsumedCapacity a request asks for, in the engine's terms.
api::ReturnConsumedCapacity ToEngine(ReturnConsumedCapacity mode);

Result<api::PutItemRequest> ToEngine(PutItemRequest request);
// Fills `*out` (a default engine request) from `request`; an error leaves `*out` unspecified.
// With `lend_key`, `*out` may borrow request.key (api::GetItemRequest::borrowed_key): it must
// not outlive `request`, and only readers that go through Key() see the key.
Status ToEngine(const GetItemRequest& request, api::GetItemRequest* out, bool lend_key);
Result<api::UpdateItemRequest> ToEngine(UpdateItemRequest request);
Result<api::DeleteItemRequest> ToEngine(DeleteItemRequest request);
Result<api::QueryRequest> ToEngine(QueryRequest request);
Result<api::ScanRequest> ToEngine(ScanRequest request);
Result<api::SearchVectorsRequest> ToEngine(SearchVectorsRequest request);
Result<api::BatchGetItemRequest> ToEngine(BatchGetItemRequest request);
Result<api::BatchWriteItemRequest> ToEngine(BatchWriteItemRequest request);
Result<api::TransactWriteItemsRequest> ToEngine(TransactWriteItemsRequest request);
Result<api::TransactGetItemsRequest> ToEngine(TransactGetItemsRequest request);
Result<api::CreateTableRequest> ToEngine(const CreateTableRequest& request);
Result<api::UpdateTableRequest> ToEngine(const UpdateTableRequest& request);
Result<api::TableNameRequest> ToEngine(const DescribeTableRequest& request);
Result<api::TableNameRequest> ToEngine(const DeleteTableRequest& request);
Result<api::ListTablesRequest> ToEngine(const ListTablesRequest& request);

// ---- the way out --------------------------------------------------------------------------------
// The embedded client's way out: the engine's responses (api/*_requests.h, ops/tables/tables.h)
// become the public response shapes, filled with exactly what the JSON path renders (the same
// members present or absent), so a caller sees the same answer in process and over HTTP.

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

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::embedded
