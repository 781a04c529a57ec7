// Database::Impl: the engine behind the public Database (LMDB environment, catalog, clock,
// options). Operations receive it through ops::Engine.
#pragma once

#include <memory>

#include "audit/access_audit.h"
#include "capacity/throughput_registry.h"
#include "database_callers.h"
#include "ddbemu/database.h"
#include "ddbemu/version.h"
#include "ops/engine.h"
#include "ops/realism/fault_injector.h"
#include "ops/realism/service_latency.h"
#include "ops/realism/transient_statuses.h"
#include "ops/transfer/bulk_operations.h"
#include "ops/ttl/time_to_live.h"
#include "storage/catalog.h"
#include "storage/env.h"
#include "storage/local_s3.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

struct Database::Impl {
  Options options;
  std::shared_ptr<Clock> clock;
  std::unique_ptr<storage::Env> env;
  std::unique_ptr<storage::Catalog> catalog;
  std::unique_ptr<storage::ItemStore> items;
  expr::ExpressionCache expression_cache;
  // Buckets and usage of every table (docs/capacity.md); consulted only when options.throttle.
  std::unique_ptr<capacity::ThroughputRegistry> throughput;
  std::unique_ptr<storage::StreamStore> streams;  // attached to `items` (stream_store.h)
  std::unique_ptr<realism::FaultInjector> faults;
  std::unique_ptr<realism::ServiceLatency> latency;       // null unless service_latency.p50_ms > 0
  std::unique_ptr<storage::VersionHistory> history;       // null unless eventual consistency is on
  std::unique_ptr<realism::TransientStatuses> transient;  // null unless transient_status_ms > 0
  std::unique_ptr<storage::ChangeLog> change_log;         // attached to `items`
  std::unique_ptr<audit::AccessAudit> audit;              // null unless options.audit
  std::unique_ptr<storage::LocalS3> s3;                   // null unless options.s3_dir is set
  std::unique_ptr<ops::transfer::BulkOperations> bulk_operations;

  ops::Engine engine() {
    return ops::Engine{*env,
                       *catalog,
                       *items,
                       *clock,
                       options,
                       &expression_cache,
                       options.throttle ? throughput.get() : nullptr,
                       streams.get(),
                       history.get(),
                       transient.get(),
                       change_log.get(),
                       audit.get(),
                       faults.get(),
                       latency.get(),
                       s3.get(),
                       bulk_operations.get()};
  }
  ops::Caller CallerFor(const RequestContext& context) const;
  // The same, kept in `callers` for the requests after this one (database_callers.h); `spare`
  // holds it when the cache is full.
  const ops::Caller& CachedCallerFor(const RequestContext& context,
                                     std::optional<ops::Caller>& spare);
  CallerCache callers;

  // Last, so it stops before anything it uses is destroyed (null unless
  // options.ttl_sweep_interval_ms > 0).
  std::unique_ptr<ops::ttl::TtlSweeper> ttl_sweeper;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
