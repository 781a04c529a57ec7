// The one dispatch table of the JSON path: every operation is parse (api/) -> execute (ops/) ->
// render (api/), written once as the Handler template; the table lists each operation's three
// steps. Adding an operation is one row here (plus its parse, execute and render functions).
// DynamoDB Streams' four operations are rows too, under their service's target prefix.
#include "operation_table.h"

#include <algorithm>
#include <array>
#include <cstdint>

#include "api_json/api_model.h"
#include "api_json/backup_requests.h"
#include "api_json/batch_requests.h"
#include "api_json/control_requests.h"
#include "api_json/item_requests.h"
#include "api_json/json_read.h"
#include "api_json/partiql_requests.h"
#include "api_json/read_requests.h"
#include "api_json/stream_codec.h"
#include "api_json/table_description.h"
#include "api_json/table_requests.h"
#include "api_json/tag_requests.h"
#include "api_json/transact_requests.h"
#include "api_json/ttl_requests.h"
#include "audit/audit_probe.h"
#include "ops/access/access_check.h"
#include "ops/backups/backups.h"
#include "ops/backups/point_in_time.h"
#include "ops/batch/batch.h"
#include "ops/control/continuous_backups.h"
#include "ops/control/contributor_insights.h"
#include "ops/control/service_info.h"
#include "ops/items/items.h"
#include "ops/partiql/partiql.h"
#include "ops/reads/query.h"
#include "ops/reads/scan.h"
#include "ops/tables/table_update.h"
#include "ops/tables/tables.h"
#include "ops/tags/resource_tags.h"
#include "ops/transact/transact.h"
#include "ops/ttl/time_to_live.h"

namespace ddbemu {
namespace {

// What an operation that answers nothing but success executes to (TagResource, ...).
struct Done {};

// Each step may return its value, a Result of it, or (execute) a Status; Handler sees Results.
template <class T>
inline constexpr bool kIsResult = false;
template <class T>
inline constexpr bool kIsResult<Result<T>> = true;

template <class T>
Result<T> AsResult(T value) {
  return Result<T>(std::move(value));
}
inline Result<Done> AsResult(Status s) {
  if (!s.ok()) return std::move(s).error();
  return Done{};
}
// What `step` returns, as a Result: a step's own Result is returned as it is, built in the
// caller's variable (no move of the request or response it holds, which for a Query's
// parameters and page is a few hundred instructions per request).
template <class Step>
auto CallAsResult(Step&& step) {
  if constexpr (kIsResult<decltype(step())>) {
    return step();
  } else {
    return AsResult(step());
  }
}

// Parse the validated body, execute, render the response body into `out`: in place for the
// renderers that take it (the reads), else replacing it.
template <auto Parse, auto Execute, auto Render>
Status Handler(ops::Engine& engine, const ops::Caller& caller, std::string_view operation,
               const rapidjson::Value& body, std::string& out) {
  auto parsed = CallAsResult([&] { return Parse(body); });
  if (!parsed.ok()) return std::move(parsed).error();
  auto& request = *parsed;
  // Tenant isolation policies, on the typed request (ops/access/access_check.h).
  DDB_RETURN_IF_ERROR(ops::access::Authorize(engine, caller, operation, request));
  audit::Probe probe(engine.audit, request);  // the access-pattern audit (audit/audit_probe.h)
  auto response = CallAsResult([&] { return Execute(engine, caller, request); });
  probe.Finish(engine, caller, request, response);
  if (!response.ok()) return std::move(response).error();
  if constexpr (requires { Render(request, *response, out); }) {
    Render(request, *response, out);
  } else {
    out = Render(request, *response);
  }
  return Status::Ok();
}

// ---- parse and execute adapters, for the operations whose parts take other shapes ---------------

// A request of no members (DescribeEndpoints, DescribeLimits).
struct NoRequest {};
NoRequest ParseNothing(const rapidjson::Value&) { return {}; }

// Requests of one or two plain strings, read as the validator left them.
struct TableNameMember {
  std::string table_name;
};
TableNameMember ParseTableNameMember(const rapidjson::Value& body) {
  return {api::StringOr(body, "TableName", "")};
}
std::string DescribeEndpointsAddress(ops::Engine&, const ops::Caller& caller, const NoRequest&) {
  return ops::DescribeEndpointsAddress(caller);
}
ops::ServiceLimits DescribeLimits(ops::Engine&, const ops::Caller&, const NoRequest&) {
  return ops::DescribeLimits();
}
Result<api::PitrDescription> DescribeContinuousBackups(ops::Engine& engine,
                                                       const ops::Caller& caller,
                                                       const TableNameMember& r) {
  return ops::DescribeContinuousBackups(engine, caller, r.table_name);
}
struct InsightsPage {
  std::vector<api::InsightsDescription> list;
  std::string next_token;
};
Result<InsightsPage> ListContributorInsights(ops::Engine& engine, const ops::Caller& caller,
                                             const api::ListContributorInsightsRequest& r) {
  InsightsPage page;
  DDB_ASSIGN_OR_RETURN(page.list,
                       ops::ListContributorInsights(engine, caller, r, &page.next_token));
  return page;
}
// ---- renderers, in the shape Handler calls them ---------------------------------------------

// GetItem and Query/Scan, the reads, write into the caller's string (Handler's `out`).
void GetItemBody(const api::GetItemRequest&, const api::ItemResponse& r, std::string& out) {
  api::RenderGetItem(r, out);
}
template <class Request>
std::string WriteItemBody(const Request&, const api::ItemResponse& r) {
  return api::RenderWriteItem(r);
}
template <class Request>
void ReadBody(const Request&, const api::ReadResponse& r, std::string& out) {
  api::RenderRead(r, out);
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

// TagResource and UntagResource answer an empty body, as the service does.
template <class Request>
std::string NoBody(const Request&, const Done&) {
  return std::string();
}
std::string ListTagsBody(const api::ListTagsOfResourceRequest&,
                         const std::vector<std::pair<std::string, std::string>>& tags) {
  return api::RenderListTagsOfResource(tags);
}
std::string DescribeEndpointsBody(const NoRequest&, const std::string& address) {
  return api::RenderDescribeEndpoints(address);
}
std::string DescribeLimitsBody(const NoRequest&, const ops::ServiceLimits& l) {
  return api::RenderDescribeLimits(l.account_read, l.account_write, l.table_read, l.table_write);
}
template <class Request>
std::string ContinuousBackupsBody(const Request&, const api::PitrDescription& d) {
  return api::RenderContinuousBackups(d);
}
std::string DescribeInsightsBody(const api::ContributorInsightsRequest&,
                                 const api::InsightsDescription& d) {
  return api::RenderDescribeContributorInsights(d);
}
std::string UpdateInsightsBody(const api::ContributorInsightsRequest&,
                               const api::InsightsDescription& d) {
  return api::RenderUpdateContributorInsights(d);
}
std::string ListInsightsBody(const api::ListContributorInsightsRequest&, const InsightsPage& p) {
  return api::RenderListContributorInsights(p.list, p.next_token);
}
std::string CreateBackupBody(const api::CreateBackupRequest&, const api::BackupView& b) {
  return api::RenderCreateBackup(b);
}
std::string BackupDescriptionBody(const api::BackupArnRequest&, const api::BackupView& b) {
  return api::RenderBackupDescription(b);
}
std::string ListBackupsBody(const api::ListBackupsRequest&, const api::ListBackupsResponse& r) {
  return api::RenderListBackups(r);
}
template <class Request>
std::string RestoreBody(const Request&, const api::RestoreTableResponse& r) {
  return api::RenderRestoreTable(r);
}

// Sorted by name (for the reader; FindOperation indexes them by length).
constexpr std::array kRows = {
    OperationEntry{"BatchExecuteStatement",
                   &Handler<&api::ParseBatchExecuteStatement, &ops::BatchExecuteStatement,
                            &BatchExecuteStatementBody>},
    OperationEntry{"BatchGetItem",
                   &Handler<&api::ParseBatchGetItem, &ops::BatchGetItem, &BatchGetBody>},
    OperationEntry{"BatchWriteItem",
                   &Handler<&api::ParseBatchWriteItem, &ops::BatchWriteItem, &BatchWriteBody>},
    OperationEntry{"CreateBackup",
                   &Handler<&api::ParseCreateBackup, &ops::CreateBackup, &CreateBackupBody>},
    OperationEntry{"CreateTable", &Handler<&api::ParseCreateTable, &ops::CreateTable,
                                           &TableDescriptionBody<api::CreateTableRequest>>},
    OperationEntry{"DeleteBackup",
                   &Handler<&api::ParseBackupArn, &ops::DeleteBackup, &BackupDescriptionBody>},
    OperationEntry{
        "DeleteItem",
        &Handler<&api::ParseDeleteItem, &ops::DeleteItem, &WriteItemBody<api::DeleteItemRequest>>},
    OperationEntry{"DeleteTable", &Handler<&api::ParseTableNameRequest, &ops::DeleteTable,
                                           &TableDescriptionBody<api::TableNameRequest>>},
    OperationEntry{"DescribeBackup",
                   &Handler<&api::ParseBackupArn, &ops::DescribeBackup, &BackupDescriptionBody>},
    OperationEntry{"DescribeContinuousBackups",
                   &Handler<&ParseTableNameMember, &DescribeContinuousBackups,
                            &ContinuousBackupsBody<TableNameMember>>},
    OperationEntry{"DescribeContributorInsights",
                   &Handler<&api::ParseContributorInsights, &ops::DescribeContributorInsights,
                            &DescribeInsightsBody>},
    OperationEntry{"DescribeEndpoints",
                   &Handler<&ParseNothing, &DescribeEndpointsAddress, &DescribeEndpointsBody>},
    OperationEntry{"DescribeLimits", &Handler<&ParseNothing, &DescribeLimits, &DescribeLimitsBody>},
    OperationEntry{"DescribeTable",
                   &Handler<&api::ParseTableNameRequest, &ops::DescribeTable, &TableBody>},
    OperationEntry{"DescribeTimeToLive",
                   &Handler<&api::ParseTableNameRequest, &ops::ttl::DescribeTimeToLive,
                            &DescribeTimeToLiveBody>},
    // DynamoDB Streams, under its own service's target prefix (kStreamsTargetPrefix).
    OperationEntry{"DynamoDBStreams_20120810.DescribeStream",
                   &Handler<&api::streams::ParseDescribeStream, &ops::streams::DescribeStream,
                            &api::streams::RenderDescribeStream>},
    OperationEntry{"DynamoDBStreams_20120810.GetRecords",
                   &Handler<&api::streams::ParseGetRecords, &ops::streams::GetRecords,
                            &api::streams::RenderGetRecords>},
    OperationEntry{"DynamoDBStreams_20120810.GetShardIterator",
                   &Handler<&api::streams::ParseGetShardIterator, &ops::streams::GetShardIterator,
                            &api::streams::RenderGetShardIterator>},
    OperationEntry{"DynamoDBStreams_20120810.ListStreams",
                   &Handler<&api::streams::ParseListStreams, &ops::streams::ListStreams,
                            &api::streams::RenderListStreams>},
    OperationEntry{
        "ExecuteStatement",
        &Handler<&api::ParseExecuteStatement, &ops::ExecuteStatement, &ExecuteStatementBody>},
    OperationEntry{
        "ExecuteTransaction",
        &Handler<&api::ParseExecuteTransaction, &ops::ExecuteTransaction, &ExecuteTransactionBody>},
    OperationEntry{"GetItem", &Handler<&api::ParseGetItem, &ops::GetItem, &GetItemBody>},
    OperationEntry{"ListBackups",
                   &Handler<&api::ParseListBackups, &ops::ListBackups, &ListBackupsBody>},
    OperationEntry{
        "ListContributorInsights",
        &Handler<&api::ParseListContributorInsights, &ListContributorInsights, &ListInsightsBody>},
    OperationEntry{"ListTables",
                   &Handler<&api::ParseListTables, &ops::ListTables, &ListTablesBody>},
    OperationEntry{
        "ListTagsOfResource",
        &Handler<&api::ParseListTagsOfResource, &ops::ListTagsOfResource, &ListTagsBody>},
    OperationEntry{
        "PutItem",
        &Handler<&api::ParsePutItem, &ops::PutItem, &WriteItemBody<api::PutItemRequest>>},
    OperationEntry{"Query", &Handler<&api::ParseQuery, &ops::Query, &ReadBody<api::QueryRequest>>},
    OperationEntry{"RestoreTableFromBackup",
                   &Handler<&api::ParseRestoreTableFromBackup, &ops::RestoreTableFromBackup,
                            &RestoreBody<api::RestoreTableFromBackupRequest>>},
    OperationEntry{"RestoreTableToPointInTime",
                   &Handler<&api::ParseRestoreTableToPointInTime, &ops::RestoreTableToPointInTime,
                            &RestoreBody<api::RestoreTableToPointInTimeRequest>>},
    OperationEntry{"Scan", &Handler<&api::ParseScan, &ops::Scan, &ReadBody<api::ScanRequest>>},
    OperationEntry{
        "TagResource",
        &Handler<&api::ParseTagResource, &ops::TagResource, &NoBody<api::TagResourceRequest>>},
    OperationEntry{"TransactGetItems",
                   &Handler<&api::ParseTransactGetItems, &ops::TransactGetItems, &TransactGetBody>},
    OperationEntry{
        "TransactWriteItems",
        &Handler<&api::ParseTransactWriteItems, &ops::TransactWriteItems, &TransactWriteBody>},
    OperationEntry{"UntagResource", &Handler<&api::ParseUntagResource, &ops::UntagResource,
                                             &NoBody<api::UntagResourceRequest>>},
    OperationEntry{"UpdateContinuousBackups",
                   &Handler<&api::ParseUpdateContinuousBackups, &ops::UpdateContinuousBackups,
                            &ContinuousBackupsBody<api::UpdateContinuousBackupsRequest>>},
    OperationEntry{"UpdateContributorInsights",
                   &Handler<&api::ParseContributorInsights, &ops::UpdateContributorInsights,
                            &UpdateInsightsBody>},
    OperationEntry{
        "UpdateItem",
        &Handler<&api::ParseUpdateItem, &ops::UpdateItem, &WriteItemBody<api::UpdateItemRequest>>},
    OperationEntry{"UpdateTable", &Handler<&api::ParseUpdateTable, &ops::UpdateTable,
                                           &TableDescriptionBody<api::UpdateTableRequest>>},
    OperationEntry{
        "UpdateTimeToLive",
        &Handler<&api::ParseUpdateTimeToLive, &ops::ttl::UpdateTimeToLive, &UpdateTimeToLiveBody>},
};

// The operation of the API model named `name`, or null; at compile time.
constexpr const api_model::Operation* ModelOperation(std::string_view name) {
  for (const api_model::Operation& op : api_model::tables::kOperations) {
    if (api_model::tables::kStrings[op.name] == name) return &op;
  }
  return nullptr;
}

// kRows with each operation's model operation.
constexpr auto kOperations = [] {
  auto rows = kRows;
  for (OperationEntry& row : rows) row.model = ModelOperation(row.name);
  return rows;
}();

// kOperations' indexes ordered by name length: those of length n are order[start[n]] to
// order[start[n + 1] - 1].
constexpr std::size_t kMaxNameLength = 64;
struct LengthIndex {
  std::array<std::uint8_t, kMaxNameLength + 2> start{};
  std::array<std::uint8_t, kOperations.size()> order{};
};
constexpr LengthIndex kByLength = [] {
  LengthIndex index;
  std::size_t next = 0;
  for (std::size_t length = 0; length <= kMaxNameLength; ++length) {
    index.start[length] = static_cast<std::uint8_t>(next);
    for (std::size_t i = 0; i < kOperations.size(); ++i) {
      if (kOperations[i].name.size() == length) index.order[next++] = static_cast<std::uint8_t>(i);
    }
  }
  index.start[kMaxNameLength + 1] = static_cast<std::uint8_t>(next);
  return index;
}();

}  // namespace

static_assert(kOperations.size() < 256);
static_assert(kByLength.start[kMaxNameLength + 1] == kOperations.size(),
              "an operation name is longer than kMaxNameLength");
// Every DynamoDB operation the table implements is one of the model's (the validator's input).
static_assert(std::all_of(kOperations.begin(), kOperations.end(), [](const OperationEntry& e) {
  return e.model != nullptr || e.name.starts_with(kStreamsTargetPrefix);
}));
// Sorted, for the reader and so that a name cannot appear twice unnoticed.
static_assert(std::is_sorted(kOperations.begin(), kOperations.end(),
                             [](const OperationEntry& a, const OperationEntry& b) {
                               return a.name < b.name;
                             }));
static_assert(std::adjacent_find(kOperations.begin(), kOperations.end(),
                                 [](const OperationEntry& a, const OperationEntry& b) {
                                   return a.name == b.name;
                                 }) == kOperations.end());

const OperationEntry* FindOperation(std::string_view name) {
  if (name.empty() || name.size() > kMaxNameLength) return nullptr;
  const std::size_t end = kByLength.start[name.size() + 1];
  for (std::size_t i = kByLength.start[name.size()]; i < end; ++i) {
    const OperationEntry& entry = kOperations[kByLength.order[i]];
    if (entry.name.front() == name.front() && entry.name == name) return &entry;
  }
  return nullptr;
}

}  // namespace ddbemu
