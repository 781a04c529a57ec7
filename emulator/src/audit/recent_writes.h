// RecentWrites: the items written lately, for the audit's "read right after a write" and
// "consistent read of an item not just written" checks. Fixed memory and no allocation per
// write (it is on every write's path): a 4-way set-associative table of (item hash, time); a
// write to a full set evicts that set's oldest entry. Sized so that the last `capacity` writes
// average two per set: an item is forgotten early only when more than four of those writes
// share its set, and then the oldest one goes, which is the one least likely to matter.
// Not thread-safe: AccessAudit locks.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {

class RecentWrites {
 public:
  explicit RecentWrites(std::size_t capacity)
      : sets_(std::bit_ceil(std::max<std::size_t>(1, capacity / 2))) {}

  // `item` (a non-zero hash) was written at `now`.
  void Remember(std::uint64_t item, std::int64_t now) {
    if (slots_.empty()) slots_.resize(sets_ * kWays);  // the first write pays for the table
    Slot* set = SetOf(item);
    Slot* target = &set[0];
    for (std::size_t w = 0; w < kWays; ++w) {
      if (set[w].item == item || set[w].item == 0) {
        target = &set[w];
        break;
      }
      if (set[w].at < target->at) target = &set[w];
    }
    *target = Slot{item, now};
  }

  // Whether `item` was written at `since` or later.
  bool WrittenSince(std::uint64_t item, std::int64_t since) const {
    if (slots_.empty()) return false;
    const Slot* set = SetOf(item);
    for (std::size_t w = 0; w < kWays; ++w) {
      if (set[w].item == item) return set[w].at >= since;
    }
    return false;
  }

  void Clear() { slots_.clear(); }

 private:
  static constexpr std::size_t kWays = 4;
  struct Slot {
    std::uint64_t item = 0;
    std::int64_t at = 0;
  };
  // The set of an item: its hash's high bits (the low ones are often the hash's `| 1`).
  Slot* SetOf(std::uint64_t item) { return &slots_[((item >> 17) & (sets_ - 1)) * kWays]; }
  const Slot* SetOf(std::uint64_t item) const {
    return &slots_[((item >> 17) & (sets_ - 1)) * kWays];
  }

  std::size_t sets_;
  std::vector<Slot> slots_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit
