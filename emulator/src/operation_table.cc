// The one dispatch table of the JSON path: every operation is parse (api/) -> execute (ops/) ->
// render (api/), written once as the Handler template; the table lists each operation's three
// steps. Adding an operation is one row here (plus its parse, execute and render functions).
#include "operation_table.h"

#include <algorithm>
#include <array>

#include "api/batch_requests.h"
#include "api/item_requests.h"
#include "api/partiql_requests.h"
#include "api/read_requests.h"
#include "api/table_description.h"
#include "api/table_requests.h"
#include "api/transact_requests.h"
#include "api/ttl_requests.h"
#include "ops/batch/batch.h"
#include "ops/items/items.h"
#include "ops/partiql/partiql.h"
#include "ops/reads/query.h"
#include "ops/reads/scan.h"
#include "ops/tables/table_update.h"
#include "ops/tables/tables.h"
#include "ops/transact/transact.h"
#include "ops/ttl/time_to_live.h"
// Operations whose handlers parse, execute and render in one function of their own file.
#include "handlers_backups.h"
#include "handlers_control.h"
#include "handlers_tags.h"

namespace ddbemu {
namespace {

// Parse the validated body, execute, render the response body.
template <auto Parse, auto Execute, auto Render>
Result<std::string> Handler(ops::Engine& engine, const ops::Caller& caller,
                            const rapidjson::Value& body) {
  DDB_ASSIGN_OR_RETURN(const auto request, Parse(body));
  DDB_ASSIGN_OR_RETURN(const auto response, Execute(engine, caller, request));
  return Render(request, response);
}

// ---- renderers, in the shape Handler calls them ---------------------------------------------

std::string GetItemBody(const api::GetItemRequest&, const api::ItemResponse& r) {
  return api::RenderGetItem(r);
}
template <class Request>
std::string WriteItemBody(const Request&, const api::ItemResponse& r) {
  return api::RenderWriteItem(r);
}
template <class Request>
std::string ReadBody(const Request&, const api::ReadResponse& r) {
  return api::RenderRead(r);
}
std::string BatchGetBody(const api::BatchGetItemRequest& q, const api::BatchGetItemResponse& r) {
  return api::RenderBatchGetItem(r, q.return_consumed_capacity);
}
std::string BatchWriteBody(const api::BatchWriteItemRequest& q,
                           const api::BatchWriteItemResponse& r) {
  return api::RenderBatchWriteItem(r, q.return_consumed_capacity);
}
std::string TransactWriteBody(const api::TransactWriteItemsRequest& q,
                              const api::TransactWriteItemsResponse& r) {
  return api::RenderTransactWriteItems(r, q.return_consumed_capacity);
}
std::string TransactGetBody(const api::TransactGetItemsRequest& q,
                            const api::TransactGetItemsResponse& r) {
  return api::RenderTransactGetItems(r, q.return_consumed_capacity);
}
// CreateTable, UpdateTable and DeleteTable answer {"TableDescription": ...}; DescribeTable
// answers {"Table": ...}.
template <class Request>
std::string TableDescriptionBody(const Request&, const ops::TableResult& r) {
  return api::RenderTableDescription("TableDescription", r.schema, r.counts, r.options);
}
std::string TableBody(const api::TableNameRequest&, const ops::TableResult& r) {
  return api::RenderTableDescription("Table", r.schema, r.counts, r.options);
}
std::string ExecuteStatementBody(const api::ExecuteStatementRequest&,
                                 const api::ExecuteStatementResponse& r) {
  return api::RenderExecuteStatement(r);
}
std::string BatchExecuteStatementBody(const api::BatchExecuteStatementRequest& q,
                                      const api::BatchExecuteStatementResponse& r) {
  return api::RenderBatchExecuteStatement(r, q.return_consumed_capacity);
}
std::string ExecuteTransactionBody(const api::ExecuteTransactionRequest& q,
                                   const api::ExecuteTransactionResponse& r) {
  return api::RenderExecuteTransaction(r, q.return_consumed_capacity);
}
std::string ListTablesBody(const api::ListTablesRequest&, const api::ListTablesResponse& r) {
  return api::RenderListTables(r);
}

std::string UpdateTimeToLiveBody(const api::UpdateTimeToLiveRequest&,
                                 const api::UpdateTimeToLiveRequest& applied) {
  return api::RenderUpdateTimeToLive(applied);
}
std::string DescribeTimeToLiveBody(const api::TableNameRequest&,
                                   const api::TimeToLiveDescription& r) {
  return api::RenderDescribeTimeToLive(r);
}

// Sorted by name for binary search.
constexpr std::array kOperations = {
    OperationEntry{"BatchExecuteStatement",
                   &Handler<&api::ParseBatchExecuteStatement, &ops::BatchExecuteStatement,
                            &BatchExecuteStatementBody>},
    OperationEntry{"BatchGetItem",
                   &Handler<&api::ParseBatchGetItem, &ops::BatchGetItem, &BatchGetBody>},
    OperationEntry{"BatchWriteItem",
                   &Handler<&api::ParseBatchWriteItem, &ops::BatchWriteItem, &BatchWriteBody>},
    OperationEntry{"CreateBackup", &handlers::CreateBackup},
    OperationEntry{"CreateTable", &Handler<&api::ParseCreateTable, &ops::CreateTable,
                                           &TableDescriptionBody<api::CreateTableRequest>>},
    OperationEntry{"DeleteBackup", &handlers::DeleteBackup},
    OperationEntry{
        "DeleteItem",
        &Handler<&api::ParseDeleteItem, &ops::DeleteItem, &WriteItemBody<api::DeleteItemRequest>>},
    OperationEntry{"DeleteTable", &Handler<&api::ParseTableNameRequest, &ops::DeleteTable,
                                           &TableDescriptionBody<api::TableNameRequest>>},
    OperationEntry{"DescribeBackup", &handlers::DescribeBackup},
    OperationEntry{"DescribeContinuousBackups", &handlers::DescribeContinuousBackups},
    OperationEntry{"DescribeContributorInsights", &handlers::DescribeContributorInsights},
    OperationEntry{"DescribeEndpoints", &handlers::DescribeEndpoints},
    OperationEntry{"DescribeLimits", &handlers::DescribeLimits},
    OperationEntry{"DescribeTable",
                   &Handler<&api::ParseTableNameRequest, &ops::DescribeTable, &TableBody>},
    OperationEntry{"DescribeTimeToLive",
                   &Handler<&api::ParseTableNameRequest, &ops::ttl::DescribeTimeToLive,
                            &DescribeTimeToLiveBody>},
    OperationEntry{"ExecuteStatement", &Handler<&api::ParseExecuteStatement,
                                                &ops::ExecuteStatement, &ExecuteStatementBody>},
    OperationEntry{"ExecuteTransaction",
                   &Handler<&api::ParseExecuteTransaction, &ops::ExecuteTransaction,
                            &ExecuteTransactionBody>},
    OperationEntry{"GetItem", &Handler<&api::ParseGetItem, &ops::GetItem, &GetItemBody>},
    OperationEntry{"ListBackups", &handlers::ListBackups},
    OperationEntry{"ListContributorInsights", &handlers::ListContributorInsights},
    OperationEntry{"ListTables",
                   &Handler<&api::ParseListTables, &ops::ListTables, &ListTablesBody>},
    OperationEntry{"ListTagsOfResource", &handlers::ListTagsOfResource},
    OperationEntry{
        "PutItem",
        &Handler<&api::ParsePutItem, &ops::PutItem, &WriteItemBody<api::PutItemRequest>>},
    OperationEntry{"Query", &Handler<&api::ParseQuery, &ops::Query, &ReadBody<api::QueryRequest>>},
    OperationEntry{"RestoreTableFromBackup", &handlers::RestoreTableFromBackup},
    OperationEntry{"RestoreTableToPointInTime", &handlers::RestoreTableToPointInTime},
    OperationEntry{"Scan", &Handler<&api::ParseScan, &ops::Scan, &ReadBody<api::ScanRequest>>},
    OperationEntry{"TagResource", &handlers::TagResource},
    OperationEntry{"TransactGetItems",
                   &Handler<&api::ParseTransactGetItems, &ops::TransactGetItems, &TransactGetBody>},
    OperationEntry{
        "TransactWriteItems",
        &Handler<&api::ParseTransactWriteItems, &ops::TransactWriteItems, &TransactWriteBody>},
    OperationEntry{"UntagResource", &handlers::UntagResource},
    OperationEntry{"UpdateContinuousBackups", &handlers::UpdateContinuousBackups},
    OperationEntry{"UpdateContributorInsights", &handlers::UpdateContributorInsights},
    OperationEntry{
        "UpdateItem",
        &Handler<&api::ParseUpdateItem, &ops::UpdateItem, &WriteItemBody<api::UpdateItemRequest>>},
    OperationEntry{"UpdateTable", &Handler<&api::ParseUpdateTable, &ops::UpdateTable,
                                           &TableDescriptionBody<api::UpdateTableRequest>>},
    OperationEntry{"UpdateTimeToLive", &Handler<&api::ParseUpdateTimeToLive,
                                                &ops::ttl::UpdateTimeToLive, &UpdateTimeToLiveBody>},
};

}  // namespace

const OperationEntry* FindOperation(std::string_view name) {
  auto it =
      std::lower_bound(kOperations.begin(), kOperations.end(), name,
                       [](const OperationEntry& e, std::string_view n) { return e.name < n; });
  if (it == kOperations.end() || it->name != name) return nullptr;
  return &*it;
}

}  // namespace ddbemu
