// A GoogleTest suite on the ddbemu::gtest fixture: each test gets its own in-memory database
// and a virtual clock, so it can assert throttling exactly. docs/testing.md explains it.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "ddbemu/testing/gtest.h"

namespace {

constexpr const char* kSessions = R"({"TableName": "Sessions", "BillingMode": "PAY_PER_REQUEST",
    "KeySchema": [{"AttributeName": "user", "KeyType": "HASH"}],
    "AttributeDefinitions": [{"AttributeName": "user", "AttributeType": "S"}]})";

// A write of about 1 KB: one write capacity unit.
std::string PutSession(const std::string& user) {
  return R"({"TableName": "Sessions", "Item": {"user": {"S": ")" + user +
         R"("}, "token": {"S": ")" + std::string(1000, 't') + R"("}}})";
}

class SessionsTest : public ddbemu::testing::DatabaseTest {
 protected:
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(DatabaseTest::SetUp());
    CallOk("CreateTable", kSessions);
  }
};

// The typed API (client()) and the JSON one (db().Call, CallOk) reach the same database.
TEST_F(SessionsTest, APutIsReadBack) {
  CallOk("PutItem", PutSession("ada"));
  auto got = client().GetItem(
      {.table_name = "Sessions", .key = {{"user", ddbemu::AttributeValue::S("ada")}}});
  ASSERT_TRUE(got.ok()) << got.error().message();
  ASSERT_TRUE(got->item.has_value());
  const ddbemu::AttributeValue* token = got->item->get("token");
  ASSERT_NE(token, nullptr);
  EXPECT_EQ(token->scalar().size(), 1000u);
}

// One partition key takes at most 1,000 write units per second, as on DynamoDB. The clock
// stands still until the test moves it, so the count is exact.
TEST_F(SessionsTest, AHotKeyIsThrottledUntilTimeMoves) {
  for (int i = 0; i < 1000; ++i)
    ASSERT_EQ(db().Call("PutItem", PutSession("hot")).http_status, 200);
  ddbemu::Response throttled = db().Call("PutItem", PutSession("hot"));
  EXPECT_EQ(throttled.http_status, 400);
  EXPECT_NE(throttled.body.find("ProvisionedThroughputExceededException"), std::string::npos);
  AdvanceClock(std::chrono::seconds(1));
  EXPECT_EQ(db().Call("PutItem", PutSession("hot")).http_status, 200);
}

}  // namespace
