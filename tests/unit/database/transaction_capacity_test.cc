// Capacity of TransactWriteItems and TransactGetItems (docs/capacity.md §1, §3): the table pays
// twice, the indexes what the same write costs outside a transaction; ConsumedCapacity carries the
// Read/WriteCapacityUnits split that the service sends for transactions; a throttled
// transaction is cancelled whole, with ThrottlingError reasons on the throttled actions.
#include <gtest/gtest.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <memory>
#include <string>

#include "database_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace transaction_capacity_test {

constexpr const char* kTable = R"({"TableName":"txn","BillingMode":"PAY_PER_REQUEST",
  "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
                          {"AttributeName":"status","AttributeType":"S"}],
  "GlobalSecondaryIndexes":[{"IndexName":"by_status",
    "KeySchema":[{"AttributeName":"status","KeyType":"HASH"}],
    "Projection":{"ProjectionType":"KEYS_ONLY"}}]})";

class TransactionCapacityTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Options options;
    options.in_memory = true;
    options.durability = Durability::kNone;
    options.clock = clock_;
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok());
    db_ = std::move(db).value();
    ASSERT_EQ(db_->Call("CreateTable", kTable).http_status, 200);
  }
  std::string ConsumedOf(const Response& r) {
    EXPECT_EQ(r.http_status, 200) << r.body;
    rapidjson::Document doc = ParseJson(r.body);
    if (!doc.IsObject() || !doc.HasMember("ConsumedCapacity")) return "";
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
    doc["ConsumedCapacity"].Accept(w);
    return buffer.GetString();
  }

  std::shared_ptr<VirtualClock> clock_ = std::make_shared<VirtualClock>(0);
  std::unique_ptr<Database> db_;
};

TEST_F(TransactionCapacityTest, WritesPayTwiceOnTheTableAndOnceOnTheIndex) {
  const std::string items = R"("TransactItems":[
      {"Put":{"TableName":"txn","Item":{"pk":{"S":"a"},"status":{"S":"open"}}}},
      {"Put":{"TableName":"txn","Item":{"pk":{"S":"b"}}}}])";
  EXPECT_EQ(
      ConsumedOf(
          db_->Call("TransactWriteItems", "{" + items + R"(,"ReturnConsumedCapacity":"INDEXES"})")),
      R"([{"TableName":"txn","CapacityUnits":5.0,"WriteCapacityUnits":5.0,)"
      R"("Table":{"CapacityUnits":4.0,"WriteCapacityUnits":4.0},)"
      R"("GlobalSecondaryIndexes":{"by_status":{"CapacityUnits":1.0,"WriteCapacityUnits":1.0}}}])");
  EXPECT_EQ(ConsumedOf(db_->Call("TransactGetItems", R"({"ReturnConsumedCapacity":"TOTAL",
      "TransactItems":[{"Get":{"TableName":"txn","Key":{"pk":{"S":"a"}}}},
                       {"Get":{"TableName":"txn","Key":{"pk":{"S":"none"}}}}]})")),
            R"([{"TableName":"txn","CapacityUnits":4.0,"ReadCapacityUnits":4.0}])");
}

TEST_F(TransactionCapacityTest, AThrottledTransactionIsCancelledWholeAndChangesNothing) {
  CapacityOverrides overrides;
  overrides.partitions = 1000;  // "hot" and "cold" in different partitions
  overrides.partition_write_units = 2;
  ASSERT_TRUE(db_->SetCapacityOverrides("txn", overrides).ok());
  const std::string write = R"({"TransactItems":[
      {"Put":{"TableName":"txn","Item":{"pk":{"S":"hot"},"v":{"N":"1"}}}},
      {"Put":{"TableName":"txn","Item":{"pk":{"S":"cold"}}}}]})";
  // A transactional write of a small item costs 2 WCU: the hot key's whole second.
  ASSERT_EQ(db_->Call("TransactWriteItems", write).http_status, 200);
  Response r = db_->Call("TransactWriteItems", R"({"TransactItems":[
      {"Put":{"TableName":"txn","Item":{"pk":{"S":"hot"},"v":{"N":"2"}}}},
      {"Put":{"TableName":"txn","Item":{"pk":{"S":"other"}}}}]})");
  ASSERT_EQ(r.http_status, 400) << r.body;
  rapidjson::Document doc = ParseJson(r.body);
  EXPECT_EQ(ParseError(r).type, "TransactionCanceledException");
  ASSERT_EQ(doc["CancellationReasons"].Size(), 2u) << r.body;
  EXPECT_STREQ(doc["CancellationReasons"][0]["Code"].GetString(), "ThrottlingError");
  EXPECT_STREQ(doc["CancellationReasons"][1]["Code"].GetString(), "None");
  EXPECT_EQ(db_->Call("GetItem", R"({"TableName":"txn","Key":{"pk":{"S":"other"}}})").body, "{}");
  Response hot = db_->Call("GetItem", R"({"TableName":"txn","Key":{"pk":{"S":"hot"}}})");
  EXPECT_STREQ(ParseJson(hot.body)["Item"]["v"]["N"].GetString(), "1");
  // A second later it goes through.
  clock_->AdvanceMicros(1'000'000);
  EXPECT_EQ(db_->Call("TransactWriteItems", R"({"TransactItems":[
      {"Put":{"TableName":"txn","Item":{"pk":{"S":"hot"},"v":{"N":"2"}}}}]})")
                .http_status,
            200);
}

TEST_F(TransactionCapacityTest, AProvisionedTableCancelsWithProvisionedThroughputExceeded) {
  ASSERT_EQ(db_->Call("CreateTable", R"({"TableName":"ptxn",
      "ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1},
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})")
                .http_status,
            200);
  CapacityOverrides overrides;
  overrides.burst_seconds = 1;  // 1 RCU of credit, which a consistent read spends
  ASSERT_TRUE(db_->SetCapacityOverrides("ptxn", overrides).ok());
  ASSERT_EQ(
      db_->Call("GetItem", R"({"TableName":"ptxn","ConsistentRead":true,"Key":{"pk":{"S":"x"}}})")
          .http_status,
      200);
  Response r = db_->Call("TransactGetItems", R"({"TransactItems":[
      {"Get":{"TableName":"ptxn","Key":{"pk":{"S":"a"}}}},
      {"Get":{"TableName":"txn","Key":{"pk":{"S":"a"}}}}]})");
  ASSERT_EQ(r.http_status, 400) << r.body;
  rapidjson::Document doc = ParseJson(r.body);
  EXPECT_STREQ(doc["CancellationReasons"][0]["Code"].GetString(), "ProvisionedThroughputExceeded");
  EXPECT_STREQ(doc["CancellationReasons"][0]["Message"].GetString(),
               "The level of configured provisioned throughput for the table was exceeded. "
               "Consider increasing your provisioning level with the UpdateTable API.");
  EXPECT_STREQ(doc["CancellationReasons"][1]["Code"].GetString(), "None");
}

}  // namespace transaction_capacity_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
