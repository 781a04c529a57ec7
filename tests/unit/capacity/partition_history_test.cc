// PartitionHistory, the heat map's per-second history, exact on a virtual clock: consumption
// lands in its second and partition, throttles are counted, each cell names its three hottest
// keys, a split shows as more rows from the second it happened, and seconds older than the ring
// fall out.
#include "capacity/partition_history.h"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "capacity/keyspace_limiter.h"
#include "limiter_offers.h"
#include "value/key_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {
namespace partition_history_test {

constexpr std::int64_t kSecond = 1'000'000;

std::string Plain(const std::string& key) { return key; }

// RecordConsumed with the key's hash (any hash will do: the history compares it first).
void Consume(PartitionHistory& history, std::int64_t now, std::int64_t partition, HalfUnits read,
             HalfUnits write, const std::string& key, HalfUnits key_units) {
  history.RecordConsumed(now, partition, read, write, key, std::hash<std::string>()(key),
                         key_units);
}

KeyDemand WriteDemand(const std::string& name, HalfUnits write) {
  KeyDemand k;
  keycodec::AppendComponent(AttributeValue::S(name), &k.key);
  k.hash = keycodec::PartitionHash(k.key);
  k.write = write;
  return k;
}

TEST(PartitionHistory, ConsumptionLandsInItsSecondAndPartition) {
  PartitionHistory history(10);
  history.SetLayout(PartitionMap(4), 0);
  Consume(history, 7 * kSecond + 10, 2, 6, 0, "a", 6);
  Consume(history, 7 * kSecond + 900'000, 2, 0, 4, "b", 4);
  Consume(history, 8 * kSecond, 0, 2, 0, "c", 2);
  const std::vector<CapacitySecond> seconds = history.Report(9 * kSecond + 5, 4, Plain);
  ASSERT_EQ(seconds.size(), 4u);
  EXPECT_EQ(seconds[0].start_micros, 6 * kSecond);
  EXPECT_EQ(seconds[3].start_micros, 9 * kSecond);
  for (const CapacitySecond& s : seconds) ASSERT_EQ(s.partitions.size(), 4u);
  EXPECT_EQ(seconds[0].partitions[2].usage.read_units, 0);
  EXPECT_EQ(seconds[1].partitions[2].usage.read_units, 3);
  EXPECT_EQ(seconds[1].partitions[2].usage.write_units, 2);
  EXPECT_EQ(seconds[1].partitions[0].usage.read_units, 0);
  EXPECT_EQ(seconds[2].partitions[0].usage.read_units, 1);
  EXPECT_EQ(seconds[3].partitions[0].usage.read_units, 0) << "nothing in second 9";
  // The layout: four quarters of the hash space.
  EXPECT_EQ(seconds[0].partitions[0].first_hash, 0u);
  EXPECT_EQ(seconds[0].partitions[3].last_hash, ~std::uint64_t{0});
  EXPECT_EQ(seconds[0].partitions[1].first_hash, seconds[0].partitions[0].last_hash + 1);
}

TEST(PartitionHistory, NamesTheThreeHottestKeysOfACell) {
  PartitionHistory history(10);
  history.SetLayout(PartitionMap(1), 0);
  const std::int64_t t = 3 * kSecond;
  Consume(history, t, 0, 2, 0, "cool", 2);
  Consume(history, t, 0, 10, 0, "hot", 10);
  Consume(history, t, 0, 4, 0, "warm", 4);
  Consume(history, t, 0, 6, 0, "warmer", 6);  // pushes "cool" out
  Consume(history, t, 0, 10, 0, "warm", 14);  // "warm" is now the hottest
  Consume(history, t, 0, 8, 0, "", 0);        // a Scan's share: no key
  const std::vector<CapacitySecond> seconds = history.Report(t, 1, Plain);
  ASSERT_EQ(seconds.size(), 1u);
  const PartitionSecond& cell = seconds[0].partitions[0];
  EXPECT_EQ(cell.usage.read_units, 20);
  ASSERT_EQ(cell.hottest_keys.size(), 3u);
  EXPECT_EQ(cell.hottest_keys[0].key, "warm");
  EXPECT_EQ(cell.hottest_keys[0].units, 7);
  EXPECT_EQ(cell.hottest_keys[1].key, "hot");
  EXPECT_EQ(cell.hottest_keys[2].key, "warmer");
}

TEST(PartitionHistory, OldSecondsFallOutOfTheRing) {
  PartitionHistory history(5);
  history.SetLayout(PartitionMap(2), 0);
  for (std::int64_t s = 0; s < 12; ++s) Consume(history, s * kSecond, 1, 2 * (s + 1), 0, "k", 0);
  // Asking for more than the ring holds gives what it holds: seconds 7 to 11.
  const std::vector<CapacitySecond> seconds = history.Report(11 * kSecond, 300, Plain);
  ASSERT_EQ(seconds.size(), 5u);
  EXPECT_EQ(seconds.front().start_micros, 7 * kSecond);
  EXPECT_EQ(seconds.front().partitions[1].usage.read_units, 8);
  EXPECT_EQ(seconds.back().partitions[1].usage.read_units, 12);
  // Later, with no traffic, the old seconds are gone and the new ones are empty.
  const std::vector<CapacitySecond> later = history.Report(20 * kSecond, 5, Plain);
  ASSERT_EQ(later.size(), 5u);
  for (const CapacitySecond& s : later) {
    ASSERT_EQ(s.partitions.size(), 2u);
    EXPECT_EQ(s.partitions[1].usage.read_units, 0) << s.start_micros;
  }
}

// Through KeyspaceLimiter: a hot partition is throttled, its throttles are counted in its cell
// with the keys named, and when it splits for heat the history has one more row from that
// second on, the seconds before keeping the layout they had.
TEST(PartitionHistory, KeyspaceLimiterRecordsThrottlesAndSplits) {
  KeyspaceLimits limits;
  limits.name = "tenants";
  limits.mode = CapacityMode::kOnDemand;
  limits.partition_key = {{"pk", AttributeType::kS}};
  ScalingParameters scaling;
  scaling.heat_split_seconds = 2;
  KeyspaceLimiter limiter;
  limiter.Configure(limits, {}, 0, scaling);
  ASSERT_EQ(limiter.partitions().count(), 4);
  // 30 keys of partition 0 asking 50 WCU each a second: 1,500 WCU against its 1,000.
  const PartitionMap quarters(4);
  std::vector<KeyDemand> keys;
  for (int seed = 0; keys.size() < 30; ++seed) {
    KeyDemand k = WriteDemand("tenant#" + std::to_string(seed), 100);
    if (quarters.PartitionOf(k.hash) == 0) keys.push_back(std::move(k));
  }
  const int first = OfferEach(limiter, keys, 10 * kSecond);
  EXPECT_EQ(first, 20);
  OfferEach(limiter, keys, 11 * kSecond);
  ASSERT_EQ(limiter.partitions().count(), 5) << "hot for two seconds: split for heat";

  const KeyspaceCapacity report = limiter.Report(12 * kSecond, 0, 4);
  ASSERT_EQ(report.history.size(), 4u);
  const CapacitySecond& hot = report.history[1];  // second 10
  EXPECT_EQ(hot.start_micros, 10 * kSecond);
  ASSERT_EQ(hot.partitions.size(), 4u);
  EXPECT_EQ(hot.partitions[0].usage.write_units, 1000);
  EXPECT_EQ(hot.partitions[0].usage.write_throttles, 10);
  EXPECT_EQ(hot.partitions[1].usage.write_units, 0);
  ASSERT_EQ(hot.partitions[0].hottest_keys.size(), 3u);
  EXPECT_NE(hot.partitions[0].hottest_keys[0].key.find("tenant#"), std::string::npos);
  EXPECT_EQ(hot.partitions[0].hottest_keys[0].units, 50);
  EXPECT_EQ(report.history[0].partitions.size(), 4u) << "second 9, before the split";
  EXPECT_EQ(report.history[2].partitions.size(), 5u) << "second 11, the split's";
  EXPECT_EQ(report.history[3].partitions.size(), 5u) << "second 12";
  EXPECT_GT(report.history[2].partitions[0].usage.write_units, 0);
}

// A new layout set in a later second leaves the seconds already recorded as they were.
TEST(PartitionHistory, ALaterLayoutLeavesEarlierSecondsAlone) {
  PartitionHistory history(10);
  history.SetLayout(PartitionMap(2), 0);
  Consume(history, 3 * kSecond, 1, 4, 0, "k", 4);
  history.SetLayout(PartitionMap(8), 5 * kSecond);
  Consume(history, 5 * kSecond, 7, 2, 0, "k", 2);
  const std::vector<CapacitySecond> seconds = history.Report(5 * kSecond, 3, Plain);
  ASSERT_EQ(seconds.size(), 3u);
  ASSERT_EQ(seconds[0].partitions.size(), 2u);
  EXPECT_EQ(seconds[0].partitions[1].usage.read_units, 2) << "second 3 kept its figures";
  EXPECT_EQ(seconds[1].partitions.size(), 2u) << "second 4: nothing recorded, the layout then";
  ASSERT_EQ(seconds[2].partitions.size(), 8u);
  EXPECT_EQ(seconds[2].partitions[7].usage.read_units, 1);
}

}  // namespace partition_history_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
