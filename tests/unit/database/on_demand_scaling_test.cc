// On-demand scaling through the Database (docs/capacity.md §7): DescribeTable's WarmThroughput
// reports the capacity an on-demand table has scaled to, the capacity report shows the
// partitions it gained, and both survive closing and reopening the data directory, as the
// service's tables keep theirs. Exact on the virtual clock, with the scaling delay set to one
// minute (Options::on_demand_scale_delay_ms).
#include <unistd.h>

#include <gtest/gtest.h>

#include <string>

#include "database_test_util.h"
#include "ddbemu/clock.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace on_demand_scaling_test {

constexpr std::int64_t kSecond = 1'000'000;
constexpr std::int64_t kStart = 1'700'000'000 * kSecond;  // a whole second

class OnDemandScalingTest : public ::testing::Test {
 protected:
  static Options ScalingOptions() {
    Options options;
    options.on_demand_scale_delay_ms = 60'000;
    return options;
  }
  void Open(std::int64_t now) { ASSERT_TRUE(db_.Reopen(now)); }
  // DescribeTable's WarmThroughput as "read/write status".
  std::string Warm() {
    Response r = db_->Call("DescribeTable", R"({"TableName":"items"})");
    EXPECT_EQ(r.http_status, 200) << r.body;
    rapidjson::Document d = ParseJson(r.body);
    const auto& w = d["Table"]["WarmThroughput"];
    return std::to_string(w["ReadUnitsPerSecond"].GetInt64()) + "/" +
           std::to_string(w["WriteUnitsPerSecond"].GetInt64()) + " " + w["Status"].GetString();
  }
  std::size_t Partitions() {
    auto report = db_->CapacityReport("items");
    EXPECT_TRUE(report.ok());
    return report.ok() ? report->table.partitions.size() : 0;
  }
  // One BatchWriteItem of 25 items of 200 KB under 25 keys: 5,000 WCU, served whole at once
  // (docs/capacity.md §3, "Admission and debt").
  double WriteFiveThousandUnits() {
    std::string requests;
    for (int i = 0; i < 25; ++i) {
      // pk (2) + "kNN" (3) + sk (2) + 1-byte number (2) + pad (3) + value: 200 KB exactly.
      const std::string pad(200 * 1024 - 12, 'x');
      char pk[8];
      std::snprintf(pk, sizeof pk, "k%02d", i);
      requests += std::string(i ? "," : "") + R"({"PutRequest":{"Item":{"pk":{"S":")" + pk +
                  R"("},"sk":{"N":"1"},"pad":{"S":")" + pad + R"("}}}})";
    }
    Response r = db_->Call("BatchWriteItem", R"({"RequestItems":{"items":[)" + requests +
                                                 R"(]},"ReturnConsumedCapacity":"TOTAL"})");
    EXPECT_EQ(r.http_status, 200) << r.body.substr(0, 300);
    rapidjson::Document d = ParseJson(r.body);
    EXPECT_EQ(d["UnprocessedItems"].MemberCount(), 0u);
    return d["ConsumedCapacity"][0]["CapacityUnits"].GetDouble();
  }

  DatabaseOnDisk db_{"scaling", ScalingOptions()};
};

TEST_F(OnDemandScalingTest, WarmThroughputReportsThePeakDoubledOnceTheDelayHasPassed) {
  ASSERT_NO_FATAL_FAILURE(Open(kStart));
  ASSERT_EQ(db_->Call("CreateTable", kHashRangeTable).http_status, 200);
  EXPECT_EQ(Warm(), "12000/4000 ACTIVE");
  EXPECT_EQ(Partitions(), 4u);
  EXPECT_EQ(WriteFiveThousandUnits(), 5000);
  // The second ends at kStart + 1 s; the capacity for double its peak is in place 60 s later.
  db_.clock().SetMicros(kStart + 61 * kSecond - 1);
  EXPECT_EQ(Warm(), "12000/4000 ACTIVE");
  EXPECT_EQ(Partitions(), 4u);
  db_.clock().SetMicros(kStart + 61 * kSecond);
  EXPECT_EQ(Warm(), "12000/10000 ACTIVE");
  EXPECT_EQ(Partitions(), 10u);  // 10,000 WCU / 1,000 per partition
}

TEST_F(OnDemandScalingTest, TheScaledCapacityAndPartitionsSurviveAReopen) {
  ASSERT_NO_FATAL_FAILURE(Open(kStart));
  ASSERT_EQ(db_->Call("CreateTable", kHashRangeTable).http_status, 200);
  EXPECT_EQ(WriteFiveThousandUnits(), 5000);
  db_.clock().SetMicros(kStart + 61 * kSecond);
  EXPECT_EQ(Warm(), "12000/10000 ACTIVE");
  // Closed and reopened a day later, with no traffic since.
  ASSERT_NO_FATAL_FAILURE(Open(kStart + 86'400 * kSecond));
  EXPECT_EQ(Warm(), "12000/10000 ACTIVE");
  EXPECT_EQ(Partitions(), 10u);
}

TEST_F(OnDemandScalingTest, APeakNotYetInPlaceWhenTheDatabaseClosesIsNotKept) {
  ASSERT_NO_FATAL_FAILURE(Open(kStart));
  ASSERT_EQ(db_->Call("CreateTable", kHashRangeTable).http_status, 200);
  EXPECT_EQ(WriteFiveThousandUnits(), 5000);
  db_.clock().SetMicros(kStart + 30 * kSecond);
  ASSERT_NO_FATAL_FAILURE(Open(kStart + 86'400 * kSecond));
  EXPECT_EQ(Warm(), "12000/4000 ACTIVE");
  EXPECT_EQ(Partitions(), 4u);
}

}  // namespace on_demand_scaling_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
