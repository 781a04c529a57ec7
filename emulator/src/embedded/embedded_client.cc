// The embedded Client (ddbemu/embedded_client.h): typed request -> checks and conversion
// (typed_requests.h) -> the same ops/ function the JSON path calls, watched by the same audit
// probe (audit/audit_probe.h) -> typed response (typed_responses.h). No JSON on the way in or
// out.
#include "ddbemu/embedded_client.h"

#include <exception>
#include <utility>

#include "audit/audit_probe.h"
#include "database_impl.h"
#include "embedded/typed_admin.h"
#include "embedded/typed_requests.h"
#include "embedded/typed_responses.h"
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
#include "storage/table_memo.h"

namespace ddbemu {
namespace {

// An operation that answers nothing but success (TagResource, UntagResource).
struct Done {};
template <auto Op, class Request>
Result<Done> Succeeds(ops::Engine& engine, const ops::Caller& caller, const Request& request) {
  DDB_RETURN_IF_ERROR(Op(engine, caller, request));
  return Done{};
}

// Every operation of the API runs as an engine request: public request -> api/ model -> the
// ops/ function -> public response, with no JSON and no Database::Call.
class EmbeddedClient final : public Client {
 public:
  EmbeddedClient(Database& database, RequestContext context,
                 std::unique_ptr<Database> owned = nullptr)
      : owned_(std::move(owned)),
        impl_(database.impl()),
        context_(std::move(context)),
        caller_(WithMemo(impl_.CallerFor(context_), &table_memo_)) {}

  Result<PutItemResponse> PutItem(const PutItemRequest& request) override {
    return Run<PutItemResponse>("PutItem", request, &ops::PutItem, &embedded::ToPutItemResponse);
  }
  Result<GetItemResponse> GetItem(const GetItemRequest& request) override {
    // The engine request borrows the caller's key, except for the audit, which reads the
    // request's own `key` member (audit/request_shape.cc).
    const bool lend_key = impl_.audit == nullptr;
    return RunInto<GetItemResponse, api::GetItemRequest>(
        "GetItem",
        [&](api::GetItemRequest* out) { return embedded::ToEngine(request, out, lend_key); },
        &ops::GetItem, &embedded::ToGetItemResponse);
  }
  Result<UpdateItemResponse> UpdateItem(const UpdateItemRequest& request) override {
    return Run<UpdateItemResponse>("UpdateItem", request, &ops::UpdateItem,
                                   &embedded::ToUpdateItemResponse);
  }
  Result<DeleteItemResponse> DeleteItem(const DeleteItemRequest& request) override {
    return Run<DeleteItemResponse>("DeleteItem", request, &ops::DeleteItem,
                                   &embedded::ToDeleteItemResponse);
  }
  Result<QueryResponse> Query(const QueryRequest& request) override {
    return Run<QueryResponse>("Query", request, &ops::Query,
                              [](api::ReadResponse r) { return embedded::ToPublic(std::move(r)); });
  }
  Result<ScanResponse> Scan(const ScanRequest& request) override {
    return Run<ScanResponse>("Scan", request, &ops::Scan,
                             [](api::ReadResponse r) { return embedded::ToPublic(std::move(r)); });
  }
  Result<BatchGetItemResponse> BatchGetItem(const BatchGetItemRequest& request) override {
    return RunWithMode<BatchGetItemResponse>("BatchGetItem", request, &ops::BatchGetItem);
  }
  Result<BatchWriteItemResponse> BatchWriteItem(const BatchWriteItemRequest& request) override {
    return RunWithMode<BatchWriteItemResponse>("BatchWriteItem", request, &ops::BatchWriteItem);
  }
  Result<TransactWriteItemsResponse> TransactWriteItems(
      const TransactWriteItemsRequest& request) override {
    return RunWithMode<TransactWriteItemsResponse>("TransactWriteItems", request,
                                                   &ops::TransactWriteItems);
  }
  Result<TransactGetItemsResponse> TransactGetItems(
      const TransactGetItemsRequest& request) override {
    return RunWithMode<TransactGetItemsResponse>("TransactGetItems", request,
                                                 &ops::TransactGetItems);
  }
  Result<CreateTableResponse> CreateTable(const CreateTableRequest& request) override {
    return Run<CreateTableResponse>(
        "CreateTable", request, &ops::CreateTable,
        [](ops::TableResult r) { return CreateTableResponse{embedded::ToPublic(r)}; });
  }
  Result<DescribeTableResponse> DescribeTable(const DescribeTableRequest& request) override {
    return Run<DescribeTableResponse>(
        "DescribeTable", request, &ops::DescribeTable,
        [](ops::TableResult r) { return DescribeTableResponse{embedded::ToPublic(r)}; });
  }
  Result<UpdateTableResponse> UpdateTable(const UpdateTableRequest& request) override {
    return Run<UpdateTableResponse>(
        "UpdateTable", request, &ops::UpdateTable,
        [](ops::TableResult r) { return UpdateTableResponse{embedded::ToPublic(r)}; });
  }
  Result<DeleteTableResponse> DeleteTable(const DeleteTableRequest& request) override {
    return Run<DeleteTableResponse>("DeleteTable", request, &ops::DeleteTable,
                                    [](ops::TableResult r) {
                                      // The service's DeleteTable answer leaves out the schema, the
                                      // creation time and the indexes (api/table_description.h,
                                      // DescriptionView::kDelete).
                                      TableDescription d = embedded::ToPublic(r);
                                      d.key_schema.clear();
                                      d.attribute_definitions.clear();
                                      d.creation_date_time_micros = 0;
                                      d.global_secondary_indexes.clear();
                                      d.local_secondary_indexes.clear();
                                      d.stream_specification.reset();
                                      d.latest_stream_label.reset();
                                      d.latest_stream_arn.reset();
                                      return DeleteTableResponse{std::move(d)};
                                    });
  }
  Result<ListTablesResponse> ListTables(const ListTablesRequest& request) override {
    return Run<ListTablesResponse>(
        "ListTables", request, &ops::ListTables,
        [](api::ListTablesResponse r) { return embedded::ToPublic(std::move(r)); });
  }

  Result<UpdateTimeToLiveResponse> UpdateTimeToLive(const UpdateTimeToLiveRequest& r) override {
    return Run<UpdateTimeToLiveResponse>("UpdateTimeToLive", r, &ops::ttl::UpdateTimeToLive,
                                         [](auto applied) { return embedded::ToPublic(applied); });
  }
  Result<DescribeTimeToLiveResponse> DescribeTimeToLive(
      const DescribeTimeToLiveRequest& r) override {
    return Run<DescribeTimeToLiveResponse>("DescribeTimeToLive", r, &ops::ttl::DescribeTimeToLive,
                                           [](auto d) { return embedded::ToPublic(std::move(d)); });
  }
  Result<TagResourceResponse> TagResource(const TagResourceRequest& r) override {
    return Run<TagResourceResponse>("TagResource", r,
                                    &Succeeds<&ops::TagResource, api::TagResourceRequest>,
                                    [](Done) { return TagResourceResponse{}; });
  }
  Result<UntagResourceResponse> UntagResource(const UntagResourceRequest& r) override {
    return Run<UntagResourceResponse>("UntagResource", r,
                                      &Succeeds<&ops::UntagResource, api::UntagResourceRequest>,
                                      [](Done) { return UntagResourceResponse{}; });
  }
  Result<ListTagsOfResourceResponse> ListTagsOfResource(
      const ListTagsOfResourceRequest& r) override {
    return Run<ListTagsOfResourceResponse>(
        "ListTagsOfResource", r, &ops::ListTagsOfResource,
        [](auto tags) { return embedded::ToPublic(std::move(tags)); });
  }
  Result<CreateBackupResponse> CreateBackup(const CreateBackupRequest& r) override {
    return Run<CreateBackupResponse>("CreateBackup", r, &ops::CreateBackup,
                                     &embedded::ToCreateBackupResponse);
  }
  Result<DescribeBackupResponse> DescribeBackup(const DescribeBackupRequest& r) override {
    return Run<DescribeBackupResponse>("DescribeBackup", r, &ops::DescribeBackup,
                                       &embedded::ToDescribeBackupResponse);
  }
  Result<DeleteBackupResponse> DeleteBackup(const DeleteBackupRequest& r) override {
    return Run<DeleteBackupResponse>("DeleteBackup", r, &ops::DeleteBackup,
                                     &embedded::ToDeleteBackupResponse);
  }
  Result<ListBackupsResponse> ListBackups(const ListBackupsRequest& r) override {
    return Run<ListBackupsResponse>(
        "ListBackups", r, &ops::ListBackups,
        [](const api::ListBackupsResponse& l) { return embedded::ToPublic(l); });
  }
  Result<RestoreTableFromBackupResponse> RestoreTableFromBackup(
      const RestoreTableFromBackupRequest& r) override {
    return Run<RestoreTableFromBackupResponse>("RestoreTableFromBackup", r,
                                               &ops::RestoreTableFromBackup,
                                               &embedded::ToRestoreFromBackupResponse);
  }
  Result<RestoreTableToPointInTimeResponse> RestoreTableToPointInTime(
      const RestoreTableToPointInTimeRequest& r) override {
    return Run<RestoreTableToPointInTimeResponse>("RestoreTableToPointInTime", r,
                                                  &ops::RestoreTableToPointInTime,
                                                  &embedded::ToRestoreToPointInTimeResponse);
  }

  Result<DescribeEndpointsResponse> DescribeEndpoints(const DescribeEndpointsRequest&) override {
    DDB_RETURN_IF_ERROR(CheckAction("DescribeEndpoints"));
    return embedded::ToDescribeEndpointsResponse(
        ops::DescribeEndpointsAddress(caller_));
  }
  Result<DescribeLimitsResponse> DescribeLimits(const DescribeLimitsRequest&) override {
    DDB_RETURN_IF_ERROR(CheckAction("DescribeLimits"));
    return embedded::ToPublic(ops::DescribeLimits());
  }
  Result<DescribeContinuousBackupsResponse> DescribeContinuousBackups(
      const DescribeContinuousBackupsRequest& r) override {
    auto describe = [](ops::Engine& engine, const ops::Caller& caller,
                       const api::TableNameRequest& q) {
      return ops::DescribeContinuousBackups(engine, caller, q.table_name);
    };
    return Run<DescribeContinuousBackupsResponse>(
        "DescribeContinuousBackups", r, describe, [](const api::PitrDescription& d) {
          return DescribeContinuousBackupsResponse{embedded::ToPublic(d)};
        });
  }
  Result<UpdateContinuousBackupsResponse> UpdateContinuousBackups(
      const UpdateContinuousBackupsRequest& r) override {
    return Run<UpdateContinuousBackupsResponse>(
        "UpdateContinuousBackups", r, &ops::UpdateContinuousBackups,
        [](const api::PitrDescription& d) {
          return UpdateContinuousBackupsResponse{embedded::ToPublic(d)};
        });
  }
  Result<DescribeContributorInsightsResponse> DescribeContributorInsights(
      const DescribeContributorInsightsRequest& r) override {
    return Run<DescribeContributorInsightsResponse>("DescribeContributorInsights", r,
                                                    &ops::DescribeContributorInsights,
                                                    &embedded::ToDescribeInsightsResponse);
  }
  Result<UpdateContributorInsightsResponse> UpdateContributorInsights(
      const UpdateContributorInsightsRequest& r) override {
    return Run<UpdateContributorInsightsResponse>("UpdateContributorInsights", r,
                                                  &ops::UpdateContributorInsights,
                                                  &embedded::ToUpdateInsightsResponse);
  }
  Result<ListContributorInsightsResponse> ListContributorInsights(
      const ListContributorInsightsRequest& r) override {
    std::string next_token;
    auto list = [&next_token](ops::Engine& engine, const ops::Caller& caller,
                              const api::ListContributorInsightsRequest& q) {
      return ops::ListContributorInsights(engine, caller, q, &next_token);
    };
    return Run<ListContributorInsightsResponse>(
        "ListContributorInsights", r, list,
        [&next_token](const std::vector<api::InsightsDescription>& page) {
          return embedded::ToListInsightsResponse(page, next_token);
        });
  }

  // PartiQL: Authorize checks each statement's action on the key it compiles to.
  Result<ExecuteStatementResponse> ExecuteStatement(const ExecuteStatementRequest& r) override {
    return Run<ExecuteStatementResponse>("ExecuteStatement", r, &ops::ExecuteStatement,
                                         [](api::ExecuteStatementResponse response) {
                                           return embedded::ToPublic(std::move(response));
                                         });
  }
  Result<BatchExecuteStatementResponse> BatchExecuteStatement(
      const BatchExecuteStatementRequest& r) override {
    return RunWithMode<BatchExecuteStatementResponse>("BatchExecuteStatement", r,
                                                      &ops::BatchExecuteStatement);
  }
  Result<ExecuteTransactionResponse> ExecuteTransaction(
      const ExecuteTransactionRequest& r) override {
    return RunWithMode<ExecuteTransactionResponse>("ExecuteTransaction", r,
                                                   &ops::ExecuteTransaction);
  }

 private:
  // Convert, execute, convert back. Like Database::Call, a bug that throws becomes an
  // InternalServerError instead of taking the host process down.
  template <class Response, class Request, class Op, class Out>
  Result<Response> Run(std::string_view operation, const Request& request, Op op, Out out) {
    try {
      auto engine_request = embedded::ToEngine(request);
      if (!engine_request.ok()) return std::move(engine_request).error();
      return Execute<Response>(operation, *engine_request, op, out);
    } catch (const std::exception& e) {
      return ApiError::InternalServerError(std::string("Internal server error: ") + e.what());
    }
  }

  // Run for a request converted in place (`convert(&engine_request)`, a ToEngine), with no
  // Result to move it out of: the hot item reads.
  template <class Response, class EngineRequest, class Convert, class Op, class Out>
  Result<Response> RunInto(std::string_view operation, Convert convert, Op op, Out out) {
    try {
      EngineRequest engine_request;
      DDB_RETURN_IF_ERROR(convert(&engine_request));
      return Execute<Response>(operation, engine_request, op, out);
    } catch (const std::exception& e) {
      return ApiError::InternalServerError(std::string("Internal server error: ") + e.what());
    }
  }

  // Authorize, execute under the audit probe, convert back (inside Run's or RunInto's try).
  // `engine_request` is not const: the probe asks it for the capacity the audit records.
  template <class Response, class EngineRequest, class Op, class Out>
  Result<Response> Execute(std::string_view operation, EngineRequest& engine_request, Op op,
                           Out out) {
    ops::Engine engine = impl_.engine();
    // Tenant isolation policies (Options::access_policies), as on the JSON path.
    DDB_RETURN_IF_ERROR(ops::access::Authorize(engine, caller_, operation, engine_request));
    // The access-pattern audit sees these requests as it sees the JSON path's.
    audit::Probe probe(engine.audit, engine_request);
    auto response = op(engine, caller_, engine_request);
    probe.Finish(engine, caller_, engine_request, response);
    if (!response.ok()) return std::move(response).error();
    return out(std::move(response).value());
  }

  // The tenant check of an operation whose request has no members (DescribeEndpoints,
  // DescribeLimits): its action alone, through the same Authorize.
  Status CheckAction(std::string_view operation) {
    struct NoMembers {};
    ops::Engine engine = impl_.engine();
    return ops::access::Authorize(engine, caller_, operation, NoMembers{});
  }

  // The multi-table operations, whose ConsumedCapacity follows the request's mode.
  template <class Response, class Request, class Op>
  Result<Response> RunWithMode(std::string_view operation, const Request& request, Op op) {
    return Run<Response>(operation, request, op, [&](auto response) {
      return embedded::ToPublic(std::move(response),
                                embedded::ToEngine(request.return_consumed_capacity));
    });
  }

  static ops::Caller WithMemo(ops::Caller caller, storage::TableMemo* memo) {
    caller.table_memo = memo;
    return caller;
  }

  std::unique_ptr<Database> owned_;  // set when this client opened the database
  Database::Impl& impl_;
  RequestContext context_;
  // The last table this client's reads resolved, for the next read of it (before caller_,
  // which points to it).
  storage::TableMemo table_memo_;
  // Who calls: a function of the context and of the database's options, both fixed once the
  // client exists, so worked out once instead of per call.
  const ops::Caller caller_;
};

}  // namespace

std::unique_ptr<Client> MakeEmbeddedClient(Database& database, RequestContext context) {
  return std::make_unique<EmbeddedClient>(database, std::move(context));
}

// MakeEmbeddedStreamsClient: typed_streams.cc.

Result<std::unique_ptr<Client>> OpenEmbeddedClient(Options options) {
  DDB_ASSIGN_OR_RETURN(std::unique_ptr<Database> database, Database::Open(std::move(options)));
  Database& ref = *database;
  return std::unique_ptr<Client>(
      std::make_unique<EmbeddedClient>(ref, RequestContext{}, std::move(database)));
}

}  // namespace ddbemu
