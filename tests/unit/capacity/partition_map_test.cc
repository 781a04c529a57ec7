// PartitionMap: contiguous hash ranges, the same boundaries as parallel-scan segments; the
// partition counts of docs/capacity.md §2.
#include "capacity/partition_map.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

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

TEST(PartitionMap, ACollectionSplitBySortKeyPlacesItsItemsByTheirSortKey) {
  PartitionMap map(2);
  const std::uint64_t hash = 0x1234;
  ASSERT_TRUE(map.SplitCollectionAt(0, hash, "pk", "m"));
  ASSERT_EQ(map.count(), 3);
  EXPECT_EQ(map.LastHash(0), hash);  // ends inside the collection
  EXPECT_EQ(map.FirstHash(1), hash);
  EXPECT_EQ(map.FirstSort(1), "m");
  EXPECT_EQ(map.LastHash(1), map.FirstHash(2) - 1);
  EXPECT_TRUE(map.SplitsCollection(hash));
  EXPECT_FALSE(map.SplitsCollection(hash + 1));
  EXPECT_EQ(map.PartitionOf(hash), 0);  // a Query of the collection: its first part
  EXPECT_EQ(map.PartitionOf(hash, "a"), 0);
  EXPECT_EQ(map.PartitionOf(hash, "m"), 1);
  EXPECT_EQ(map.PartitionOf(hash, "z"), 1);
  EXPECT_EQ(map.PartitionOf(hash - 1, "z"), 0);
  EXPECT_EQ(map.PartitionOf(hash + 1), 1);  // the hashes after the collection
  EXPECT_EQ(map.PartitionOf(map.FirstHash(2)), 2);
  // Boundaries stay strictly inside the partition, and never empty.
  EXPECT_FALSE(map.SplitCollectionAt(1, hash, "pk", "m"));
  EXPECT_FALSE(map.SplitCollectionAt(1, hash, "pk", "a"));
  EXPECT_FALSE(map.SplitCollectionAt(0, hash, "pk", ""));
  ASSERT_TRUE(map.SplitCollectionAt(1, hash, "pk", "t"));
  EXPECT_EQ(map.PartitionOf(hash, "s"), 1);
  EXPECT_EQ(map.PartitionOf(hash, "t"), 2);
  EXPECT_EQ(map.PartitionOf(hash + 1), 2);
  // A hash split of the upper part leaves the collection's boundaries as they were.
  ASSERT_TRUE(map.SplitAt(2, hash + 100));
  EXPECT_EQ(map.PartitionOf(hash, "u"), 2);
  EXPECT_EQ(map.PartitionOf(hash + 100), 3);
  // What a report lists rebuilds the same map; a list out of order gives the plain one.
  std::vector<std::uint64_t> firsts;
  std::vector<std::string> sorts, keys;
  for (std::int64_t i = 0; i < map.count(); ++i) {
    firsts.push_back(map.FirstHash(i));
    sorts.emplace_back(map.FirstSort(i));
    keys.emplace_back(map.FirstKey(i));
  }
  const PartitionMap copy = PartitionMap::FromBoundaries(firsts, sorts, keys);
  ASSERT_EQ(copy.count(), map.count());
  EXPECT_EQ(copy.PartitionOf(hash, "t"), 2);
  EXPECT_EQ(copy.FirstKey(1), "pk");
  std::swap(sorts[1], sorts[2]);
  EXPECT_EQ(PartitionMap::FromBoundaries(firsts, sorts, keys).FirstSort(1), "");
}

}  // namespace partition_map_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
