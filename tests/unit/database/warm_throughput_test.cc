// WarmThroughput on CreateTable and UpdateTable (docs/capacity.md §8): it sets the partitions
// and the capacity a table or GSI serves at once, shows Status UPDATING for the transient-status
// time after an UpdateTable raised it, and is refused when lowered or above the account's
// per-table quota. Exact on the virtual clock.
#include <gtest/gtest.h>

#include <string>

#include "database_test_util.h"
#include "ddbemu/testing/gtest.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace warm_throughput_test {

constexpr const char* kWithIndex = R"({"TableName":"warmed",
  "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
                          {"AttributeName":"gk","AttributeType":"S"}],
  "BillingMode":"PAY_PER_REQUEST",
  "WarmThroughput":{"ReadUnitsPerSecond":30000,"WriteUnitsPerSecond":10000},
  "GlobalSecondaryIndexes":[{"IndexName":"byGk",
    "KeySchema":[{"AttributeName":"gk","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"},
    "WarmThroughput":{"ReadUnitsPerSecond":15000,"WriteUnitsPerSecond":6000}}]})";

class WarmThroughputTest : public DatabaseTest {
 protected:
  void ConfigureOptions(Options& options) override { options.transient_status_ms = 1000; }

  // "read/write status" of the table's (index "") or a GSI's WarmThroughput in DescribeTable.
  std::string Warm(const std::string& table, const std::string& index = "") {
    Response r = CallOk("DescribeTable", R"({"TableName":")" + table + R"("})");
    rapidjson::Document d = ParseJson(r.body);
    const rapidjson::Value* w = &d["Table"]["WarmThroughput"];
    if (!index.empty()) {
      for (const auto& g : d["Table"]["GlobalSecondaryIndexes"].GetArray()) {
        if (index == g["IndexName"].GetString()) w = &g["WarmThroughput"];
      }
    }
    return std::to_string((*w)["ReadUnitsPerSecond"].GetInt64()) + "/" +
           std::to_string((*w)["WriteUnitsPerSecond"].GetInt64()) + " " +
           (*w)["Status"].GetString();
  }
  std::size_t Partitions(const std::string& table, int gsi = -1) {
    auto report = db().CapacityReport(table);
    EXPECT_TRUE(report.ok());
    if (!report.ok()) return 0;
    return gsi < 0
               ? report->table.partitions.size()
               : report->global_secondary_indexes[static_cast<std::size_t>(gsi)].partitions.size();
  }
  void CreateWarmed() {
    CallOk("CreateTable", kWithIndex);
    clock().AdvanceMicros(1'000'000);  // past CREATING
  }
};

TEST_F(WarmThroughputTest, CreateTableWarmThroughputSetsPartitionsOfTableAndIndex) {
  CreateWarmed();
  EXPECT_EQ(Warm("warmed"), "30000/10000 ACTIVE");
  EXPECT_EQ(Warm("warmed", "byGk"), "15000/6000 ACTIVE");
  EXPECT_EQ(Partitions("warmed"), 10u);    // 30,000 / 3,000 and 10,000 / 1,000
  EXPECT_EQ(Partitions("warmed", 0), 6u);  // 15,000 / 3,000 = 5; 6,000 / 1,000 = 6
}

TEST_F(WarmThroughputTest, AnUpdateRaisesItShowingUpdatingForTheTransientTime) {
  CreateWarmed();
  Response r = CallOk("UpdateTable", R"({"TableName":"warmed",
      "WarmThroughput":{"WriteUnitsPerSecond":16000}})");
  EXPECT_EQ(Warm("warmed"), "30000/16000 UPDATING");
  EXPECT_EQ(Partitions("warmed"), 16u);
  clock().AdvanceMicros(999'999);
  EXPECT_EQ(Warm("warmed"), "30000/16000 UPDATING");
  clock().AdvanceMicros(1);
  EXPECT_EQ(Warm("warmed"), "30000/16000 ACTIVE");
  CallOk("UpdateTable", R"({"TableName":"warmed","GlobalSecondaryIndexUpdates":[{"Update":{
      "IndexName":"byGk","WarmThroughput":{"ReadUnitsPerSecond":24000}}}]})");
  EXPECT_EQ(Warm("warmed", "byGk"), "24000/6000 UPDATING");
  EXPECT_EQ(Partitions("warmed", 0), 8u);
}

TEST_F(WarmThroughputTest, ItCannotBeLowered) {
  CreateWarmed();
  Response r = db().Call("UpdateTable", R"({"TableName":"warmed",
      "WarmThroughput":{"WriteUnitsPerSecond":9999}})");
  EXPECT_EQ(r.http_status, 400);
  EXPECT_EQ(ParseError(r).type, "ValidationException");
  EXPECT_EQ(ParseError(r).message,
            "One or more parameter values were invalid: "
            "Requested WriteUnitsPerSecond for WarmThroughput for table is lower than current "
            "WarmThroughput, decreasing WarmThroughput is not supported");
  r = db().Call("UpdateTable", R"({"TableName":"warmed","GlobalSecondaryIndexUpdates":[{"Update":{
      "IndexName":"byGk","WarmThroughput":{"ReadUnitsPerSecond":14999}}}]})");
  EXPECT_EQ(r.http_status, 400);
  EXPECT_EQ(ParseError(r).message,
            "One or more parameter values were invalid: "
            "Requested ReadUnitsPerSecond for WarmThroughput for index byGk is lower than current "
            "WarmThroughput, decreasing WarmThroughput is not supported");
  EXPECT_EQ(Warm("warmed"), "30000/10000 ACTIVE");
}

TEST_F(WarmThroughputTest, ItStopsAtThePerTableQuota) {
  std::string body = kWithIndex;
  body.replace(body.find("10000"), 5, "40001");
  Response r = db().Call("CreateTable", body);
  EXPECT_EQ(r.http_status, 400);
  EXPECT_EQ(ParseError(r).type, "LimitExceededException");
  CreateWarmed();
  r = db().Call("UpdateTable", R"({"TableName":"warmed",
      "WarmThroughput":{"ReadUnitsPerSecond":40001}})");
  EXPECT_EQ(ParseError(r).type, "LimitExceededException");
  CallOk("UpdateTable", R"({"TableName":"warmed","WarmThroughput":{"ReadUnitsPerSecond":40000}})");
}

}  // namespace warm_throughput_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
