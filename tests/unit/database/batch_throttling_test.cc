// BatchWriteItem and BatchGetItem under throttling (docs/capacity.md §3): each item is admitted on
// the balances the batch found (the service fans a batch out to its partitions in parallel);
// the items on keys in debt come back as UnprocessedItems / UnprocessedKeys, exactly those,
// and change nothing; a batch none of whose items can be processed fails whole.
#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>

#include "database_test_util.h"
#include "ddbemu/testing/gtest.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace batch_throttling_test {

constexpr const char* kTable = R"({"TableName":"batched","BillingMode":"PAY_PER_REQUEST",
  "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"}]})";

// Each test: a fresh in-memory database on a virtual clock (ddbemu/testing/gtest.h).
class BatchThrottlingTest : public DatabaseTest {
 protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(DatabaseTest::SetUp());
    db_ = &db();
    clock_ = &clock();
    ASSERT_EQ(db_->Call("CreateTable", kTable).http_status, 200);
    // Many partitions, so that the hot key shares its partition with none of the other keys.
    CapacityOverrides overrides;
    overrides.partitions = 1000;
    ASSERT_TRUE(db_->SetCapacityOverrides("batched", overrides).ok());
  }
  static std::string Key(const std::string& pk, int sk) {
    return R"({"pk":{"S":")" + pk + R"("},"sk":{"N":")" + std::to_string(sk) + R"("}})";
  }
  // Spends `units` of the hot key's 1,000 WCU with single writes.
  void Spend(int units) {
    for (int i = 0; i < units; ++i) {
      ASSERT_EQ(
          db_->Call("PutItem", R"({"TableName":"batched","Item":)" + Key("hot", 10'000 + i) + "}")
              .http_status,
          200);
    }
  }

  VirtualClock* clock_ = nullptr;
  Database* db_ = nullptr;
};

TEST_F(BatchThrottlingTest, BatchWriteReturnsExactlyTheThrottledItemsAsUnprocessed) {
  Spend(1000);
  clock_->AdvanceMicros(1);  // the hot key holds 0.001 WCU: any tokens admit
  Spend(1);                  // and this write leaves it 0.999 WCU in debt
  std::string requests;
  for (int i = 0; i < 10; ++i) {
    requests += std::string(i ? "," : "") + R"({"PutRequest":{"Item":)" + Key("hot", i) + "}}";
    requests += R"(,{"PutRequest":{"Item":)" + Key("cold" + std::to_string(i), i) + "}}";
  }
  Response r = db_->Call("BatchWriteItem", R"({"RequestItems":{"batched":[)" + requests +
                                               R"(]},"ReturnConsumedCapacity":"TOTAL"})");
  ASSERT_EQ(r.http_status, 200) << r.body;
  rapidjson::Document doc = ParseJson(r.body);
  const auto& unprocessed = doc["UnprocessedItems"]["batched"];
  ASSERT_EQ(unprocessed.Size(), 10u) << r.body;
  std::set<std::string> left;
  for (const auto& w : unprocessed.GetArray()) {
    EXPECT_STREQ(w["PutRequest"]["Item"]["pk"]["S"].GetString(), "hot");
    left.insert(w["PutRequest"]["Item"]["sk"]["N"].GetString());
  }
  EXPECT_EQ(left.size(), 10u);  // every item of the key in debt, none of the others
  EXPECT_DOUBLE_EQ(doc["ConsumedCapacity"][0]["CapacityUnits"].GetDouble(), 10);
  // The unprocessed items were not written; the processed ones were.
  EXPECT_EQ(db_->Call("GetItem", R"({"TableName":"batched","Key":)" + Key("hot", 5) + "}").body,
            "{}");
  EXPECT_NE(db_->Call("GetItem", R"({"TableName":"batched","Key":)" + Key("cold4", 4) + "}").body,
            "{}");
  // Retried a second later, they go through.
  clock_->AdvanceMicros(1'000'000);
  std::string retry;
  for (const auto& w : unprocessed.GetArray()) {
    retry += std::string(retry.empty() ? "" : ",") + R"({"PutRequest":{"Item":)" +
             Key("hot", std::stoi(w["PutRequest"]["Item"]["sk"]["N"].GetString())) + "}}";
  }
  Response again = db_->Call("BatchWriteItem", R"({"RequestItems":{"batched":[)" + retry + "]}}");
  EXPECT_EQ(again.body, R"({"UnprocessedItems":{}})");
}

TEST_F(BatchThrottlingTest, ABatchOnAKeyHoldingTokensIsServedWholeIntoDebt) {
  Spend(995);  // 5 WCU left: more than nothing, so every item of the batch is admitted
  std::string requests;
  for (int i = 0; i < 10; ++i) {
    requests += std::string(i ? "," : "") + R"({"PutRequest":{"Item":)" + Key("hot", i) + "}}";
  }
  Response r = db_->Call("BatchWriteItem", R"({"RequestItems":{"batched":[)" + requests + "]}}");
  EXPECT_EQ(r.body, R"({"UnprocessedItems":{}})");
  // 5 WCU owed: 5 ms at 1,000 WCU a second.
  clock_->AdvanceMicros(5'000);
  Response refused =
      db_->Call("BatchWriteItem", R"({"RequestItems":{"batched":[)" + requests + "]}}");
  EXPECT_EQ(refused.http_status, 400) << refused.body;
  clock_->AdvanceMicros(1);
  EXPECT_EQ(db_->Call("BatchWriteItem", R"({"RequestItems":{"batched":[)" + requests + "]}}").body,
            R"({"UnprocessedItems":{}})");
}

TEST_F(BatchThrottlingTest, ABatchWriteNoneOfWhoseItemsFitsFailsWhole) {
  Spend(1000);
  Response r = db_->Call("BatchWriteItem", R"({"RequestItems":{"batched":[{"PutRequest":{"Item":)" +
                                               Key("hot", 1) + R"(}},{"DeleteRequest":{"Key":)" +
                                               Key("hot", 2) + "}}]}}");
  ASSERT_EQ(r.http_status, 400) << r.body;
  EXPECT_EQ(ParseError(r).type, "ProvisionedThroughputExceededException");
  EXPECT_NE(r.body.find("TableWriteKeyRangeThroughputExceeded"), std::string::npos) << r.body;
}

TEST_F(BatchThrottlingTest, BatchGetReturnsTheThrottledKeysAsUnprocessed) {
  ASSERT_EQ(
      db_->Call("PutItem", R"({"TableName":"batched","Item":)" + Key("hot", 0) + "}").http_status,
      200);
  // 3,000 strongly consistent reads of the hot key leave it nothing.
  for (int i = 0; i < 3000; ++i) {
    ASSERT_EQ(db_->Call("GetItem", R"({"TableName":"batched","ConsistentRead":true,"Key":)" +
                                       Key("hot", 0) + "}")
                  .http_status,
              200);
  }
  Response r = db_->Call("BatchGetItem",
                         R"({"RequestItems":{"batched":{"ConsistentRead":true,"Keys":[)" +
                             Key("hot", 0) + "," + Key("hot", 1) + "," + Key("cold", 0) + "]}}}");
  ASSERT_EQ(r.http_status, 200) << r.body;
  rapidjson::Document doc = ParseJson(r.body);
  ASSERT_TRUE(doc["UnprocessedKeys"].HasMember("batched")) << r.body;
  const auto& keys = doc["UnprocessedKeys"]["batched"]["Keys"];
  ASSERT_EQ(keys.Size(), 2u) << r.body;
  EXPECT_STREQ(keys[0]["sk"]["N"].GetString(), "0");
  EXPECT_STREQ(keys[1]["sk"]["N"].GetString(), "1");
  EXPECT_EQ(doc["Responses"]["batched"].Size(), 0u);  // the cold key was read: no item there
}

}  // namespace batch_throttling_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
