// Handlers of BatchGetItem and BatchWriteItem.
#include "api/batch_requests.h"
#include "handlers.h"
#include "ops/batch.h"

namespace ddbemu::handlers {

Result<std::string> BatchGetItem(ops::Engine& engine, const ops::Caller& caller,
                                 const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(api::BatchGetItemRequest request, api::ParseBatchGetItem(body));
  DDB_ASSIGN_OR_RETURN(api::BatchGetItemResponse response,
                       ops::BatchGetItem(engine, caller, request));
  return api::RenderBatchGetItem(response, request.return_consumed_capacity);
}

Result<std::string> BatchWriteItem(ops::Engine& engine, const ops::Caller& caller,
                                   const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(api::BatchWriteItemRequest request, api::ParseBatchWriteItem(body));
  DDB_ASSIGN_OR_RETURN(api::BatchWriteItemResponse response,
                       ops::BatchWriteItem(engine, caller, request));
  return api::RenderBatchWriteItem(response, request.return_consumed_capacity);
}

}  // namespace ddbemu::handlers
