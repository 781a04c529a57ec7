// The realism switches, exact on a virtual clock and a seeded generator: eventually
// consistent GetItem that sees the previous version within the window, and fault injection
// (throttling, 500s, transaction conflicts, dropped connections) that changes nothing.
#include <gtest/gtest.h>

#include <string>

#include "database_test_util.h"
#include "ddbemu/embedded_client.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace realism_test {

std::unique_ptr<Database> OpenWith(Options options, std::shared_ptr<VirtualClock> clock) {
  options.in_memory = true;
  options.durability = Durability::kNone;
  options.clock = std::move(clock);
  auto db = Database::Open(options);
  EXPECT_TRUE(db.ok());
  return std::move(db).value();
}

constexpr const char* kTable = R"({"TableName":"real","BillingMode":"PAY_PER_REQUEST",
  "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})";

std::string Get(Database& db, bool consistent) {
  Response r = db.Call(
      "GetItem", std::string(R"({"TableName":"real","Key":{"pk":{"S":"a"}},"ConsistentRead":)") +
                     (consistent ? "true" : "false") + "}");
  EXPECT_EQ(r.http_status, 200) << r.body;
  rapidjson::Document d = ParseJson(r.body);
  if (!d.HasMember("Item")) return "<none>";
  return d["Item"]["v"]["S"].GetString();
}

void Put(Database& db, const std::string& v) {
  Response r = db.Call("PutItem",
                       R"({"TableName":"real","Item":{"pk":{"S":"a"},"v":{"S":")" + v + R"("}}})");
  ASSERT_EQ(r.http_status, 200) << r.body;
}

TEST(EventualConsistencyTest, ReadsSeeThePreviousVersionForTheWindowAfterAWrite) {
  auto clock = std::make_shared<VirtualClock>();
  Options options;
  options.eventual_consistency_window_ms = 1000;
  auto db = OpenWith(options, clock);
  ASSERT_EQ(db->Call("CreateTable", kTable).http_status, 200);
  Put(*db, "1");
  EXPECT_EQ(Get(*db, false), "<none>");  // the item did not exist a second ago
  EXPECT_EQ(Get(*db, true), "1");        // a strongly consistent read sees the write
  clock->AdvanceMicros(1'000'000);
  EXPECT_EQ(Get(*db, false), "1");  // the window has passed
  Put(*db, "2");
  clock->AdvanceMicros(500'000);
  Put(*db, "3");
  EXPECT_EQ(Get(*db, false), "1");  // as it was a second ago: before both writes
  clock->AdvanceMicros(500'001);
  EXPECT_EQ(Get(*db, false), "2");  // the first write is older than the window now
  clock->AdvanceMicros(500'000);
  EXPECT_EQ(Get(*db, false), "3");
}

TEST(EventualConsistencyTest, OffByDefault) {
  auto clock = std::make_shared<VirtualClock>();
  auto db = OpenWith(Options{}, clock);
  ASSERT_EQ(db->Call("CreateTable", kTable).http_status, 200);
  Put(*db, "1");
  EXPECT_EQ(Get(*db, false), "1");
}

TEST(FaultInjectionTest, EveryChosenRequestFailsWithoutChangingAnything) {
  auto clock = std::make_shared<VirtualClock>();
  Options options;
  options.faults.rate = 1.0;
  options.faults.operations = "PutItem,TransactWriteItems";
  options.faults.kinds = "conflict";
  auto db = OpenWith(options, clock);
  ASSERT_EQ(db->Call("CreateTable", kTable).http_status, 200);  // not a chosen operation
  Response put =
      db->Call("PutItem", R"({"TableName":"real","Item":{"pk":{"S":"a"},"v":{"S":"1"}}})");
  EXPECT_EQ(ParseError(put).type, "TransactionConflictException");
  EXPECT_EQ(Get(*db, true), "<none>");
  Response tx = db->Call("TransactWriteItems", R"({"TransactItems":[
      {"Put":{"TableName":"real","Item":{"pk":{"S":"a"}}}},
      {"Put":{"TableName":"real","Item":{"pk":{"S":"b"}}}}]})");
  EXPECT_EQ(ParseError(tx).type, "TransactionCanceledException");
  EXPECT_EQ(ParseError(tx).message,
            "Transaction cancelled, please refer cancellation reasons for specific reasons "
            "[TransactionConflict, TransactionConflict]");
  rapidjson::Document body = ParseJson(tx.body);
  ASSERT_EQ(body["CancellationReasons"].Size(), 2u);
  EXPECT_STREQ(body["CancellationReasons"][0]["Code"].GetString(), "TransactionConflict");
}

TEST(FaultInjectionTest, RateAndKindsFollowTheSeed) {
  auto clock = std::make_shared<VirtualClock>();
  Options options;
  options.faults.rate = 0.5;
  options.faults.kinds = "throttling,internal,drop";
  options.faults.seed = 7;
  options.throttle = false;
  auto db = OpenWith(options, clock);
  int ok = 0, throttled = 0, internal = 0, dropped = 0;
  for (int i = 0; i < 400; ++i) {
    Response r = db->Call("ListTables", "{}");
    if (r.http_status == 200)
      ++ok;
    else if (r.http_status == 0)
      ++dropped;
    else if (r.http_status == 500)
      ++internal;
    else if (ParseError(r).type == "ProvisionedThroughputExceededException")
      ++throttled;
  }
  EXPECT_EQ(ok + throttled + internal + dropped, 400);
  EXPECT_GT(ok, 150);  // about half
  EXPECT_LT(ok, 250);
  EXPECT_GT(throttled, 30);
  EXPECT_GT(internal, 30);
  EXPECT_GT(dropped, 30);
  // The same seed replays the same sequence.
  auto again = OpenWith(options, clock);
  int ok_again = 0;
  for (int i = 0; i < 400; ++i) ok_again += again->Call("ListTables", "{}").http_status == 200;
  EXPECT_EQ(ok_again, ok);
}

// The embedded client runs the same step (run_step.h): its requests meet the same faults, a
// drop is the transport failure a client over HTTP would see, and nothing changes.
TEST(FaultInjectionTest, TheEmbeddedClientMeetsTheSameFaults) {
  auto clock = std::make_shared<VirtualClock>();
  Options options;
  options.faults.rate = 1.0;
  options.faults.operations = "PutItem,TransactWriteItems,GetItem";
  options.faults.kinds = "conflict";
  auto db = OpenWith(options, clock);
  ASSERT_EQ(db->Call("CreateTable", kTable).http_status, 200);
  std::unique_ptr<Client> client = MakeEmbeddedClient(*db);
  auto put = client->PutItem({.table_name = "real", .item = {{"pk", AttributeValue::S("a")}}});
  ASSERT_FALSE(put.ok());
  EXPECT_EQ(put.error().code(), ErrorCode::kTransactionConflict);
  auto tx = client->TransactWriteItems(
      {.transact_items = {
           ddbemu::Put{.table_name = "real", .item = {{"pk", AttributeValue::S("a")}}},
           ddbemu::Put{.table_name = "real", .item = {{"pk", AttributeValue::S("b")}}}}});
  ASSERT_FALSE(tx.ok());
  EXPECT_EQ(tx.error().code(), ErrorCode::kTransactionCanceled);
  ASSERT_EQ(tx.error().cancellation_reasons.size(), 2u);
  EXPECT_EQ(tx.error().cancellation_reasons[1].code, "TransactionConflict");
  EXPECT_TRUE(client->ListTables({}).ok());  // not a chosen operation
  auto scan = client->Scan({.table_name = "real"});
  ASSERT_TRUE(scan.ok()) << scan.error().message();
  EXPECT_EQ(scan->count, 0);  // nothing was written

  Options drop = options;
  drop.faults.kinds = "drop";
  auto dropping = OpenWith(drop, clock);
  ASSERT_EQ(dropping->Call("CreateTable", kTable).http_status, 200);
  auto got = MakeEmbeddedClient(*dropping)->GetItem(
      {.table_name = "real", .key = {{"pk", AttributeValue::S("a")}}});
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().code(), ErrorCode::kTransport);
  EXPECT_EQ(dropping->Call("GetItem", R"({"TableName":"real","Key":{"pk":{"S":"a"}}})").http_status,
            0);  // the JSON path answers nothing at all
}

TEST(FaultInjectionTest, AnUnknownKindIsRefusedAtOpen) {
  Options options;
  options.in_memory = true;
  options.faults.rate = 0.1;
  options.faults.kinds = "gremlins";
  EXPECT_FALSE(Database::Open(options).ok());
}

}  // namespace realism_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
