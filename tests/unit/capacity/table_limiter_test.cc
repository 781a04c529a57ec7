// TableLimiter and ThroughputRegistry: admission by every bucket a request touches, exact
// under a virtual clock (docs/capacity.md §2–§4).
#include "capacity/table_limiter.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "capacity/throughput_registry.h"
#include "limiter_offers.h"
#include "value/key_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {
namespace table_limiter_test {

constexpr std::int64_t kSecond = 1'000'000;
constexpr const char* kTableArn = "arn:aws:dynamodb:us-east-1:000000000000:table/t";
constexpr const char* kIndexArn = "arn:aws:dynamodb:us-east-1:000000000000:table/t/index/gsi";

KeyspaceLimits OnDemand(std::string name, std::string arn) {
  KeyspaceLimits k;
  k.name = std::move(name);
  k.arn = std::move(arn);
  k.mode = CapacityMode::kOnDemand;
  k.partition_key = {{"pk", AttributeType::kS}};
  return k;
}

KeyspaceLimits Provisioned(std::int64_t rcu, std::int64_t wcu) {
  KeyspaceLimits k = OnDemand("t", kTableArn);
  k.mode = CapacityMode::kProvisioned;
  k.read_units = rcu;
  k.write_units = wcu;
  return k;
}

TableLimits Table(KeyspaceLimits table, std::vector<KeyspaceLimits> gsis = {}) {
  TableLimits limits;
  limits.table_id = "id-1";
  limits.table = std::move(table);
  limits.global_indexes = std::move(gsis);
  return limits;
}

// The demand of a partition key value "S" as ops/ builds it.
KeyDemand Key(const std::string& value, HalfUnits read, HalfUnits write) {
  KeyDemand k;
  keycodec::AppendComponent(AttributeValue::S(value), &k.key);
  k.hash = keycodec::PartitionHash(k.key);
  k.read = read;
  k.write = write;
  return k;
}

// A key that falls in partition `partition` of `count` (found by trying names).
KeyDemand KeyInPartition(std::int64_t partition, std::int64_t count, int* seed, HalfUnits write) {
  PartitionMap map(count);
  for (;; ++*seed) {
    KeyDemand k = Key("k" + std::to_string(*seed), 0, write);
    if (map.PartitionOf(k.hash) == partition) {
      ++*seed;
      return k;
    }
  }
}

Demand WriteTo(KeyDemand key) {
  Demand d;
  d.table.push_back(std::move(key));
  return d;
}

class TableLimiterTest : public ::testing::Test {
 protected:
  Status Admit(const TableLimits& limits, const Demand& demand, std::int64_t now) {
    return limiter_.Admit(limits, 0, {}, {}, demand, now);
  }
  TableLimiter limiter_;
};

TEST_F(TableLimiterTest, TwoThousandOneKBWritesToOneKeyInOneInstantAdmitOneThousand) {
  const TableLimits limits = Table(OnDemand("t", kTableArn));
  int admitted = 0;
  int throttled = 0;
  for (int i = 0; i < 2000; ++i) {
    Status s = Admit(limits, WriteTo(Key("hot", 0, 2)), 0);
    if (s.ok()) {
      ++admitted;
      continue;
    }
    ++throttled;
    ASSERT_EQ(s.error().code(), ErrorCode::kProvisionedThroughputExceeded);
    ASSERT_EQ(s.error().throttling_reasons.size(), 1u);
    EXPECT_EQ(s.error().throttling_reasons[0].reason, "TableWriteKeyRangeThroughputExceeded");
    EXPECT_EQ(s.error().throttling_reasons[0].resource_arn, kTableArn);
  }
  EXPECT_EQ(admitted, 1000);
  EXPECT_EQ(throttled, 1000);
}

TEST_F(TableLimiterTest, TheSameWritesSpreadOverPartitionsAreAllAdmitted) {
  const TableLimits limits = Table(OnDemand("t", kTableArn));  // 4 partitions
  int seed = 0;
  for (int i = 0; i < 2000; ++i) {
    ASSERT_TRUE(Admit(limits, WriteTo(KeyInPartition(i % 4, 4, &seed, 2)), 0).ok()) << i;
  }
}

TEST_F(TableLimiterTest, AHotKeyRecoversAsTimeAdvances) {
  const TableLimits limits = Table(OnDemand("t", kTableArn));
  for (int i = 0; i < 1000; ++i) ASSERT_TRUE(Admit(limits, WriteTo(Key("hot", 0, 2)), 0).ok());
  EXPECT_FALSE(Admit(limits, WriteTo(Key("hot", 0, 2)), 0).ok());
  // Any tokens admit (here 0.001 WCU after 1 µs); the write leaves 0.999 WCU of debt, repaid
  // at 1 WCU per ms.
  EXPECT_TRUE(Admit(limits, WriteTo(Key("hot", 0, 2)), 1).ok());
  EXPECT_FALSE(Admit(limits, WriteTo(Key("hot", 0, 2)), 1 + kSecond / 1000 - 1).ok());
  EXPECT_TRUE(Admit(limits, WriteTo(Key("hot", 0, 2)), 1 + kSecond / 1000).ok());
}

TEST_F(TableLimiterTest, ReadsOfAHotKeyAreCappedAtThreeThousandUnits) {
  const TableLimits limits = Table(OnDemand("t", kTableArn));
  int admitted = 0;
  Status last;
  for (int i = 0; i < 7000; ++i) {
    Demand d;
    d.table.push_back(Key("hot", 1, 0));  // eventually consistent: half a unit
    last = Admit(limits, d, 0);
    admitted += last.ok();
  }
  EXPECT_EQ(admitted, 6000);
  ASSERT_FALSE(last.ok());
  EXPECT_EQ(last.error().throttling_reasons[0].reason, "TableReadKeyRangeThroughputExceeded");
  EXPECT_EQ(last.error().message().substr(0, 56),
            "Throughput exceeds the current capacity of your table or");
}

TEST_F(TableLimiterTest, AProvisionedTableBurstsThenThrottlesThenRecovers) {
  // 100 WCU: one partition (1,000 WCU/s), 30,000 WCU of burst credit. Sixty 10 KB writes per
  // second (600 WCU/s) drain the credit by 500 WCU/s.
  const TableLimits limits = Table(Provisioned(5, 100));
  int seed = 0;
  auto second = [&](std::int64_t t, int writes) {
    int admitted = 0;
    for (int i = 0; i < writes; ++i) {
      Status s = Admit(limits, WriteTo(KeyInPartition(0, 1, &seed, 20)), t * kSecond);
      if (s.ok()) {
        ++admitted;
      } else {
        EXPECT_EQ(s.error().throttling_reasons[0].reason,
                  "TableWriteProvisionedThroughputExceeded");
        EXPECT_EQ(s.error().message(),
                  "The level of configured provisioned throughput for the table was exceeded. "
                  "Consider increasing your provisioning level with the UpdateTable API.");
      }
    }
    return admitted;
  };
  for (int t = 0; t <= 58; ++t) ASSERT_EQ(second(t, 60), 60) << "second " << t;
  EXPECT_EQ(second(59, 60), 50);  // 500 WCU of credit left: 50 writes
  EXPECT_EQ(second(60, 60), 10);  // from now on, the provisioned 100 WCU/s
  EXPECT_EQ(second(61, 60), 10);
  // Idle for 20 seconds: 2,000 WCU of credit again, drained by 500 WCU/s.
  EXPECT_EQ(second(81, 60), 60);
  EXPECT_EQ(second(82, 60), 60);
  EXPECT_EQ(second(83, 60), 60);
  EXPECT_EQ(second(84, 60), 50);
  EXPECT_EQ(second(85, 60), 10);
}

TEST_F(TableLimiterTest, AHotGsiPartitionThrottlesTheBaseTableWrite) {
  const TableLimits limits = Table(OnDemand("t", kTableArn), {OnDemand("gsi", kIndexArn)});
  auto write = [&](int i, std::int64_t now) {
    Demand d;
    d.table.push_back(Key("item" + std::to_string(i), 0, 2));
    d.global_indexes.push_back({"gsi", {Key("status#open", 0, 2)}});
    return Admit(limits, d, now);
  };
  for (int i = 0; i < 1000; ++i) ASSERT_TRUE(write(i, 0).ok()) << i;
  Status s = write(1000, 0);
  ASSERT_FALSE(s.ok());
  ASSERT_EQ(s.error().throttling_reasons.size(), 1u);
  EXPECT_EQ(s.error().throttling_reasons[0].reason, "IndexWriteKeyRangeThroughputExceeded");
  EXPECT_EQ(s.error().throttling_reasons[0].resource_arn, kIndexArn);
  EXPECT_EQ(s.error().message(),
            "Throughput exceeds the current capacity for one or more global secondary indexes. "
            "DynamoDB is automatically scaling your index so please try again shortly.");
  // The throttled write took nothing, from the table or the index; it counts as throttled on
  // both.
  TableCapacityReport report = limiter_.Report(limits, 0, {}, 0, 10);
  EXPECT_DOUBLE_EQ(report.table.usage.write_units, 1000);
  EXPECT_EQ(report.table.usage.write_throttles, 1);
  ASSERT_EQ(report.global_secondary_indexes.size(), 1u);
  EXPECT_DOUBLE_EQ(report.global_secondary_indexes[0].usage.write_units, 1000);
  EXPECT_EQ(report.global_secondary_indexes[0].usage.write_throttles, 1);
  EXPECT_EQ(report.global_secondary_indexes[0].top_keys_by_throttles[0].key,
            R"({"pk":{"S":"status#open"}})");
}

TEST_F(TableLimiterTest, OnDemandMaximaAndQuotaAreTableLevelLimits) {
  KeyspaceLimits table = OnDemand("t", kTableArn);
  table.max_write_request_units = 10;
  const TableLimits limits = Table(table);
  int seed = 0;
  for (int i = 0; i < 10; ++i)
    ASSERT_TRUE(Admit(limits, WriteTo(KeyInPartition(i % 4, 4, &seed, 2)), 0).ok());
  Status s = Admit(limits, WriteTo(KeyInPartition(0, 4, &seed, 2)), 0);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().throttling_reasons[0].reason, "TableWriteMaxOnDemandThroughputExceeded");
}

TEST_F(TableLimiterTest, OverridesChangeTheDefaults) {
  const TableLimits limits = Table(OnDemand("t", kTableArn));
  std::map<std::string, LimitOverrides> overrides;
  overrides[""].partitions = 1;
  overrides[""].partition_write_units = 10;
  overrides[""].table_write_units = 5;
  int seed = 0;
  auto admit = [&](int partition) {
    return limiter_.Admit(limits, 1, overrides, {}, WriteTo(KeyInPartition(partition, 1, &seed, 2)),
                          0);
  };
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(admit(0).ok());
  Status s = admit(0);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().throttling_reasons[0].reason, "TableWriteAccountLimitExceeded");
  TableCapacityReport report = limiter_.Report(limits, 1, overrides, 0, 5);
  EXPECT_EQ(report.table.partitions.size(), 1u);
  EXPECT_EQ(report.table.partition_write_units_per_second, 10);
  EXPECT_EQ(report.table.write_units_per_second, 5);
}

TEST_F(TableLimiterTest, ReportShowsUsageByPartitionAndTopKeys) {
  const TableLimits limits = Table(OnDemand("t", kTableArn));
  for (int i = 0; i < 1001; ++i) (void)Admit(limits, WriteTo(Key("hot", 0, 2)), 0);
  ASSERT_TRUE(Admit(limits, WriteTo(Key("cold", 0, 2)), kSecond / 2).ok());
  Demand read;
  read.table.push_back(Key("cold", 1, 0));
  ASSERT_TRUE(Admit(limits, read, kSecond).ok());
  TableCapacityReport report = limiter_.Report(limits, 0, {}, 2 * kSecond, 10);
  EXPECT_EQ(report.window_seconds, 60);
  EXPECT_EQ(report.table.billing_mode, "PAY_PER_REQUEST");
  EXPECT_EQ(report.table.partitions.size(), 4u);
  EXPECT_DOUBLE_EQ(report.table.usage.write_units, 1001);
  EXPECT_DOUBLE_EQ(report.table.usage.read_units, 0.5);
  EXPECT_EQ(report.table.usage.write_throttles, 1);
  ASSERT_EQ(report.table.top_keys_by_consumption.size(), 2u);
  EXPECT_EQ(report.table.top_keys_by_consumption[0].key, R"({"pk":{"S":"hot"}})");
  EXPECT_DOUBLE_EQ(report.table.top_keys_by_consumption[0].usage.write_units, 1000);
  EXPECT_EQ(report.table.top_keys_by_consumption[1].key, R"({"pk":{"S":"cold"}})");
  ASSERT_EQ(report.table.top_keys_by_throttles.size(), 1u);
  EXPECT_EQ(report.table.top_keys_by_throttles[0].usage.write_throttles, 1);
  double partition_writes = 0;
  for (const auto& p : report.table.partitions) partition_writes += p.usage.write_units;
  EXPECT_DOUBLE_EQ(partition_writes, 1001);
  // A minute later the window has moved past it all.
  TableCapacityReport later = limiter_.Report(limits, 0, {}, 62 * kSecond, 10);
  EXPECT_DOUBLE_EQ(later.table.usage.write_units, 0);
  EXPECT_TRUE(later.table.top_keys_by_consumption.empty());
}

// A table of millions of items read at random touches a new partition key value with almost
// every request: the per-key state must be bounded by what the last second keeps busy, not by
// the keys read in the report's minute.
TEST(KeyspaceLimiterKeys, ManyColdKeysLeaveABoundedStateAndTheHotKeyOnTop) {
  KeyspaceLimiter limiter;
  LimitOverrides eight;
  eight.partitions = 8;
  limiter.Configure(OnDemand("t", kTableArn), eight, 0);
  ASSERT_EQ(OfferEach(limiter, std::vector<KeyDemand>(400, Key("hot", 0, 2)), 0), 400);
  std::size_t most = 0;
  for (int i = 0; i < 100'000; ++i) {  // 10,000 reads a second for 10 s, each of a new key
    const std::int64_t now = kSecond + i * 100;
    ASSERT_EQ(OfferEach(limiter, {Key("cold" + std::to_string(i), 1, 0)}, now), 1) << i;
    most = std::max(most, limiter.tracked_keys());
  }
  EXPECT_LE(most, KeyspaceLimiter::kTrackedKeys);
  const KeyspaceCapacity report = limiter.Report(11 * kSecond, 3);
  ASSERT_EQ(report.top_keys_by_consumption.size(), 3u);
  EXPECT_EQ(report.top_keys_by_consumption[0].key, R"({"pk":{"S":"hot"}})");
  EXPECT_DOUBLE_EQ(report.top_keys_by_consumption[0].usage.write_units, 400);
  EXPECT_DOUBLE_EQ(report.usage.read_units, 50'000);  // the key space's own total stays exact
}

// Forgetting keys never forgets a debt: a key whose bucket is short of full keeps its state
// through any number of other keys, so it stays throttled after partitions are added.
TEST(KeyspaceLimiterKeys, AKeyInDebtIsNeverForgotten) {
  KeyspaceLimiter limiter;
  LimitOverrides eight;
  eight.partitions = 8;
  limiter.Configure(OnDemand("t", kTableArn), eight, 0);
  const KeyDemand hot = Key("hot", 0, 60'000);  // 30,000 WCU: 30 s of the key's cap in debt
  limiter.Consume({&hot, 1}, 0);
  for (int i = 0; i < 50'000; ++i)
    ASSERT_EQ(OfferEach(limiter, {Key("cold" + std::to_string(i), 1, 0)}, i * 100), 1) << i;
  LimitOverrides sixteen;
  sixteen.partitions = 16;  // new partitions, with full buckets
  limiter.Configure(OnDemand("t", kTableArn), sixteen, 5 * kSecond);
  std::vector<LimitHit> hits;
  const KeyDemand one_write = Key("hot", 0, 2);
  limiter.Check({&one_write, 1}, 5 * kSecond, &hits);
  EXPECT_EQ(hits, (std::vector<LimitHit>{{true, LimitKind::kKeyRange}}));
}

TEST(ThroughputRegistry, TablesAreIndependentAndOverridesApplyByName) {
  VirtualClock clock(0);
  ThroughputRegistry registry(clock);
  TableLimits a = Table(OnDemand("t", kTableArn));
  TableLimits b = a;
  b.table_id = "id-2";
  for (int i = 0; i < 1000; ++i) ASSERT_TRUE(registry.Admit(a, {}, WriteTo(Key("hot", 0, 2))).ok());
  EXPECT_FALSE(registry.Admit(a, {}, WriteTo(Key("hot", 0, 2))).ok());
  EXPECT_TRUE(registry.Admit(b, {}, WriteTo(Key("hot", 0, 2))).ok());  // a recreated table

  LimitOverrides o;
  o.partition_write_units = 2000;
  registry.SetOverrides("", "t", "", o);
  EXPECT_EQ(registry.Report(a, 1).table.partition_write_units_per_second, 2000);  // applied now
  clock.AdvanceMicros(kSecond / 1000);  // 1 ms: 2 WCU at the new cap, 1 at the old
  EXPECT_TRUE(registry.Admit(a, {}, WriteTo(Key("hot", 0, 4))).ok());
  EXPECT_EQ(registry.Report(a, 1).table.partition_write_units_per_second, 2000);
  registry.SetOverrides("", "t", "", {});
  EXPECT_EQ(registry.Report(a, 1).table.partition_write_units_per_second, 1000);
}

TEST(ThroughputRegistry, DataBeyondTenGigabytesPerPartitionAddsPartitions) {
  VirtualClock clock(0);
  ThroughputRegistry registry(clock);
  const TableLimits limits = Table(Provisioned(5, 5));
  // 20 GB and two bytes on one partition: it split in two at 10 GB, and each half has now
  // passed 10 GB in turn (by a byte): four partitions of a quarter of the hash space each.
  const std::uint64_t sizes[] = {(std::uint64_t{10} << 30) * 2 + 2};
  ASSERT_TRUE(registry.Admit(limits, sizes, WriteTo(Key("a", 0, 2))).ok());
  const TableCapacityReport report = registry.Report(limits, 1);
  ASSERT_EQ(report.table.partitions.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(report.table.partitions[i].first_hash,
              PartitionMap(4).FirstHash(static_cast<std::int64_t>(i)));
  }
}

TEST(ThroughputRegistry, APartitionSplitsWhenItsShareOfTheDataPassesTenGigabytes) {
  constexpr std::uint64_t kGB = std::uint64_t{1} << 30;
  VirtualClock clock(0);
  ThroughputRegistry registry(clock);
  const TableLimits limits = Table(OnDemand("t", kTableArn));
  // A new on-demand table's four partitions hold 9.75 GB each at 39 GB: no split.
  const std::uint64_t under[] = {39 * kGB};
  ASSERT_TRUE(registry.Admit(limits, under, WriteTo(Key("a", 0, 2))).ok());
  EXPECT_EQ(registry.Report(limits, 1).table.partitions.size(), 4u);
  // At 41 GB each holds 10.25 GB, and each splits: eight, and eight partitions' throughput.
  clock.AdvanceMicros(kSecond);
  const std::uint64_t over[] = {41 * kGB};
  ASSERT_TRUE(registry.Admit(limits, over, WriteTo(Key("a", 0, 2))).ok());
  const TableCapacityReport report = registry.Report(limits, 1);
  ASSERT_EQ(report.table.partitions.size(), 8u);
  for (std::size_t i = 0; i < 8; ++i) {
    EXPECT_EQ(report.table.partitions[i].first_hash,
              PartitionMap(8).FirstHash(static_cast<std::int64_t>(i)));
  }
}

TEST(ThroughputRegistry, AdmitAllTakesEveryTableOrNone) {
  VirtualClock clock(0);
  ThroughputRegistry registry(clock);
  TableLimits a = Table(OnDemand("t", kTableArn));
  TableLimits b = Table(OnDemand("u", "arn:aws:dynamodb:us-east-1:000000000000:table/u"));
  b.table_id = "id-2";
  for (int i = 0; i < 1000; ++i) ASSERT_TRUE(registry.Admit(b, {}, WriteTo(Key("hot", 0, 2))).ok());
  const Demand on_a = WriteTo(Key("fresh", 0, 2));
  const Demand on_b = WriteTo(Key("hot", 0, 2));
  const FixedTableSource source_a(a), source_b(b);
  const ThroughputRegistry::TableDemand both[] = {{&source_a, &on_a}, {&source_b, &on_b}};
  std::vector<Throttle> throttles = registry.AdmitAll(both);
  ASSERT_EQ(throttles.size(), 1u);
  EXPECT_EQ(throttles[0].table_id, "id-2");
  EXPECT_EQ(throttles[0].index, "");
  // Nothing was taken from table a: its report shows no consumption, one throttled request.
  TableCapacityReport report = registry.Report(a, 1);
  EXPECT_DOUBLE_EQ(report.table.usage.write_units, 0);
  EXPECT_EQ(report.table.usage.write_throttles, 1);
  clock.AdvanceMicros(kSecond);
  EXPECT_TRUE(registry.AdmitAll(both).empty());
  EXPECT_DOUBLE_EQ(registry.Report(a, 1).table.usage.write_units, 1);
}

TEST(ThroughputRegistry, ForgetsTablesIdleForLongerThanAnyBucketRemembers) {
  VirtualClock clock(0);
  ThroughputRegistry registry(clock);
  TableLimits limits = Table(OnDemand("t", kTableArn));
  for (int i = 0; i < 1024; ++i) {
    limits.table_id = "old-" + std::to_string(i);
    ASSERT_TRUE(registry.Admit(limits, {}, WriteTo(Key("k", 0, 2))).ok());
  }
  limits.table_id = "old-0";
  for (int i = 0; i < 1000; ++i) (void)registry.Admit(limits, {}, WriteTo(Key("hot", 0, 2)));
  EXPECT_FALSE(registry.Admit(limits, {}, WriteTo(Key("hot", 0, 2))).ok());
  clock.AdvanceMicros(16 * 60 * kSecond);
  limits.table_id = "new";  // the 1,025th table: the idle ones are forgotten
  ASSERT_TRUE(registry.Admit(limits, {}, WriteTo(Key("k", 0, 2))).ok());
  limits.table_id = "old-0";  // back as new: its history is gone, which changes nothing now
  EXPECT_DOUBLE_EQ(registry.Report(limits, 1).table.usage.write_units, 0);
}

}  // namespace table_limiter_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
