// UsageWindow: per-second totals over the last minute.
#include "capacity/usage_window.h"

#include <gtest/gtest.h>

namespace ddbemu::capacity {
namespace {

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

}  // namespace
}  // namespace ddbemu::capacity
