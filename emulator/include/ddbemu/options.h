// Options for opening a Database.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "ddbemu/access_policy.h"
#include "ddbemu/clock.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

enum class Durability {
  kFsync,  // a committed write is on disk before the call returns (survives kill -9 and power loss)
  kNone,   // no fsync: survives kill -9 of the process (the OS has the pages), not power loss
};

// Fault injection (a realism switch, off by default): see ops/realism/fault_injector.h.
struct FaultOptions {
  double rate = 0;         // probability that a request of a chosen operation fails (0..1)
  std::string operations;  // comma-separated operation names; empty: every operation
  std::string kinds = "throttling,internal,conflict";  // any of those and "drop"
  std::uint64_t seed = 1;                              // the draws replay for a given seed
};

// The service's per-request latency (a realism switch, off by default): see
// ops/realism/service_latency.h and docs/capacity.md §9.
struct ServiceLatencyOptions {
  double p50_ms = 0;       // median latency per request; 0: off
  double p99_ms = 0;       // 99th percentile; 0 or at most p50_ms: every request takes p50_ms
  std::uint64_t seed = 1;  // the draws replay for a given seed
};

struct Options {
  // Data directory (created if missing). Ignored when in_memory is true.
  std::string path;
  // The local S3 that exports and imports read and write (ddb-local --s3-dir): each
  // subdirectory of this directory is a bucket, each file under it an object, its path the key
  // (no key may leave its bucket). Empty: none, and S3 buckets do not exist.
  std::string s3_dir;
  // A private temporary directory, removed when the Database closes (DynamoDB Local's -inMemory).
  bool in_memory = false;
  Durability durability = Durability::kFsync;
  // One set of tables for every access key and region (DynamoDB Local's -sharedDb). When false,
  // each (access key id, region) pair of the RequestContext sees its own tables.
  bool shared_db = false;
  // Upper bound of the LMDB memory map: the most data the database can hold.
  std::size_t map_size_bytes = std::size_t{64} << 30;
  // Apply per-partition and per-table throughput limits (docs/capacity.md). Off for raw-speed runs.
  bool throttle = true;
  // On-demand scaling (docs/capacity.md §7): how long after an on-demand table (or GSI) serves a
  // new peak its capacity for double that peak is in place. The Developer Guide bounds it by 30
  // minutes; scale it down to run a launch-day ramp on the real clock.
  std::int64_t on_demand_scale_delay_ms = 30LL * 60 * 1000;
  // Split for heat (docs/capacity.md §10): a partition whose reads or writes reach
  // split_for_heat_percent of its cap (or that throttles) in every second for
  // split_for_heat_seconds, with its load on more than one partition key, splits where the load
  // divides. The service documents that it does this, not when; 0 seconds: never.
  std::int64_t split_for_heat_seconds = 300;
  std::int64_t split_for_heat_percent = 80;
  // Record the shape of every data request for the access-pattern audit (Database::AuditReport,
  // audit_report.h): a mutex and a few counters per request. ddb-local turns it on.
  bool audit = false;
  // The clock for every timer and bucket; null means a SystemClock.
  std::shared_ptr<Clock> clock;

  // ---- DynamoDB Streams and Time to Live ----
  // A stream's open shard closes, and a child shard opens, at the first write after it has been
  // open this long (the service rolls shards over about every 4 hours) or once it holds this
  // many records (0: no limit by count; tests set a small number to exercise shard-following).
  std::int64_t stream_shard_period_ms = 4LL * 3600 * 1000;
  std::uint64_t stream_shard_max_records = 0;
  // Time to Live: how often a background thread deletes expired items (0: never on its own;
  // then Database::SweepExpiredItems deletes them when called — what a virtual clock wants).
  std::int64_t ttl_sweep_interval_ms = 0;

  // Accept what DynamoDB Local accepts and AWS refuses (api_json/local_leniency.h), for tools
  // written against DynamoDB Local such as dynamodb-admin. Off: requests are judged as AWS judges
  // them.
  bool local_leniencies = false;

  // ---- Realism switches: the service's imperfections on demand, all off by default ----
  // Eventually consistent GetItem may return the item as it was this long ago (the version
  // before any write within the window), so read-after-write bugs show up in tests. 0: off.
  std::int64_t eventual_consistency_window_ms = 0;
  // CreateTable, UpdateTable (throughput, billing, GSI creation and deletion) and DeleteTable
  // take this long: DescribeTable shows CREATING / UPDATING / DELETING (a new GSI CREATING with
  // Backfilling) meanwhile, and the service's refusals apply (ops/realism/transient_statuses.h).
  // 0: off, every change is complete when its response arrives.
  std::int64_t transient_status_ms = 0;
  // Transient failures before a request runs (TransactionConflict, throttling, 500s, dropped
  // connections), to exercise client retries.
  FaultOptions faults;
  // Each request takes this long before its response, as it would from a client to the service
  // (ddb-local --service-latency-ms P50[,P99]): on a VirtualClock the clock moves instead of
  // the thread sleeping.
  ServiceLatencyOptions service_latency;

  // ---- Tenant isolation (opt-in) ----
  // Per-access-key policies restricting operations, tables and leading partition-key values
  // (ddbemu/access_policy.h); null: every caller may do everything, as in DynamoDB Local.
  std::shared_ptr<const AccessPolicies> access_policies;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
