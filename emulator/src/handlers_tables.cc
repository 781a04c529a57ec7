// The control-plane handlers: parse (api/table_requests.h), execute (ops/tables.h,
// ops/table_update.h), render (api/table_description.h).
#include "api/table_description.h"
#include "api/table_requests.h"
#include "handlers.h"
#include "ops/table_update.h"
#include "ops/tables.h"

namespace ddbemu::handlers {
namespace {

std::string Render(std::string_view wrapper, const ops::TableResult& result) {
  return api::RenderTableDescription(wrapper, result.schema, result.counts, result.options);
}

}  // namespace

Result<std::string> CreateTable(ops::Engine& engine, const ops::Caller& caller,
                                const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(api::CreateTableRequest request, api::ParseCreateTable(body));
  DDB_ASSIGN_OR_RETURN(ops::TableResult result, ops::CreateTable(engine, caller, request));
  return Render("TableDescription", result);
}

Result<std::string> DescribeTable(ops::Engine& engine, const ops::Caller& caller,
                                  const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(api::TableNameRequest request, api::ParseTableNameRequest(body));
  DDB_ASSIGN_OR_RETURN(ops::TableResult result, ops::DescribeTable(engine, caller, request));
  return Render("Table", result);
}

Result<std::string> ListTables(ops::Engine& engine, const ops::Caller& caller,
                               const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(api::ListTablesRequest request, api::ParseListTables(body));
  DDB_ASSIGN_OR_RETURN(api::ListTablesResponse response, ops::ListTables(engine, caller, request));
  return api::RenderListTables(response);
}

Result<std::string> DeleteTable(ops::Engine& engine, const ops::Caller& caller,
                                const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(api::TableNameRequest request, api::ParseTableNameRequest(body));
  DDB_ASSIGN_OR_RETURN(ops::TableResult result, ops::DeleteTable(engine, caller, request));
  return Render("TableDescription", result);
}

Result<std::string> UpdateTable(ops::Engine& engine, const ops::Caller& caller,
                                const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(api::UpdateTableRequest request, api::ParseUpdateTable(body));
  DDB_ASSIGN_OR_RETURN(ops::TableResult result, ops::UpdateTable(engine, caller, request));
  return Render("TableDescription", result);
}

}  // namespace ddbemu::handlers
