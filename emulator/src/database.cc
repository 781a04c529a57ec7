// Database: opening the engine, running one operation, and the capacity and TTL calls.
// The path of a request is
//   JSON parse -> model validation (api_json/request_validator) -> the operation's handler
//   (operation_table) -> response body, or the error envelope (api_json/error_envelope).
#include "ddbemu/database.h"

#include <algorithm>
#include <exception>

#include <rapidjson/document.h>
#include <rapidjson/error/en.h>

#include "api_json/error_envelope.h"
#include "api_json/local_leniency.h"
#include "api_json/request_body.h"
#include "api_json/request_validator.h"
#include "database_impl.h"
#include "operation_table.h"
#include "ops/access/access_check.h"
#include "ops/capacity/capacity_report.h"
#include "ops/capacity/warm_throughput.h"
#include "ops/ttl/time_to_live.h"
#include "run_step.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

Response ErrorResponse(const ApiError& error) {
  return Response{error.http_status(), api::json::RenderError(error)};
}

}  // namespace

ops::Caller Database::Impl::CallerFor(const RequestContext& context) const {
  ops::Caller caller;
  if (!context.region.empty()) caller.region = context.region;
  // DynamoDB Local's namespaces: one set of tables per access key id and region, unless
  // -sharedDb. The separator cannot occur in an access key id.
  if (!options.shared_db) caller.ns = context.access_key_id + "\x1f" + caller.region;
  if (options.access_policies) {
    caller.policies_on = true;
    caller.policy = options.access_policies->Find(context.access_key_id);
    caller.access_key_id = context.access_key_id;
  }
  return caller;
}

const ops::Caller& Database::Impl::CachedCallerFor(const RequestContext& context,
                                                   std::optional<ops::Caller>& spare) {
  if (const ops::Caller* kept = callers.Find(context)) return *kept;
  return callers.Add(context, CallerFor(context), spare);
}

Result<std::unique_ptr<Database>> Database::Open(Options options) {
  auto impl = std::make_unique<Impl>();
  impl->clock = options.clock ? options.clock : std::make_shared<SystemClock>();
  impl->options = std::move(options);
  storage::EnvOptions env_options;
  env_options.path = impl->options.path;
  env_options.in_memory = impl->options.in_memory;
  env_options.durability = impl->options.durability;
  env_options.map_size_bytes = impl->options.map_size_bytes;
  DDBEMU_ASSIGN_OR_RETURN(impl->env, storage::Env::Open(env_options));
  impl->catalog = std::make_unique<storage::Catalog>(*impl->env);
  impl->items = std::make_unique<storage::ItemStore>(*impl->env);
  impl->streams = std::make_unique<storage::StreamStore>(
      *impl->env, *impl->clock,
      storage::StreamTuning{impl->options.stream_shard_period_ms * 1000,
                            impl->options.stream_shard_max_records});
  impl->items->AttachStreams(impl->streams.get());
  impl->change_log = std::make_unique<storage::ChangeLog>(*impl->env, *impl->clock);
  impl->items->AttachChangeLog(impl->change_log.get());
  if (impl->options.eventual_consistency_window_ms > 0) {
    impl->history = std::make_unique<storage::VersionHistory>(
        *impl->clock, impl->options.eventual_consistency_window_ms * 1000);
    impl->items->AttachHistory(impl->history.get());
  }
  if (impl->options.transient_status_ms > 0) {
    impl->transient = std::make_unique<realism::TransientStatuses>(
        *impl->clock, impl->options.transient_status_ms * 1000);
  }
  if (impl->options.faults.rate > 0) {
    auto kinds = realism::FaultInjector::ParseKinds(impl->options.faults.kinds);
    if (!kinds) {
      return ApiError::Validation("Unknown fault kind in '" + impl->options.faults.kinds +
                                  "': expected throttling, internal, conflict or drop");
    }
    impl->faults =
        std::make_unique<realism::FaultInjector>(impl->options.faults, std::move(*kinds));
  }
  if (impl->options.service_latency.p50_ms > 0) {
    impl->latency =
        std::make_unique<realism::ServiceLatency>(impl->options.service_latency, *impl->clock);
  }
  capacity::ScalingParameters scaling;
  scaling.scale_delay_micros =
      std::max<std::int64_t>(0, impl->options.on_demand_scale_delay_ms) * 1000;
  scaling.heat_split_seconds = std::max<std::int64_t>(0, impl->options.split_for_heat_seconds);
  scaling.heat_split_percent =
      std::clamp<std::int64_t>(impl->options.split_for_heat_percent, 1, 100);
  impl->throughput = std::make_unique<capacity::ThroughputRegistry>(*impl->clock, scaling);
  if (impl->options.audit) impl->audit = std::make_unique<audit::AccessAudit>(*impl->clock);
  if (!impl->options.s3_dir.empty()) {
    impl->s3 = std::make_unique<storage::LocalS3>(impl->options.s3_dir);
  }
  impl->bulk_operations = std::make_unique<ops::transfer::BulkOperations>();
  if (impl->options.ttl_sweep_interval_ms > 0) {
    Impl* raw = impl.get();
    impl->ttl_sweeper = std::make_unique<ops::ttl::TtlSweeper>(
        [raw] {
          ops::Engine engine = raw->engine();
          // Best effort, as the service's: a failed sweep is retried by the next one.
          (void)ops::ttl::SweepExpiredItems(engine);
          // The same periodic task moves bulk puts on when no request comes (on a virtual
          // clock there is none: the clock's advance and the next request do).
          raw->bulk_operations->Tick(engine);
        },
        std::chrono::milliseconds(impl->options.ttl_sweep_interval_ms));
  }
  return std::unique_ptr<Database>(new Database(std::move(impl)));
}

Database::Database(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Database::~Database() {
  if (impl_ == nullptr) return;
  // What on-demand tables have scaled to survives a restart (docs/capacity.md §7). Best effort:
  // a failure here leaves the capacity the table had at the last close.
  ops::Engine engine = impl_->engine();
  (void)ops::SaveScaledWarm(engine);
}

const Options& Database::options() const { return impl_->options; }
Clock& Database::clock() const { return *impl_->clock; }

Response Database::Call(std::string_view operation, std::string_view json_body,
                        const RequestContext& context) {
  Response response;
  CallInto(operation, json_body, context, response);
  return response;
}

void Database::CallInto(std::string_view operation, std::string_view json_body,
                        const RequestContext& context, Response& response) {
  const auto fail = [&response](const ApiError& error) { response = ErrorResponse(error); };
  response.content_type = {};
  // DynamoDB Streams' operations come with their service's target prefix (operation_table.h);
  // the DynamoDB model's validator does not apply to them (they validate their own members).
  const bool streams = operation.starts_with(kStreamsTargetPrefix);
  const OperationEntry* entry = FindOperation(operation);
  if (entry == nullptr && streams) return fail(ApiError::UnknownOperation(""));
  if (entry == nullptr) {
    // The service names no operation in its answer; for an operation of the API that this
    // emulator does not implement (yet), saying so saves the user a search.
    return fail(ApiError::UnknownOperation(
        IsKnownOperation(operation) ? "ddb-local does not implement " + std::string(operation)
                                    : std::string()));
  }
  try {
    // The parsed body lives in a buffer on this stack frame first (a typical request fits),
    // so that most requests parse without reaching malloc; larger ones continue on the heap.
    // Its strings may point into `scratch`, where a typical body is parsed in place
    // (api_json/request_body.h).
    RequestBodyScratch scratch;
    char pool[8192];
    rapidjson::MemoryPoolAllocator<> allocator(pool, sizeof pool);
    // A stack allocator of our own: without one the document allocates one (malloc) itself.
    rapidjson::CrtAllocator stack_allocator;
    rapidjson::Document body(&allocator, 1024, &stack_allocator);
    if (Status parsed = ParseRequestBody(json_body, scratch, body); !parsed.ok()) {
      return fail(parsed.error());
    }
    // DynamoDB Local's leniencies, when asked for (api_json/local_leniency.h).
    if (impl_->options.local_leniencies && !streams)
      api::json::ApplyLocalLeniencies(operation, body);
    // The entry holds the operation's model (every implemented DynamoDB operation has one).
    if (Status valid = streams ? Status::Ok() : ValidateRequest(*entry->model, operation, body);
        !valid.ok()) {
      return fail(valid.error());
    }
    ops::Engine engine = impl_->engine();
    std::optional<ops::Caller> spare;
    const ops::Caller& caller = impl_->CachedCallerFor(context, spare);
    // Faults, the tenant check and the audit are the run step's (run_step.h).
    // The body is written into the response's own string (its capacity reused).
    const std::string_view name =
        streams ? operation.substr(kStreamsTargetPrefix.size()) : operation;
    const Status ran = entry->run(engine, caller, name, body, response.body);
    if (!ran.ok() && run::IsDroppedByFault(ran.error())) {
      response = Response{0, ""};  // realism: no answer at all (run_step.h)
      return;
    }
    if (!ran.ok()) return fail(ran.error());
    response.http_status = 200;
  } catch (const std::exception& e) {
    // Nothing in the engine throws by design; this is the last line that keeps a bug from
    // taking the process down. The request's write transaction has been aborted by RAII.
    fail(ApiError::InternalServerError(std::string("Internal server error: ") + e.what()));
  }
}

// The capacity model's calls (ddbemu/capacity_report.h): the report and the overrides.
Result<TableCapacityReport> Database::CapacityReport(std::string_view table_name, std::size_t top_n,
                                                     const RequestContext& context) {
  ops::Engine engine = impl_->engine();
  return ops::BuildCapacityReport(engine, *impl_->throughput, impl_->CallerFor(context), table_name,
                                  top_n);
}

Result<TableCapacityReport> Database::CapacityHistory(std::string_view table_name,
                                                      std::int64_t seconds,
                                                      const RequestContext& context) {
  ops::Engine engine = impl_->engine();
  return ops::BuildCapacityHistory(engine, *impl_->throughput, impl_->CallerFor(context),
                                   table_name, seconds);
}

Status Database::SetCapacityOverrides(std::string_view table_name,
                                      const CapacityOverrides& overrides,
                                      const RequestContext& context) {
  ops::Engine engine = impl_->engine();
  return ops::SetCapacityOverrides(engine, *impl_->throughput, impl_->CallerFor(context),
                                   table_name, overrides);
}

// Time to Live's sweep (ops/ttl/time_to_live.h), for programs that run it on their own clock.
Result<std::size_t> Database::SweepExpiredItems() {
  ops::Engine engine = impl_->engine();
  return ops::ttl::SweepExpiredItems(engine);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
