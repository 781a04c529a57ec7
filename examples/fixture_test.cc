// GoogleTest suites on the ddbemu::gtest fixtures: each test gets its own in-memory database
// and a virtual clock, so it can assert throttling exactly; a ClientTest runs its body twice,
// in process and against a ddb-local over HTTP. docs/testing.md explains them.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "ddbemu/testing/client_test.h"
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

// The same kind of test through the typed Client, run as OrdersTest/embedded and as
// OrdersTest/http (a ddb-local found through $DDB_LOCAL_BIN or PATH).
class OrdersTest : public ddbemu::testing::ClientTest {
 protected:
  static ddbemu::CreateTableRequest Orders() {
    return {.table_name = "Orders",
            .attribute_definitions = {{.attribute_name = "customer"}, {.attribute_name = "order"}},
            .key_schema = {{.attribute_name = "customer", .key_type = ddbemu::KeyType::kHash},
                           {.attribute_name = "order", .key_type = ddbemu::KeyType::kRange}},
            .billing_mode = ddbemu::BillingMode::kPayPerRequest};
  }
};
DDBEMU_INSTANTIATE_CLIENT_TEST(OrdersTest);

TEST_P(OrdersTest, AQueryReturnsACustomersOrdersInSortKeyOrder) {
  ASSERT_TRUE(client().CreateTable(Orders()).ok());
  for (const char* order : {"2026-03", "2026-01", "2026-02"}) {
    auto put = client().PutItem({.table_name = "Orders",
                                 .item = {{"customer", ddbemu::AttributeValue::S("ada")},
                                          {"order", ddbemu::AttributeValue::S(order)}}});
    ASSERT_TRUE(put.ok()) << put.error();
  }
  auto got =
      client().Query({.table_name = "Orders",
                      .key_condition_expression = "customer = :c",
                      .expression_attribute_values = {{":c", ddbemu::AttributeValue::S("ada")}}});
  ASSERT_TRUE(got.ok()) << got.error();
  ASSERT_EQ(got->items.size(), 3u);
  EXPECT_EQ(*got->items[0].get("order")->as_string(), "2026-01");
  EXPECT_EQ(*got->items[2].get("order")->as_string(), "2026-03");
}

}  // namespace
