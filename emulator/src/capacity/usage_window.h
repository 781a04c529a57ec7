// UsageWindow: what one table, partition or partition key value consumed and how often it was
// throttled over a recent window (docs/capacity.md §5, what CloudWatch and Contributor Insights
// show). Kept as per-second slots, only for seconds with activity, so a cold key costs one slot
// and a hot one at most `window` slots; slots older than the window are dropped as time moves.
// Not thread-safe: its owner locks.
#pragma once

#include <cstdint>
#include <vector>

#include "capacity/capacity_units.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {

// Totals over a window.
struct UsageTotals {
  HalfUnits read = 0;
  HalfUnits write = 0;
  std::int64_t read_throttles = 0;  // requests throttled
  std::int64_t write_throttles = 0;
  bool empty() const {
    return read == 0 && write == 0 && read_throttles == 0 && write_throttles == 0;
  }
  void Add(const UsageTotals& o) {
    read += o.read;
    write += o.write;
    read_throttles += o.read_throttles;
    write_throttles += o.write_throttles;
  }
};

// One second's totals; `second` is the clock's micros / 1,000,000.
struct SecondTotals {
  std::int64_t second = 0;
  UsageTotals totals;
};

class UsageWindow {
 public:
  static constexpr std::int64_t kDefaultWindowSeconds = 60;

  // Adds `delta` to the second that `now_micros` falls in.
  void Record(std::int64_t now_micros, const UsageTotals& delta,
              std::int64_t window_seconds = kDefaultWindowSeconds);
  // Sums the seconds in (now - window, now].
  UsageTotals Sum(std::int64_t now_micros,
                  std::int64_t window_seconds = kDefaultWindowSeconds) const;
  // The busiest second in (now - window, now]: the one whose reads or writes came nearest
  // `read_rate` / `write_rate` (half-units a second: the caps), more throttles breaking a tie
  // — what a partition's peak looks like against its caps, which a window's average hides.
  // Totals all zero when nothing was recorded in the window.
  SecondTotals Peak(std::int64_t now_micros, HalfUnits read_rate, HalfUnits write_rate,
                    std::int64_t window_seconds = kDefaultWindowSeconds) const;
  // What the second `now_micros` falls in has recorded so far.
  UsageTotals Current(std::int64_t now_micros) const;
  // True when nothing was recorded within the window (the owner may drop it).
  bool Idle(std::int64_t now_micros, std::int64_t window_seconds = kDefaultWindowSeconds) const;

 private:
  struct Slot {
    std::int64_t second;
    UsageTotals totals;
  };
  static std::int64_t SecondOf(std::int64_t micros);
  std::vector<Slot> slots_;  // ascending seconds; at most a window's worth
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
