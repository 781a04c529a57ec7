#include "capacity/usage_window.h"

#include <algorithm>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {

std::int64_t UsageWindow::SecondOf(std::int64_t micros) {
  return micros >= 0 ? micros / 1'000'000 : -((-micros + 999'999) / 1'000'000);
}

void UsageWindow::Record(std::int64_t now_micros, const UsageTotals& delta,
                         std::int64_t window_seconds) {
  const std::int64_t second = SecondOf(now_micros);
  std::size_t expired = 0;
  while (expired < slots_.size() && slots_[expired].second <= second - window_seconds) ++expired;
  if (expired > 0)
    slots_.erase(slots_.begin(), slots_.begin() + static_cast<std::ptrdiff_t>(expired));
  if (!slots_.empty() && slots_.back().second >= second) {
    // The clock may step back (clock.h); charge the latest slot rather than reorder.
    slots_.back().totals.Add(delta);
    return;
  }
  slots_.push_back(Slot{second, delta});
}

UsageTotals UsageWindow::Sum(std::int64_t now_micros, std::int64_t window_seconds) const {
  const std::int64_t second = SecondOf(now_micros);
  UsageTotals sum;
  for (const Slot& slot : slots_) {
    if (slot.second > second - window_seconds) sum.Add(slot.totals);
  }
  return sum;
}

SecondTotals UsageWindow::Peak(std::int64_t now_micros, HalfUnits read_rate, HalfUnits write_rate,
                               std::int64_t window_seconds) const {
  const std::int64_t second = SecondOf(now_micros);
  auto share = [&](const UsageTotals& t) {
    const double r = read_rate > 0 ? static_cast<double>(t.read) / read_rate : 0;
    const double w = write_rate > 0 ? static_cast<double>(t.write) / write_rate : 0;
    return std::max(r, w);
  };
  SecondTotals peak{second, {}};
  double peak_share = -1;
  for (const Slot& slot : slots_) {
    if (slot.second <= second - window_seconds) continue;
    const double s = share(slot.totals);
    const std::int64_t throttles = slot.totals.read_throttles + slot.totals.write_throttles;
    const std::int64_t peak_throttles = peak.totals.read_throttles + peak.totals.write_throttles;
    if (s > peak_share || (s == peak_share && throttles > peak_throttles)) {
      peak = SecondTotals{slot.second, slot.totals};
      peak_share = s;
    }
  }
  return peak;
}

UsageTotals UsageWindow::Current(std::int64_t now_micros) const {
  const std::int64_t second = SecondOf(now_micros);
  if (!slots_.empty() && slots_.back().second == second) return slots_.back().totals;
  return {};
}

bool UsageWindow::Idle(std::int64_t now_micros, std::int64_t window_seconds) const {
  return slots_.empty() || slots_.back().second <= SecondOf(now_micros) - window_seconds;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
