#include "capacity/throughput_registry.h"

#include <mutex>

namespace ddbemu::capacity {
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
    std::shared_lock lock(mu_);
    auto it = tables_.find(table_id);
    if (it != tables_.end()) return it->second;
  }
  std::unique_lock lock(mu_);
  auto [it, inserted] = tables_.try_emplace(table_id);
  if (inserted) it->second = std::make_shared<TableLimiter>();
  return it->second;
}

Status ThroughputRegistry::Admit(const TableLimits& limits, std::span<const std::uint64_t> sizes,
                                 const Demand& demand) {
  const std::int64_t now = clock_.NowMicros();
  std::shared_ptr<TableLimiter> limiter = LimiterFor(limits.table_id);
  std::shared_lock lock(mu_);  // keeps overrides_ stable while the limiter reads them
  const std::uint64_t generation = overrides_generation_.load(std::memory_order_acquire);
  const auto* overrides = &NoOverrides();
  if (!overrides_.empty()) {
    auto it = overrides_.find(OverridesKey(limits.ns, limits.table.name));
    if (it != overrides_.end()) overrides = &it->second;
  }
  return limiter->Admit(limits, generation, *overrides, sizes, demand, now);
}

TableCapacityReport ThroughputRegistry::Report(const TableLimits& limits, std::size_t top_n) {
  const std::int64_t now = clock_.NowMicros();
  std::shared_ptr<TableLimiter> limiter = LimiterFor(limits.table_id);
  std::shared_lock lock(mu_);
  const std::uint64_t generation = overrides_generation_.load(std::memory_order_acquire);
  const auto* overrides = &NoOverrides();
  auto it = overrides_.find(OverridesKey(limits.ns, limits.table.name));
  if (it != overrides_.end()) overrides = &it->second;
  return limiter->Report(limits, generation, *overrides, now, top_n);
}

void ThroughputRegistry::SetOverrides(const std::string& ns, const std::string& table_name,
                                      const std::string& index, const LimitOverrides& overrides) {
  std::unique_lock lock(mu_);
  auto& table = overrides_[OverridesKey(ns, table_name)];
  if (overrides == LimitOverrides{}) {
    table.erase(index);
    if (table.empty()) overrides_.erase(OverridesKey(ns, table_name));
  } else {
    table[index] = overrides;
  }
  overrides_generation_.fetch_add(1, std::memory_order_acq_rel);
}

}  // namespace ddbemu::capacity
