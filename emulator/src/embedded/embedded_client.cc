// The embedded Client (ddbemu/embedded_client.h): typed request -> checks and conversion
// (typed_conversions.h, typed_admin.h) -> the run step the JSON path runs (run_step.h: faults, the
// tenant check, the same ops/ function under the same audit probe) -> typed response
// (typed_conversions.h). No JSON on the way in or out. Its calls are derived from the operation
// lists (ddbemu/operations.h); each operation's binding is one DDB_BINDING line.
#include "ddbemu/embedded_client.h"

#include <exception>
#include <type_traits>
#include <utility>

#include "database_access.h"
#include "database_impl.h"
#include "embedded/typed_admin.h"
#include "embedded/typed_conversions.h"
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
#include "storage/catalog.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

using run::Done;

// ---- each operation's binding: its engine request, its ops/ function, its public response ----
//
// kExecute(engine, caller, engine request) is the function the JSON path's row runs too
// (operation_table.cc). kToPublic(engine response[, public request]) builds the public
// response. kToEngine(public request), when a binding has it, replaces embedded::ToEngine.

// A request of no members (DescribeEndpoints, DescribeLimits).
struct NoMembers {};
constexpr auto kNoMembers = [](const auto&) { return Result<NoMembers>(NoMembers{}); };

// The multi-table operations, whose ConsumedCapacity follows the request's mode.
constexpr auto kWithMode = [](auto response, const auto& request) {
  return embedded::ToPublic(std::move(response),
                            embedded::ToEngine(request.return_consumed_capacity));
};
constexpr auto kPublic = [](auto response) { return embedded::ToPublic(std::move(response)); };

// DeleteTable's answer leaves out the schema, the creation time and the indexes: ops sets the
// view (api::DescriptionView::kDelete) and api::Describe applies it.
DeleteTableResponse ToDeleteTableResponse(const ops::TableResult& r) {
  return DeleteTableResponse{embedded::ToPublic(r)};
}

#define DDB_BINDING(Op, execute, ...)              \
  struct Op##Binding {                             \
    static constexpr auto kExecute = execute;      \
    static constexpr auto kToPublic = __VA_ARGS__; \
  };
#define DDB_BINDING_FROM(Op, to_engine, execute, ...) \
  struct Op##Binding {                                \
    static constexpr auto kToEngine = to_engine;      \
    static constexpr auto kExecute = execute;         \
    static constexpr auto kToPublic = __VA_ARGS__;    \
  };

DDB_BINDING(PutItem, &ops::PutItem, &embedded::ToPutItemResponse)
// GetItem's response is converted by Run's GetItem case.
DDB_BINDING(GetItem, &ops::GetItem, &embedded::ToGetItemResponse)
DDB_BINDING(UpdateItem, &ops::UpdateItem, &embedded::ToUpdateItemResponse)
DDB_BINDING(DeleteItem, &ops::DeleteItem, &embedded::ToDeleteItemResponse)
DDB_BINDING(Query, &ops::Query, kPublic)
DDB_BINDING(Scan, &ops::Scan, kPublic)
DDB_BINDING(BatchGetItem, &ops::BatchGetItem, kWithMode)
DDB_BINDING(BatchWriteItem, &ops::BatchWriteItem, kWithMode)
DDB_BINDING(TransactWriteItems, &ops::TransactWriteItems, kWithMode)
DDB_BINDING(TransactGetItems, &ops::TransactGetItems, kWithMode)
DDB_BINDING(CreateTable, &ops::CreateTable,
            [](const ops::TableResult& r) { return CreateTableResponse{embedded::ToPublic(r)}; })
DDB_BINDING(DescribeTable, &ops::DescribeTable,
            [](const ops::TableResult& r) { return DescribeTableResponse{embedded::ToPublic(r)}; })
DDB_BINDING(UpdateTable, &ops::UpdateTable,
            [](const ops::TableResult& r) { return UpdateTableResponse{embedded::ToPublic(r)}; })
DDB_BINDING(DeleteTable, &ops::DeleteTable, &ToDeleteTableResponse)
DDB_BINDING(ListTables, &ops::ListTables, kPublic)

DDB_BINDING(UpdateTimeToLive, &ops::ttl::UpdateTimeToLive,
            [](const api::UpdateTimeToLiveRequest& applied) { return embedded::ToPublic(applied); })
DDB_BINDING(DescribeTimeToLive, &ops::ttl::DescribeTimeToLive, kPublic)
DDB_BINDING(TagResource, &ops::TagResource, [](Done) { return TagResourceResponse{}; })
DDB_BINDING(UntagResource, &ops::UntagResource, [](Done) { return UntagResourceResponse{}; })
DDB_BINDING(ListTagsOfResource, &ops::ListTagsOfResource, kPublic)

DDB_BINDING(CreateBackup, &ops::CreateBackup, &embedded::ToCreateBackupResponse)
DDB_BINDING(DescribeBackup, &ops::DescribeBackup, &embedded::ToDescribeBackupResponse)
DDB_BINDING(ListBackups, &ops::ListBackups,
            [](const api::ListBackupsResponse& l) { return embedded::ToPublic(l); })
DDB_BINDING(DeleteBackup, &ops::DeleteBackup, &embedded::ToDeleteBackupResponse)
DDB_BINDING(RestoreTableFromBackup, &ops::RestoreTableFromBackup,
            &embedded::ToRestoreFromBackupResponse)
DDB_BINDING(RestoreTableToPointInTime, &ops::RestoreTableToPointInTime,
            &embedded::ToRestoreToPointInTimeResponse)

DDB_BINDING_FROM(
    DescribeEndpoints, kNoMembers,
    [](ops::Engine&, const ops::Caller& caller, const NoMembers&) {
      return ops::DescribeEndpointsAddress(caller);
    },
    &embedded::ToDescribeEndpointsResponse)
DDB_BINDING_FROM(
    DescribeLimits, kNoMembers,
    [](ops::Engine&, const ops::Caller&, const NoMembers&) { return ops::DescribeLimits(); },
    [](const ops::ServiceLimits& limits) { return embedded::ToPublic(limits); })
DDB_BINDING(
    DescribeContinuousBackups,
    [](ops::Engine& engine, const ops::Caller& caller, const api::TableNameRequest& q) {
      return ops::DescribeContinuousBackups(engine, caller, q.table_name);
    },
    [](const api::PitrDescription& d) {
      return DescribeContinuousBackupsResponse{embedded::ToPublic(d)};
    })
DDB_BINDING(UpdateContinuousBackups, &ops::UpdateContinuousBackups,
            [](const api::PitrDescription& d) {
              return UpdateContinuousBackupsResponse{embedded::ToPublic(d)};
            })
DDB_BINDING(DescribeContributorInsights, &ops::DescribeContributorInsights,
            &embedded::ToDescribeInsightsResponse)
DDB_BINDING(UpdateContributorInsights, &ops::UpdateContributorInsights,
            &embedded::ToUpdateInsightsResponse)
DDB_BINDING(ListContributorInsights, &ops::ListContributorInsights,
            [](const ops::InsightsPage& page) {
              return embedded::ToListInsightsResponse(page.summaries, page.next_token);
            })

// PartiQL: the tenant check covers each statement's action on the key it compiles to.
DDB_BINDING(ExecuteStatement, &ops::ExecuteStatement, kPublic)
DDB_BINDING(BatchExecuteStatement, &ops::BatchExecuteStatement, kWithMode)
DDB_BINDING(ExecuteTransaction, &ops::ExecuteTransaction, kWithMode)
DDB_BINDING(SearchVectors, &ops::SearchVectors, [](api::SearchVectorsResult r) {
  SearchVectorsResponse out;
  for (auto& hit : r.results) out.search_results.push_back({std::move(hit.item), hit.score});
  if (r.search_request_bytes) out.consumed_capacity = VectorCapacity{r.search_request_bytes, {}};
  return out;
})
Result<ops::transfer::ImportTableJob> ToImportJob(const ImportTableRequest& r) {
  DDBEMU_ASSIGN_OR_RETURN(api::CreateTableRequest table,
                          embedded::ToEngine(r.table_creation_parameters));
  return ops::transfer::ImportTableJob{r.source, std::move(table),
                                       r.table_creation_parameters.table_name};
}
// Exports and imports: the engine takes the public requests and answers the public responses
// (ddbemu/model/transfer.h), but for ImportTable's table, which is CreateTable's engine request.
constexpr auto kSameRequest = [](const auto& request) {
  return Result<std::decay_t<decltype(request)>>(request);
};
constexpr auto kSameResponse = [](auto response) { return response; };
DDB_BINDING_FROM(ExportTableToPointInTime, kSameRequest, &ops::transfer::ExportTableToPointInTime,
                 kSameResponse)
DDB_BINDING_FROM(DescribeExport, kSameRequest, &ops::transfer::DescribeExport, kSameResponse)
DDB_BINDING_FROM(ListExports, kSameRequest, &ops::transfer::ListExports, kSameResponse)
DDB_BINDING_FROM(ImportTable, &ToImportJob, &ops::transfer::ImportTable, kSameResponse)
DDB_BINDING_FROM(DescribeImport, kSameRequest, &ops::transfer::DescribeImport, kSameResponse)
DDB_BINDING_FROM(ListImports, kSameRequest, &ops::transfer::ListImports, kSameResponse)
// Bulk put: ops takes and answers the public model's types as they are.
DDB_BINDING_FROM(StartBulkPutItems, kSameRequest, &ops::transfer::StartBulkPutItems, kSameResponse)
DDB_BINDING_FROM(DescribeBulkOperation, kSameRequest, &ops::transfer::DescribeBulkOperation,
                 kSameResponse)
DDB_BINDING_FROM(ListBulkOperations, kSameRequest, &ops::transfer::ListBulkOperations,
                 kSameResponse)
DDB_BINDING_FROM(CancelBulkOperation, kSameRequest, &ops::transfer::CancelBulkOperation,
                 kSameResponse)
#undef DDB_BINDING
#undef DDB_BINDING_FROM

// Every operation of the API runs as an engine request: public request -> api/ model -> the run
// step (run_step.h) around the ops/ function -> public response, with no JSON and no
// Database::Call.
class EmbeddedClient final : public Client {
 public:
  EmbeddedClient(Database& database, RequestContext context)
      : impl_(detail::DatabaseAccess::EngineOf(database)),
        context_(std::move(context)),
        caller_(WithMemo(impl_.CallerFor(context_), &table_memo_)) {}

#define DDB_EMBEDDED_CALL(Op)                                    \
  Result<Op##Response> Op(const Op##Request& request) override { \
    return Run<Op##Binding, Op##Response>(#Op, request);         \
  }
  DDBEMU_OPERATIONS(DDB_EMBEDDED_CALL)
#undef DDB_EMBEDDED_CALL

 private:
  // Convert, run, convert back. Like Database::Call, a bug that throws becomes an
  // InternalServerError instead of taking the host process down.
  template <class Binding, class Response, class Request>
  Result<Response> Run(std::string_view operation, const Request& request) {
    try {
      if constexpr (std::is_same_v<Request, GetItemRequest>) {
        // The hot read converts in place, with no Result to move the engine request out of;
        // it borrows the caller's key, except for the audit, which reads the request's own
        // `key` member (audit/request_shape.cc).
        api::GetItemRequest engine_request;
        DDBEMU_RETURN_IF_ERROR(
            embedded::ToEngine(request, &engine_request, impl_.audit == nullptr));
        return Execute<Binding, Response>(operation, request, engine_request);
      } else {
        auto engine_request = [&] {
          if constexpr (requires { Binding::kToEngine; }) {
            return Binding::kToEngine(request);
          } else {
            return embedded::ToEngine(request);
          }
        }();
        if (!engine_request.ok()) return std::move(engine_request).error();
        return Execute<Binding, Response>(operation, request, *engine_request);
      }
    } catch (const std::exception& e) {
      return ApiError::InternalServerError(std::string("Internal server error: ") + e.what());
    }
  }

  // The run step on the engine request, then the public response (inside Run's try).
  template <class Binding, class Response, class Request, class EngineRequest>
  Result<Response> Execute(std::string_view operation, const Request& request,
                           EngineRequest& engine_request) {
    ops::Engine engine = impl_.engine();
    return run::RunStep(
        engine, caller_, operation, engine_request,
        [](ops::Engine& e, const ops::Caller& c, auto& r) { return Binding::kExecute(e, c, r); },
        [&](auto& response) -> Result<Response> {
          if (!response.ok()) return std::move(response).error();
          if constexpr (requires { Binding::kToPublic(std::move(*response), request); }) {
            return Binding::kToPublic(std::move(*response), request);
          } else {
            return Binding::kToPublic(std::move(*response));
          }
        });
  }

  static ops::Caller WithMemo(ops::Caller caller, storage::TableMemo* memo) {
    caller.table_memo = memo;
    return caller;
  }

  detail::DatabaseAccess::Engine& impl_;
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

Result<EmbeddedHandle> OpenEmbeddedClient(Options options) {
  DDBEMU_ASSIGN_OR_RETURN(std::unique_ptr<Database> database, Database::Open(std::move(options)));
  return EmbeddedHandle(std::move(database));
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
