#include "capacity/keyspace_limiter.h"

#include <algorithm>
#include <iterator>
#include <utility>

#include "value/key_codec.h"
#include "value/value_text.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {
namespace {

constexpr std::int64_t kMicrosPerSecond = 1'000'000;
// The partition and per-key caps are per-second rates: their buckets hold one second.
constexpr std::int64_t kOneSecond = kMicrosPerSecond;
// Sort keys tallied per hot item collection: enough to divide its load, bounded in memory.
constexpr std::size_t kMaxTalliedSortKeys = 256;

// Sums of a request's demand per partition or per key; requests touch a few, so a linear
// search beats a map.
template <class Id>
struct Sums {
  struct Entry {
    Id id;
    HalfUnits read = 0;
    HalfUnits write = 0;
  };
  std::vector<Entry> entries;
  void Add(const Id& id, HalfUnits read, HalfUnits write) {
    for (Entry& e : entries) {
      if (e.id == id) {
        e.read += read;
        e.write += write;
        return;
      }
    }
    entries.push_back(Entry{id, read, write});
  }
};

CapacityUsage UsageOf(const UsageTotals& totals) {
  return CapacityUsage{ToUnits(totals.read), ToUnits(totals.write), totals.read_throttles,
                       totals.write_throttles};
}

}  // namespace

HalfUnits KeyspaceLimiter::PartitionReadRate() const {
  return 2 * overrides_.partition_read_units.value_or(kPartitionReadUnitsPerSecond);
}
HalfUnits KeyspaceLimiter::PartitionWriteRate() const {
  return 2 * overrides_.partition_write_units.value_or(kPartitionWriteUnitsPerSecond);
}

void KeyspaceLimiter::Configure(const KeyspaceLimits& limits, const LimitOverrides& overrides,
                                std::int64_t now_micros, const ScalingParameters& scaling) {
  const bool partition_caps_changed =
      !configured_ || overrides.partition_read_units != overrides_.partition_read_units ||
      overrides.partition_write_units != overrides_.partition_write_units;
  limits_ = limits;
  overrides_ = overrides;
  scaling_ = scaling;
  scaler_.Configure(scaling, WarmCapacity{limits.warm_read_units, limits.warm_write_units});
  // Rates change from the moment the settings changed: the buckets first refill at the old
  // rates up to then.
  const std::int64_t at = limits.changed_micros > 0 && limits.changed_micros < now_micros
                              ? limits.changed_micros
                              : now_micros;
  const bool provisioned = limits.mode == CapacityMode::kProvisioned;
  if (provisioned) {
    const std::int64_t burst = overrides.burst_seconds.value_or(kBurstSeconds) * kMicrosPerSecond;
    table_read_.Configure(2 * limits.read_units, burst, at);
    table_write_.Configure(2 * limits.write_units, burst, at);
    max_read_ = TokenBucket();
    max_write_ = TokenBucket();
  } else {
    table_read_.Configure(2 * overrides.table_read_units.value_or(kOnDemandTableReadUnitsPerSecond),
                          kOneSecond, at);
    table_write_.Configure(
        2 * overrides.table_write_units.value_or(kOnDemandTableWriteUnitsPerSecond), kOneSecond,
        at);
    if (limits.max_read_request_units > 0) {
      max_read_.Configure(2 * limits.max_read_request_units, kOneSecond, at);
    } else {
      max_read_ = TokenBucket();
    }
    if (limits.max_write_request_units > 0) {
      max_write_.Configure(2 * limits.max_write_request_units, kOneSecond, at);
    } else {
      max_write_ = TokenBucket();
    }
  }
  const bool first = !configured_ || partitions_.empty();
  configured_ = true;
  if (overrides.partitions) {
    const std::int64_t count = std::max<std::int64_t>(1, *overrides.partitions);
    if (count != map_.count() || first) SetPartitionCount(count, now_micros);
  } else if (first) {
    SetPartitionCount(NeededPartitions(now_micros), now_micros);
    // A reopened database: the partitions gained before it closed (docs/capacity.md §10).
    if (!limits.gained_partitions.empty()) {
      RestorePartitions(PartitionMap::FromBoundaries(limits.gained_partitions), now_micros);
    }
  } else {
    // The service never merges partitions: a table switched to on-demand, or whose
    // throughput was lowered, keeps the partitions it had.
    SplitTo(NeededPartitions(now_micros), now_micros);
  }
  if (partition_caps_changed) {
    for (Partition& p : partitions_) {
      p.read.Configure(PartitionReadRate(), kOneSecond, now_micros);
      p.write.Configure(PartitionWriteRate(), kOneSecond, now_micros);
    }
  }
  if (partition_caps_changed) {
    for (auto& [key, state] : keys_) {
      state.read.Configure(PartitionReadRate(), kOneSecond, now_micros);
      state.write.Configure(PartitionWriteRate(), kOneSecond, now_micros);
    }
  }
}

void KeyspaceLimiter::SetPartitionCount(std::int64_t count, std::int64_t now_micros) {
  // A split gives new partitions with full buckets; per-partition history cannot be divided
  // between them, so it restarts (per-key history, which is what matters for hot keys, stays).
  UsePartitionMap(PartitionMap(count), now_micros);
}

void KeyspaceLimiter::UsePartitionMap(PartitionMap map, std::int64_t now_micros) {
  map_ = std::move(map);
  partitions_.clear();
  partitions_.reserve(static_cast<std::size_t>(map_.count()));
  for (std::int64_t i = 0; i < map_.count(); ++i) {
    partitions_.push_back(Partition{TokenBucket(PartitionReadRate(), kOneSecond, now_micros),
                                    TokenBucket(PartitionWriteRate(), kOneSecond, now_micros),
                                    {}});
  }
  history_.SetLayout(map_, now_micros, -1, CollectionLabels());
}

void KeyspaceLimiter::RestorePartitions(const PartitionMap& map, std::int64_t now_micros) {
  if (overrides_.partitions || !configured_ || map.count() < map_.count()) return;
  // Gains by heat are a finer division of what the model would give: take the recorded map
  // whole, and let the throughput's and the data's needs split it further if they have grown.
  UsePartitionMap(map, now_micros);
  SplitTo(NeededPartitions(now_micros), now_micros);
}

std::int64_t KeyspaceLimiter::NeededPartitions(std::int64_t now_micros) {
  if (limits_.mode == CapacityMode::kProvisioned) {
    const WarmCapacity warm = Warm(now_micros);
    return std::max(ProvisionedPartitionCount(limits_.read_units, limits_.write_units, size_bytes_),
                    WarmPartitionCount(warm.read_units, warm.write_units, size_bytes_));
  }
  const WarmCapacity warm = scaler_.CapacityAt(now_micros);
  return WarmPartitionCount(warm.read_units, warm.write_units, size_bytes_);
}

void KeyspaceLimiter::SplitTo(std::int64_t count, std::int64_t now_micros) {
  while (map_.count() < count) {
    const std::int64_t i = map_.Widest();
    const std::uint64_t first = map_.FirstHash(i), last = map_.LastHash(i);
    if (first == last) return;  // a partition of one hash cannot split
    SplitPartition(i, first + (last - first) / 2 + 1, now_micros);
  }
}

void KeyspaceLimiter::SplitPartition(std::int64_t i, std::uint64_t upper_first,
                                     std::int64_t now_micros, std::string_view key,
                                     std::string_view sort) {
  const bool split = sort.empty() ? map_.SplitAt(i, upper_first)
                                  : map_.SplitCollectionAt(i, upper_first, key, sort);
  if (!split) return;
  // Both halves keep the parent's balance, debt included: a split adds capacity to what
  // follows, it does not forgive what was taken. Their usage and heat start afresh (they cannot
  // be divided between them; per-key history, which is what matters for hot keys, stays).
  Partition& lower = partitions_[static_cast<std::size_t>(i)];
  Partition upper{lower.read, lower.write, {}};
  lower.usage = UsageWindow();
  lower.hot_since = lower.hot_last = -1;
  partitions_.insert(partitions_.begin() + i + 1, std::move(upper));
  history_.SetLayout(map_, now_micros, i, CollectionLabels());
}

void KeyspaceLimiter::NoteHeat(std::int64_t i, std::int64_t now_micros) {
  if (scaling_.heat_split_seconds <= 0 || overrides_.partitions) return;
  Partition& p = partitions_[static_cast<std::size_t>(i)];
  const std::int64_t second = now_micros / kMicrosPerSecond;
  if (p.hot_last == second) return;  // already counted, and checked, this second
  const UsageTotals now = p.usage.Current(now_micros);
  const std::int64_t percent = scaling_.heat_split_percent;
  const bool hot = now.read * 100 >= percent * PartitionReadRate() ||
                   now.write * 100 >= percent * PartitionWriteRate() || now.read_throttles > 0 ||
                   now.write_throttles > 0;
  if (!hot) return;
  if (p.hot_since < 0 || p.hot_last != second - 1) p.hot_since = second;  // a new run
  p.hot_last = second;
  if (second - p.hot_since + 1 < scaling_.heat_split_seconds) return;
  if (const std::optional<HeatSplit> at = HeatSplitPoint(i, now_micros)) {
    SplitPartition(i, at->hash, now_micros, at->key, at->sort);
  } else {
    // One key carries the load and its collection cannot be divided (an LSI, one sort key, or
    // no sort key): a split cannot divide it (its own cap holds it). Look again after another
    // run.
    p.hot_since = second;
  }
}

std::optional<KeyspaceLimiter::HeatSplit> KeyspaceLimiter::HeatSplitPoint(
    std::int64_t i, std::int64_t now_micros) const {
  struct Load {
    std::uint64_t hash;
    HalfUnits units;
    const std::string* key;
    const KeyState* state;
  };
  std::vector<Load> loads;
  const std::int64_t window = std::max<std::int64_t>(1, scaling_.heat_split_seconds);
  const std::uint64_t first = map_.FirstHash(i), last = map_.LastHash(i);
  for (const auto& [key, state] : keys_) {
    const std::uint64_t hash = keycodec::PartitionHash(key);
    if (hash < first || hash > last) continue;
    const UsageTotals t =
        state.usage.Sum(now_micros, std::min(window, UsageWindow::kDefaultWindowSeconds));
    if (t.read + t.write > 0) loads.push_back(Load{hash, t.read + t.write, &key, &state});
  }
  if (loads.size() == 1) {
    std::optional<std::string> sort = CollectionSplitPoint(i, loads[0].hash, *loads[0].state);
    if (!sort) return std::nullopt;
    return HeatSplit{loads[0].hash, *loads[0].key, std::move(*sort)};
  }
  if (loads.size() < 2) return std::nullopt;
  std::sort(loads.begin(), loads.end(),
            [](const Load& a, const Load& b) { return a.hash < b.hash; });
  HalfUnits total = 0;
  for (const Load& l : loads) total += l.units;
  // The upper part begins at the first key past half the load, leaving at least one key below.
  HalfUnits below = 0;
  std::size_t cut = 1;
  for (; cut < loads.size(); ++cut) {
    below += loads[cut - 1].units;
    if (2 * below >= total) break;
  }
  if (cut == loads.size()) cut = loads.size() - 1;
  if (loads[cut].hash == loads[cut - 1].hash) return std::nullopt;
  return HeatSplit{loads[cut].hash, {}, {}};
}

std::optional<std::string> KeyspaceLimiter::CollectionSplitPoint(std::int64_t i, std::uint64_t hash,
                                                                 const KeyState& key) const {
  if (limits_.has_local_index || key.sorts.size() < 2) return std::nullopt;
  // The part of the collection partition `i` holds: from its first sort key (when it begins
  // inside this collection) to the next partition's (when that one does).
  const std::string_view from = map_.FirstHash(i) == hash ? map_.FirstSort(i) : std::string_view();
  std::string_view before;
  if (i + 1 < map_.count() && map_.FirstHash(i + 1) == hash) before = map_.FirstSort(i + 1);
  auto begin = std::lower_bound(
      key.sorts.begin(), key.sorts.end(), from,
      [](const SortLoad& l, std::string_view s) { return std::string_view(l.sort) < s; });
  auto end = before.empty() ? key.sorts.end()
                            : std::lower_bound(begin, key.sorts.end(), before,
                                               [](const SortLoad& l, std::string_view s) {
                                                 return std::string_view(l.sort) < s;
                                               });
  if (end - begin < 2) return std::nullopt;
  HalfUnits total = 0;
  for (auto it = begin; it != end; ++it) total += it->units;
  // The upper part begins at the sort key that leaves the two parts' loads nearest equal, with
  // at least one sort key below.
  HalfUnits below = 0;
  auto best = begin + 1;
  HalfUnits best_gap = -1;
  for (auto it = begin + 1; it != end; ++it) {
    below += (it - 1)->units;
    const HalfUnits gap = below * 2 > total ? below * 2 - total : total - below * 2;
    if (best_gap < 0 || gap < best_gap) {
      best = it;
      best_gap = gap;
    }
  }
  return best->sort;
}

void KeyspaceLimiter::TallySort(KeyState& key, std::int64_t partition, std::string_view sort,
                                HalfUnits units, bool throttled, std::int64_t now_micros) {
  if (sort.empty() || units <= 0 || limits_.has_local_index || scaling_.heat_split_seconds <= 0 ||
      overrides_.partitions) {
    return;
  }
  const std::int64_t second = now_micros / kMicrosPerSecond;
  const Partition& p = partitions_[static_cast<std::size_t>(partition)];
  // Only collections in a hot partition are tallied: a cold table keeps no sort keys.
  if (!throttled && !(p.hot_last >= 0 && p.hot_last >= second - 1)) return;
  const std::int64_t epoch = second / scaling_.heat_split_seconds;
  if (epoch > key.sorts_epoch) {
    const std::int64_t halvings = std::min<std::int64_t>(62, epoch - key.sorts_epoch);
    for (SortLoad& l : key.sorts) l.units >>= halvings;
    std::erase_if(key.sorts, [](const SortLoad& l) { return l.units == 0; });
    key.sorts_epoch = epoch;
  }
  auto it = std::lower_bound(
      key.sorts.begin(), key.sorts.end(), sort,
      [](const SortLoad& l, std::string_view s) { return std::string_view(l.sort) < s; });
  if (it != key.sorts.end() && it->sort == sort) {
    it->units += units;
  } else if (key.sorts.size() < kMaxTalliedSortKeys) {
    key.sorts.insert(it, SortLoad{std::string(sort), units});
  }
}

std::vector<std::string> KeyspaceLimiter::CollectionLabels() const {
  std::vector<std::string> labels;
  bool any = false;
  for (std::int64_t i = 0; i < map_.count() && !any; ++i) any = map_.CollectionPart(i);
  if (!any) return labels;
  labels.resize(static_cast<std::size_t>(map_.count()));
  auto sort_label = [this](std::string_view encoded) {
    AttributeValue value;
    std::string_view in = encoded;
    if (!keycodec::DecodeComponent(limits_.sort_key.type, &in, &value)) {
      return std::string("(undecodable sort key)");
    }
    Item item;
    item[limits_.sort_key.name.empty() ? "sk" : limits_.sort_key.name] = std::move(value);
    return KeyLabel(item);
  };
  for (std::int64_t i = 0; i < map_.count(); ++i) {
    if (!map_.CollectionPart(i)) continue;
    const std::string_view from = map_.FirstSort(i);
    const std::string_view before = i + 1 < map_.count() ? map_.FirstSort(i + 1) : "";
    // A partition may end inside one collection and begin inside another: both are named.
    std::string& label = labels[static_cast<std::size_t>(i)];
    if (!from.empty()) {
      label = LabelOf(std::string(map_.FirstKey(i))) + " from " + sort_label(from);
      if (!before.empty() && map_.FirstHash(i + 1) == map_.FirstHash(i)) {
        label += " before " + sort_label(before);
        continue;
      }
    }
    if (!before.empty()) {
      if (!label.empty()) label += "; ";
      label += LabelOf(std::string(map_.FirstKey(i + 1))) + " before " + sort_label(before);
    }
  }
  return labels;
}

void KeyspaceLimiter::GrowForData(std::uint64_t size_bytes, std::int64_t now_micros) {
  size_bytes_ = size_bytes;
  Grow(now_micros);
  if (overrides_.partitions || !configured_) return;
  // A partition that passes 10 GB splits in two (docs/capacity.md §2). Keys spread over the
  // hash space, so a partition holds the share of the data its hash range is of the whole.
  for (std::int64_t i = 0; i < map_.count();) {
    const std::uint64_t first = map_.FirstHash(i), last = map_.LastHash(i);
    const auto share = static_cast<unsigned __int128>(last - first) + 1;
    const auto bytes = static_cast<std::uint64_t>((share * size_bytes) >> 64);
    if (bytes > kPartitionDataBytes && first != last) {
      SplitPartition(i, first + (last - first) / 2 + 1,
                     now_micros);  // look at the lower half again
    } else {
      ++i;
    }
  }
}

void KeyspaceLimiter::Grow(std::int64_t now_micros) {
  if (overrides_.partitions || !configured_) return;
  SplitTo(NeededPartitions(now_micros), now_micros);
}

WarmCapacity KeyspaceLimiter::Warm(std::int64_t now_micros) {
  if (limits_.mode == CapacityMode::kOnDemand) return scaler_.CapacityAt(now_micros);
  return WarmCapacity{std::max(limits_.read_units, limits_.warm_read_units),
                      std::max(limits_.write_units, limits_.warm_write_units)};
}

KeyspaceLimiter::KeyState& KeyspaceLimiter::KeyFor(const std::string& key,
                                                   std::int64_t now_micros) {
  auto it = keys_.find(key);
  if (it != keys_.end()) return it->second;
  if (keys_.size() >= prune_at_) PruneKeys(now_micros);
  return keys_
      .emplace(key, KeyState{TokenBucket(PartitionReadRate(), kOneSecond, now_micros),
                             TokenBucket(PartitionWriteRate(), kOneSecond, now_micros),
                             {}})
      .first->second;
}

bool KeyspaceLimiter::KeyCapped(const KeyDemand& k) const {
  return !k.key.empty() && !map_.SplitsCollection(k.hash);
}

void KeyspaceLimiter::PruneKeys(std::int64_t now_micros) {
  // A key whose buckets have refilled and whose history left the window is indistinguishable
  // from one never seen: dropping it changes no decision and no report.
  for (auto it = keys_.begin(); it != keys_.end();) {
    KeyState& state = it->second;
    const bool forgettable =
        state.read.Full(now_micros) && state.write.Full(now_micros) && state.usage.Idle(now_micros);
    it = forgettable ? keys_.erase(it) : std::next(it);
  }
  if (keys_.size() >= kTrackedKeys) ForgetLeastUsedKeys(kTrackedKeys / 2, now_micros);
  // The next prune once the state has doubled, and no later than kTrackedKeys unless the keys
  // it may not forget are that many already.
  const std::size_t doubled = 2 * keys_.size();
  prune_at_ = keys_.size() >= kTrackedKeys
                  ? doubled
                  : std::clamp<std::size_t>(doubled, kTrackedKeys / 2, kTrackedKeys);
}

void KeyspaceLimiter::ForgetLeastUsedKeys(std::size_t keep, std::int64_t now_micros) {
  // Only keys whose buckets are full and which tally no sort keys: forgetting one changes no
  // admission (it comes back with full buckets) and no split for a collection; what it loses is
  // its share of the window's usage, which keeps the reports' top keys exact for every key
  // used more than the ones forgotten.
  struct Candidate {
    HalfUnits score;
    decltype(keys_)::iterator it;
  };
  std::vector<Candidate> candidates;
  candidates.reserve(keys_.size());
  for (auto it = keys_.begin(); it != keys_.end(); ++it) {
    KeyState& state = it->second;
    if (!state.read.Full(now_micros) || !state.write.Full(now_micros) || !state.sorts.empty())
      continue;
    const UsageTotals t = state.usage.Sum(now_micros);
    // A throttle weighs as much as a partition's second of writes: a throttled key is the one a
    // report must name.
    const HalfUnits score =
        t.read + t.write + (t.read_throttles + t.write_throttles) * PartitionWriteRate();
    candidates.push_back(Candidate{score, it});
  }
  const std::size_t busy = keys_.size() - candidates.size();
  const std::size_t kept = keep > busy ? keep - busy : 0;
  if (candidates.size() <= kept) return;
  std::nth_element(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(kept),
                   candidates.end(),
                   [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
  for (auto c = candidates.begin() + static_cast<std::ptrdiff_t>(kept); c != candidates.end(); ++c)
    keys_.erase(c->it);
}

void KeyspaceLimiter::Check(std::span<const KeyDemand> keys, std::int64_t now_micros,
                            std::vector<LimitHit>* hits) {
  HalfUnits read = 0;
  HalfUnits write = 0;
  Sums<std::int64_t> by_partition;
  Sums<std::string> by_key;
  for (const KeyDemand& k : keys) {
    read += k.read;
    write += k.write;
    by_partition.Add(map_.PartitionOf(k.hash, k.sort), k.read, k.write);
    // Empty: a Scan's partition share; a split collection is capped by its parts' partitions.
    if (KeyCapped(k)) by_key.Add(k.key, k.read, k.write);
  }
  auto hit = [&](bool is_write, LimitKind kind) {
    const LimitHit h{is_write, kind};
    if (std::find(hits->begin(), hits->end(), h) == hits->end()) hits->push_back(h);
  };
  // Key range first: it is the most specific cause, and what the user must fix by key design.
  for (const auto& p : by_partition.entries) {
    Partition& partition = partitions_[static_cast<std::size_t>(p.id)];
    if (p.read > 0 && !partition.read.HasTokens(now_micros)) hit(false, LimitKind::kKeyRange);
    if (p.write > 0 && !partition.write.HasTokens(now_micros)) hit(true, LimitKind::kKeyRange);
  }
  for (const auto& k : by_key.entries) {
    auto it = keys_.find(k.id);
    if (it == keys_.end()) {
      // A key never seen has full buckets, which admit anything (token_bucket.h).
      continue;
    }
    if (k.read > 0 && !it->second.read.HasTokens(now_micros)) hit(false, LimitKind::kKeyRange);
    if (k.write > 0 && !it->second.write.HasTokens(now_micros)) hit(true, LimitKind::kKeyRange);
  }
  const bool provisioned = limits_.mode == CapacityMode::kProvisioned;
  const LimitKind table_kind = provisioned ? LimitKind::kProvisioned : LimitKind::kAccountLimit;
  if (read > 0 && !table_read_.HasTokens(now_micros)) hit(false, table_kind);
  if (write > 0 && !table_write_.HasTokens(now_micros)) hit(true, table_kind);
  if (read > 0 && !max_read_.HasTokens(now_micros)) hit(false, LimitKind::kMaxOnDemand);
  if (write > 0 && !max_write_.HasTokens(now_micros)) hit(true, LimitKind::kMaxOnDemand);
}

void KeyspaceLimiter::Consume(std::span<const KeyDemand> keys, std::int64_t now_micros) {
  UsageTotals total;
  for (const KeyDemand& k : keys) {
    total.read += k.read;
    total.write += k.write;
    const UsageTotals delta{k.read, k.write, 0, 0};
    const std::int64_t index = map_.PartitionOf(k.hash, k.sort);
    Partition& partition = partitions_[static_cast<std::size_t>(index)];
    if (k.read > 0) partition.read.Take(k.read, now_micros);
    if (k.write > 0) partition.write.Take(k.write, now_micros);
    partition.usage.Record(now_micros, delta);
    HalfUnits key_second = 0;
    if (!k.key.empty()) {  // empty: a Scan's partition share, no key to charge
      KeyState& key = KeyFor(k.key, now_micros);
      if (KeyCapped(k)) {
        if (k.read > 0) key.read.Take(k.read, now_micros);
        if (k.write > 0) key.write.Take(k.write, now_micros);
      }
      key.usage.Record(now_micros, delta);
      TallySort(key, index, k.sort, k.read + k.write, false, now_micros);
      const UsageTotals second = key.usage.Current(now_micros);
      key_second = second.read + second.write;
    }
    history_.RecordConsumed(now_micros, index, k.read, k.write, k.key, k.hash, key_second);
    NoteHeat(index, now_micros);
  }
  if (total.read > 0) {
    table_read_.Take(total.read, now_micros);
    max_read_.Take(total.read, now_micros);
  }
  if (total.write > 0) {
    table_write_.Take(total.write, now_micros);
    max_write_.Take(total.write, now_micros);
  }
  if (limits_.mode == CapacityMode::kOnDemand) scaler_.Record(total.read, total.write, now_micros);
  usage_.Record(now_micros, total);
}

void KeyspaceLimiter::RecordThrottled(std::span<const KeyDemand> keys, std::int64_t now_micros) {
  bool any_read = false;
  bool any_write = false;
  Sums<std::int64_t> by_partition;
  Sums<std::string> by_key;
  for (const KeyDemand& k : keys) {
    any_read |= k.read > 0;
    any_write |= k.write > 0;
    const std::int64_t index = map_.PartitionOf(k.hash, k.sort);
    by_partition.Add(index, k.read, k.write);
    if (!k.key.empty()) {
      by_key.Add(k.key, k.read, k.write);
      // The load offered, not only the load served, is what divides a collection.
      TallySort(KeyFor(k.key, now_micros), index, k.sort, k.read + k.write, true, now_micros);
    }
  }
  // One throttled request counts once per table, partition and key it touched.
  auto event = [](HalfUnits read, HalfUnits write) {
    return UsageTotals{0, 0, read > 0 ? 1 : 0, write > 0 ? 1 : 0};
  };
  for (const auto& p : by_partition.entries) {
    partitions_[static_cast<std::size_t>(p.id)].usage.Record(now_micros, event(p.read, p.write));
    history_.RecordThrottled(now_micros, p.id, p.read > 0, p.write > 0, {}, 0);
  }
  for (const auto& k : by_key.entries) {
    KeyFor(k.id, now_micros).usage.Record(now_micros, event(k.read, k.write));
    // Names the key among its cell's hottest (the partition's count is taken above).
    const std::uint64_t hash = keycodec::PartitionHash(k.id);
    history_.RecordThrottled(now_micros, map_.PartitionOf(hash), false, false, k.id, hash);
  }
  // After the keys are recorded: a split for heat reads their load. Highest partition first, so
  // that a split does not move the ones still to note.
  std::vector<std::int64_t> touched;
  for (const auto& p : by_partition.entries) touched.push_back(p.id);
  std::sort(touched.rbegin(), touched.rend());
  for (const std::int64_t i : touched) NoteHeat(i, now_micros);
  usage_.Record(now_micros, UsageTotals{0, 0, any_read ? 1 : 0, any_write ? 1 : 0});
}

std::string KeyspaceLimiter::LabelOf(const std::string& key) const {
  // enc(component) for each partition key attribute, in order (value/key_codec.h).
  Item item;
  std::string_view in = key;
  for (const KeyPart& part : limits_.partition_key) {
    AttributeValue value;
    if (!keycodec::DecodeComponent(part.type, &in, &value)) return "(undecodable key)";
    item[part.name] = std::move(value);
  }
  return KeyLabel(item);
}

KeyspaceCapacity KeyspaceLimiter::Report(std::int64_t now_micros, std::size_t top_n,
                                         std::int64_t history_seconds) {
  KeyspaceCapacity report;
  report.name = limits_.name;
  report.arn = limits_.arn;
  const bool provisioned = limits_.mode == CapacityMode::kProvisioned;
  report.billing_mode = provisioned ? "PROVISIONED" : "PAY_PER_REQUEST";
  auto per_second = [&](const TokenBucket& table, const TokenBucket& max) {
    HalfUnits rate = table.rate();
    if (!max.unlimited()) rate = std::min(rate, max.rate());
    return rate / 2;
  };
  report.read_units_per_second = per_second(table_read_, max_read_);
  report.write_units_per_second = per_second(table_write_, max_write_);
  auto available = [&](TokenBucket& table, TokenBucket& max) {
    HalfUnits held = table.Available(now_micros);
    if (!max.unlimited()) held = std::min(held, max.Available(now_micros));
    return ToUnits(held);
  };
  report.read_units_available = available(table_read_, max_read_);
  report.write_units_available = available(table_write_, max_write_);
  report.partition_read_units_per_second = PartitionReadRate() / 2;
  report.partition_write_units_per_second = PartitionWriteRate() / 2;
  report.usage = UsageOf(usage_.Sum(now_micros));
  const std::vector<std::string> collections = CollectionLabels();
  for (std::int64_t i = 0; i < map_.count(); ++i) {
    PartitionCapacity partition;
    partition.index = i;
    partition.first_hash = map_.FirstHash(i);
    partition.last_hash = map_.LastHash(i);
    partition.first_sort_key = std::string(map_.FirstSort(i));
    if (!collections.empty()) partition.item_collection = collections[static_cast<std::size_t>(i)];
    const UsageWindow& usage = partitions_[static_cast<std::size_t>(i)].usage;
    partition.usage = UsageOf(usage.Sum(now_micros));
    const SecondTotals peak = usage.Peak(now_micros, PartitionReadRate(), PartitionWriteRate());
    partition.peak_second = UsageOf(peak.totals);
    partition.peak_second_micros = peak.second * 1'000'000;
    partition.current_second = UsageOf(usage.Current(now_micros));
    report.partitions.push_back(std::move(partition));
  }
  struct Ranked {
    const std::string* key;
    UsageTotals totals;
  };
  std::vector<Ranked> ranked;
  for (const auto& [key, state] : keys_) {
    UsageTotals totals = state.usage.Sum(now_micros);
    if (!totals.empty()) ranked.push_back(Ranked{&key, totals});
  }
  auto top = [&](auto score) {
    std::vector<KeyCapacity> out;
    // Highest score first; ties in key order, so that reports are repeatable.
    std::sort(ranked.begin(), ranked.end(), [&](const Ranked& a, const Ranked& b) {
      const std::int64_t sa = score(a.totals);
      const std::int64_t sb = score(b.totals);
      return sa != sb ? sa > sb : *a.key < *b.key;
    });
    for (const Ranked& r : ranked) {
      if (out.size() >= top_n || score(r.totals) == 0) break;
      out.push_back(KeyCapacity{LabelOf(*r.key), map_.PartitionOf(keycodec::PartitionHash(*r.key)),
                                UsageOf(r.totals)});
    }
    return out;
  };
  report.top_keys_by_consumption = top([](const UsageTotals& t) { return t.read + t.write; });
  report.top_keys_by_throttles =
      top([](const UsageTotals& t) { return t.read_throttles + t.write_throttles; });
  if (history_seconds > 0) {
    report.history = history_.Report(now_micros, history_seconds,
                                     [this](const std::string& key) { return LabelOf(key); });
  }
  return report;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
