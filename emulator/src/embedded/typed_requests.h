// The embedded client's way in: a public request (ddbemu/model/*.h) becomes the engine's request
// (api/*_requests.h), checked on the way by the rules the JSON path applies while it parses —
// attribute values (value/value_rules.h), table names and ARNs, and the API model's ranges — so
// a bad typed request gets the error a bad JSON request gets. Nothing here touches JSON.
#pragma once

#include "api/batch_requests.h"
#include "api/item_requests.h"
#include "api/read_requests.h"
#include "api/table_requests.h"
#include "api/transact_requests.h"
#include "ddbemu/client.h"

namespace ddbemu::embedded {

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
Result<api::BatchGetItemRequest> ToEngine(BatchGetItemRequest request);
Result<api::BatchWriteItemRequest> ToEngine(BatchWriteItemRequest request);
Result<api::TransactWriteItemsRequest> ToEngine(TransactWriteItemsRequest request);
Result<api::TransactGetItemsRequest> ToEngine(TransactGetItemsRequest request);
Result<api::CreateTableRequest> ToEngine(const CreateTableRequest& request);
Result<api::UpdateTableRequest> ToEngine(const UpdateTableRequest& request);
Result<api::TableNameRequest> ToEngine(const DescribeTableRequest& request);
Result<api::TableNameRequest> ToEngine(const DeleteTableRequest& request);
Result<api::ListTablesRequest> ToEngine(const ListTablesRequest& request);

}  // namespace ddbemu::embedded
