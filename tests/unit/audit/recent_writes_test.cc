// RecentWrites (audit/recent_writes.h): items written since a time are found, an older write is
// not, and a full set gives up its oldest entry.
#include "audit/recent_writes.h"

#include <gtest/gtest.h>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {
namespace recent_writes_test {

TEST(RecentWrites, FindsWritesSinceATimeAndNotOlderOnes) {
  RecentWrites writes(1024);
  EXPECT_FALSE(writes.WrittenSince(42, 0));
  writes.Remember(42, 1000);
  EXPECT_TRUE(writes.WrittenSince(42, 1000));
  EXPECT_FALSE(writes.WrittenSince(42, 1001));
  writes.Remember(42, 5000);  // written again: the later time counts
  EXPECT_TRUE(writes.WrittenSince(42, 4000));
  EXPECT_FALSE(writes.WrittenSince(43, 0));
  writes.Clear();
  EXPECT_FALSE(writes.WrittenSince(42, 0));
}

TEST(RecentWrites, AFullSetEvictsItsOldestEntry) {
  RecentWrites writes(2);  // one set of four ways
  for (std::uint64_t item = 1; item <= 4; ++item) writes.Remember(item << 20, item * 10);
  writes.Remember(5 << 20, 50);
  EXPECT_FALSE(writes.WrittenSince(1 << 20, 0)) << "the oldest gave way";
  for (std::uint64_t item = 2; item <= 5; ++item) EXPECT_TRUE(writes.WrittenSince(item << 20, 0));
}

TEST(RecentWrites, KeepsTheLastWritesOfItsCapacity) {
  // 16,384 distinct items written in order: (nearly) all of the last ones are remembered.
  RecentWrites writes(16384);
  for (std::uint64_t i = 1; i <= 16384; ++i) writes.Remember(i * 0x9e3779b97f4a7c15ULL | 1, i);
  int found = 0;
  for (std::uint64_t i = 1; i <= 16384; ++i) {
    found += writes.WrittenSince(i * 0x9e3779b97f4a7c15ULL | 1, 0) ? 1 : 0;
  }
  EXPECT_GE(found, 16384 * 95 / 100);
}

}  // namespace recent_writes_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit
