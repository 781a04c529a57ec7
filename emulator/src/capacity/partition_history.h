// PartitionHistory: what each partition of one key space consumed, second by second, over the
// last few minutes — the console's heat map (docs/console.md, "Heat map"). For every second with
// activity it keeps, per partition, the RCU and WCU consumed, the requests throttled and the
// three keys that consumed the most in that second, together with the partition layout (the
// hash ranges) as it was then, so that splits show as more rows from the second they happened.
//
// Bounded: a ring of `seconds` slots, each sized to the partitions; a second's cells are
// allocated when the second begins, never per request (the hot path adds to counters and keeps
// a three-entry list). A cell is about 180 bytes, so a key space of 4 partitions busy every
// second holds about 210 KB; one never used holds nothing. Not thread-safe: its owner
// (KeyspaceLimiter, under TableLimiter's lock) locks.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "capacity/capacity_units.h"
#include "capacity/partition_map.h"
#include "ddbemu/capacity_report.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {

class PartitionHistory {
 public:
  static constexpr std::int64_t kDefaultSeconds = kCapacityHistorySeconds;
  static constexpr std::size_t kHottestKeys = 3;

  explicit PartitionHistory(std::int64_t seconds = kDefaultSeconds);

  // The layout from `now_micros` on (a split, or a new partition count); the seconds before keep
  // theirs. `split` is the partition that split into `split` and `split + 1`, which keeps what
  // the current second recorded on their rows; -1 when the layout was replaced (the current
  // second's figures restart at zero). `labels`, empty or one per partition, name the item
  // collection and sort key range of a partition that holds part of one (docs/capacity.md §10).
  void SetLayout(const PartitionMap& map, std::int64_t now_micros, std::int64_t split = -1,
                 std::vector<std::string> labels = {});

  // Adds consumption to `partition` in the second of `now_micros`. `key` is the partition key
  // (storage encoding; empty for a Scan's share of a partition), `key_hash` its hash (compared
  // before the bytes) and `key_second_units` what it has consumed in this second so far, which
  // ranks it among the cell's hottest keys.
  void RecordConsumed(std::int64_t now_micros, std::int64_t partition, HalfUnits read,
                      HalfUnits write, const std::string& key, std::uint64_t key_hash,
                      HalfUnits key_second_units);
  // Counts one throttled read and/or write request against `partition`, and against `key` when
  // it is among the cell's hottest (or there is room for it).
  void RecordThrottled(std::int64_t now_micros, std::int64_t partition, bool read, bool write,
                       const std::string& key, std::uint64_t key_hash);

  // The seconds in (now - seconds, now], oldest first, each with the layout in place then
  // (a second without activity has the layout of the one before it and zero figures). `label`
  // turns a stored key into its DynamoDB JSON.
  template <class Label>
  std::vector<CapacitySecond> Report(std::int64_t now_micros, std::int64_t seconds,
                                     const Label& label) const;

  std::int64_t seconds() const { return seconds_; }

 private:
  struct HotKey {
    std::uint64_t hash = 0;
    HalfUnits units = 0;
    std::int64_t throttles = 0;
    std::string key;  // empty: unused
  };
  struct Cell {
    HalfUnits read = 0;
    HalfUnits write = 0;
    std::int64_t read_throttles = 0;
    std::int64_t write_throttles = 0;
    std::array<HotKey, kHottestKeys> keys;  // in no order: Render sorts them
    HotKey* Find(const std::string& key, std::uint64_t hash);
  };
  struct LayoutRows {
    std::vector<std::uint64_t> first, last;  // each partition's hash range
    std::vector<std::string> labels;         // empty, or one per partition
    std::size_t size() const { return first.size(); }
  };
  using Layout = std::shared_ptr<const LayoutRows>;
  struct Slot {
    std::int64_t second = -1;  // -1: never used
    Layout layout;
    std::vector<Cell> cells;
  };
  static std::int64_t SecondOf(std::int64_t micros);
  // The cell of `partition` in the current second, beginning the second if it is new; null for
  // a partition the layout does not have.
  Cell* CellFor(std::int64_t now_micros, std::int64_t partition);
  const Slot* SlotAt(std::int64_t second) const;
  static CapacitySecond Empty(std::int64_t second, const Layout& layout);
  template <class Label>
  static CapacitySecond Render(const Slot& slot, const Label& label);

  std::int64_t seconds_;
  // Slot of second s: slots_[s % seconds_]; empty until the first record, so that a key space
  // never used costs nothing.
  std::vector<Slot> slots_;
  std::int64_t latest_ = -1;  // the latest second recorded
  std::int64_t latest_start_micros_ = 0;
  std::size_t latest_slot_ = 0;  // its index in slots_ (an index: the history may be copied)
  Layout layout_;
};

template <class Label>
CapacitySecond PartitionHistory::Render(const Slot& slot, const Label& label) {
  CapacitySecond out = Empty(slot.second, slot.layout);
  for (std::size_t i = 0; i < out.partitions.size() && i < slot.cells.size(); ++i) {
    const Cell& cell = slot.cells[i];
    PartitionSecond& p = out.partitions[i];
    p.usage = CapacityUsage{ToUnits(cell.read), ToUnits(cell.write), cell.read_throttles,
                            cell.write_throttles};
    std::array<const HotKey*, kHottestKeys> keys;
    std::size_t used = 0;
    for (const HotKey& k : cell.keys) {
      if (!k.key.empty()) keys[used++] = &k;
    }
    std::sort(keys.begin(), keys.begin() + used, [](const HotKey* a, const HotKey* b) {
      if (a->units != b->units) return a->units > b->units;
      return a->throttles > b->throttles;
    });
    for (std::size_t k = 0; k < used; ++k) {
      p.hottest_keys.push_back(
          HotKeyCapacity{label(keys[k]->key), ToUnits(keys[k]->units), keys[k]->throttles});
    }
  }
  return out;
}

template <class Label>
std::vector<CapacitySecond> PartitionHistory::Report(std::int64_t now_micros, std::int64_t seconds,
                                                     const Label& label) const {
  std::vector<CapacitySecond> out;
  if (!layout_) return out;
  seconds = std::min<std::int64_t>(std::max<std::int64_t>(seconds, 0), this->seconds());
  const std::int64_t now = SecondOf(now_micros);
  // Walk back to find the layout in place before the first second shown.
  Layout layout;
  for (std::int64_t s = now - seconds; s > now - this->seconds() && !layout; --s) {
    if (const Slot* slot = SlotAt(s)) layout = slot->layout;
  }
  if (!layout) {
    // Nothing earlier in the ring: the oldest shown second that has a slot, else today's.
    for (std::int64_t s = now - seconds + 1; s <= now && !layout; ++s) {
      if (const Slot* slot = SlotAt(s)) layout = slot->layout;
    }
    if (!layout) layout = layout_;
  }
  out.reserve(static_cast<std::size_t>(seconds));
  for (std::int64_t s = now - seconds + 1; s <= now; ++s) {
    if (const Slot* slot = SlotAt(s)) {
      out.push_back(Render(*slot, label));
      layout = slot->layout;
    } else {
      // After the latest recorded second, the layout is today's (a split needs no traffic).
      out.push_back(Empty(s, s > latest_ ? layout_ : layout));
    }
  }
  return out;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
