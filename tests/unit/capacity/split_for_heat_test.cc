// Split for heat (docs/capacity.md §10), exact on the virtual clock: a partition that stays hot
// for heat_split_seconds with its load spread over several partition keys splits where that
// load divides, and then serves it; a partition made hot by one key does not split (the key's
// own cap holds it), nor does one below the heat threshold.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "capacity/keyspace_limiter.h"
#include "limiter_offers.h"
#include "value/key_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {
namespace split_for_heat_test {

constexpr std::int64_t kSecond = 1'000'000;
constexpr HalfUnits kFiftyWcu = 100;

KeyDemand Key(const std::string& name, HalfUnits write) {
  KeyDemand k;
  keycodec::AppendComponent(AttributeValue::S(name), &k.key);
  k.hash = keycodec::PartitionHash(k.key);
  k.write = write;
  return k;
}

// `count` distinct keys in the first of four partitions, each asking `write` half-units.
std::vector<KeyDemand> KeysInFirstQuarter(int count, HalfUnits write) {
  const PartitionMap quarters(4);
  std::vector<KeyDemand> keys;
  for (int seed = 0; static_cast<int>(keys.size()) < count; ++seed) {
    KeyDemand k = Key("tenant#" + std::to_string(seed), write);
    if (quarters.PartitionOf(k.hash) == 0) keys.push_back(std::move(k));
  }
  return keys;
}

KeyspaceLimiter OnDemandLimiter(std::int64_t heat_seconds) {
  KeyspaceLimits limits;
  limits.name = "tenants";
  limits.mode = CapacityMode::kOnDemand;
  limits.partition_key = {{"pk", AttributeType::kS}};
  ScalingParameters scaling;
  scaling.heat_split_seconds = heat_seconds;
  KeyspaceLimiter limiter;
  limiter.Configure(limits, {}, 0, scaling);
  return limiter;
}

TEST(SplitForHeat, APartitionHotAcrossManyKeysSplitsAfterItsRunAndThenServesThem) {
  KeyspaceLimiter limiter = OnDemandLimiter(300);
  ASSERT_EQ(limiter.partitions().count(), 4);
  // 1,500 WCU a second offered to one partition (30 keys x 50 WCU): it serves its 1,000.
  const std::vector<KeyDemand> keys = KeysInFirstQuarter(30, kFiftyWcu);
  for (std::int64_t s = 0; s < 299; ++s) {
    ASSERT_EQ(OfferEach(limiter, keys, s * kSecond), 20) << "second " << s;
  }
  EXPECT_EQ(limiter.partitions().count(), 4);
  // The 300th hot second splits it, between the keys that carried its load.
  OfferEach(limiter, keys, 299 * kSecond);
  ASSERT_EQ(limiter.partitions().count(), 5);
  const std::uint64_t split = limiter.partitions().FirstHash(1);
  EXPECT_GT(split, limiter.partitions().FirstHash(0));
  EXPECT_LT(split, PartitionMap(4).FirstHash(1));
  // Each part now takes its share of the 1,500 WCU, within its own 1,000.
  int lower = 0;
  for (const KeyDemand& k : keys) lower += k.hash < split ? 1 : 0;
  EXPECT_GE(lower, 10);
  EXPECT_LE(lower, 20);
  EXPECT_EQ(OfferEach(limiter, keys, 300 * kSecond), 30);
  EXPECT_EQ(OfferEach(limiter, keys, 301 * kSecond), 30);
  EXPECT_EQ(limiter.partitions().count(), 5);
}

TEST(SplitForHeat, OneHotKeyKeepsThrottlingAndItsPartitionDoesNotSplit) {
  KeyspaceLimiter limiter = OnDemandLimiter(300);
  // The same 1,500 WCU a second, all from one key.
  const std::vector<KeyDemand> hot(30, KeysInFirstQuarter(1, kFiftyWcu)[0]);
  for (std::int64_t s = 0; s < 900; ++s) {
    ASSERT_EQ(OfferEach(limiter, hot, s * kSecond), 20) << "second " << s;
  }
  EXPECT_EQ(limiter.partitions().count(), 4);
}

TEST(SplitForHeat, ARunBrokenByAColdSecondStartsAgain) {
  KeyspaceLimiter limiter = OnDemandLimiter(10);
  const std::vector<KeyDemand> keys = KeysInFirstQuarter(30, kFiftyWcu);
  for (std::int64_t s = 0; s < 9; ++s) OfferEach(limiter, keys, s * kSecond);
  // Second 9 passes without traffic: the run of nine hot seconds ends.
  for (std::int64_t s = 10; s < 19; ++s) OfferEach(limiter, keys, s * kSecond);
  EXPECT_EQ(limiter.partitions().count(), 4);
  OfferEach(limiter, keys, 19 * kSecond);  // the tenth second of the new run
  EXPECT_EQ(limiter.partitions().count(), 5);
}

TEST(SplitForHeat, LoadBelowTheThresholdNeverSplits) {
  KeyspaceLimiter limiter = OnDemandLimiter(10);
  // 700 WCU a second: 70% of the partition's cap, under the default 80%.
  const std::vector<KeyDemand> keys = KeysInFirstQuarter(14, kFiftyWcu);
  for (std::int64_t s = 0; s < 100; ++s) ASSERT_EQ(OfferEach(limiter, keys, s * kSecond), 14);
  EXPECT_EQ(limiter.partitions().count(), 4);
}

TEST(SplitForHeat, ZeroSecondsTurnsItOff) {
  KeyspaceLimiter limiter = OnDemandLimiter(0);
  const std::vector<KeyDemand> keys = KeysInFirstQuarter(30, kFiftyWcu);
  for (std::int64_t s = 0; s < 600; ++s) ASSERT_EQ(OfferEach(limiter, keys, s * kSecond), 20);
  EXPECT_EQ(limiter.partitions().count(), 4);
}

TEST(SplitForHeat, AFixedPartitionCountIsKept) {
  KeyspaceLimits limits;
  limits.name = "fixed";
  limits.mode = CapacityMode::kOnDemand;
  limits.partition_key = {{"pk", AttributeType::kS}};
  LimitOverrides overrides;
  overrides.partitions = 4;
  ScalingParameters scaling;
  scaling.heat_split_seconds = 5;
  KeyspaceLimiter limiter;
  limiter.Configure(limits, overrides, 0, scaling);
  const std::vector<KeyDemand> keys = KeysInFirstQuarter(30, kFiftyWcu);
  for (std::int64_t s = 0; s < 20; ++s) OfferEach(limiter, keys, s * kSecond);
  EXPECT_EQ(limiter.partitions().count(), 4);
}

}  // namespace split_for_heat_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
