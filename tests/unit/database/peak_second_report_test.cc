// The capacity report's per-second figures (docs/console.md, "The heat map"): per partition, the
// busiest second of the window and the second the clock is in, beside the window's totals, in
// the report and in its JSON (GET /_ddblocal/capacity); and the heat map's history
// (Database::CapacityHistory, GET /_ddblocal/capacity/history), every second of every partition
// with the layout of that second. A virtual clock makes them exact.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

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

TEST_F(PeakSecondReportTest, TheHistoryHoldsEachSecondOfEachPartitionWithItsLayout) {
  const int burst_throttled = Puts(30, "hot");  // second 100
  ASSERT_GT(burst_throttled, 0);
  clock_->AdvanceMicros(5 * kSecond);
  ASSERT_EQ(Puts(2, "cold"), 0);  // second 105
  clock_->AdvanceMicros(kSecond);
  CapacityOverrides four;
  four.partitions = 4;
  four.partition_write_units = 10;
  ASSERT_TRUE(db_->SetCapacityOverrides("peak", four).ok());
  ASSERT_EQ(Puts(1, "late"), 0);  // second 106, four partitions from its first request

  auto history = db_->CapacityHistory("peak", 10);
  ASSERT_TRUE(history.ok());
  EXPECT_EQ(history->history_seconds, 10);
  const std::vector<CapacitySecond>& seconds = history->table.history;
  ASSERT_EQ(seconds.size(), 10u);  // seconds 97 to 106
  EXPECT_EQ(seconds.front().start_micros, 97 * kSecond);
  EXPECT_EQ(seconds.back().start_micros, 106 * kSecond);
  const PartitionSecond& burst = seconds[3].partitions.at(0);
  EXPECT_DOUBLE_EQ(burst.usage.write_units, 30 - burst_throttled);
  EXPECT_EQ(burst.usage.write_throttles, burst_throttled);
  ASSERT_FALSE(burst.hottest_keys.empty());
  EXPECT_EQ(burst.hottest_keys[0].key, R"({"pk":{"S":"hot"}})");
  EXPECT_EQ(burst.hottest_keys[0].throttles, burst_throttled);
  EXPECT_DOUBLE_EQ(seconds[4].partitions.at(0).usage.write_units, 0) << "second 101: idle";
  EXPECT_DOUBLE_EQ(seconds[8].partitions.at(0).usage.write_units, 2);
  EXPECT_EQ(seconds[8].partitions.at(0).hottest_keys.at(0).key, R"({"pk":{"S":"cold"}})");
  for (std::size_t i = 0; i < 9; ++i) EXPECT_EQ(seconds[i].partitions.size(), 1u) << i;
  ASSERT_EQ(seconds[9].partitions.size(), 4u);
  double late = 0;
  for (const PartitionSecond& p : seconds[9].partitions) late += p.usage.write_units;
  EXPECT_DOUBLE_EQ(late, 1);
  EXPECT_TRUE(history->table.top_keys_by_consumption.empty()) << "the history has no top keys";

  rapidjson::Document json = ParseJson(ToJson(*history));
  EXPECT_EQ(json["HistorySeconds"].GetInt64(), 10);
  const auto& second = json["Table"]["History"][3];
  EXPECT_EQ(second["StartMicros"].GetInt64(), 100 * kSecond);
  EXPECT_EQ(second["Partitions"][0]["FirstHash"].GetString(), std::string("0000000000000000"));
  EXPECT_EQ(second["Partitions"][0]["LastHash"].GetString(), std::string("ffffffffffffffff"));
  EXPECT_EQ(second["Partitions"][0]["Usage"]["WriteThrottleEvents"].GetInt64(), burst_throttled);
  EXPECT_EQ(second["Partitions"][0]["HottestKeys"][0]["ThrottleEvents"].GetInt64(),
            burst_throttled);
  EXPECT_EQ(json["Table"]["History"][9]["Partitions"].Size(), 4u);
  EXPECT_FALSE(ParseJson(ToJson(*db_->CapacityReport("peak"))).HasMember("HistorySeconds"));

  EXPECT_EQ(db_->CapacityHistory("peak", 0).error().code(), ErrorCode::kValidation);
  EXPECT_EQ(db_->CapacityHistory("peak", kCapacityHistorySeconds + 1).error().code(),
            ErrorCode::kValidation);
  EXPECT_EQ(db_->CapacityHistory("missing", 10).error().code(), ErrorCode::kResourceNotFound);
}

}  // namespace peak_second_report_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
