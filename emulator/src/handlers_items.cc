// Handlers of the single-item operations.
#include "api/item_requests.h"
#include "handlers.h"
#include "ops/items.h"

namespace ddbemu::handlers {

Result<std::string> PutItem(ops::Engine& engine, const ops::Caller& caller,
                            const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(api::PutItemRequest request, api::ParsePutItem(body));
  DDB_ASSIGN_OR_RETURN(api::ItemResponse response, ops::PutItem(engine, caller, request));
  return api::RenderWriteItem(response);
}

Result<std::string> GetItem(ops::Engine& engine, const ops::Caller& caller,
                            const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(api::GetItemRequest request, api::ParseGetItem(body));
  DDB_ASSIGN_OR_RETURN(api::ItemResponse response, ops::GetItem(engine, caller, request));
  return api::RenderGetItem(response);
}

Result<std::string> DeleteItem(ops::Engine& engine, const ops::Caller& caller,
                               const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(api::DeleteItemRequest request, api::ParseDeleteItem(body));
  DDB_ASSIGN_OR_RETURN(api::ItemResponse response, ops::DeleteItem(engine, caller, request));
  return api::RenderWriteItem(response);
}

Result<std::string> UpdateItem(ops::Engine& engine, const ops::Caller& caller,
                               const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(api::UpdateItemRequest request, api::ParseUpdateItem(body));
  DDB_ASSIGN_OR_RETURN(api::ItemResponse response, ops::UpdateItem(engine, caller, request));
  return api::RenderWriteItem(response);
}

}  // namespace ddbemu::handlers
