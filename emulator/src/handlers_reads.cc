// Handlers of the read operations: parse (api/read_requests.h), execute (ops/query.h,
// ops/scan.h), render.
#include "api/read_requests.h"
#include "handlers.h"
#include "ops/query.h"
#include "ops/scan.h"

namespace ddbemu::handlers {

Result<std::string> Query(ops::Engine& engine, const ops::Caller& caller,
                          const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(const api::QueryRequest request, api::ParseQuery(body));
  DDB_ASSIGN_OR_RETURN(const api::ReadResponse response, ops::Query(engine, caller, request));
  return api::RenderRead(response);
}

Result<std::string> Scan(ops::Engine& engine, const ops::Caller& caller,
                         const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(const api::ScanRequest request, api::ParseScan(body));
  DDB_ASSIGN_OR_RETURN(const api::ReadResponse response, ops::Scan(engine, caller, request));
  return api::RenderRead(response);
}

}  // namespace ddbemu::handlers
