// UsageWindow: per-second totals over the last minute.
#include "capacity/usage_window.h"

#include <gtest/gtest.h>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {
namespace usage_window_test {

constexpr std::int64_t kSecond = 1'000'000;

TEST(UsageWindow, SumsTheLastWindowOfSeconds) {
  UsageWindow window;
  window.Record(0, {2, 0, 0, 0});
  window.Record(kSecond / 2, {2, 4, 1, 0});
  window.Record(30 * kSecond, {0, 6, 0, 2});
  UsageTotals at_59 = window.Sum(59 * kSecond + 999'999);
  EXPECT_EQ(at_59.read, 4);
  EXPECT_EQ(at_59.write, 10);
  EXPECT_EQ(at_59.read_throttles, 1);
  EXPECT_EQ(at_59.write_throttles, 2);
  UsageTotals at_60 = window.Sum(60 * kSecond);  // second 0 has left the window
  EXPECT_EQ(at_60.read, 0);
  EXPECT_EQ(at_60.write, 6);
  EXPECT_FALSE(window.Idle(89 * kSecond));
  EXPECT_TRUE(window.Idle(90 * kSecond));
}

TEST(UsageWindow, PeakIsTheSecondNearestItsCapsAndCurrentTheSecondNow) {
  UsageWindow window;
  // Rates: 10 half-units of reads, 4 of writes a second.
  window.Record(1 * kSecond, {8, 0, 0, 0});  // reads at 80% of their cap
  window.Record(5 * kSecond, {0, 4, 0, 3});  // writes at 100%, throttled: the peak
  window.Record(9 * kSecond, {2, 2, 0, 0});  // 50%
  SecondTotals peak = window.Peak(9 * kSecond + 10, 10, 4);
  EXPECT_EQ(peak.second, 5);
  EXPECT_EQ(peak.totals.write, 4);
  EXPECT_EQ(peak.totals.write_throttles, 3);
  EXPECT_EQ(window.Current(9 * kSecond + 10).write, 2);
  EXPECT_EQ(window.Current(10 * kSecond).write, 0) << "a new second has consumed nothing yet";
  // Once second 5 leaves the window, the peak is the busiest second left.
  peak = window.Peak(65 * kSecond, 10, 4);
  EXPECT_EQ(peak.second, 9);
  EXPECT_EQ(peak.totals.read, 2);
  EXPECT_EQ(window.Peak(200 * kSecond, 10, 4).totals.read, 0);
}

}  // namespace usage_window_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
