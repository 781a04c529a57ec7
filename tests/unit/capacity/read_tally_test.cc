// ReadTally and SpreadRead: a page's read cost placed on the partitions that served it.
#include "capacity/read_tally.h"

#include <gtest/gtest.h>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {
namespace read_tally_test {

TEST(ReadTally, ItemsInTheSameRegionOfTheHashSpaceShareARun) {
  ReadTally tally;
  tally.Add(0x0000'0000'0000'0001, 100);
  tally.Add(0x0000'ffff'ffff'ffff, 50);
  tally.Add(0x0001'0000'0000'0000, 10);
  tally.Add(0x8000'0000'0000'0000, 40);
  EXPECT_EQ(tally.total_bytes(), 200u);
  ASSERT_EQ(tally.runs().size(), 3u);
  EXPECT_EQ(tally.runs()[0].bytes, 150u);
  EXPECT_EQ(tally.runs()[2].hash, 0x8000'0000'0000'0000u);
}

TEST(ReadTally, SpreadSharesTheCostByBytesAndAddsUpExactly) {
  ReadTally tally;
  tally.Add(0x1000'0000'0000'0000, 1);
  tally.Add(0x5000'0000'0000'0000, 1);
  tally.Add(0x9000'0000'0000'0000, 1);
  std::vector<KeyDemand> demands = SpreadRead(tally, 2, 0);
  HalfUnits sum = 0;
  for (const KeyDemand& d : demands) {
    EXPECT_TRUE(d.key.empty());
    EXPECT_EQ(d.write, 0);
    sum += d.read;
  }
  EXPECT_EQ(sum, 2);
  EXPECT_EQ(demands.size(), 2u);  // a run whose share rounds to nothing is left out

  ReadTally lopsided;
  lopsided.Add(0x1000'0000'0000'0000, 3000);
  lopsided.Add(0x9000'0000'0000'0000, 1000);
  demands = SpreadRead(lopsided, 8, 0);
  ASSERT_EQ(demands.size(), 2u);
  EXPECT_EQ(demands[0].read, 6);
  EXPECT_EQ(demands[1].read, 2);
}

TEST(ReadTally, AnEmptyPageStillPaysItsMinimum) {
  std::vector<KeyDemand> demands = SpreadRead(ReadTally(), 1, 42);
  ASSERT_EQ(demands.size(), 1u);
  EXPECT_EQ(demands[0].hash, 42u);
  EXPECT_EQ(demands[0].read, 1);
}

}  // namespace read_tally_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
