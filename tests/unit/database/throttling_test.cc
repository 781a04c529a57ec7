// Throttling through Database::Call under a virtual clock (docs/capacity.md §2–§4): exact,
// repeatable, never a sleep.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "database_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace throttling_test {

constexpr std::int64_t kSecond = 1'000'000;

struct Outcome {
  int accepted = 0;
  int throttled = 0;
};

class ThrottlingTest : public ::testing::Test {
 protected:
  void Open(bool throttle = true) {
    clock_ = std::make_shared<VirtualClock>(0);
    Options options;
    options.in_memory = true;
    options.durability = Durability::kNone;
    options.throttle = throttle;
    options.clock = clock_;
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok());
    db_ = std::move(db).value();
  }
  void CreateTable(const std::string& body) {
    Response r = db_->Call("CreateTable", body);
    ASSERT_EQ(r.http_status, 200) << r.body;
  }
  // PutItem of {pk, v, pad}; counts acceptances and throttles, checks every throttle's reason.
  void Put(const std::string& table, const std::string& pk, int v, std::size_t pad,
           Outcome* outcome, const std::string& expected_reason, const std::string& extra = "") {
    Response r =
        db_->Call("PutItem", R"({"TableName":")" + table + R"(","Item":{"pk":{"S":")" + pk +
                                 R"("},"v":{"N":")" + std::to_string(v) + R"("},"pad":{"S":")" +
                                 std::string(pad, 'x') + R"("})" + extra + "}}");
    if (r.http_status == 200) {
      ++outcome->accepted;
      return;
    }
    ++outcome->throttled;
    ASSERT_EQ(r.http_status, 400) << r.body;
    rapidjson::Document doc = ParseJson(r.body);
    ASSERT_STREQ(doc["__type"].GetString(),
                 "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException");
    ASSERT_TRUE(doc.HasMember("ThrottlingReasons")) << r.body;
    ASSERT_EQ(doc["ThrottlingReasons"].Size(), 1u) << r.body;
    EXPECT_EQ(std::string(doc["ThrottlingReasons"][0]["reason"].GetString()), expected_reason);
    last_error_ = r.body;
  }
  std::string OnDemandTable(const std::string& name) {
    return R"({"TableName":")" + name + R"(","BillingMode":"PAY_PER_REQUEST",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})";
  }

  std::shared_ptr<VirtualClock> clock_;
  std::unique_ptr<Database> db_;
  std::string last_error_;
};

// pad 1009: "pk"+"hot" (5) + "v"+N (1 + up to 3) + "pad" (3) + 1009 <= 1024 bytes: one WCU.
constexpr std::size_t kOneKB = 1000;

TEST_F(ThrottlingTest, TwoThousandWritesToOneKeyInOneSecondAcceptOneThousand) {
  Open();
  CreateTable(OnDemandTable("hot_table"));
  Outcome outcome;
  for (int i = 0; i < 2000; ++i) {
    Put("hot_table", "hot", i, kOneKB, &outcome, "TableWriteKeyRangeThroughputExceeded");
  }
  EXPECT_EQ(outcome.accepted, 1000);
  EXPECT_EQ(outcome.throttled, 1000);
  rapidjson::Document error = ParseJson(last_error_);
  EXPECT_STREQ(error["ThrottlingReasons"][0]["resource"].GetString(),
               "arn:aws:dynamodb:us-east-1:000000000000:table/hot_table");
  EXPECT_EQ(std::string(error["message"].GetString()).substr(0, 63),
            "Throughput exceeds the current capacity of your table or index.");
  // A throttled request changes nothing: the item is the last accepted write's.
  Response got = db_->Call("GetItem", R"({"TableName":"hot_table","Key":{"pk":{"S":"hot"}}})");
  ASSERT_EQ(got.http_status, 200) << got.body;
  EXPECT_STREQ(ParseJson(got.body)["Item"]["v"]["N"].GetString(), "999");
  // The report names the hot key and counts the throttles.
  auto report = db_->CapacityReport("hot_table");
  ASSERT_TRUE(report.ok());
  EXPECT_DOUBLE_EQ(report->table.usage.write_units, 1000);
  EXPECT_EQ(report->table.usage.write_throttles, 1000);
  ASSERT_FALSE(report->table.top_keys_by_throttles.empty());
  EXPECT_EQ(report->table.top_keys_by_throttles[0].key, R"({"pk":{"S":"hot"}})");
  // A second later the key has its 1,000 WCU again.
  clock_->AdvanceMicros(kSecond);
  Outcome later;
  for (int i = 0; i < 1001; ++i) {
    Put("hot_table", "hot", i, kOneKB, &later, "TableWriteKeyRangeThroughputExceeded");
  }
  EXPECT_EQ(later.accepted, 1000);
}

TEST_F(ThrottlingTest, TheSameWritesSpreadOverPartitionsAreAllAccepted) {
  Open();
  CreateTable(OnDemandTable("hot_table"));  // 4 partitions of 1,000 WCU
  Outcome outcome;
  for (int i = 0; i < 2000; ++i) {
    Put("hot_table", "key" + std::to_string(i), i, kOneKB, &outcome, "");
  }
  EXPECT_EQ(outcome.accepted, 2000);
  auto report = db_->CapacityReport("hot_table");
  ASSERT_TRUE(report.ok());
  ASSERT_EQ(report->table.partitions.size(), 4u);
  std::uint64_t items = 0;
  for (const auto& p : report->table.partitions) {
    items += p.item_count;
    EXPECT_GT(p.item_count, 0u);
    EXPECT_DOUBLE_EQ(p.usage.write_units, static_cast<double>(p.item_count));
  }
  EXPECT_EQ(items, 2000u);
}

TEST_F(ThrottlingTest, AProvisionedTableBurstsThenThrottlesThenRecovers) {
  Open();
  CreateTable(
      R"({"TableName":"provisioned","ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":100},
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})");
  // 100 WCU: one partition, 30,000 WCU of burst credit. Sixty 10 KB writes a second (600 WCU)
  // drain it by 500 WCU a second.
  int n = 0;
  auto second = [&](std::int64_t t) {
    clock_->SetMicros(t * kSecond);
    Outcome outcome;
    for (int i = 0; i < 60; ++i) {
      Put("provisioned", "k" + std::to_string(n++), i, 10 * 1024 - 20, &outcome,
          "TableWriteProvisionedThroughputExceeded");
    }
    return outcome.accepted;
  };
  for (int t = 0; t <= 58; ++t) ASSERT_EQ(second(t), 60) << "second " << t;
  EXPECT_EQ(second(59), 50);
  EXPECT_EQ(second(60), 10);  // the provisioned 100 WCU a second, no more
  EXPECT_EQ(second(61), 10);
  rapidjson::Document error = ParseJson(last_error_);
  EXPECT_STREQ(error["message"].GetString(),
               "The level of configured provisioned throughput for the table was exceeded. "
               "Consider increasing your provisioning level with the UpdateTable API.");
  // Twenty idle seconds give back 2,000 WCU of credit.
  EXPECT_EQ(second(81), 60);
  EXPECT_EQ(second(82), 60);
  EXPECT_EQ(second(83), 60);
  EXPECT_EQ(second(84), 50);
  // UpdateTable to 1,000 WCU: the whole partition's worth each second.
  Response update = db_->Call("UpdateTable", R"({"TableName":"provisioned","ProvisionedThroughput":
      {"ReadCapacityUnits":5,"WriteCapacityUnits":1000}})");
  ASSERT_EQ(update.http_status, 200) << update.body;
  EXPECT_EQ(second(85), 60);
}

TEST_F(ThrottlingTest, AHotGsiPartitionThrottlesBaseTableWrites) {
  Open();
  CreateTable(R"({"TableName":"gsi_table","BillingMode":"PAY_PER_REQUEST",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
                              {"AttributeName":"status","AttributeType":"S"}],
      "GlobalSecondaryIndexes":[{"IndexName":"by_status",
        "KeySchema":[{"AttributeName":"status","KeyType":"HASH"}],
        "Projection":{"ProjectionType":"KEYS_ONLY"}}]})");
  // Every item under one GSI partition key: the index key is hot, the table keys are not.
  Outcome outcome;
  for (int i = 0; i < 1001; ++i) {
    Put("gsi_table", "item" + std::to_string(i), i, 10, &outcome,
        "IndexWriteKeyRangeThroughputExceeded", R"(,"status":{"S":"open"})");
  }
  EXPECT_EQ(outcome.accepted, 1000);
  EXPECT_EQ(outcome.throttled, 1);
  rapidjson::Document error = ParseJson(last_error_);
  EXPECT_STREQ(error["ThrottlingReasons"][0]["resource"].GetString(),
               "arn:aws:dynamodb:us-east-1:000000000000:table/gsi_table/index/by_status");
  // The throttled base-table write did not happen.
  Response got = db_->Call("GetItem", R"({"TableName":"gsi_table","Key":{"pk":{"S":"item1000"}}})");
  EXPECT_EQ(got.body, "{}");
  // Items outside the index are not held back.
  Outcome sparse;
  Put("gsi_table", "no-status", 0, 10, &sparse, "");
  EXPECT_EQ(sparse.accepted, 1);
}

TEST_F(ThrottlingTest, ReadsOfAHotKeyAreCappedAtThreeThousandUnitsASecond) {
  Open();
  CreateTable(OnDemandTable("hot_table"));
  Outcome put;
  Put("hot_table", "hot", 0, 10, &put, "");
  int accepted = 0;
  std::string last;
  for (int i = 0; i < 3001; ++i) {  // strongly consistent: one RCU each
    Response r = db_->Call(
        "GetItem", R"({"TableName":"hot_table","ConsistentRead":true,"Key":{"pk":{"S":"hot"}}})");
    if (r.http_status == 200)
      ++accepted;
    else
      last = r.body;
  }
  EXPECT_EQ(accepted, 3000);
  EXPECT_NE(last.find("TableReadKeyRangeThroughputExceeded"), std::string::npos) << last;
}

TEST_F(ThrottlingTest, ThrottlingOffAcceptsEverything) {
  Open(/*throttle=*/false);
  CreateTable(OnDemandTable("hot_table"));
  Outcome outcome;
  for (int i = 0; i < 2000; ++i) Put("hot_table", "hot", i, kOneKB, &outcome, "");
  EXPECT_EQ(outcome.accepted, 2000);
  auto report = db_->CapacityReport("hot_table");
  ASSERT_TRUE(report.ok());
  EXPECT_FALSE(report->throttling);
}

TEST_F(ThrottlingTest, OverridesChangePartitionsAndCaps) {
  Open();
  CreateTable(OnDemandTable("hot_table"));
  CapacityOverrides overrides;
  overrides.partitions = 8;
  overrides.partition_write_units = 10;
  ASSERT_TRUE(db_->SetCapacityOverrides("hot_table", overrides).ok());
  Outcome outcome;
  for (int i = 0; i < 11; ++i)
    Put("hot_table", "hot", i, kOneKB, &outcome, "TableWriteKeyRangeThroughputExceeded");
  EXPECT_EQ(outcome.accepted, 10);
  auto report = db_->CapacityReport("hot_table");
  ASSERT_TRUE(report.ok());
  EXPECT_EQ(report->table.partitions.size(), 8u);
  EXPECT_EQ(report->table.partition_write_units_per_second, 10);

  CapacityOverrides bad;
  bad.index = "nope";
  bad.partitions = 2;
  Status s = db_->SetCapacityOverrides("hot_table", bad);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(db_->SetCapacityOverrides("missing", overrides).error().code(),
            ErrorCode::kResourceNotFound);
}

TEST_F(ThrottlingTest, QueriesOfAHotPartitionKeyAreThrottledOnThatKey) {
  Open();
  CreateTable(R"({"TableName":"queried","BillingMode":"PAY_PER_REQUEST",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
                              {"AttributeName":"status","AttributeType":"S"}],
      "GlobalSecondaryIndexes":[{"IndexName":"by_status",
        "KeySchema":[{"AttributeName":"status","KeyType":"HASH"}],
        "Projection":{"ProjectionType":"ALL"}}]})");
  Outcome put;
  Put("queried", "hot", 0, 10, &put, "", R"(,"status":{"S":"open"})");
  auto run = [&](const std::string& body, int times, std::string* last_error) {
    int accepted = 0;
    for (int i = 0; i < times; ++i) {
      Response r = db_->Call("Query", body);
      if (r.http_status == 200) {
        ++accepted;
      } else {
        *last_error = r.body;
      }
    }
    return accepted;
  };
  std::string error;
  // Strongly consistent, one item of a few bytes: one RCU a query; the key serves 3,000.
  EXPECT_EQ(run(R"({"TableName":"queried","ConsistentRead":true,"KeyConditionExpression":"pk = :p",
                    "ExpressionAttributeValues":{":p":{"S":"hot"}}})",
                3001, &error),
            3000);
  EXPECT_NE(error.find("TableReadKeyRangeThroughputExceeded"), std::string::npos) << error;
  // The GSI has its own partitions: eventually consistent, half a unit a query, 6,000 a second.
  error.clear();
  EXPECT_EQ(
      run(R"({"TableName":"queried","IndexName":"by_status","KeyConditionExpression":"#s = :s",
                    "ExpressionAttributeNames":{"#s":"status"},
                    "ExpressionAttributeValues":{":s":{"S":"open"}}})",
          6001, &error),
      6000);
  EXPECT_NE(error.find("IndexReadKeyRangeThroughputExceeded"), std::string::npos) << error;
  EXPECT_NE(error.find("table/queried/index/by_status"), std::string::npos) << error;
}

TEST_F(ThrottlingTest, ScansDrainAProvisionedTablesReadCapacity) {
  Open();
  CreateTable(
      R"({"TableName":"scanned","ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":1000},
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})");
  Outcome put;
  for (int i = 0; i < 40; ++i) Put("scanned", "k" + std::to_string(i), i, 10'000, &put, "");
  ASSERT_EQ(put.accepted, 40);
  // 5 RCU: 1,500 RCU of burst credit. Each Scan reads all 40 items (about 400 KB).
  Response first = db_->Call("Scan", R"({"TableName":"scanned","ReturnConsumedCapacity":"TOTAL"})");
  ASSERT_EQ(first.http_status, 200) << first.body;
  const double cost = ParseJson(first.body)["ConsumedCapacity"]["CapacityUnits"].GetDouble();
  ASSERT_GT(cost, 40);
  // Admitted while the credit is positive: the last scan admitted leaves it in debt.
  const int affordable = static_cast<int>(std::ceil(1500 / cost));
  for (int i = 1; i < affordable; ++i) {
    ASSERT_EQ(db_->Call("Scan", R"({"TableName":"scanned"})").http_status, 200) << i;
  }
  Response throttled = db_->Call("Scan", R"({"TableName":"scanned"})");
  ASSERT_EQ(throttled.http_status, 400);
  EXPECT_NE(throttled.body.find("TableReadProvisionedThroughputExceeded"), std::string::npos)
      << throttled.body;
  // The report spreads the scans' reads over the partition that served them.
  auto report = db_->CapacityReport("scanned");
  ASSERT_TRUE(report.ok());
  EXPECT_DOUBLE_EQ(report->table.usage.read_units, cost * affordable);
  double partition_reads = 0;
  for (const auto& p : report->table.partitions) partition_reads += p.usage.read_units;
  EXPECT_DOUBLE_EQ(partition_reads, cost * affordable);
  // Time refills it: 5 RCU a second.
  clock_->AdvanceMicros(static_cast<std::int64_t>(cost / 5 * kSecond) + kSecond);
  EXPECT_EQ(db_->Call("Scan", R"({"TableName":"scanned"})").http_status, 200);
}

TEST_F(ThrottlingTest, ConcurrentWritersShareOneKeysCapacityExactly) {
  Open();
  CreateTable(OnDemandTable("shared_hot"));
  std::atomic<int> accepted{0};
  std::vector<std::thread> writers;
  for (int t = 0; t < 4; ++t) {
    writers.emplace_back([&, t] {
      for (int i = 0; i < 500; ++i) {
        Response r = db_->Call("PutItem",
                               R"({"TableName":"shared_hot","Item":{"pk":{"S":"hot"},"v":{"N":")" +
                                   std::to_string(t * 1000 + i) + R"("}}})");
        if (r.http_status == 200) ++accepted;
      }
    });
  }
  for (std::thread& w : writers) w.join();
  EXPECT_EQ(accepted.load(), 1000);
  auto report = db_->CapacityReport("shared_hot");
  ASSERT_TRUE(report.ok());
  EXPECT_EQ(report->table.usage.write_throttles, 1000);
}

}  // namespace throttling_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
