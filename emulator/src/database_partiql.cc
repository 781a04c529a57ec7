// Database's typed PartiQL operations: the in-process path without JSON, ending in the same
// ops/partiql functions as Call.
#include <exception>

#include "api/partiql_requests.h"
#include "database_impl.h"
#include "ops/partiql/partiql.h"

namespace ddbemu {
namespace {

// Like Call, a bug that throws becomes an InternalServerError instead of taking the host down.
template <class Response, class Request, class Op>
Result<Response> RunPartiql(Database::Impl& impl, const RequestContext& context,
                            const Request& request, Op op) {
  try {
    ops::Engine engine = impl.engine();
    return op(engine, impl.CallerFor(context), request);
  } catch (const std::exception& e) {
    return ApiError::InternalServerError(std::string("Internal server error: ") + e.what());
  }
}

}  // namespace

Result<api::ExecuteStatementResponse> Database::ExecuteStatement(
    const api::ExecuteStatementRequest& request, const RequestContext& context) {
  return RunPartiql<api::ExecuteStatementResponse>(*impl_, context, request,
                                                   &ops::ExecuteStatement);
}

Result<api::BatchExecuteStatementResponse> Database::BatchExecuteStatement(
    const api::BatchExecuteStatementRequest& request, const RequestContext& context) {
  return RunPartiql<api::BatchExecuteStatementResponse>(*impl_, context, request,
                                                        &ops::BatchExecuteStatement);
}

Result<api::ExecuteTransactionResponse> Database::ExecuteTransaction(
    const api::ExecuteTransactionRequest& request, const RequestContext& context) {
  return RunPartiql<api::ExecuteTransactionResponse>(*impl_, context, request,
                                                     &ops::ExecuteTransaction);
}

}  // namespace ddbemu
