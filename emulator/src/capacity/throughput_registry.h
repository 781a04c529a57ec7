// ThroughputRegistry: every table's TableLimiter, created on a table's first request, and the
// user's overrides of the model's defaults. One per Database; every bucket reads the
// Database's clock (docs/capacity.md §4). Thread-safe: the map is read-locked on the request path,
// and each table has its own mutex, so requests to different tables never contend.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "capacity/table_limiter.h"
#include "capacity/throughput_limits.h"
#include "ddbemu/capacity_report.h"
#include "ddbemu/clock.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "sync/mutex.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {

class ThroughputRegistry {
 public:
  explicit ThroughputRegistry(const Clock& clock, const ScalingParameters& scaling = {})
      : clock_(clock), scaling_(scaling) {}

  // Admits `demand` on `source`'s table, or fails with ProvisionedThroughputExceededException
  // and changes nothing.
  Status Admit(const TableSource& source, const Demand& demand);
  Status Admit(const TableLimits& limits, std::span<const std::uint64_t> sizes,
               const Demand& demand) {
    return Admit(FixedTableSource(limits, {sizes.begin(), sizes.end()}), demand);
  }

  // Several tables' demands, admitted together or not at all (a transaction: all its actions
  // or none). Returns the key spaces that refused (empty: admitted and consumed). A table may
  // appear once only.
  struct TableDemand {
    const TableSource* source;
    const Demand* demand;
  };
  std::vector<Throttle> AdmitAll(std::span<const TableDemand> tables);

  // The key spaces `demand` would overdraw now, without taking or recording anything (which
  // actions of a refused transaction were the throttled ones).
  std::vector<Throttle> Check(const TableSource& source, const Demand& demand);

  // Charges `demand`, admitted earlier by Check (no throttle), going into debt if need be: a
  // batch admits each item on the balances at its arrival and charges the admitted ones
  // together once processed (docs/capacity.md §3).
  void Charge(const TableSource& source, const Demand& demand);
  // Counts a refused request (Check found throttles) in the usage reports, charging nothing.
  void RecordThrottled(const TableSource& source, const Demand& demand);

  // The table's limits and usage now (a table never requested reports its configuration and
  // no usage).
  TableCapacityReport Report(const TableSource& source, std::size_t top_n,
                             std::int64_t history_seconds = 0);
  TableCapacityReport Report(const TableLimits& limits, std::size_t top_n) {
    return Report(FixedTableSource(limits), top_n);
  }

  // The warm throughput `source`'s table and GSIs have scaled to by now (DescribeTable's
  // WarmThroughput).
  TableWarm Warm(const TableSource& source);
  // Every table's warm throughput now, for saving what on-demand tables have scaled to
  // (docs/capacity.md §7: the state survives a restart).
  std::vector<TableWarm> AllWarm();

  // Replaces the overrides of table `table_name` in namespace `ns` (index "" for the table,
  // else a GSI's name). Takes effect on the table's next request.
  void SetOverrides(const std::string& ns, const std::string& table_name, const std::string& index,
                    const LimitOverrides& overrides);

  // Forgets every table's buckets, usage and scaling (a restored snapshot's tables start with
  // full buckets, their capacity read again from their schemas); the overrides stay, as they
  // configure the model rather than record traffic. A request under way keeps the limiter it
  // holds.
  void ForgetTables() EXCLUDES(mu_);

  const Clock& clock() const { return clock_; }

 private:
  std::shared_ptr<TableLimiter> LimiterFor(const std::string& table_id) EXCLUDES(mu_);
  // Drops limiters unused for kForgetAfterMicros.
  void Forget(std::int64_t now_micros) REQUIRES(mu_);
  // Longer than any bucket takes to refill (300 s of burst) and than the usage window.
  static constexpr std::int64_t kForgetAfterMicros = std::int64_t{15} * 60 * 1'000'000;
  static constexpr std::size_t kMinForgetAt = 1024;
  static std::string OverridesKey(const std::string& ns, const std::string& table_name);
  // The overrides of `source`'s table, valid while mu_ is held.
  const std::map<std::string, LimitOverrides>& OverridesFor(const TableSource& source) const
      REQUIRES_SHARED(mu_);

  const Clock& clock_;
  const ScalingParameters scaling_;
  sync::SharedMutex mu_;
  std::unordered_map<std::string, std::shared_ptr<TableLimiter>> tables_
      GUARDED_BY(mu_);  // by table id
  // By namespace and table name (they outlive a table id), then index name ("" = table).
  std::map<std::string, std::map<std::string, LimitOverrides>> overrides_ GUARDED_BY(mu_);
  std::atomic<std::uint64_t> overrides_generation_{0};
  std::size_t forget_at_ GUARDED_BY(mu_) = kMinForgetAt;  // table count that triggers Forget
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
