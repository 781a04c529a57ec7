// TableLimiter: one table's key spaces — the base table and each GSI — under one mutex, and
// the admission decision for one request (CAPACITY.md §3): a request is admitted only if every
// bucket it touches, in the table and in each GSI it writes, can pay; otherwise nothing is
// taken and the request fails with ProvisionedThroughputExceededException. A write whose GSI
// cannot absorb it is throttled on the base table too (back-pressure), with an Index reason.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "capacity/keyspace_limiter.h"
#include "capacity/throughput_limits.h"
#include "ddbemu/capacity_report.h"
#include "ddbemu/error.h"

namespace ddbemu::capacity {

class TableLimiter {
 public:
  // Applies `limits` (when they changed since the last call: an UpdateTable) and
  // `overrides` (table's first, then per GSI name), then admits `demand` or rejects it.
  // `sizes` are the data sizes of the table and of each GSI in `limits` order, for the
  // one-partition-per-10-GB rule. Thread-safe.
  Status Admit(const TableLimits& limits, std::uint64_t overrides_generation,
               const std::map<std::string, LimitOverrides>& overrides,
               std::span<const std::uint64_t> sizes, const Demand& demand,
               std::int64_t now_micros);

  // The table's and its GSIs' limits and usage (see KeyspaceLimiter::Report).
  TableCapacityReport Report(const TableLimits& limits, std::uint64_t overrides_generation,
                             const std::map<std::string, LimitOverrides>& overrides,
                             std::int64_t now_micros, std::size_t top_n);

 private:
  void ConfigureLocked(const TableLimits& limits, std::uint64_t overrides_generation,
                       const std::map<std::string, LimitOverrides>& overrides,
                       std::int64_t now_micros);

  std::mutex mu_;
  bool configured_ = false;
  TableLimits limits_;
  std::uint64_t overrides_generation_ = 0;
  KeyspaceLimiter table_;
  std::map<std::string, KeyspaceLimiter> indexes_;  // GSIs by name
};

// ProvisionedThroughputExceededException for `hits` on the table (index empty) or a GSI,
// worded as the service words it for the key space's capacity mode.
struct ResourceHits {
  const KeyspaceLimits* keyspace;
  bool is_index;
  std::vector<LimitHit> hits;
};
ApiError ThrottlingError(std::span<const ResourceHits> resources);

}  // namespace ddbemu::capacity
