// Admission on the balance and debt (docs/capacity.md §3, "Admission and debt"): a request is
// admitted while every bucket it touches holds tokens and is then charged its whole cost, so a
// large request on an idle table is served and its debt throttles what follows; averaged over
// time a hot key still gets exactly its partition's cap. All on the virtual clock.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "capacity/throughput_registry.h"
#include "ddbemu/clock.h"
#include "value/key_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {
namespace debt_admission_test {

constexpr std::int64_t kSecond = 1'000'000;
constexpr std::int64_t kMilli = 1'000;
constexpr const char* kTableArn = "arn:aws:dynamodb:us-east-1:000000000000:table/t";

TableLimits OnDemandTable() {
  TableLimits limits;
  limits.table_id = "id-1";
  limits.table.name = "t";
  limits.table.arn = kTableArn;
  limits.table.mode = CapacityMode::kOnDemand;
  limits.table.partition_key = {{"pk", AttributeType::kS}};
  return limits;
}

// The demand of partition key value `value` as ops/ builds it (half-units).
KeyDemand Key(const std::string& value, HalfUnits read, HalfUnits write) {
  KeyDemand k;
  keycodec::AppendComponent(AttributeValue::S(value), &k.key);
  k.hash = keycodec::PartitionHash(k.key);
  k.read = read;
  k.write = write;
  return k;
}

Demand Write(const std::string& value, HalfUnits write) {
  Demand d;
  d.table.push_back(Key(value, 0, write));
  return d;
}

class DebtAdmissionTest : public ::testing::Test {
 protected:
  Status Admit(const Demand& demand) { return registry_.Admit(source_, demand); }
  // A transaction's demand, admitted together (ThroughputRegistry::AdmitAll).
  std::vector<Throttle> AdmitTogether(const Demand& demand) {
    const ThroughputRegistry::TableDemand table{&source_, &demand};
    return registry_.AdmitAll({&table, 1});
  }

  VirtualClock clock_{0};
  ThroughputRegistry registry_{clock_};
  const TableLimits limits_ = OnDemandTable();
  FixedTableSource source_{limits_};
};

TEST_F(DebtAdmissionTest, ThirtyHundredKBTransactionalWritesToOneKeyPassOnAFreshTable) {
  // TransactWriteItems of 30 items of 100 KB under one partition key: 30 x 100 WCU x 2 =
  // 6,000 WCU, six times what the key's bucket holds. The service serves it.
  Demand transaction;
  for (int i = 0; i < 30; ++i) transaction.table.push_back(Key("org", 0, 2 * 200));
  EXPECT_TRUE(AdmitTogether(transaction).empty());
  // The key owes 5,000 WCU: every write to it is throttled until the debt is repaid at 1,000
  // WCU a second, i.e. for exactly five seconds.
  Status refused = Admit(Write("org", 2));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().throttling_reasons[0].reason, "TableWriteKeyRangeThroughputExceeded");
  clock_.AdvanceMicros(5 * kSecond);
  EXPECT_FALSE(Admit(Write("org", 2)).ok());  // balance exactly 0
  clock_.AdvanceMicros(1);
  EXPECT_TRUE(Admit(Write("org", 2)).ok());
  // Other keys of other partitions were never in debt.
  EXPECT_TRUE(Admit(Write("elsewhere", 2)).ok());
}

TEST_F(DebtAdmissionTest, AHotKeyAveragesExactlyItsCapOverTime) {
  // 100 KB writes (100 WCU) to one key every 10 ms for ten seconds. The fresh bucket's 1,000
  // WCU go at once; from then on one write is admitted every 100 ms: exactly 1,000 WCU in
  // every second, whatever the size of the writes.
  std::vector<int> per_second(10, 0);
  int throttled = 0;
  for (std::int64_t t = 0; t < 10 * kSecond; t += 10 * kMilli) {
    clock_.SetMicros(t);
    for (;;) {
      if (!Admit(Write("hot", 200)).ok()) {
        ++throttled;
        break;
      }
      ++per_second[static_cast<std::size_t>(t / kSecond)];
      // At one instant, keep writing while admitted (the initial burst); afterwards each
      // admission leaves debt, so this loop runs once.
    }
  }
  EXPECT_EQ(per_second[0], 10 + 10);  // the full bucket, then one write every 100 ms
  for (std::size_t s = 1; s < per_second.size(); ++s) {
    EXPECT_EQ(per_second[s], 10) << "second " << s;  // 10 x 100 WCU = the 1,000 WCU cap
  }
  EXPECT_EQ(throttled, 1000);  // one refusal at each instant
}

TEST_F(DebtAdmissionTest, AHotKeysReadsAverageExactlyThreeThousandUnits) {
  // Reads of 1 MB (256 RCU strongly consistent) every millisecond for five seconds: after the
  // fresh bucket, exactly 3,000 RCU a second.
  std::int64_t units_after_first_second = 0;
  for (std::int64_t t = 0; t < 5 * kSecond; t += kMilli) {
    clock_.SetMicros(t);
    Demand read;
    read.table.push_back(Key("hot", 2 * 256, 0));
    if (Admit(read).ok() && t >= kSecond) units_after_first_second += 256;
  }
  // Four seconds: 12,000 RCU, to within the one read whose cost is still owed at the end.
  EXPECT_GE(units_after_first_second, 12'000 - 256);
  EXPECT_LE(units_after_first_second, 12'000 + 256);
}

TEST_F(DebtAdmissionTest, ChargeTakesWhatCheckAdmittedIntoDebt) {
  // A batch: every item checked on the balances as the request found them, then charged.
  Demand item = Write("org", 2 * 400);  // a 400 KB item
  for (int i = 0; i < 25; ++i) EXPECT_TRUE(registry_.Check(source_, item).empty()) << i;
  for (int i = 0; i < 25; ++i) registry_.Charge(source_, item);
  // 10,000 WCU charged on a 1,000 WCU bucket: 9 seconds of debt.
  const std::vector<Throttle> throttles = registry_.Check(source_, Write("org", 2));
  ASSERT_EQ(throttles.size(), 1u);
  EXPECT_EQ(throttles[0].hits[0].kind, LimitKind::kKeyRange);
  clock_.AdvanceMicros(9 * kSecond);
  EXPECT_FALSE(registry_.Check(source_, Write("org", 2)).empty());
  clock_.AdvanceMicros(1);
  EXPECT_TRUE(registry_.Check(source_, Write("org", 2)).empty());
  const TableCapacityReport report = registry_.Report(source_, 1);
  EXPECT_DOUBLE_EQ(report.table.usage.write_units, 10'000);
}

}  // namespace debt_admission_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
