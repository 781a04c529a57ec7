// On-demand scaling (docs/capacity.md §7), exact on the virtual clock: a new on-demand table
// serves 12,000 RCU / 4,000 WCU at once; a second that sets a new peak gives the capacity for
// double that peak once the scaling delay (30 minutes by default) has passed; the partitions
// that carry the capacity split in two, and never merge.
#include "capacity/on_demand_scaling.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "capacity/keyspace_limiter.h"
#include "limiter_offers.h"
#include "value/key_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {
namespace on_demand_scaling_test {

constexpr std::int64_t kSecond = 1'000'000;
constexpr std::int64_t kThirtyMinutes = 30 * 60 * kSecond;

TEST(OnDemandScaler, ANewTableServesTwelveThousandReadsAndFourThousandWrites) {
  OnDemandScaler scaler;
  scaler.Configure({}, {});
  EXPECT_EQ(scaler.CapacityAt(0), (WarmCapacity{12'000, 4'000}));
}

TEST(OnDemandScaler, ANewPeakDoublesTheCapacityThirtyMinutesAfterItsSecondEnds) {
  OnDemandScaler scaler;
  scaler.Configure({}, {});
  // 5,000 WCU served in second 10 (half-units: 10,000).
  scaler.Record(0, 6'000, 10 * kSecond);
  scaler.Record(0, 4'000, 10 * kSecond + 999'999);
  EXPECT_EQ(scaler.Eventual(), (WarmCapacity{12'000, 10'000}));
  const std::int64_t effective = 11 * kSecond + kThirtyMinutes;
  EXPECT_EQ(scaler.CapacityAt(effective - 1), (WarmCapacity{12'000, 4'000}));
  EXPECT_EQ(scaler.CapacityAt(effective), (WarmCapacity{12'000, 10'000}));
}

TEST(OnDemandScaler, TrafficBelowThePreviousPeakChangesNothingAndCapacityNeverDecreases) {
  OnDemandScaler scaler;
  scaler.Configure({}, {});
  scaler.Record(9'000, 0, 0);  // 4,500 RCU: below the initial previous peak of 6,000
  EXPECT_EQ(scaler.CapacityAt(2 * kThirtyMinutes), (WarmCapacity{12'000, 4'000}));
  scaler.Record(30'000, 0, 3 * kThirtyMinutes);  // 15,000 RCU
  EXPECT_EQ(scaler.CapacityAt(5 * kThirtyMinutes), (WarmCapacity{30'000, 4'000}));
  scaler.Record(2, 0, 6 * kThirtyMinutes);
  EXPECT_EQ(scaler.CapacityAt(9 * kThirtyMinutes), (WarmCapacity{30'000, 4'000}));
}

TEST(OnDemandScaler, AWarmThroughputFloorAndAShorterDelayAreParameters) {
  OnDemandScaler scaler;
  ScalingParameters parameters;
  parameters.scale_delay_micros = 60 * kSecond;
  scaler.Configure(parameters, WarmCapacity{20'000, 9'000});
  EXPECT_EQ(scaler.CapacityAt(0), (WarmCapacity{20'000, 9'000}));
  scaler.Record(0, 12'000, 0);  // 6,000 WCU: double is 12,000
  EXPECT_EQ(scaler.CapacityAt(61 * kSecond - 1), (WarmCapacity{20'000, 9'000}));
  EXPECT_EQ(scaler.CapacityAt(61 * kSecond), (WarmCapacity{20'000, 12'000}));
}

// 80 keys, ten in each eighth of the hash space (the partitions of an 8-partition map).
std::vector<KeyDemand> KeysInEighths(HalfUnits write_each) {
  const PartitionMap eighths(8);
  std::vector<int> in(8, 0);
  std::vector<KeyDemand> keys;
  for (int seed = 0; keys.size() < 80; ++seed) {
    KeyDemand k;
    keycodec::AppendComponent(AttributeValue::S("k" + std::to_string(seed)), &k.key);
    k.hash = keycodec::PartitionHash(k.key);
    k.write = write_each;
    auto& count = in[static_cast<std::size_t>(eighths.PartitionOf(k.hash))];
    if (count == 10) continue;
    ++count;
    keys.push_back(std::move(k));
  }
  return keys;
}

TEST(OnDemandScaling, TrafficAtDoubleThePeakThrottlesUntilThePartitionsHaveSplit) {
  KeyspaceLimits limits;
  limits.name = "launch";
  limits.mode = CapacityMode::kOnDemand;
  limits.partition_key = {{"pk", AttributeType::kS}};
  KeyspaceLimiter limiter;
  limiter.Configure(limits, {}, 0);
  ASSERT_EQ(limiter.partitions().count(), 4);
  // 8,000 WCU offered each second (80 keys x 100 WCU), twice what four partitions serve.
  const std::vector<KeyDemand> keys = KeysInEighths(200);
  EXPECT_EQ(OfferEach(limiter, keys, 0), 40);  // 4,000 WCU: each partition's 1,000
  EXPECT_EQ(OfferEach(limiter, keys, kSecond), 40);
  // Second 0's peak of 4,000 WCU gives 8,000 from 1 s + 30 min; until then, still throttled.
  EXPECT_EQ(OfferEach(limiter, keys, kThirtyMinutes), 40);
  limiter.Grow(kSecond + kThirtyMinutes - 1);
  EXPECT_EQ(limiter.partitions().count(), 4);
  EXPECT_EQ(OfferEach(limiter, keys, kSecond + kThirtyMinutes), 80);
  EXPECT_EQ(limiter.partitions().count(), 8);
  EXPECT_EQ(limiter.Warm(kSecond + kThirtyMinutes), (WarmCapacity{12'000, 8'000}));
  // Each partition split into two hash ranges: the halves of the quarters.
  const PartitionMap eighths(8);
  for (std::int64_t i = 0; i < 8; ++i) {
    EXPECT_EQ(limiter.partitions().FirstHash(i), eighths.FirstHash(i)) << i;
  }
  // 8,000 WCU served is the new peak: 16,000 WCU (16 partitions) thirty minutes on.
  limiter.Grow(2 * kSecond + 2 * kThirtyMinutes - 1);
  EXPECT_EQ(limiter.partitions().count(), 8);
  limiter.Grow(2 * kSecond + 2 * kThirtyMinutes);
  EXPECT_EQ(limiter.partitions().count(), 16);
  // Traffic stops: the partitions stay (they never merge), and so does the capacity.
  limiter.Grow(100 * kThirtyMinutes);
  EXPECT_EQ(limiter.partitions().count(), 16);
  EXPECT_EQ(limiter.Warm(100 * kThirtyMinutes), (WarmCapacity{12'000, 16'000}));
  EXPECT_EQ(OfferEach(limiter, keys, 100 * kThirtyMinutes), 80);
}

TEST(OnDemandScaling, AProvisionedKeySpaceDoesNotScaleWithItsTraffic) {
  KeyspaceLimits limits;
  limits.name = "fixed";
  limits.mode = CapacityMode::kProvisioned;
  limits.read_units = 3'000;
  limits.write_units = 4'000;
  limits.partition_key = {{"pk", AttributeType::kS}};
  KeyspaceLimiter limiter;
  limiter.Configure(limits, {}, 0);
  const std::int64_t before = limiter.partitions().count();
  const std::vector<KeyDemand> keys = KeysInEighths(200);
  OfferEach(limiter, keys, 0);
  limiter.Grow(2 * kThirtyMinutes);
  EXPECT_EQ(limiter.partitions().count(), before);
  EXPECT_EQ(limiter.Warm(2 * kThirtyMinutes), (WarmCapacity{3'000, 4'000}));
}

}  // namespace on_demand_scaling_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
