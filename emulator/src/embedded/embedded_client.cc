// The embedded Client (ddbemu/embedded_client.h): typed request -> checks and conversion
// (typed_requests.h) -> the same ops/ function the JSON path calls, watched by the same audit
// probe (audit/audit_probe.h) -> typed response (typed_responses.h). No JSON on the way in or
// out.
#include "ddbemu/embedded_client.h"

#include <exception>
#include <utility>

#include "audit/audit_probe.h"
#include "database_impl.h"
#include "embedded/database_json_transport.h"
#include "embedded/typed_admin.h"
#include "embedded/typed_requests.h"
#include "embedded/typed_responses.h"
#include "http_client/json_client.h"
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

template <class Request>
api::ReturnConsumedCapacity ReturnMode(const Request& request) {
  switch (request.return_consumed_capacity) {
    case ReturnConsumedCapacity::kTotal:
      return api::ReturnConsumedCapacity::kTotal;
    case ReturnConsumedCapacity::kIndexes:
      return api::ReturnConsumedCapacity::kIndexes;
    default:
      return api::ReturnConsumedCapacity::kNone;
  }
}

// An operation that answers nothing but success (TagResource, UntagResource).
struct Done {};
template <auto Op, class Request>
Result<Done> Succeeds(ops::Engine& engine, const ops::Caller& caller, const Request& request) {
  DDB_RETURN_IF_ERROR(Op(engine, caller, request));
  return Done{};
}

// The operations below run as engine requests; the rest of the API (the describe/control
// operations, PartiQL) comes from JsonOperationsClient over Database::Call in this process
// (database_json_transport.h).
class EmbeddedClient final : public http_client::JsonOperationsClient {
 public:
  EmbeddedClient(Database& database, RequestContext context,
                 std::unique_ptr<Database> owned = nullptr)
      : JsonOperationsClient(&json_),
        owned_(std::move(owned)),
        impl_(database.impl()),
        context_(context),
        json_(database, std::move(context)) {}

  Result<PutItemResponse> PutItem(const PutItemRequest& request) override {
    return Run<PutItemResponse>(request, &ops::PutItem, &embedded::ToPutItemResponse);
  }
  Result<GetItemResponse> GetItem(const GetItemRequest& request) override {
    return Run<GetItemResponse>(request, &ops::GetItem, &embedded::ToGetItemResponse);
  }
  Result<UpdateItemResponse> UpdateItem(const UpdateItemRequest& request) override {
    return Run<UpdateItemResponse>(request, &ops::UpdateItem, &embedded::ToUpdateItemResponse);
  }
  Result<DeleteItemResponse> DeleteItem(const DeleteItemRequest& request) override {
    return Run<DeleteItemResponse>(request, &ops::DeleteItem, &embedded::ToDeleteItemResponse);
  }
  Result<QueryResponse> Query(const QueryRequest& request) override {
    return Run<QueryResponse>(request, &ops::Query,
                              [](api::ReadResponse r) { return embedded::ToPublic(std::move(r)); });
  }
  Result<ScanResponse> Scan(const ScanRequest& request) override {
    return Run<ScanResponse>(request, &ops::Scan,
                             [](api::ReadResponse r) { return embedded::ToPublic(std::move(r)); });
  }
  Result<BatchGetItemResponse> BatchGetItem(const BatchGetItemRequest& request) override {
    return RunWithMode<BatchGetItemResponse>(request, &ops::BatchGetItem);
  }
  Result<BatchWriteItemResponse> BatchWriteItem(const BatchWriteItemRequest& request) override {
    return RunWithMode<BatchWriteItemResponse>(request, &ops::BatchWriteItem);
  }
  Result<TransactWriteItemsResponse> TransactWriteItems(
      const TransactWriteItemsRequest& request) override {
    return RunWithMode<TransactWriteItemsResponse>(request, &ops::TransactWriteItems);
  }
  Result<TransactGetItemsResponse> TransactGetItems(
      const TransactGetItemsRequest& request) override {
    return RunWithMode<TransactGetItemsResponse>(request, &ops::TransactGetItems);
  }
  Result<CreateTableResponse> CreateTable(const CreateTableRequest& request) override {
    DDB_RETURN_IF_ERROR(CheckOperation("CreateTable", request.table_name));
    return Run<CreateTableResponse>(request, &ops::CreateTable, [](ops::TableResult r) {
      return CreateTableResponse{embedded::ToPublic(r)};
    });
  }
  Result<DescribeTableResponse> DescribeTable(const DescribeTableRequest& request) override {
    DDB_RETURN_IF_ERROR(CheckOperation("DescribeTable", request.table_name));
    return Run<DescribeTableResponse>(request, &ops::DescribeTable, [](ops::TableResult r) {
      return DescribeTableResponse{embedded::ToPublic(r)};
    });
  }
  Result<UpdateTableResponse> UpdateTable(const UpdateTableRequest& request) override {
    DDB_RETURN_IF_ERROR(CheckOperation("UpdateTable", request.table_name));
    return Run<UpdateTableResponse>(request, &ops::UpdateTable, [](ops::TableResult r) {
      return UpdateTableResponse{embedded::ToPublic(r)};
    });
  }
  Result<DeleteTableResponse> DeleteTable(const DeleteTableRequest& request) override {
    DDB_RETURN_IF_ERROR(CheckOperation("DeleteTable", request.table_name));
    return Run<DeleteTableResponse>(request, &ops::DeleteTable, [](ops::TableResult r) {
      // The service's DeleteTable answer leaves out the schema, the creation time and the
      // indexes (api/table_description.h, DescriptionView::kDelete).
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
    DDB_RETURN_IF_ERROR(CheckOperation("ListTables", ""));
    return Run<ListTablesResponse>(request, &ops::ListTables, [](api::ListTablesResponse r) {
      return embedded::ToPublic(std::move(r));
    });
  }

  Result<UpdateTimeToLiveResponse> UpdateTimeToLive(const UpdateTimeToLiveRequest& r) override {
    DDB_RETURN_IF_ERROR(CheckOperation("UpdateTimeToLive", r.table_name));
    return Run<UpdateTimeToLiveResponse>(r, &ops::ttl::UpdateTimeToLive,
                                         [](auto applied) { return embedded::ToPublic(applied); });
  }
  Result<DescribeTimeToLiveResponse> DescribeTimeToLive(
      const DescribeTimeToLiveRequest& r) override {
    DDB_RETURN_IF_ERROR(CheckOperation("DescribeTimeToLive", r.table_name));
    return Run<DescribeTimeToLiveResponse>(r, &ops::ttl::DescribeTimeToLive,
                                           [](auto d) { return embedded::ToPublic(std::move(d)); });
  }
  Result<TagResourceResponse> TagResource(const TagResourceRequest& r) override {
    DDB_RETURN_IF_ERROR(CheckOperation("TagResource", ""));
    return Run<TagResourceResponse>(r, &Succeeds<&ops::TagResource, api::TagResourceRequest>,
                                    [](Done) { return TagResourceResponse{}; });
  }
  Result<UntagResourceResponse> UntagResource(const UntagResourceRequest& r) override {
    DDB_RETURN_IF_ERROR(CheckOperation("UntagResource", ""));
    return Run<UntagResourceResponse>(r, &Succeeds<&ops::UntagResource, api::UntagResourceRequest>,
                                      [](Done) { return UntagResourceResponse{}; });
  }
  Result<ListTagsOfResourceResponse> ListTagsOfResource(
      const ListTagsOfResourceRequest& r) override {
    DDB_RETURN_IF_ERROR(CheckOperation("ListTagsOfResource", ""));
    return Run<ListTagsOfResourceResponse>(
        r, &ops::ListTagsOfResource, [](auto tags) { return embedded::ToPublic(std::move(tags)); });
  }
  Result<CreateBackupResponse> CreateBackup(const CreateBackupRequest& r) override {
    DDB_RETURN_IF_ERROR(CheckOperation("CreateBackup", r.table_name));
    return Run<CreateBackupResponse>(r, &ops::CreateBackup, &embedded::ToCreateBackupResponse);
  }
  Result<DescribeBackupResponse> DescribeBackup(const DescribeBackupRequest& r) override {
    DDB_RETURN_IF_ERROR(CheckOperation("DescribeBackup", ""));
    return Run<DescribeBackupResponse>(r, &ops::DescribeBackup,
                                       &embedded::ToDescribeBackupResponse);
  }
  Result<DeleteBackupResponse> DeleteBackup(const DeleteBackupRequest& r) override {
    DDB_RETURN_IF_ERROR(CheckOperation("DeleteBackup", ""));
    return Run<DeleteBackupResponse>(r, &ops::DeleteBackup, &embedded::ToDeleteBackupResponse);
  }
  Result<ListBackupsResponse> ListBackups(const ListBackupsRequest& r) override {
    DDB_RETURN_IF_ERROR(CheckOperation("ListBackups", r.table_name.value_or("")));
    return Run<ListBackupsResponse>(r, &ops::ListBackups, [](const api::ListBackupsResponse& l) {
      return embedded::ToPublic(l);
    });
  }
  Result<RestoreTableFromBackupResponse> RestoreTableFromBackup(
      const RestoreTableFromBackupRequest& r) override {
    DDB_RETURN_IF_ERROR(CheckOperation("RestoreTableFromBackup", ""));
    return Run<RestoreTableFromBackupResponse>(r, &ops::RestoreTableFromBackup,
                                               &embedded::ToRestoreFromBackupResponse);
  }
  Result<RestoreTableToPointInTimeResponse> RestoreTableToPointInTime(
      const RestoreTableToPointInTimeRequest& r) override {
    DDB_RETURN_IF_ERROR(CheckOperation("RestoreTableToPointInTime", ""));
    return Run<RestoreTableToPointInTimeResponse>(r, &ops::RestoreTableToPointInTime,
                                                  &embedded::ToRestoreToPointInTimeResponse);
  }

  Result<DescribeEndpointsResponse> DescribeEndpoints(const DescribeEndpointsRequest&) override {
    DDB_RETURN_IF_ERROR(CheckOperation("DescribeEndpoints", ""));
    return embedded::ToDescribeEndpointsResponse(
        ops::DescribeEndpointsAddress(impl_.CallerFor(context_)));
  }
  Result<DescribeLimitsResponse> DescribeLimits(const DescribeLimitsRequest&) override {
    DDB_RETURN_IF_ERROR(CheckOperation("DescribeLimits", ""));
    return embedded::ToPublic(ops::DescribeLimits());
  }
  Result<DescribeContinuousBackupsResponse> DescribeContinuousBackups(
      const DescribeContinuousBackupsRequest& r) override {
    DDB_RETURN_IF_ERROR(CheckOperation("DescribeContinuousBackups", r.table_name));
    auto describe = [](ops::Engine& engine, const ops::Caller& caller,
                       const api::TableNameRequest& q) {
      return ops::DescribeContinuousBackups(engine, caller, q.table_name);
    };
    return Run<DescribeContinuousBackupsResponse>(r, describe, [](const api::PitrDescription& d) {
      return DescribeContinuousBackupsResponse{embedded::ToPublic(d)};
    });
  }
  Result<UpdateContinuousBackupsResponse> UpdateContinuousBackups(
      const UpdateContinuousBackupsRequest& r) override {
    DDB_RETURN_IF_ERROR(CheckOperation("UpdateContinuousBackups", r.table_name));
    return Run<UpdateContinuousBackupsResponse>(
        r, &ops::UpdateContinuousBackups, [](const api::PitrDescription& d) {
          return UpdateContinuousBackupsResponse{embedded::ToPublic(d)};
        });
  }
  Result<DescribeContributorInsightsResponse> DescribeContributorInsights(
      const DescribeContributorInsightsRequest& r) override {
    DDB_RETURN_IF_ERROR(CheckOperation("DescribeContributorInsights", r.table_name));
    return Run<DescribeContributorInsightsResponse>(r, &ops::DescribeContributorInsights,
                                                    &embedded::ToDescribeInsightsResponse);
  }
  Result<UpdateContributorInsightsResponse> UpdateContributorInsights(
      const UpdateContributorInsightsRequest& r) override {
    DDB_RETURN_IF_ERROR(CheckOperation("UpdateContributorInsights", r.table_name));
    return Run<UpdateContributorInsightsResponse>(r, &ops::UpdateContributorInsights,
                                                  &embedded::ToUpdateInsightsResponse);
  }
  Result<ListContributorInsightsResponse> ListContributorInsights(
      const ListContributorInsightsRequest& r) override {
    DDB_RETURN_IF_ERROR(CheckOperation("ListContributorInsights", r.table_name.value_or("")));
    std::string next_token;
    auto list = [&next_token](ops::Engine& engine, const ops::Caller& caller,
                              const api::ListContributorInsightsRequest& q) {
      return ops::ListContributorInsights(engine, caller, q, &next_token);
    };
    return Run<ListContributorInsightsResponse>(
        r, list, [&next_token](const std::vector<api::InsightsDescription>& page) {
          return embedded::ToListInsightsResponse(page, next_token);
        });
  }

  // PartiQL: Authorize checks each statement's action on the key it compiles to, as on the JSON
  // path (ops/access/access_check.h).
  Result<ExecuteStatementResponse> ExecuteStatement(const ExecuteStatementRequest& r) override {
    return Run<ExecuteStatementResponse>(r, &ops::ExecuteStatement,
                                         [](api::ExecuteStatementResponse response) {
                                           return embedded::ToPublic(std::move(response));
                                         });
  }
  Result<BatchExecuteStatementResponse> BatchExecuteStatement(
      const BatchExecuteStatementRequest& r) override {
    return RunWithMode<BatchExecuteStatementResponse>(r, &ops::BatchExecuteStatement);
  }
  Result<ExecuteTransactionResponse> ExecuteTransaction(
      const ExecuteTransactionRequest& r) override {
    return RunWithMode<ExecuteTransactionResponse>(r, &ops::ExecuteTransaction);
  }

 private:
  // Convert, execute, convert back. Like Database::Call, a bug that throws becomes an
  // InternalServerError instead of taking the host process down.
  template <class Response, class Request, class Op, class Out>
  Result<Response> Run(const Request& request, Op op, Out out) {
    try {
      auto engine_request = embedded::ToEngine(request);
      if (!engine_request.ok()) return std::move(engine_request).error();
      ops::Engine engine = impl_.engine();
      const ops::Caller caller = impl_.CallerFor(context_);
      // Tenant isolation policies (Options::access_policies), as on the JSON path.
      DDB_RETURN_IF_ERROR(ops::access::Authorize(engine, caller, *engine_request));
      // The access-pattern audit sees these requests as it sees the JSON path's.
      audit::Probe probe(engine.audit, *engine_request);
      auto response = op(engine, caller, *engine_request);
      probe.Finish(engine, caller, *engine_request, response);
      if (!response.ok()) return std::move(response).error();
      return out(std::move(response).value());
    } catch (const std::exception& e) {
      return ApiError::InternalServerError(std::string("Internal server error: ") + e.what());
    }
  }

  // The control-plane operations' policy check (by name and table).
  Status CheckOperation(std::string_view operation, std::string_view table) {
    return ops::access::CheckOperation(impl_.CallerFor(context_), operation, table);
  }

  // The multi-table operations, whose ConsumedCapacity follows the request's mode.
  template <class Response, class Request, class Op>
  Result<Response> RunWithMode(const Request& request, Op op) {
    return Run<Response>(request, op, [&](auto response) {
      return embedded::ToPublic(std::move(response), ReturnMode(request));
    });
  }

  std::unique_ptr<Database> owned_;  // set when this client opened the database
  Database::Impl& impl_;
  RequestContext context_;
  embedded::DatabaseJsonTransport json_;
};

}  // namespace

std::unique_ptr<Client> MakeEmbeddedClient(Database& database, RequestContext context) {
  return std::make_unique<EmbeddedClient>(database, std::move(context));
}

std::unique_ptr<StreamsClient> MakeEmbeddedStreamsClient(Database& database,
                                                         RequestContext context) {
  return http_client::MakeStreamsClient(
      std::make_unique<embedded::DatabaseJsonTransport>(database, std::move(context)));
}

Result<std::unique_ptr<Client>> OpenEmbeddedClient(Options options) {
  DDB_ASSIGN_OR_RETURN(std::unique_ptr<Database> database, Database::Open(std::move(options)));
  Database& ref = *database;
  return std::unique_ptr<Client>(
      std::make_unique<EmbeddedClient>(ref, RequestContext{}, std::move(database)));
}

}  // namespace ddbemu
