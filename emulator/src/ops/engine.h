// Engine: what every operation works on — the LMDB environment and catalog, the clock and
// the options — and Caller: whose tables a request sees. Owned by Database::Impl and passed
// by reference into each operation (no global state).
#pragma once

#include <string>

#include "ddbemu/clock.h"
#include "ddbemu/options.h"
#include "ddbemu/version.h"
#include "expr/expression_cache.h"
#include "storage/catalog.h"
#include "storage/env.h"
#include "storage/item_store.h"
#include "storage/stream_store.h"
#include "storage/version_history.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
class TableMemo;
class LocalS3;
}
namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::realism {
class TransientStatuses;
class FaultInjector;
class ServiceLatency;
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::realism

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {
class ThroughputRegistry;
}
namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {
class AccessAudit;
}
namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer {
class BulkOperations;
}

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

struct Engine {
  storage::Env& env;
  storage::Catalog& catalog;
  storage::ItemStore& items;
  Clock& clock;
  const Options& options;
  // Parsed expressions by text, shared by every request of this database (may be null).
  expr::ExpressionCache* expression_cache = nullptr;
  // The capacity model's buckets (docs/capacity.md §3); null when throttling is off, so that the
  // request path then skips admission entirely (ops/capacity/capacity_charge.h).
  capacity::ThroughputRegistry* throughput = nullptr;
  // DynamoDB Streams' descriptors and records (storage/stream_store.h).
  storage::StreamStore* streams = nullptr;
  // Replaced versions for eventually consistent reads (a realism switch); null when off.
  storage::VersionHistory* history = nullptr;
  // Table and index statuses that take time (a realism switch); null when off.
  realism::TransientStatuses* transient = nullptr;
  // Point-in-time recovery's history (storage/change_log.h).
  storage::ChangeLog* change_log = nullptr;
  // The access-pattern audit's recorder (audit/access_audit.h); null when Options::audit is off.
  audit::AccessAudit* audit = nullptr;
  // Transient failures on demand (Options::faults, a realism switch); null when off. Drawn by
  // the run step (run_step.h) before a request runs, on every path.
  realism::FaultInjector* faults = nullptr;
  // The service's per-request latency (Options::service_latency, a realism switch); null when
  // off. Waited by the run step after a request, on every path.
  realism::ServiceLatency* latency = nullptr;
  // The local S3 of exports and imports (Options::s3_dir, storage/local_s3.h); null when none.
  storage::LocalS3* s3 = nullptr;
  // Bulk put's operations and their jobs (ops/transfer/bulk_operations.h); null: none served.
  transfer::BulkOperations* bulk_operations = nullptr;
};

// The account and region a request acts in. `ns` selects the caller's set of tables
// (DynamoDB Local keeps one per access key id and region; "" when the database is shared).
struct Caller {
  std::string ns;
  std::string region = "us-east-1";
  std::string account_id = "000000000000";
  // Tenant isolation policies (ddbemu/access_policy.h, ops/access/access_check.h): set when the
  // database has them; `policy` is the caller's own (null: none, so nothing is allowed).
  bool policies_on = false;
  const AccessPolicy* policy = nullptr;
  std::string access_key_id;
  // The embedded client's memo of the last table its reads resolved (storage/catalog.h);
  // null on the JSON path, whose Callers the database keeps, one per access key id and region,
  // and shares between threads (database_callers.h).
  storage::TableMemo* table_memo = nullptr;

  std::string TableArn(std::string_view table) const {
    return "arn:aws:dynamodb:" + region + ":" + account_id + ":table/" + std::string(table);
  }
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
