// Handlers of TransactWriteItems and TransactGetItems.
#include "api/transact_requests.h"
#include "handlers.h"
#include "ops/transact.h"

namespace ddbemu::handlers {

Result<std::string> TransactWriteItems(ops::Engine& engine, const ops::Caller& caller,
                                       const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(api::TransactWriteItemsRequest request, api::ParseTransactWriteItems(body));
  DDB_ASSIGN_OR_RETURN(api::TransactWriteItemsResponse response,
                       ops::TransactWriteItems(engine, caller, request));
  return api::RenderTransactWriteItems(response, request.return_consumed_capacity);
}

Result<std::string> TransactGetItems(ops::Engine& engine, const ops::Caller& caller,
                                     const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(api::TransactGetItemsRequest request, api::ParseTransactGetItems(body));
  DDB_ASSIGN_OR_RETURN(api::TransactGetItemsResponse response,
                       ops::TransactGetItems(engine, caller, request));
  return api::RenderTransactGetItems(response, request.return_consumed_capacity);
}

}  // namespace ddbemu::handlers
