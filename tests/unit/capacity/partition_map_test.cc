// PartitionMap: contiguous hash ranges, the same boundaries as parallel-scan segments; the
// partition counts of docs/capacity.md §2.
#include "capacity/partition_map.h"

#include <gtest/gtest.h>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {
namespace partition_map_test {

TEST(PartitionCount, ProvisionedTablesGetEnoughPartitionsForThroughputAndData) {
  EXPECT_EQ(ProvisionedPartitionCount(5, 5, 0), 1);
  EXPECT_EQ(ProvisionedPartitionCount(3000, 0, 0), 1);
  EXPECT_EQ(ProvisionedPartitionCount(3001, 0, 0), 2);
  EXPECT_EQ(ProvisionedPartitionCount(3000, 1000, 0), 2);
  EXPECT_EQ(ProvisionedPartitionCount(1500, 1500, 0), 2);  // 0.5 + 1.5
  EXPECT_EQ(ProvisionedPartitionCount(1501, 1500, 0), 3);
  EXPECT_EQ(ProvisionedPartitionCount(0, 10'000, 0), 10);
  EXPECT_EQ(ProvisionedPartitionCount(5, 5, (std::uint64_t{10} << 30) * 3 + 1), 4);
}

TEST(PartitionCount, OnDemandTablesStartWithFour) {
  EXPECT_EQ(OnDemandPartitionCount(0), 4);
  EXPECT_EQ(OnDemandPartitionCount((std::uint64_t{10} << 30) * 5), 5);
}

TEST(PartitionMap, PartitionsAreContiguousHashRangesCoveringTheSpace) {
  for (std::int64_t n : {1, 2, 3, 4, 7, 10, 1000}) {
    PartitionMap map(n);
    EXPECT_EQ(map.FirstHash(0), 0u);
    EXPECT_EQ(map.LastHash(n - 1), UINT64_MAX);
    for (std::int64_t i = 0; i < n; ++i) {
      EXPECT_EQ(map.PartitionOf(map.FirstHash(i)), i) << n << " " << i;
      EXPECT_EQ(map.PartitionOf(map.LastHash(i)), i) << n << " " << i;
      if (i + 1 < n) {
        EXPECT_EQ(map.LastHash(i) + 1, map.FirstHash(i + 1));
      }
    }
  }
}

TEST(PartitionMap, BoundariesAreScanSegmentBoundaries) {
  // storage::ScanSegmentRange: segment i of n starts at i * 2^64 / n (floored).
  PartitionMap map(3);
  EXPECT_EQ(map.FirstHash(1), 0x5555555555555555u);
  EXPECT_EQ(map.FirstHash(2), 0xAAAAAAAAAAAAAAAAu);
  EXPECT_EQ(map.PartitionOf(0x5555555555555554u), 0);
  EXPECT_EQ(map.PartitionOf(0x5555555555555555u), 1);
}

}  // namespace partition_map_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
