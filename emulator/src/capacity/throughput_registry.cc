#include "capacity/throughput_registry.h"

#include <algorithm>
#include <iterator>
#include <mutex>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {
namespace {

const std::map<std::string, LimitOverrides>& NoOverrides() {
  static const std::map<std::string, LimitOverrides> kNone;
  return kNone;
}

}  // namespace

std::string ThroughputRegistry::OverridesKey(const std::string& ns, const std::string& table_name) {
  return ns + '\x1e' + table_name;
}

std::shared_ptr<TableLimiter> ThroughputRegistry::LimiterFor(const std::string& table_id) {
  {
    sync::ReaderMutexLock lock(mu_);
    auto it = tables_.find(table_id);
    if (it != tables_.end()) return it->second;
  }
  sync::WriterMutexLock lock(mu_);
  auto [it, inserted] = tables_.try_emplace(table_id);
  if (!inserted) return it->second;
  it->second = std::make_shared<TableLimiter>(scaling_);
  std::shared_ptr<TableLimiter> limiter = it->second;
  if (tables_.size() > forget_at_) Forget(clock_.NowMicros());
  return limiter;
}

void ThroughputRegistry::Forget(std::int64_t now_micros) {
  // Tables deleted long ago (or idle long enough that every bucket has refilled and their
  // history left the window) are forgotten: test suites create thousands of tables. A limiter
  // in use elsewhere (use_count > 1) is kept.
  for (auto it = tables_.begin(); it != tables_.end();) {
    const bool idle = it->second.use_count() == 1 &&
                      now_micros - it->second->last_used_micros() > kForgetAfterMicros;
    it = idle ? tables_.erase(it) : std::next(it);
  }
  forget_at_ = std::max<std::size_t>(kMinForgetAt, 2 * tables_.size());
}

const std::map<std::string, LimitOverrides>& ThroughputRegistry::OverridesFor(
    const TableSource& source) const {
  if (overrides_.empty()) return NoOverrides();
  auto it = overrides_.find(OverridesKey(source.ns(), source.table_name()));
  return it == overrides_.end() ? NoOverrides() : it->second;
}

Status ThroughputRegistry::Admit(const TableSource& source, const Demand& demand) {
  const std::int64_t now = clock_.NowMicros();
  std::shared_ptr<TableLimiter> limiter = LimiterFor(source.table_id());
  sync::ReaderMutexLock lock(mu_);  // keeps overrides_ stable while the limiter reads them
  const std::uint64_t generation = overrides_generation_.load(std::memory_order_acquire);
  return limiter->Admit(source, generation, OverridesFor(source), demand, now);
}

std::vector<Throttle> ThroughputRegistry::AdmitAll(std::span<const TableDemand> tables) {
  const std::int64_t now = clock_.NowMicros();
  struct Entry {
    const TableDemand* request;
    std::shared_ptr<TableLimiter> limiter;
  };
  std::vector<Entry> entries;
  entries.reserve(tables.size());
  for (const TableDemand& t : tables) entries.push_back({&t, LimiterFor(t.source->table_id())});
  // One lock order for every caller (by table id), so that two transactions never deadlock.
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return a.request->source->table_id() < b.request->source->table_id();
  });
  sync::ReaderMutexLock lock(mu_);
  // A run-time number of table locks, which the analysis cannot count: each loop asserts its
  // entry's, held by `held` until the function returns.
  std::vector<std::unique_lock<sync::Mutex>> held;
  held.reserve(entries.size());
  for (const Entry& e : entries) held.emplace_back(e.limiter->mutex());
  const std::uint64_t generation = overrides_generation_.load(std::memory_order_acquire);
  std::vector<Throttle> throttles;
  for (const Entry& e : entries) {
    e.limiter->mutex().AssertHeld();
    e.limiter->PrepareLocked(*e.request->source, generation, OverridesFor(*e.request->source), now);
    e.limiter->CheckLocked(*e.request->demand, now, &throttles);
  }
  for (const Entry& e : entries) {
    e.limiter->mutex().AssertHeld();
    if (throttles.empty()) {
      e.limiter->ConsumeLocked(*e.request->demand, now);
    } else {
      e.limiter->RecordThrottledLocked(*e.request->demand, now);
    }
  }
  return throttles;
}

std::vector<Throttle> ThroughputRegistry::Check(const TableSource& source, const Demand& demand) {
  const std::int64_t now = clock_.NowMicros();
  std::shared_ptr<TableLimiter> limiter = LimiterFor(source.table_id());
  sync::ReaderMutexLock lock(mu_);
  sync::MutexLock table_lock(limiter->mutex());
  limiter->PrepareLocked(source, overrides_generation_.load(std::memory_order_acquire),
                         OverridesFor(source), now);
  std::vector<Throttle> throttles;
  limiter->CheckLocked(demand, now, &throttles);
  return throttles;
}

void ThroughputRegistry::Charge(const TableSource& source, const Demand& demand) {
  const std::int64_t now = clock_.NowMicros();
  std::shared_ptr<TableLimiter> limiter = LimiterFor(source.table_id());
  sync::ReaderMutexLock lock(mu_);
  sync::MutexLock table_lock(limiter->mutex());
  limiter->PrepareLocked(source, overrides_generation_.load(std::memory_order_acquire),
                         OverridesFor(source), now);
  limiter->ConsumeLocked(demand, now);
}

void ThroughputRegistry::RecordThrottled(const TableSource& source, const Demand& demand) {
  const std::int64_t now = clock_.NowMicros();
  std::shared_ptr<TableLimiter> limiter = LimiterFor(source.table_id());
  sync::ReaderMutexLock lock(mu_);
  sync::MutexLock table_lock(limiter->mutex());
  limiter->PrepareLocked(source, overrides_generation_.load(std::memory_order_acquire),
                         OverridesFor(source), now);
  limiter->RecordThrottledLocked(demand, now);
}

TableCapacityReport ThroughputRegistry::Report(const TableSource& source, std::size_t top_n,
                                               std::int64_t history_seconds) {
  const std::int64_t now = clock_.NowMicros();
  std::shared_ptr<TableLimiter> limiter = LimiterFor(source.table_id());
  sync::ReaderMutexLock lock(mu_);
  const std::uint64_t generation = overrides_generation_.load(std::memory_order_acquire);
  return limiter->Report(source, generation, OverridesFor(source), now, top_n, history_seconds);
}

TableWarm ThroughputRegistry::Warm(const TableSource& source) {
  const std::int64_t now = clock_.NowMicros();
  std::shared_ptr<TableLimiter> limiter = LimiterFor(source.table_id());
  sync::ReaderMutexLock lock(mu_);
  const std::uint64_t generation = overrides_generation_.load(std::memory_order_acquire);
  std::optional<TableWarm> warm = limiter->Warm(source, generation, OverridesFor(source), now);
  return warm ? std::move(*warm) : TableWarm{};
}

std::vector<TableWarm> ThroughputRegistry::AllWarm() {
  const std::int64_t now = clock_.NowMicros();
  std::vector<std::shared_ptr<TableLimiter>> limiters;
  {
    sync::ReaderMutexLock lock(mu_);
    for (const auto& [id, limiter] : tables_) limiters.push_back(limiter);
  }
  std::vector<TableWarm> out;
  for (const auto& limiter : limiters) {
    if (std::optional<TableWarm> warm = limiter->Warm(now)) out.push_back(std::move(*warm));
  }
  return out;
}

void ThroughputRegistry::ForgetTables() {
  sync::WriterMutexLock lock(mu_);
  tables_.clear();
  forget_at_ = kMinForgetAt;
}

void ThroughputRegistry::SetOverrides(const std::string& ns, const std::string& table_name,
                                      const std::string& index, const LimitOverrides& overrides) {
  sync::WriterMutexLock lock(mu_);
  auto& table = overrides_[OverridesKey(ns, table_name)];
  if (overrides == LimitOverrides{}) {
    table.erase(index);
    if (table.empty()) overrides_.erase(OverridesKey(ns, table_name));
  } else {
    table[index] = overrides;
  }
  overrides_generation_.fetch_add(1, std::memory_order_acq_rel);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
