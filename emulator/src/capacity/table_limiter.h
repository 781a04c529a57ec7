// TableLimiter: one table's key spaces — the base table and each GSI — under one mutex, and
// the admission decision for one request (docs/capacity.md §3): a request is admitted only if every
// bucket it touches, in the table and in each GSI it writes, holds tokens (a positive balance,
// whatever the request costs); it is then charged its whole cost, into debt if need be.
// Otherwise nothing is taken and the request fails with ProvisionedThroughputExceededException. A
// write whose GSI cannot absorb it is throttled on the base table too (back-pressure), with an
// Index reason.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "capacity/keyspace_limiter.h"
#include "capacity/throughput_limits.h"
#include "ddbemu/capacity_report.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "sync/mutex.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {

// One key space a request could not be admitted on, and why (ThrottlingReasons).
struct Throttle {
  std::string table_id;
  std::string index;  // "" for the table itself, else the GSI's name
  std::string arn;
  CapacityMode mode = CapacityMode::kOnDemand;
  std::vector<LimitHit> hits;
};

// The warm throughput of a table and of each of its GSIs (by name), as DescribeTable reports it.
struct TableWarm {
  std::string ns;
  std::string table_name;
  std::string table_id;
  bool on_demand = false;  // the table's billing mode (its GSIs share it)
  WarmCapacity table;
  std::map<std::string, WarmCapacity> global_indexes;
  // The partitions each has gained (PartitionMap::GainedBoundaries), to record in the catalog.
  PartitionBoundaries table_partitions;
  std::map<std::string, PartitionBoundaries> index_partitions;
};

class TableLimiter {
 public:
  explicit TableLimiter(const ScalingParameters& scaling = {}) : scaling_(scaling) {}

  // Admits `demand` or rejects it, alone (see ThroughputRegistry::AdmitAll for several tables
  // at once). Thread-safe.
  Status Admit(const TableSource& source, std::uint64_t overrides_generation,
               const std::map<std::string, LimitOverrides>& overrides, const Demand& demand,
               std::int64_t now_micros);
  Status Admit(const TableLimits& limits, std::uint64_t overrides_generation,
               const std::map<std::string, LimitOverrides>& overrides,
               std::span<const std::uint64_t> sizes, const Demand& demand,
               std::int64_t now_micros) {
    return Admit(FixedTableSource(limits, {sizes.begin(), sizes.end()}), overrides_generation,
                 overrides, demand, now_micros);
  }

  // The steps of an admission, for callers that hold mutex() (and possibly other tables'):
  // Prepare applies the source's limits (when its fingerprint changed since the last call: an
  // UpdateTable) and `overrides` (table's under "", GSIs' under their names), and grows
  // partitions for the data (sizes read at most once a second of the clock); Check appends the
  // key spaces `demand` would overdraw; then either Consume or RecordThrottled.
  sync::Mutex& mutex() RETURN_CAPABILITY(mu_) { return mu_; }
  // The clock at the limiter's last admission (for forgetting deleted tables).
  std::int64_t last_used_micros() const { return last_used_.load(std::memory_order_relaxed); }
  void PrepareLocked(const TableSource& source, std::uint64_t overrides_generation,
                     const std::map<std::string, LimitOverrides>& overrides,
                     std::int64_t now_micros) REQUIRES(mu_);
  void CheckLocked(const Demand& demand, std::int64_t now_micros, std::vector<Throttle>* throttles)
      REQUIRES(mu_);
  void ConsumeLocked(const Demand& demand, std::int64_t now_micros) REQUIRES(mu_);
  void RecordThrottledLocked(const Demand& demand, std::int64_t now_micros) REQUIRES(mu_);

  // The warm throughput the table and its GSIs have now (KeyspaceLimiter::Warm); nullopt for a
  // limiter never configured.
  std::optional<TableWarm> Warm(std::int64_t now_micros);
  std::optional<TableWarm> Warm(const TableSource& source, std::uint64_t overrides_generation,
                                const std::map<std::string, LimitOverrides>& overrides,
                                std::int64_t now_micros);

  // The table's and its GSIs' limits and usage, and `history_seconds` of their per-second
  // history (see KeyspaceLimiter::Report).
  TableCapacityReport Report(const TableSource& source, std::uint64_t overrides_generation,
                             const std::map<std::string, LimitOverrides>& overrides,
                             std::int64_t now_micros, std::size_t top_n,
                             std::int64_t history_seconds = 0);
  TableCapacityReport Report(const TableLimits& limits, std::uint64_t overrides_generation,
                             const std::map<std::string, LimitOverrides>& overrides,
                             std::int64_t now_micros, std::size_t top_n) {
    return Report(FixedTableSource(limits), overrides_generation, overrides, now_micros, top_n);
  }

 private:
  void ConfigureLocked(const TableSource& source, std::uint64_t overrides_generation,
                       const std::map<std::string, LimitOverrides>& overrides,
                       std::int64_t now_micros) REQUIRES(mu_);
  // Calls fn(limiter, keys) for the table and each GSI `demand` touches.
  template <class Fn>
  void ForEachKeyspace(const Demand& demand, Fn&& fn) REQUIRES(mu_);

  std::optional<TableWarm> WarmLocked(std::int64_t now_micros) REQUIRES(mu_);

  const ScalingParameters scaling_;
  sync::Mutex mu_;
  std::atomic<std::int64_t> last_used_{0};
  bool configured_ GUARDED_BY(mu_) = false;
  TableLimits limits_ GUARDED_BY(mu_);
  std::uint64_t fingerprint_ GUARDED_BY(mu_) = 0;
  std::uint64_t overrides_generation_ GUARDED_BY(mu_) = 0;
  std::int64_t sizes_read_micros_ GUARDED_BY(mu_) = 0;
  bool sizes_read_ GUARDED_BY(mu_) = false;
  KeyspaceLimiter table_ GUARDED_BY(mu_);
  std::map<std::string, KeyspaceLimiter> indexes_ GUARDED_BY(mu_);  // GSIs by name
};

// ProvisionedThroughputExceededException for `throttles` (at least one), with one
// ThrottlingReason per limit hit, worded as the service words it for the first key space's
// kind (table or GSI) and capacity mode.
ApiError ThrottlingError(std::span<const Throttle> throttles);

// The message of a refusal on `throttle`'s key space, as ThrottlingError words it (also the
// message of a transaction's ThrottlingError / ProvisionedThroughputExceeded cancellation
// reason).
std::string ThrottlingMessage(const Throttle& throttle);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
