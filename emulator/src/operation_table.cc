// The one dispatch table of the JSON path: every operation is parse (api_json/) -> the run step
// (run_step.h: faults, the tenant check, execute with ops/ under the audit) -> render
// (api_json/), written once as the Handler template. Its rows are derived from the operation
// lists (ddbemu/operations.h); each operation's three steps are one DDB_STEPS line below. DynamoDB
// Streams' four operations are rows too, under their service's target prefix.
#include "operation_table.h"

#include <algorithm>
#include <array>
#include <cstdint>

#include "api/api_model.h"
#include "api_json/json_read.h"
#include "api_json/operation_codecs.h"
#include "api_json/stream_codec.h"
#include "ddbemu/operations.h"
#include "ops/backups/backups.h"
#include "ops/backups/point_in_time.h"
#include "ops/batch/batch.h"
#include "ops/control/control.h"
#include "ops/items/items.h"
#include "ops/partiql/partiql.h"
#include "ops/reads/reads.h"
#include "ops/tables/table_update.h"
#include "ops/tables/tables.h"
#include "ops/tags/resource_tags.h"
#include "ops/transact/transact.h"
#include "ops/transfer/bulk_operations.h"
#include "ops/transfer/exports.h"
#include "ops/transfer/imports.h"
#include "ops/ttl/time_to_live.h"
#include "ops/vectors/search_vectors.h"
#include "run_step.h"
#include "value_json/transfer_json.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

using run::Done;

// Parse the validated body, run it (run_step.h), render the response body into `out`: in place
// for the renderers that take it (the reads), else replacing it.
template <class Steps>
Status Handler(ops::Engine& engine, const ops::Caller& caller, std::string_view operation,
               const rapidjson::Value& body, std::string& out) {
  auto parsed = run::CallAsResult([&] { return Steps::kParse(body); });
  if (!parsed.ok()) return std::move(parsed).error();
  auto& request = *parsed;
  return run::RunStep(
      engine, caller, operation, request,
      [](ops::Engine& e, const ops::Caller& c, auto& r) { return Steps::kExecute(e, c, r); },
      [&](auto& response) -> Status {
        if (!response.ok()) return std::move(response).error();
        if constexpr (requires { Steps::kRender(request, *response, out); }) {
          Steps::kRender(request, *response, out);
        } else {
          out = Steps::kRender(request, *response);
        }
        return Status::Ok();
      });
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
  return {api::json::StringOr(body, "TableName", "")};
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
// The export, import and bulk put requests: their members as the shared codec reads them
// (value_json/transfer_json.h); ImportTable's TableCreationParameters as CreateTable's body.
template <class Request>
Result<Request> ParseTransfer(const rapidjson::Value& body) {
  Request request;
  DDBEMU_RETURN_IF_ERROR(transfer_json::Read(body, request));
  return request;
}
Result<ops::transfer::ImportTableJob> ParseImportTable(const rapidjson::Value& body) {
  ops::transfer::ImportTableJob job;
  DDBEMU_RETURN_IF_ERROR(transfer_json::Read(body, job.source));
  const auto params = body.FindMember("TableCreationParameters");
  if (params == body.MemberEnd() || !params->value.IsObject()) {
    return ApiError::Validation("TableCreationParameters is required");
  }
  DDBEMU_ASSIGN_OR_RETURN(job.table, api::json::ParseCreateTable(params->value));
  job.target_table_name = job.table.table_name;
  return job;
}

// ---- renderers, in the shape Handler calls them ---------------------------------------------

// GetItem and Query/Scan, the reads, write into the caller's string (Handler's `out`).
void GetItemBody(const api::GetItemRequest&, const api::ItemResponse& r, std::string& out) {
  api::json::RenderGetItem(r, out);
}
template <class Request>
std::string WriteItemBody(const Request&, const api::ItemResponse& r) {
  return api::json::RenderWriteItem(r);
}
template <class Request>
void ReadBody(const Request&, const api::ReadResponse& r, std::string& out) {
  api::json::RenderRead(r, out);
}
std::string BatchGetBody(const api::BatchGetItemRequest& q, const api::BatchGetItemResponse& r) {
  return api::json::RenderBatchGetItem(r, q.return_consumed_capacity);
}
std::string BatchWriteBody(const api::BatchWriteItemRequest& q,
                           const api::BatchWriteItemResponse& r) {
  return api::json::RenderBatchWriteItem(r, q.return_consumed_capacity);
}
std::string TransactWriteBody(const api::TransactWriteItemsRequest& q,
                              const api::TransactWriteItemsResponse& r) {
  return api::json::RenderTransactWriteItems(r, q.return_consumed_capacity);
}
std::string TransactGetBody(const api::TransactGetItemsRequest& q,
                            const api::TransactGetItemsResponse& r) {
  return api::json::RenderTransactGetItems(r, q.return_consumed_capacity);
}
// CreateTable, UpdateTable and DeleteTable answer {"TableDescription": ...}; DescribeTable
// answers {"Table": ...}.
template <class Request>
std::string TableDescriptionBody(const Request&, const ops::TableResult& r) {
  return api::json::RenderTableDescription("TableDescription", r.schema, r.counts, r.options);
}
std::string TableBody(const api::TableNameRequest&, const ops::TableResult& r) {
  return api::json::RenderTableDescription("Table", r.schema, r.counts, r.options);
}
std::string ExecuteStatementBody(const api::ExecuteStatementRequest&,
                                 const api::ExecuteStatementResponse& r) {
  return api::json::RenderExecuteStatement(r);
}
std::string BatchExecuteStatementBody(const api::BatchExecuteStatementRequest& q,
                                      const api::BatchExecuteStatementResponse& r) {
  return api::json::RenderBatchExecuteStatement(r, q.return_consumed_capacity);
}
std::string ExecuteTransactionBody(const api::ExecuteTransactionRequest& q,
                                   const api::ExecuteTransactionResponse& r) {
  return api::json::RenderExecuteTransaction(r, q.return_consumed_capacity);
}
std::string ListTablesBody(const api::ListTablesRequest&, const api::ListTablesResponse& r) {
  return api::json::RenderListTables(r);
}

std::string UpdateTimeToLiveBody(const api::UpdateTimeToLiveRequest&,
                                 const api::UpdateTimeToLiveRequest& applied) {
  return api::json::RenderUpdateTimeToLive(applied);
}
std::string DescribeTimeToLiveBody(const api::TableNameRequest&,
                                   const api::TimeToLiveDescription& r) {
  return api::json::RenderDescribeTimeToLive(r);
}

// TagResource and UntagResource answer an empty body, as the service does.
template <class Request>
std::string NoBody(const Request&, const Done&) {
  return std::string();
}
std::string ListTagsBody(const api::ListTagsOfResourceRequest&,
                         const std::vector<std::pair<std::string, std::string>>& tags) {
  return api::json::RenderListTagsOfResource(tags);
}
std::string DescribeEndpointsBody(const NoRequest&, const std::string& address) {
  return api::json::RenderDescribeEndpoints(address);
}
std::string DescribeLimitsBody(const NoRequest&, const ops::ServiceLimits& l) {
  return api::json::RenderDescribeLimits(l.account_read, l.account_write, l.table_read,
                                         l.table_write);
}
template <class Request>
std::string ContinuousBackupsBody(const Request&, const api::PitrDescription& d) {
  return api::json::RenderContinuousBackups(d);
}
std::string DescribeInsightsBody(const api::ContributorInsightsRequest&,
                                 const api::InsightsDescription& d) {
  return api::json::RenderDescribeContributorInsights(d);
}
std::string UpdateInsightsBody(const api::ContributorInsightsRequest&,
                               const api::InsightsDescription& d) {
  return api::json::RenderUpdateContributorInsights(d);
}
std::string ListInsightsBody(const api::ListContributorInsightsRequest&,
                             const ops::InsightsPage& p) {
  return api::json::RenderListContributorInsights(p.summaries, p.next_token);
}
std::string CreateBackupBody(const api::CreateBackupRequest&, const api::BackupView& b) {
  return api::json::RenderCreateBackup(b);
}
std::string BackupDescriptionBody(const api::BackupArnRequest&, const api::BackupView& b) {
  return api::json::RenderBackupDescription(b);
}
std::string ListBackupsBody(const api::ListBackupsRequest&, const api::ListBackupsResponse& r) {
  return api::json::RenderListBackups(r);
}
template <class Request>
std::string RestoreBody(const Request&, const api::RestoreTableResponse& r) {
  return api::json::RenderRestoreTable(r);
}

template <class Request, class Response>
std::string TransferBody(const Request&, const Response& r) {
  return transfer_json::Render(r);
}

// ---- each operation's steps: parse, execute, render ---------------------------------------------

#define DDB_STEPS(Op, parse, execute, render) \
  struct Op##Steps {                          \
    static constexpr auto kParse = parse;     \
    static constexpr auto kExecute = execute; \
    static constexpr auto kRender = render;   \
  };

DDB_STEPS(PutItem, &api::json::ParsePutItem, &ops::PutItem, &WriteItemBody<api::PutItemRequest>)
DDB_STEPS(GetItem, &api::json::ParseGetItem, &ops::GetItem, &GetItemBody)
DDB_STEPS(UpdateItem, &api::json::ParseUpdateItem, &ops::UpdateItem,
          &WriteItemBody<api::UpdateItemRequest>)
DDB_STEPS(DeleteItem, &api::json::ParseDeleteItem, &ops::DeleteItem,
          &WriteItemBody<api::DeleteItemRequest>)
DDB_STEPS(Query, &api::json::ParseQuery, &ops::Query, &ReadBody<api::QueryRequest>)
DDB_STEPS(Scan, &api::json::ParseScan, &ops::Scan, &ReadBody<api::ScanRequest>)
DDB_STEPS(BatchGetItem, &api::json::ParseBatchGetItem, &ops::BatchGetItem, &BatchGetBody)
DDB_STEPS(BatchWriteItem, &api::json::ParseBatchWriteItem, &ops::BatchWriteItem, &BatchWriteBody)
DDB_STEPS(TransactWriteItems, &api::json::ParseTransactWriteItems, &ops::TransactWriteItems,
          &TransactWriteBody)
DDB_STEPS(TransactGetItems, &api::json::ParseTransactGetItems, &ops::TransactGetItems,
          &TransactGetBody)
DDB_STEPS(CreateTable, &api::json::ParseCreateTable, &ops::CreateTable,
          &TableDescriptionBody<api::CreateTableRequest>)
DDB_STEPS(DescribeTable, &api::json::ParseTableNameRequest, &ops::DescribeTable, &TableBody)
DDB_STEPS(UpdateTable, &api::json::ParseUpdateTable, &ops::UpdateTable,
          &TableDescriptionBody<api::UpdateTableRequest>)
DDB_STEPS(DeleteTable, &api::json::ParseTableNameRequest, &ops::DeleteTable,
          &TableDescriptionBody<api::TableNameRequest>)
DDB_STEPS(ListTables, &api::json::ParseListTables, &ops::ListTables, &ListTablesBody)

DDB_STEPS(UpdateTimeToLive, &api::json::ParseUpdateTimeToLive, &ops::ttl::UpdateTimeToLive,
          &UpdateTimeToLiveBody)
DDB_STEPS(DescribeTimeToLive, &api::json::ParseTableNameRequest, &ops::ttl::DescribeTimeToLive,
          &DescribeTimeToLiveBody)
DDB_STEPS(TagResource, &api::json::ParseTagResource, &ops::TagResource,
          &NoBody<api::TagResourceRequest>)
DDB_STEPS(UntagResource, &api::json::ParseUntagResource, &ops::UntagResource,
          &NoBody<api::UntagResourceRequest>)
DDB_STEPS(ListTagsOfResource, &api::json::ParseListTagsOfResource, &ops::ListTagsOfResource,
          &ListTagsBody)

DDB_STEPS(CreateBackup, &api::json::ParseCreateBackup, &ops::CreateBackup, &CreateBackupBody)
DDB_STEPS(DescribeBackup, &api::json::ParseBackupArn, &ops::DescribeBackup, &BackupDescriptionBody)
DDB_STEPS(ListBackups, &api::json::ParseListBackups, &ops::ListBackups, &ListBackupsBody)
DDB_STEPS(DeleteBackup, &api::json::ParseBackupArn, &ops::DeleteBackup, &BackupDescriptionBody)
DDB_STEPS(RestoreTableFromBackup, &api::json::ParseRestoreTableFromBackup,
          &ops::RestoreTableFromBackup, &RestoreBody<api::RestoreTableFromBackupRequest>)
DDB_STEPS(RestoreTableToPointInTime, &api::json::ParseRestoreTableToPointInTime,
          &ops::RestoreTableToPointInTime, &RestoreBody<api::RestoreTableToPointInTimeRequest>)

DDB_STEPS(DescribeEndpoints, &ParseNothing, &DescribeEndpointsAddress, &DescribeEndpointsBody)
DDB_STEPS(DescribeLimits, &ParseNothing, &DescribeLimits, &DescribeLimitsBody)
DDB_STEPS(DescribeContinuousBackups, &ParseTableNameMember, &DescribeContinuousBackups,
          &ContinuousBackupsBody<TableNameMember>)
DDB_STEPS(UpdateContinuousBackups, &api::json::ParseUpdateContinuousBackups,
          &ops::UpdateContinuousBackups,
          &ContinuousBackupsBody<api::UpdateContinuousBackupsRequest>)
DDB_STEPS(DescribeContributorInsights, &api::json::ParseContributorInsights,
          &ops::DescribeContributorInsights, &DescribeInsightsBody)
DDB_STEPS(UpdateContributorInsights, &api::json::ParseContributorInsights,
          &ops::UpdateContributorInsights, &UpdateInsightsBody)
DDB_STEPS(ListContributorInsights, &api::json::ParseListContributorInsights,
          &ops::ListContributorInsights, &ListInsightsBody)

DDB_STEPS(ExecuteStatement, &api::json::ParseExecuteStatement, &ops::ExecuteStatement,
          &ExecuteStatementBody)
DDB_STEPS(BatchExecuteStatement, &api::json::ParseBatchExecuteStatement,
          &ops::BatchExecuteStatement, &BatchExecuteStatementBody)
DDB_STEPS(ExecuteTransaction, &api::json::ParseExecuteTransaction, &ops::ExecuteTransaction,
          &ExecuteTransactionBody)
DDB_STEPS(SearchVectors, &api::json::ParseSearchVectors, &ops::SearchVectors,
          [](const api::SearchVectorsRequest&, const api::SearchVectorsResult& r) {
            return api::json::RenderSearchVectors(r);
          })

DDB_STEPS(ExportTableToPointInTime, &ParseTransfer<ExportTableToPointInTimeRequest>,
          &ops::transfer::ExportTableToPointInTime,
          (&TransferBody<ExportTableToPointInTimeRequest, ExportTableToPointInTimeResponse>))
DDB_STEPS(DescribeExport, &ParseTransfer<DescribeExportRequest>, &ops::transfer::DescribeExport,
          (&TransferBody<DescribeExportRequest, DescribeExportResponse>))
DDB_STEPS(ListExports, &ParseTransfer<ListExportsRequest>, &ops::transfer::ListExports,
          (&TransferBody<ListExportsRequest, ListExportsResponse>))
DDB_STEPS(ImportTable, &ParseImportTable, &ops::transfer::ImportTable,
          (&TransferBody<ops::transfer::ImportTableJob, ImportTableResponse>))
DDB_STEPS(DescribeImport, &ParseTransfer<DescribeImportRequest>, &ops::transfer::DescribeImport,
          (&TransferBody<DescribeImportRequest, DescribeImportResponse>))
DDB_STEPS(ListImports, &ParseTransfer<ListImportsRequest>, &ops::transfer::ListImports,
          (&TransferBody<ListImportsRequest, ListImportsResponse>))

DDB_STEPS(StartBulkPutItems, &ParseTransfer<StartBulkPutItemsRequest>,
          &ops::transfer::StartBulkPutItems,
          (&TransferBody<StartBulkPutItemsRequest, StartBulkPutItemsResponse>))
DDB_STEPS(DescribeBulkOperation, &ParseTransfer<DescribeBulkOperationRequest>,
          &ops::transfer::DescribeBulkOperation,
          (&TransferBody<DescribeBulkOperationRequest, DescribeBulkOperationResponse>))
DDB_STEPS(ListBulkOperations, &ParseTransfer<ListBulkOperationsRequest>,
          &ops::transfer::ListBulkOperations,
          (&TransferBody<ListBulkOperationsRequest, ListBulkOperationsResponse>))
DDB_STEPS(CancelBulkOperation, &ParseTransfer<CancelBulkOperationRequest>,
          &ops::transfer::CancelBulkOperation,
          (&TransferBody<CancelBulkOperationRequest, CancelBulkOperationResponse>))

DDB_STEPS(ListStreams, &api::json::streams::ParseListStreams, &ops::streams::ListStreams,
          &api::json::streams::RenderListStreams)
DDB_STEPS(DescribeStream, &api::json::streams::ParseDescribeStream, &ops::streams::DescribeStream,
          &api::json::streams::RenderDescribeStream)
DDB_STEPS(GetShardIterator, &api::json::streams::ParseGetShardIterator,
          &ops::streams::GetShardIterator, &api::json::streams::RenderGetShardIterator)
DDB_STEPS(GetRecords, &api::json::streams::ParseGetRecords, &ops::streams::GetRecords,
          &api::json::streams::RenderGetRecords)
#undef DDB_STEPS

// The rows, one per operation of the lists (a list entry without its DDB_STEPS line does not
// compile), in the lists' order; FindOperation indexes them by name length.
#define DDB_ROW(Op) OperationEntry{#Op, &Handler<Op##Steps>},
#define DDB_STREAMS_ROW(Op) OperationEntry{"DynamoDBStreams_20120810." #Op, &Handler<Op##Steps>},
constexpr std::array kRows = {DDBEMU_OPERATIONS(DDB_ROW)
                                  DDBEMU_STREAMS_OPERATIONS(DDB_STREAMS_ROW)};
#undef DDB_ROW
#undef DDB_STREAMS_ROW

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
// No name twice (a list entry repeated, or a Streams name that is also DynamoDB's).
static_assert([] {
  std::array<std::string_view, kOperations.size()> names{};
  for (std::size_t i = 0; i < kOperations.size(); ++i) names[i] = kOperations[i].name;
  std::sort(names.begin(), names.end());
  return std::adjacent_find(names.begin(), names.end()) == names.end();
}());
static_assert(kStreamsTargetPrefix == "DynamoDBStreams_20120810.");

const OperationEntry* FindOperation(std::string_view name) {
  if (name.empty() || name.size() > kMaxNameLength) return nullptr;
  const std::size_t end = kByLength.start[name.size() + 1];
  for (std::size_t i = kByLength.start[name.size()]; i < end; ++i) {
    const OperationEntry& entry = kOperations[kByLength.order[i]];
    if (entry.name.front() == name.front() && entry.name == name) return &entry;
  }
  return nullptr;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
