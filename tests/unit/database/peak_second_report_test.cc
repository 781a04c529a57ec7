// The capacity report's per-second figures (docs/console.md, "The heat map"): per partition, the
// busiest second of the window and the second the clock is in, beside the window's totals, in
// the report and in its JSON (GET /_ddblocal/capacity). A virtual clock makes them exact.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "database_test_util.h"
#include "ddbemu/capacity_report.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace peak_second_report_test {

constexpr std::int64_t kSecond = 1'000'000;

class PeakSecondReportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    clock_ = std::make_shared<VirtualClock>(100 * kSecond);
    Options options;
    options.in_memory = true;
    options.durability = Durability::kNone;
    options.clock = clock_;
    db_ = std::move(Database::Open(options)).value();
    ASSERT_EQ(db_->Call("CreateTable", R"({"TableName":"peak","BillingMode":"PAY_PER_REQUEST",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})")
                  .http_status,
              200);
    CapacityOverrides caps;
    caps.partitions = 1;
    caps.partition_write_units = 10;
    ASSERT_TRUE(db_->SetCapacityOverrides("peak", caps).ok());
  }
  // n small puts (1 WCU each) of key `pk`; returns how many were throttled.
  int Puts(int n, const std::string& pk) {
    int throttled = 0;
    for (int i = 0; i < n; ++i) {
      const Response r =
          db_->Call("PutItem", R"({"TableName":"peak","Item":{"pk":{"S":")" + pk +
                                   R"("},"v":{"N":")" + std::to_string(i) + R"("}}})");
      throttled += r.http_status == 200 ? 0 : 1;
    }
    return throttled;
  }
  std::shared_ptr<VirtualClock> clock_;
  std::unique_ptr<Database> db_;
};

TEST_F(PeakSecondReportTest, PartitionsReportTheirPeakSecondAndTheCurrentSecond) {
  const int burst_throttled = Puts(30, "hot");  // second 100: a burst over the 10 WCU/s cap
  ASSERT_GT(burst_throttled, 0);
  clock_->AdvanceMicros(5 * kSecond);
  ASSERT_EQ(Puts(2, "cold"), 0);  // second 105: light

  auto report = db_->CapacityReport("peak");
  ASSERT_TRUE(report.ok());
  ASSERT_EQ(report->table.partitions.size(), 1u);
  const PartitionCapacity& p = report->table.partitions[0];
  const double burst_units = 30 - burst_throttled;
  EXPECT_DOUBLE_EQ(p.usage.write_units, burst_units + 2);  // the window holds both
  EXPECT_EQ(p.usage.write_throttles, burst_throttled);
  EXPECT_DOUBLE_EQ(p.peak_second.write_units, burst_units);  // the burst's second
  EXPECT_EQ(p.peak_second.write_throttles, burst_throttled);
  EXPECT_EQ(p.peak_second_micros, 100 * kSecond);
  EXPECT_DOUBLE_EQ(p.current_second.write_units, 2);  // the clock's second, so far
  EXPECT_EQ(p.current_second.write_throttles, 0);

  rapidjson::Document json = ParseJson(ToJson(*report));
  const auto& partition = json["Table"]["Partitions"][0];
  EXPECT_DOUBLE_EQ(partition["PeakSecond"]["ConsumedWriteCapacityUnits"].GetDouble(), burst_units);
  EXPECT_EQ(partition["PeakSecond"]["WriteThrottleEvents"].GetInt64(), burst_throttled);
  EXPECT_EQ(partition["PeakSecond"]["StartMicros"].GetInt64(), 100 * kSecond);
  EXPECT_DOUBLE_EQ(partition["CurrentSecond"]["ConsumedWriteCapacityUnits"].GetDouble(), 2);
  EXPECT_FALSE(partition["CurrentSecond"].HasMember("StartMicros"));

  // A second later nothing has happened yet in the current second; after the window the burst
  // is gone and the peak is the light second.
  clock_->AdvanceMicros(kSecond);
  report = db_->CapacityReport("peak");
  EXPECT_DOUBLE_EQ(report->table.partitions[0].current_second.write_units, 0);
  clock_->AdvanceMicros(55 * kSecond);  // second 161: 100 has left the 60 s window, 105 has not
  report = db_->CapacityReport("peak");
  EXPECT_DOUBLE_EQ(report->table.partitions[0].peak_second.write_units, 2);
  EXPECT_EQ(report->table.partitions[0].peak_second_micros, 105 * kSecond);
}

}  // namespace peak_second_report_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
