// Large requests on an idle on-demand table, with throttling on (docs/capacity.md §3,
// "Admission and debt"): the service serves a TransactWriteItems of 30 items of 100 KB, a
// BatchWriteItem of 400 KB items and a BatchGetItem that reads megabytes even though each
// costs more than a partition serves in a second; the debt they leave throttles what follows,
// for exactly as long as it takes to repay.
#include <gtest/gtest.h>

#include <string>

#include "database_test_util.h"
#include "ddbemu/testing/gtest.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace large_request_admission_test {

constexpr std::int64_t kSecond = 1'000'000;

// Each test: a fresh in-memory database on a virtual clock, throttling on.
class LargeRequestAdmissionTest : public DatabaseTest {
 protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(DatabaseTest::SetUp());
    ASSERT_EQ(db().Call("CreateTable", kHashRangeTable).http_status, 200);
    // Many partitions, so that "org" shares its partition with no other key of the tests.
    CapacityOverrides overrides;
    overrides.partitions = 1000;
    ASSERT_TRUE(db().SetCapacityOverrides("items", overrides).ok());
  }
  // An item of pk `pk`, sk `sk`, just under `kb` KB: it costs `kb` WCU (1 KB = 1,024 bytes).
  static std::string Item(const std::string& pk, int sk, int kb) {
    const std::size_t pad = static_cast<std::size_t>(kb) * 1024 - 64;
    return R"({"pk":{"S":")" + pk + R"("},"sk":{"N":")" + std::to_string(sk) +
           R"("},"pad":{"S":")" + std::string(pad, 'x') + R"("}})";
  }
  static std::string Key(const std::string& pk, int sk) {
    return R"({"pk":{"S":")" + pk + R"("},"sk":{"N":")" + std::to_string(sk) + R"("}})";
  }
  int PutStatus(const std::string& pk, int sk) {
    return db().Call("PutItem", R"({"TableName":"items","Item":)" + Key(pk, sk) + "}").http_status;
  }
  // A BatchWriteItem of `count` items of 400 KB under `pk` (sk from `first`), plus `extra`.
  Response BatchOfLargeItems(const std::string& pk, int first, int count,
                             const std::string& extra = "") {
    std::string requests;
    for (int i = 0; i < count; ++i) {
      requests +=
          std::string(i ? "," : "") + R"({"PutRequest":{"Item":)" + Item(pk, first + i, 400) + "}}";
    }
    return db().Call("BatchWriteItem", R"({"RequestItems":{"items":[)" + requests + extra +
                                           R"(]},"ReturnConsumedCapacity":"TOTAL"})");
  }
};

TEST_F(LargeRequestAdmissionTest, ThirtyItemsOfHundredKBInOneTransactionPassThenTheKeyRepays) {
  std::string actions;
  for (int i = 0; i < 30; ++i) {
    actions += std::string(i ? "," : "") + R"({"Put":{"TableName":"items","Item":)" +
               Item("org", i, 100) + "}}";
  }
  Response r = db().Call("TransactWriteItems", R"({"ReturnConsumedCapacity":"TOTAL",
      "TransactItems":[)" + actions + "]}");
  ASSERT_EQ(r.http_status, 200) << r.body.substr(0, 500);
  // 30 x 100 WCU, doubled in a transaction: 6,000 WCU on one partition key value.
  EXPECT_DOUBLE_EQ(ParseJson(r.body)["ConsumedCapacity"][0]["CapacityUnits"].GetDouble(), 6000);
  // The key owes 5,000 WCU: throttled for exactly five seconds.
  Response throttled =
      db().Call("PutItem", R"({"TableName":"items","Item":)" + Key("org", 100) + "}");
  ASSERT_EQ(throttled.http_status, 400);
  EXPECT_EQ(ParseError(throttled).type, "ProvisionedThroughputExceededException");
  EXPECT_NE(throttled.body.find("TableWriteKeyRangeThroughputExceeded"), std::string::npos);
  clock().AdvanceMicros(5 * kSecond);
  EXPECT_EQ(PutStatus("org", 100), 400);
  clock().AdvanceMicros(1);
  EXPECT_EQ(PutStatus("org", 100), 200);
}

TEST_F(LargeRequestAdmissionTest, ABatchOfLargeItemsIsServedWholeAndItsKeysThenWait) {
  // 25 items of 400 KB under one key: 10,000 WCU, ten seconds of the key's cap, all processed.
  Response r = BatchOfLargeItems("org", 0, 25);
  ASSERT_EQ(r.http_status, 200) << r.body.substr(0, 500);
  rapidjson::Document doc = ParseJson(r.body);
  EXPECT_EQ(doc["UnprocessedItems"].MemberCount(), 0u);
  EXPECT_DOUBLE_EQ(doc["ConsumedCapacity"][0]["CapacityUnits"].GetDouble(), 10'000);
  // The key is in debt: a batch of only its items is refused whole...
  Response refused = BatchOfLargeItems("org", 100, 2);
  ASSERT_EQ(refused.http_status, 400);
  EXPECT_EQ(ParseError(refused).type, "ProvisionedThroughputExceededException");
  // ...and in a batch with another key, its items come back unprocessed, the other's written.
  Response mixed =
      BatchOfLargeItems("org", 100, 2, R"(,{"PutRequest":{"Item":)" + Key("cold", 1) + "}}");
  ASSERT_EQ(mixed.http_status, 200);
  rapidjson::Document mixed_doc = ParseJson(mixed.body);
  ASSERT_EQ(mixed_doc["UnprocessedItems"]["items"].Size(), 2u);
  for (const auto& w : mixed_doc["UnprocessedItems"]["items"].GetArray()) {
    EXPECT_STREQ(w["PutRequest"]["Item"]["pk"]["S"].GetString(), "org");
  }
  EXPECT_DOUBLE_EQ(mixed_doc["ConsumedCapacity"][0]["CapacityUnits"].GetDouble(), 1);
  // 9,000 WCU owed: repaid after nine seconds, not before.
  clock().AdvanceMicros(9 * kSecond);
  EXPECT_EQ(PutStatus("org", 200), 400);
  clock().AdvanceMicros(1);
  EXPECT_EQ(PutStatus("org", 200), 200);
}

TEST_F(LargeRequestAdmissionTest, ABatchGetThatReadsMegabytesFromOneKeyIsServed) {
  // Forty items of 400 KB under one key, written at the key's pace (one a second).
  for (int i = 0; i < 40; ++i) {
    Response put =
        db().Call("PutItem", R"({"TableName":"items","Item":)" + Item("org", i, 400) + "}");
    ASSERT_EQ(put.http_status, 200) << i;
    clock().AdvanceMicros(kSecond);
  }
  std::string keys;
  for (int i = 0; i < 40; ++i) keys += std::string(i ? "," : "") + Key("org", i);
  // About 16 MB read strongly consistently: 4,000 RCU, more than the key's 3,000 a second.
  Response r = db().Call("BatchGetItem", R"({"RequestItems":{"items":{"ConsistentRead":true,
      "ProjectionExpression":"pk, sk","Keys":[)" +
                                             keys + R"(]}},"ReturnConsumedCapacity":"TOTAL"})");
  ASSERT_EQ(r.http_status, 200) << r.body.substr(0, 500);
  rapidjson::Document doc = ParseJson(r.body);
  EXPECT_EQ(doc["Responses"]["items"].Size(), 40u);
  EXPECT_EQ(doc["UnprocessedKeys"].MemberCount(), 0u);
  EXPECT_DOUBLE_EQ(doc["ConsumedCapacity"][0]["CapacityUnits"].GetDouble(), 4000);
  // 1,000 RCU owed: the key's reads wait a third of a second; its writes were never in debt.
  const std::string get =
      R"({"TableName":"items","ConsistentRead":true,"Key":)" + Key("org", 0) + "}";
  EXPECT_EQ(db().Call("GetItem", get).http_status, 400);
  EXPECT_EQ(PutStatus("org", 1000), 200);
  clock().AdvanceMicros(kSecond / 3);
  EXPECT_EQ(db().Call("GetItem", get).http_status, 400);  // 999.999 RCU repaid of 1,000
  clock().AdvanceMicros(1);
  EXPECT_EQ(db().Call("GetItem", get).http_status, 200);
}

}  // namespace large_request_admission_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
