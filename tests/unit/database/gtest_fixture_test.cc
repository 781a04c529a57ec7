// The GoogleTest fixtures users get (ddbemu/testing/gtest.h): a fresh database per test, time
// that moves only when the test moves it, and options a fixture can change.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "database_test_util.h"
#include "ddbemu/testing/gtest.h"
#include "ddbemu/testing/matchers.h"

using ::ddbemu::testing::Attr;

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace gtest_fixture_test {

constexpr const char* kTable = R"({"TableName":"orders","BillingMode":"PAY_PER_REQUEST",
  "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})";

// About one WCU: "pk" + "hot" + "pad" + 1000 bytes <= 1 KB.
std::string Put(int i) {
  return R"({"TableName":"orders","Item":{"pk":{"S":"hot"},"pad":{"S":")" + std::string(1000, 'x') +
         R"("},"i":{"N":")" + std::to_string(i) + R"("}}})";
}

class FixtureTest : public DatabaseTest {};

// The two tests create the same table: each would fail with ResourceInUseException if they
// shared a database, whatever order they run in.
TEST_F(FixtureTest, EveryTestStartsWithAnEmptyDatabase) {
  EXPECT_EQ(CallOk("ListTables", "{}").body, R"({"TableNames":[]})");
  CallOk("CreateTable", kTable);
}

TEST_F(FixtureTest, EveryTestStartsWithAnEmptyDatabaseAgain) {
  EXPECT_EQ(CallOk("ListTables", "{}").body, R"({"TableNames":[]})");
  CallOk("CreateTable", kTable);
}

TEST_F(FixtureTest, TheDatabaseReadsTheVirtualClock) {
  const std::int64_t start = clock().NowMicros();
  EXPECT_EQ(start, 1'700'000'000'000'000);  // the same fixed start in every test
  AdvanceClock(std::chrono::milliseconds(2500));
  EXPECT_EQ(clock().NowMicros(), start + 2'500'000);
  EXPECT_EQ(db().clock().NowMicros(), start + 2'500'000);  // the database's clock is this one
  // CreationDateTime is in seconds since the epoch, from the clock.
  Response created = CallOk("CreateTable", kTable);
  EXPECT_NE(created.body.find(R"("CreationDateTime":1700000002.5)"), std::string::npos)
      << created.body;
}

// Throttling is on, as on AWS: one key takes 1,000 WCU in a second, and the next write goes
// through only once the test moves the clock.
TEST_F(FixtureTest, ThrottlingIsExactBecauseTimeStandsStill) {
  CallOk("CreateTable", kTable);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(db().Call("PutItem", Put(i)).http_status, 200) << i;
  Response throttled = db().Call("PutItem", Put(1000));
  ASSERT_EQ(throttled.http_status, 400);
  EXPECT_EQ(ParseError(throttled).type, "ProvisionedThroughputExceededException");
  AdvanceClock(std::chrono::milliseconds(1));  // refills one WCU (1,000 per second)
  EXPECT_EQ(db().Call("PutItem", Put(1000)).http_status, 200);
  EXPECT_EQ(db().Call("PutItem", Put(1001)).http_status, 400);
}

// client() is the typed API over the same database: what one writes, the other reads.
TEST_F(FixtureTest, TheTypedClientWorksOnTheSameDatabase) {
  auto created = client().CreateTable({
      .table_name = "orders",
      .attribute_definitions = {{.attribute_name = "pk"}},
      .key_schema = {{.attribute_name = "pk", .key_type = KeyType::kHash}},
      .billing_mode = BillingMode::kPayPerRequest,
  });
  ASSERT_TRUE(created.ok()) << created.error().message();
  EXPECT_EQ(CallOk("ListTables", "{}").body, R"({"TableNames":["orders"]})");
  CallOk("PutItem", Put(7));
  auto got = client().GetItem({.table_name = "orders", .key = {{"pk", AttributeValue::S("hot")}}});
  ASSERT_TRUE(got.ok()) << got.error().message();
  ASSERT_TRUE(got->item.has_value());
  EXPECT_EQ(Attr(*got->item, "i").scalar(), "7");
  // Throttling reaches the typed API as the service's error when retries are off.
  for (int i = 0; i < 999; ++i) ASSERT_EQ(db().Call("PutItem", Put(i)).http_status, 200) << i;
  const PutItemRequest hot{.table_name = "orders", .item = {{"pk", AttributeValue::S("hot")}}};
  auto throttled = client_without_retries().PutItem(hot);
  ASSERT_FALSE(throttled.ok());
  EXPECT_EQ(throttled.error().code(), ErrorCode::kProvisionedThroughputExceeded);
  // client() retries it as an SDK would: its backoff waits move the virtual clock until the
  // key's bucket has refilled the unit (a millisecond of it), and no further than the
  // schedule's first waits (up to 50, 100, 200 ms).
  const std::int64_t before = clock().NowMicros();
  EXPECT_TRUE(client().PutItem(hot).ok());
  EXPECT_GE(clock().NowMicros() - before, 1'000);
  EXPECT_LE(clock().NowMicros() - before, 350'000);
}

class UnthrottledFixtureTest : public DatabaseTest {
 protected:
  void ConfigureOptions(Options& options) override { options.throttle = false; }
};

TEST_F(UnthrottledFixtureTest, ConfigureOptionsChangesHowTheDatabaseIsOpened) {
  EXPECT_FALSE(db().options().throttle);
  EXPECT_TRUE(db().options().in_memory);
  CallOk("CreateTable", kTable);
  for (int i = 0; i < 1500; ++i) ASSERT_EQ(db().Call("PutItem", Put(i)).http_status, 200) << i;
}

// TestDatabase serves fixtures that cannot derive from DatabaseTest.
TEST(TestDatabaseTest, OpensAndReopensOnItsOwnClock) {
  TestDatabase database(0);
  ASSERT_NO_FATAL_FAILURE(database.Open());
  ASSERT_EQ(database.db().Call("CreateTable", kTable).http_status, 200);
  database.AdvanceClock(std::chrono::seconds(3));
  EXPECT_EQ(database.db().clock().NowMicros(), 3'000'000);
  ASSERT_NO_FATAL_FAILURE(database.Open([](Options& o) { o.shared_db = true; }));
  EXPECT_TRUE(database.db().options().shared_db);
  EXPECT_EQ(database.db().Call("ListTables", "{}").body, R"({"TableNames":[]})");  // a new one
  database.Close();
  EXPECT_FALSE(database.is_open());
}

}  // namespace gtest_fixture_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace gtest_fixture_test {

// FixturesTest: the suite's data is loaded once and every test starts from exactly it, whatever
// the tests before it changed (each test below changes it, so the order does not matter).
class LoadedOnceTest : public FixturesTest<LoadedOnceTest> {
 protected:
  void LoadFixtures() override {
    ++loads;
    ASSERT_EQ(db().Call("CreateTable", kTable).http_status, 200);
    for (const char* pk : {"a", "b", "c"}) {
      ASSERT_EQ(db().Call("PutItem", R"({"TableName":"orders","Item":{"pk":{"S":")" +
                                         std::string(pk) + R"("}}})")
                    .http_status,
                200);
    }
  }
  void ExpectTheFixturesExactly() {
    EXPECT_EQ(loads, 1);
    EXPECT_GE(clock().NowMicros(), last_seen_micros);  // a restore never turns the clock back
    last_seen_micros = clock().NowMicros();
    EXPECT_EQ(db().Call("ListTables", "{}").body, R"({"TableNames":["orders"]})");
    EXPECT_EQ(
        ParseJson(db().Call("Scan", R"({"TableName":"orders","Select":"COUNT"})").body)["Count"]
            .GetInt(),
        3);
  }
  static void TearDownTestSuite() {
    FixturesTest::TearDownTestSuite();
    loads = 0;  // the next run of the suite (--gtest_repeat) loads again, on a new clock
    last_seen_micros = 0;
  }
  static inline int loads = 0;
  static inline std::int64_t last_seen_micros = 0;
};

TEST_F(LoadedOnceTest, StartsFromTheFixturesAndDeletesAnItem) {
  ExpectTheFixturesExactly();
  ASSERT_EQ(db().Call("DeleteItem", R"({"TableName":"orders","Key":{"pk":{"S":"a"}}})").http_status,
            200);
}

TEST_F(LoadedOnceTest, StartsFromTheFixturesAndAddsATable) {
  ExpectTheFixturesExactly();
  ASSERT_EQ(db().Call("CreateTable", R"({"TableName":"extra","BillingMode":"PAY_PER_REQUEST",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})")
                .http_status,
            200);
  AdvanceClock(std::chrono::seconds(10));
}

TEST_F(LoadedOnceTest, StartsFromTheFixturesAndDeletesTheTable) {
  ExpectTheFixturesExactly();
  ASSERT_EQ(db().Call("DeleteTable", R"({"TableName":"orders"})").http_status, 200);
}

}  // namespace gtest_fixture_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
