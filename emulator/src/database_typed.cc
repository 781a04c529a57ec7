// Database's typed item operations: the in-process path without JSON. They share every rule
// with Call because both end in the same ops/ functions.
#include <exception>

#include "api/item_requests.h"
#include "database_impl.h"
#include "ops/items.h"

namespace ddbemu {
namespace {

// Runs one typed operation; like Call, a bug that throws becomes an InternalServerError
// instead of taking the host process down.
template <class Request, class Op>
Result<api::ItemResponse> RunTyped(Database::Impl& impl, const RequestContext& context,
                                   const Request& request, Op op) {
  try {
    ops::Engine engine = impl.engine();
    return op(engine, impl.CallerFor(context), request);
  } catch (const std::exception& e) {
    return ApiError::InternalServerError(std::string("Internal server error: ") + e.what());
  }
}

}  // namespace

Result<api::ItemResponse> Database::PutItem(const api::PutItemRequest& request,
                                            const RequestContext& context) {
  return RunTyped(*impl_, context, request, &ops::PutItem);
}

Result<api::ItemResponse> Database::GetItem(const api::GetItemRequest& request,
                                            const RequestContext& context) {
  return RunTyped(*impl_, context, request, &ops::GetItem);
}

Result<api::ItemResponse> Database::DeleteItem(const api::DeleteItemRequest& request,
                                               const RequestContext& context) {
  return RunTyped(*impl_, context, request, &ops::DeleteItem);
}

Result<api::ItemResponse> Database::UpdateItem(const api::UpdateItemRequest& request,
                                               const RequestContext& context) {
  return RunTyped(*impl_, context, request, &ops::UpdateItem);
}

}  // namespace ddbemu
