// Split of an item collection by sort key (docs/capacity.md §10), exact on the virtual clock:
// a partition hot for heat_split_seconds whose load is one partition key value of many sort
// keys, in a table without an LSI, splits that collection at the sort key that divides its load,
// and its two parts then serve it at a partition's full rate each; with an LSI the collection
// stays whole and throttles at 1,000 WCU/s; one hot item (one sort key) throttles at exactly
// 1,000 WCU/s whatever happens.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "capacity/keyspace_limiter.h"
#include "limiter_offers.h"
#include "value/key_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {
namespace collection_split_test {

constexpr std::int64_t kSecond = 1'000'000;
constexpr HalfUnits kFiftyWcu = 100;
// 2,000 WCU a second, twice a partition's cap: 40 writes of 50 WCU (40 sort keys, so that the
// load divides evenly; 2,000 is no whole multiple of 30).
constexpr int kSortKeys = 40;

std::string SortOf(int n) {
  char name[16];
  std::snprintf(name, sizeof name, "item#%02d", n);
  std::string sort;
  keycodec::AppendComponent(AttributeValue::S(name), &sort);
  return sort;
}

// One write of 50 WCU to item (tenant#7, item#NN) for each of `sorts`.
std::vector<KeyDemand> Writes(const std::vector<int>& sorts) {
  std::vector<KeyDemand> writes;
  for (int n : sorts) {
    KeyDemand k;
    keycodec::AppendComponent(AttributeValue::S("tenant#7"), &k.key);
    k.hash = keycodec::PartitionHash(k.key);
    k.sort = SortOf(n);
    k.write = kFiftyWcu;
    writes.push_back(std::move(k));
  }
  return writes;
}

std::vector<int> AllSortKeys() {
  std::vector<int> sorts;
  for (int n = 0; n < kSortKeys; ++n) sorts.push_back(n);
  return sorts;
}

KeyspaceLimiter TableLimiter(bool with_local_index, std::int64_t heat_seconds = 300) {
  KeyspaceLimits limits;
  limits.name = "tenants";
  limits.mode = CapacityMode::kOnDemand;
  limits.partition_key = {{"pk", AttributeType::kS}};
  limits.sort_key = {"sk", AttributeType::kS};
  limits.has_local_index = with_local_index;
  ScalingParameters scaling;
  scaling.heat_split_seconds = heat_seconds;
  KeyspaceLimiter limiter;
  limiter.Configure(limits, {}, 0, scaling);
  return limiter;
}

TEST(CollectionSplit, OneKeyOfManySortKeysThrottlesUntilItsCollectionSplitsThenNot) {
  KeyspaceLimiter limiter = TableLimiter(/*with_local_index=*/false);
  ASSERT_EQ(limiter.partitions().count(), 4);
  const std::vector<KeyDemand> writes = Writes(AllSortKeys());
  // 2,000 WCU offered each second: the key's (and its partition's) 1,000 are served.
  for (std::int64_t s = 0; s < 299; ++s) {
    ASSERT_EQ(OfferEach(limiter, writes, s * kSecond), 20) << "second " << s;
  }
  EXPECT_EQ(limiter.partitions().count(), 4);
  // The 300th hot second splits the collection at the sort key that halves its load.
  OfferEach(limiter, writes, 299 * kSecond);
  ASSERT_EQ(limiter.partitions().count(), 5);
  const std::uint64_t hash = writes[0].hash;
  const std::int64_t lower = limiter.partitions().PartitionOf(hash);
  EXPECT_EQ(limiter.partitions().FirstHash(lower + 1), hash);
  EXPECT_EQ(limiter.partitions().FirstSort(lower + 1), SortOf(20));
  EXPECT_TRUE(limiter.partitions().SplitsCollection(hash));
  EXPECT_EQ(limiter.partitions().PartitionOf(hash, SortOf(19)), lower);
  EXPECT_EQ(limiter.partitions().PartitionOf(hash, SortOf(20)), lower + 1);
  // Each part now serves its 1,000 WCU: all 2,000 are admitted.
  for (std::int64_t s = 300; s < 320; ++s) {
    ASSERT_EQ(OfferEach(limiter, writes, s * kSecond), kSortKeys) << "second " << s;
  }
  // The report and the heat map name the collection and the range each part holds.
  const KeyspaceCapacity report = limiter.Report(320 * kSecond, 3, 5);
  ASSERT_EQ(report.partitions.size(), 5u);
  const auto at = static_cast<std::size_t>(lower);
  EXPECT_EQ(report.partitions[at].item_collection,
            R"({"pk":{"S":"tenant#7"}} before {"sk":{"S":"item#20"}})");
  EXPECT_EQ(report.partitions[at + 1].item_collection,
            R"({"pk":{"S":"tenant#7"}} from {"sk":{"S":"item#20"}})");
  EXPECT_EQ(report.partitions[at + 1].first_hash, hash);
  EXPECT_EQ(report.partitions[at].last_hash, hash);
  ASSERT_FALSE(report.history.empty());
  EXPECT_EQ(report.history.back().partitions[at + 1].item_collection,
            report.partitions[at + 1].item_collection);
  EXPECT_DOUBLE_EQ(report.history.back().partitions[at].usage.write_units, 0);  // second 320
  const KeyspaceCapacity busy = limiter.Report(319 * kSecond + 1, 3, 1);
  EXPECT_DOUBLE_EQ(busy.history.back().partitions[at].usage.write_units, 1000);
  EXPECT_DOUBLE_EQ(busy.history.back().partitions[at + 1].usage.write_units, 1000);
}

TEST(CollectionSplit, ATableWithALocalIndexKeepsItsCollectionWholeAndThrottling) {
  KeyspaceLimiter limiter = TableLimiter(/*with_local_index=*/true);
  const std::vector<KeyDemand> writes = Writes(AllSortKeys());
  for (std::int64_t s = 0; s < 900; ++s) {
    ASSERT_EQ(OfferEach(limiter, writes, s * kSecond), 20) << "second " << s;
  }
  EXPECT_EQ(limiter.partitions().count(), 4);
  EXPECT_FALSE(limiter.partitions().SplitsCollection(writes[0].hash));
}

TEST(CollectionSplit, OneHotItemKeepsThrottlingAtExactlyAThousandWcu) {
  KeyspaceLimiter limiter = TableLimiter(/*with_local_index=*/false);
  // The same 2,000 WCU a second, all to one item.
  const std::vector<KeyDemand> writes = Writes(std::vector<int>(kSortKeys, 3));
  for (std::int64_t s = 0; s < 900; ++s) {
    ASSERT_EQ(OfferEach(limiter, writes, s * kSecond), 20) << "second " << s;
  }
  EXPECT_EQ(limiter.partitions().count(), 4);
}

TEST(CollectionSplit, APartOfACollectionSplitsAgainWhileItStaysHot) {
  // Short runs: 10 s. 4,000 WCU offered to 40 sort keys: the first split leaves two parts of
  // 2,000 each, still hot, which split again into four that serve it all.
  KeyspaceLimiter limiter = TableLimiter(/*with_local_index=*/false, 10);
  std::vector<int> twice = AllSortKeys();
  twice.insert(twice.end(), twice.begin(), twice.end());
  const std::vector<KeyDemand> writes = Writes(twice);
  for (std::int64_t s = 0; s < 9; ++s) ASSERT_EQ(OfferEach(limiter, writes, s * kSecond), 20);
  OfferEach(limiter, writes, 9 * kSecond);  // splits part-way through the second
  ASSERT_EQ(limiter.partitions().count(), 5);
  // The parts' runs begin in the second of the split (they throttle in it): their tenth hot
  // second is second 18.
  for (std::int64_t s = 10; s < 18; ++s) ASSERT_EQ(OfferEach(limiter, writes, s * kSecond), 40);
  OfferEach(limiter, writes, 18 * kSecond);
  ASSERT_EQ(limiter.partitions().count(), 7);
  const std::uint64_t hash = writes[0].hash;
  const std::int64_t first = limiter.partitions().PartitionOf(hash);
  EXPECT_EQ(limiter.partitions().FirstSort(first + 1), SortOf(10));
  EXPECT_EQ(limiter.partitions().FirstSort(first + 2), SortOf(20));
  EXPECT_EQ(limiter.partitions().FirstSort(first + 3), SortOf(30));
  EXPECT_EQ(OfferEach(limiter, writes, 19 * kSecond), 2 * kSortKeys);
}

}  // namespace collection_split_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
