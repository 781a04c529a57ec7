// Handlers of the PartiQL operations: ExecuteStatement, BatchExecuteStatement,
// ExecuteTransaction.
#include "api/partiql_requests.h"
#include "handlers.h"
#include "ops/partiql/partiql.h"

namespace ddbemu::handlers {

Result<std::string> ExecuteStatement(ops::Engine& engine, const ops::Caller& caller,
                                     const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(api::ExecuteStatementRequest request, api::ParseExecuteStatement(body));
  DDB_ASSIGN_OR_RETURN(api::ExecuteStatementResponse response,
                       ops::ExecuteStatement(engine, caller, request));
  return api::RenderExecuteStatement(response);
}

Result<std::string> BatchExecuteStatement(ops::Engine& engine, const ops::Caller& caller,
                                          const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(api::BatchExecuteStatementRequest request,
                       api::ParseBatchExecuteStatement(body));
  DDB_ASSIGN_OR_RETURN(api::BatchExecuteStatementResponse response,
                       ops::BatchExecuteStatement(engine, caller, request));
  return api::RenderBatchExecuteStatement(response, request.return_consumed_capacity);
}

Result<std::string> ExecuteTransaction(ops::Engine& engine, const ops::Caller& caller,
                                       const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(api::ExecuteTransactionRequest request, api::ParseExecuteTransaction(body));
  DDB_ASSIGN_OR_RETURN(api::ExecuteTransactionResponse response,
                       ops::ExecuteTransaction(engine, caller, request));
  return api::RenderExecuteTransaction(response, request.return_consumed_capacity);
}

}  // namespace ddbemu::handlers
