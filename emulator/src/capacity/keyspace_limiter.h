// KeyspaceLimiter: the throughput limits of one key space — a table or one of its GSIs — and
// what it consumed (docs/capacity.md §2–§3, §5):
//   * table level: the provisioned RCU/WCU with 300 s of burst credit, or for on-demand the
//     per-table account quota and the OnDemandThroughput maxima;
//   * per partition (contiguous hash ranges, partition_map.h): 3,000 RCU/s and 1,000 WCU/s;
//   * per partition key value: the same caps, so that a hot key stays hot even when partitions
//     are added (a split for heat can never divide one key);
//   * the partitions themselves: enough for the throughput, the data and the warm throughput,
//     which an on-demand key space raises from the traffic it serves (on_demand_scaling.h). A
//     key space that needs more partitions splits the widest in two; partitions never merge;
//   * split for heat: a partition that stays hot across several keys splits where its load
//     divides (docs/capacity.md §10), so a viral tenant of many keys is relieved and a single
//     hot key is not. A partition hot from one partition key value of several sort keys, in a
//     table without an LSI, splits that item collection by sort key: its parts are served by
//     two partitions, and the per-key cap gives way to theirs (one item stays in one part, so
//     it stays capped).
// Not thread-safe: TableLimiter locks around it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "capacity/on_demand_scaling.h"
#include "capacity/partition_history.h"
#include "capacity/partition_map.h"
#include "capacity/throughput_limits.h"
#include "capacity/token_bucket.h"
#include "capacity/usage_window.h"
#include "ddbemu/capacity_report.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {

// Why a request would be throttled: the LimitType of a ThrottlingReason.
enum class LimitKind : std::uint8_t { kKeyRange, kProvisioned, kAccountLimit, kMaxOnDemand };

struct LimitHit {
  bool write = false;  // the OperationType: Write or Read
  LimitKind kind = LimitKind::kKeyRange;
  friend bool operator==(const LimitHit&, const LimitHit&) = default;
};

class KeyspaceLimiter {
 public:
  // Applies the schema's settings and the overrides, keeping the tokens held where the limits
  // stay (an UpdateTable does not refill or empty the buckets). Partitions are only ever added,
  // as on the service, unless overrides fix their count.
  void Configure(const KeyspaceLimits& limits, const LimitOverrides& overrides,
                 std::int64_t now_micros, const ScalingParameters& scaling = {});
  // Adds partitions when the data has outgrown them: at least one per 10 GB, and a partition
  // whose share of the data passes 10 GB splits in two.
  void GrowForData(std::uint64_t size_bytes, std::int64_t now_micros);
  // Adds the partitions the warm throughput in place at `now_micros` needs (an on-demand key
  // space's grows with its traffic, after the scaling delay).
  void Grow(std::int64_t now_micros);

  // The warm throughput in place now: for on-demand, what the traffic has scaled it to (at
  // least 12,000 / 4,000 and any WarmThroughput set); for provisioned, the provisioned capacity
  // or the WarmThroughput set, whichever is more. What DescribeTable reports.
  WarmCapacity Warm(std::int64_t now_micros);

  // Appends to `hits` each limit that `keys` would overdraw now; changes nothing.
  void Check(std::span<const KeyDemand> keys, std::int64_t now_micros, std::vector<LimitHit>* hits);
  // Takes `keys`' demand from every bucket and records it as consumed.
  void Consume(std::span<const KeyDemand> keys, std::int64_t now_micros);
  // Records one throttled request against everything `keys` touch.
  void RecordThrottled(std::span<const KeyDemand> keys, std::int64_t now_micros);

  // The key space's limits, partitions, usage over the last UsageWindow::kDefaultWindowSeconds
  // and top `top_n` keys, and with `history_seconds` > 0 the heat map's per-second history of
  // that many seconds (partition_history.h). Item counts and sizes per partition are left zero
  // (the caller reads them from storage).
  KeyspaceCapacity Report(std::int64_t now_micros, std::size_t top_n,
                          std::int64_t history_seconds = 0);

  // How many keys with full buckets (whose state changes no admission) are kept for the usage
  // reports; beyond it the least used are forgotten, so that the state is bounded by the
  // traffic of the last second, not by the keys of the last minute (a table of 10^7 items read
  // at random would otherwise hold a state per key read in the window).
  static constexpr std::size_t kTrackedKeys = 2048;

  const KeyspaceLimits& limits() const { return limits_; }
  const PartitionMap& partitions() const { return map_; }
  // Partition key values it holds state for: those whose buckets are short of full or whose use
  // is in the window, at most about kTrackedKeys of the idle ones (PruneKeys).
  std::size_t tracked_keys() const { return keys_.size(); }

  // Puts back the partitions a key space had gained before a restart (recorded in the catalog:
  // docs/capacity.md §10), when there are at least as many as now and no fixed count is set
  // (Configure does, from KeyspaceLimits::gained_partitions); partitions still never merge.
  void RestorePartitions(const PartitionMap& map, std::int64_t now_micros);

 private:
  struct Partition {
    TokenBucket read, write;
    UsageWindow usage;
    // The run of consecutive hot seconds (split for heat) it is in: first and latest second,
    // -1 when not hot.
    std::int64_t hot_since = -1, hot_last = -1;
  };
  // What one sort key of a hot item collection was offered (half-units), halved at the end of
  // every heat_split_seconds so that the tally follows the recent load.
  struct SortLoad {
    std::string sort;
    HalfUnits units = 0;
  };
  struct KeyState {
    TokenBucket read, write;
    UsageWindow usage;
    std::vector<SortLoad> sorts;   // ascending by sort key; only while its partition is hot
    std::int64_t sorts_epoch = 0;  // the heat_split_seconds period the tally is in
  };
  // Where a split for heat divides a partition: at a hash, or (with `sort`) inside the item
  // collection of `hash` whose encoded partition key is `key`.
  struct HeatSplit {
    std::uint64_t hash = 0;
    std::string key, sort;
  };
  // Per-key and per-partition caps in half-units per second.
  HalfUnits PartitionReadRate() const;
  HalfUnits PartitionWriteRate() const;
  void SetPartitionCount(std::int64_t count, std::int64_t now_micros);
  // Takes `map` as the partitions, each with full buckets (per-key history stays).
  void UsePartitionMap(PartitionMap map, std::int64_t now_micros);
  // The partitions the key space needs now (overrides aside).
  std::int64_t NeededPartitions(std::int64_t now_micros);
  // Splits partitions, widest first, until there are `count`.
  void SplitTo(std::int64_t count, std::int64_t now_micros);
  // Split for heat: notes whether partition `i` is hot in the current second, and splits it
  // once it has been hot for heat_split_seconds.
  void NoteHeat(std::int64_t i, std::int64_t now_micros);
  // Where partition `i` divides its keys' recent load in two: the first hash of the upper
  // part; with one key carrying it, the sort key that divides that item collection's load (no
  // LSI, several sort keys); nothing otherwise.
  std::optional<HeatSplit> HeatSplitPoint(std::int64_t i, std::int64_t now_micros) const;
  // The sort key dividing the tallied load of `key` (hash `hash`) that partition `i` holds.
  std::optional<std::string> CollectionSplitPoint(std::int64_t i, std::uint64_t hash,
                                                  const KeyState& key) const;
  // Adds `units` offered to sort key `sort` of `key` to its tally, while partition `partition`
  // is hot (or `throttled`).
  void TallySort(KeyState& key, std::int64_t partition, std::string_view sort, HalfUnits units,
                 bool throttled, std::int64_t now_micros);
  // Splits partition `i` with `upper_first` as the first hash of its upper part, or inside the
  // collection of `upper_first` at `sort`.
  void SplitPartition(std::int64_t i, std::uint64_t upper_first, std::int64_t now_micros,
                      std::string_view key = {}, std::string_view sort = {});
  // The item_collection labels of the partitions (empty when none holds part of a collection).
  std::vector<std::string> CollectionLabels() const;
  KeyState& KeyFor(const std::string& key, std::int64_t now_micros);
  // Whether the per-key cap applies to demand on `k`: not once its collection is split, where
  // the partitions of its parts cap it.
  bool KeyCapped(const KeyDemand& k) const;
  // Drops the keys indistinguishable from never seen, then, past kTrackedKeys, the least used of
  // those whose buckets are full.
  void PruneKeys(std::int64_t now_micros);
  void ForgetLeastUsedKeys(std::size_t keep, std::int64_t now_micros);
  std::string LabelOf(const std::string& key) const;

  KeyspaceLimits limits_;
  LimitOverrides overrides_;
  ScalingParameters scaling_;
  OnDemandScaler scaler_;  // on-demand key spaces only
  bool configured_ = false;
  std::uint64_t size_bytes_ = 0;
  PartitionMap map_;
  std::vector<Partition> partitions_;
  // Table level: provisioned RCU/WCU with burst credit, or the on-demand per-table quota.
  TokenBucket table_read_, table_write_;
  // On-demand MaxRead/WriteRequestUnits (unlimited when not set).
  TokenBucket max_read_, max_write_;
  std::unordered_map<std::string, KeyState> keys_;
  std::size_t prune_at_ = kTrackedKeys;
  UsageWindow usage_;
  PartitionHistory history_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
