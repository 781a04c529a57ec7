#include "capacity/table_limiter.h"

#include <algorithm>

#include <utility>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {
namespace {

const LimitOverrides& OverridesOf(const std::map<std::string, LimitOverrides>& overrides,
                                  const std::string& index) {
  static const LimitOverrides kNone;
  auto it = overrides.find(index);
  return it == overrides.end() ? kNone : it->second;
}

// The ThrottlingReason.reason: ResourceType + OperationType + LimitType (API reference,
// "ThrottlingReason").
std::string ReasonText(bool is_index, const LimitHit& hit) {
  std::string reason = is_index ? "Index" : "Table";
  reason += hit.write ? "Write" : "Read";
  switch (hit.kind) {
    case LimitKind::kKeyRange:
      reason += "KeyRangeThroughputExceeded";
      break;
    case LimitKind::kProvisioned:
      reason += "ProvisionedThroughputExceeded";
      break;
    case LimitKind::kAccountLimit:
      reason += "AccountLimitExceeded";
      break;
    case LimitKind::kMaxOnDemand:
      reason += "MaxOnDemandThroughputExceeded";
      break;
  }
  return reason;
}

// The service's messages, as the API reference lists them for TransactWriteItems'
// cancellation reasons ("ProvisionedThroughputExceeded" and "ThrottlingError" codes) and as
// the service sends them for single requests. The GSI message of a provisioned index has no
// final period in the service's answers.
constexpr const char* kProvisionedTableMessage =
    "The level of configured provisioned throughput for the table was exceeded. Consider "
    "increasing your provisioning level with the UpdateTable API.";
constexpr const char* kProvisionedIndexMessage =
    "The level of configured provisioned throughput for one or more global secondary indexes of "
    "the table was exceeded. Consider increasing your provisioning level for the "
    "under-provisioned global secondary indexes with the UpdateTable API";
constexpr const char* kOnDemandTableMessage =
    "Throughput exceeds the current capacity of your table or index. DynamoDB is automatically "
    "scaling your table or index so please try again shortly. If exceptions persist, check if "
    "you have a hot key: "
    "https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/"
    "bp-partition-key-design.html.";
constexpr const char* kOnDemandIndexMessage =
    "Throughput exceeds the current capacity for one or more global secondary indexes. DynamoDB "
    "is automatically scaling your index so please try again shortly.";

}  // namespace

std::string ThrottlingMessage(const Throttle& throttle) {
  const bool on_demand = throttle.mode == CapacityMode::kOnDemand;
  if (throttle.index.empty()) return on_demand ? kOnDemandTableMessage : kProvisionedTableMessage;
  return on_demand ? kOnDemandIndexMessage : kProvisionedIndexMessage;
}

ApiError ThrottlingError(std::span<const Throttle> throttles) {
  ApiError error(ErrorCode::kProvisionedThroughputExceeded,
                 throttles.empty() ? kProvisionedTableMessage : ThrottlingMessage(throttles[0]));
  for (const Throttle& t : throttles) {
    for (const LimitHit& hit : t.hits) {
      error.throttling_reasons.push_back(
          ThrottlingReason{ReasonText(!t.index.empty(), hit), t.arn});
    }
  }
  return error;
}

void TableLimiter::ConfigureLocked(const TableSource& source, std::uint64_t overrides_generation,
                                   const std::map<std::string, LimitOverrides>& overrides,
                                   std::int64_t now_micros) {
  if (configured_ && overrides_generation == overrides_generation_ &&
      source.fingerprint() == fingerprint_) {
    return;
  }
  const TableLimits limits = source.Limits();
  table_.Configure(limits.table, OverridesOf(overrides, ""), now_micros, scaling_);
  std::map<std::string, KeyspaceLimiter> indexes;
  for (const KeyspaceLimits& index : limits.global_indexes) {
    // A GSI keeps its buckets and history across UpdateTable; a new one starts afresh.
    auto it = indexes_.find(index.name);
    KeyspaceLimiter limiter = it != indexes_.end() ? std::move(it->second) : KeyspaceLimiter();
    limiter.Configure(index, OverridesOf(overrides, index.name), now_micros, scaling_);
    indexes.emplace(index.name, std::move(limiter));
  }
  indexes_ = std::move(indexes);
  limits_ = limits;
  fingerprint_ = source.fingerprint();
  overrides_generation_ = overrides_generation;
  configured_ = true;
}

template <class Fn>
void TableLimiter::ForEachKeyspace(const Demand& demand, Fn&& fn) {
  if (!demand.table.empty()) fn(table_, std::span<const KeyDemand>(demand.table));
  for (const Demand::Index& index : demand.global_indexes) {
    auto it = indexes_.find(index.name);
    // An index being deleted has nothing left to limit.
    if (it != indexes_.end() && !index.keys.empty()) {
      fn(it->second, std::span<const KeyDemand>(index.keys));
    }
  }
}

void TableLimiter::PrepareLocked(const TableSource& source, std::uint64_t overrides_generation,
                                 const std::map<std::string, LimitOverrides>& overrides,
                                 std::int64_t now_micros) {
  last_used_.store(now_micros, std::memory_order_relaxed);
  ConfigureLocked(source, overrides_generation, overrides, now_micros);
  // An on-demand key space gains partitions as its warm throughput grows with its traffic.
  table_.Grow(now_micros);
  for (auto& [name, index] : indexes_) index.Grow(now_micros);
  // Data grows by at most a few MB a second: reading the sizes once a second of the clock
  // adds partitions in time for the 10 GB rule.
  constexpr std::int64_t kSizesEveryMicros = 1'000'000;
  if (sizes_read_ && now_micros - sizes_read_micros_ < kSizesEveryMicros &&
      now_micros >= sizes_read_micros_) {
    return;
  }
  sizes_read_ = true;
  sizes_read_micros_ = now_micros;
  const std::vector<std::uint64_t> sizes = source.Sizes();
  if (!sizes.empty()) table_.GrowForData(sizes[0], now_micros);
  for (std::size_t i = 0; i < limits_.global_indexes.size() && i + 1 < sizes.size(); ++i) {
    indexes_[limits_.global_indexes[i].name].GrowForData(sizes[i + 1], now_micros);
  }
}

void TableLimiter::CheckLocked(const Demand& demand, std::int64_t now_micros,
                               std::vector<Throttle>* throttles) {
  // Read here, with mu_ held: the analysis does not carry the lock into the lambda's body.
  const KeyspaceLimiter* table = &table_;
  const std::string& table_id = limits_.table_id;
  ForEachKeyspace(demand, [&](KeyspaceLimiter& keyspace, std::span<const KeyDemand> keys) {
    std::vector<LimitHit> hits;
    keyspace.Check(keys, now_micros, &hits);
    if (hits.empty()) return;
    const bool is_table = &keyspace == table;
    throttles->push_back(Throttle{table_id, is_table ? "" : keyspace.limits().name,
                                  keyspace.limits().arn, keyspace.limits().mode, std::move(hits)});
  });
}

void TableLimiter::ConsumeLocked(const Demand& demand, std::int64_t now_micros) {
  ForEachKeyspace(demand, [&](KeyspaceLimiter& keyspace, std::span<const KeyDemand> keys) {
    keyspace.Consume(keys, now_micros);
  });
}

void TableLimiter::RecordThrottledLocked(const Demand& demand, std::int64_t now_micros) {
  ForEachKeyspace(demand, [&](KeyspaceLimiter& keyspace, std::span<const KeyDemand> keys) {
    keyspace.RecordThrottled(keys, now_micros);
  });
}

Status TableLimiter::Admit(const TableSource& source, std::uint64_t overrides_generation,
                           const std::map<std::string, LimitOverrides>& overrides,
                           const Demand& demand, std::int64_t now_micros) {
  sync::MutexLock lock(mu_);
  PrepareLocked(source, overrides_generation, overrides, now_micros);
  // Decide first, for every key space, so that a rejected request takes nothing anywhere.
  std::vector<Throttle> throttles;
  CheckLocked(demand, now_micros, &throttles);
  if (!throttles.empty()) {
    RecordThrottledLocked(demand, now_micros);
    return ThrottlingError(throttles);
  }
  ConsumeLocked(demand, now_micros);
  return Status::Ok();
}

std::optional<TableWarm> TableLimiter::WarmLocked(std::int64_t now_micros) {
  if (!configured_) return std::nullopt;
  TableWarm warm{limits_.ns,
                 limits_.table.name,
                 limits_.table_id,
                 limits_.table.mode == CapacityMode::kOnDemand,
                 table_.Warm(now_micros),
                 {},
                 table_.partitions().GainedBoundaries(),
                 {}};
  for (auto& [name, index] : indexes_) {
    warm.global_indexes[name] = index.Warm(now_micros);
    warm.index_partitions[name] = index.partitions().GainedBoundaries();
  }
  return warm;
}

std::optional<TableWarm> TableLimiter::Warm(std::int64_t now_micros) {
  sync::MutexLock lock(mu_);
  return WarmLocked(now_micros);
}

std::optional<TableWarm> TableLimiter::Warm(const TableSource& source,
                                            std::uint64_t overrides_generation,
                                            const std::map<std::string, LimitOverrides>& overrides,
                                            std::int64_t now_micros) {
  sync::MutexLock lock(mu_);
  PrepareLocked(source, overrides_generation, overrides, now_micros);
  return WarmLocked(now_micros);
}

TableCapacityReport TableLimiter::Report(const TableSource& source,
                                         std::uint64_t overrides_generation,
                                         const std::map<std::string, LimitOverrides>& overrides,
                                         std::int64_t now_micros, std::size_t top_n,
                                         std::int64_t history_seconds) {
  sync::MutexLock lock(mu_);
  PrepareLocked(source, overrides_generation, overrides, now_micros);
  TableCapacityReport report;
  report.window_seconds = UsageWindow::kDefaultWindowSeconds;
  report.now_micros = now_micros;
  report.history_seconds = std::clamp<std::int64_t>(history_seconds, 0, kCapacityHistorySeconds);
  report.table = table_.Report(now_micros, top_n, report.history_seconds);
  for (const KeyspaceLimits& index : limits_.global_indexes) {
    report.global_secondary_indexes.push_back(
        indexes_[index.name].Report(now_micros, top_n, report.history_seconds));
  }
  return report;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
