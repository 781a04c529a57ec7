// Eventually consistent Query, Scan, GSI reads and BatchGetItem (a realism switch,
// Options::eventual_consistency_window_ms), exact on a virtual clock: within the window after a
// write they see the previous version (or no item), after it the new one; strongly consistent
// reads always see the latest.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "database_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace eventual_reads_test {

constexpr std::int64_t kWindowMs = 1000;

constexpr const char* kTable = R"({"TableName":"lag","BillingMode":"PAY_PER_REQUEST",
  "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
    {"AttributeName":"sk","AttributeType":"S"},{"AttributeName":"g","AttributeType":"S"}],
  "GlobalSecondaryIndexes":[{"IndexName":"byG","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
    "Projection":{"ProjectionType":"ALL"}}]})";

class EventualReadsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Options options;
    options.in_memory = true;
    options.durability = Durability::kNone;
    options.clock = clock_;
    options.eventual_consistency_window_ms = kWindowMs;
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok());
    db_ = std::move(db).value();
    ASSERT_EQ(db_->Call("CreateTable", kTable).http_status, 200);
  }

  void Put(const std::string& sk, const std::string& g, const std::string& v) {
    Response r =
        db_->Call("PutItem", R"({"TableName":"lag","Item":{"pk":{"S":"p"},"sk":{"S":")" + sk +
                                 R"("},"g":{"S":")" + g + R"("},"v":{"S":")" + v + R"("}}})");
    ASSERT_EQ(r.http_status, 200) << r.body;
  }
  void Delete(const std::string& sk) {
    Response r = db_->Call(
        "DeleteItem", R"({"TableName":"lag","Key":{"pk":{"S":"p"},"sk":{"S":")" + sk + R"("}}})");
    ASSERT_EQ(r.http_status, 200) << r.body;
  }

  // "sk=v" of each item a read returns, in order.
  std::vector<std::string> Read(const std::string& op, const std::string& body) {
    Response r = db_->Call(op, body);
    EXPECT_EQ(r.http_status, 200) << r.body;
    rapidjson::Document d = ParseJson(r.body);
    std::vector<std::string> out;
    for (const auto& item : d["Items"].GetArray()) {
      out.push_back(std::string(item["sk"]["S"].GetString()) + "=" + item["v"]["S"].GetString());
    }
    return out;
  }
  std::vector<std::string> Query(bool consistent) {
    return Read("Query", std::string(R"({"TableName":"lag","KeyConditionExpression":"pk = :p",
        "ExpressionAttributeValues":{":p":{"S":"p"}},"ConsistentRead":)") +
                             (consistent ? "true" : "false") + "}");
  }
  std::vector<std::string> Scan(bool consistent) {
    return Read("Scan", std::string(R"({"TableName":"lag","ConsistentRead":)") +
                            (consistent ? "true" : "false") + "}");
  }
  std::vector<std::string> QueryIndex(const std::string& g) {
    return Read("Query", R"({"TableName":"lag","IndexName":"byG","KeyConditionExpression":"g = :g",
        "ExpressionAttributeValues":{":g":{"S":")" +
                             g + R"("}}})");
  }
  void Advance(std::int64_t ms) { clock_->AdvanceMicros(ms * 1000); }

  std::shared_ptr<VirtualClock> clock_ = std::make_shared<VirtualClock>();
  std::unique_ptr<Database> db_;
};

using Items = std::vector<std::string>;

TEST_F(EventualReadsTest, QueryAndScanSeeTheTableAsItWasAWindowAgo) {
  Put("a", "x", "1");
  Put("c", "x", "1");
  Advance(kWindowMs);
  Put("b", "x", "1");  // new within the window: not seen yet
  Put("c", "x", "2");  // updated: the old version is seen
  Delete("a");         // deleted: still seen
  EXPECT_EQ(Query(false), (Items{"a=1", "c=1"}));
  EXPECT_EQ(Scan(false), (Items{"a=1", "c=1"}));
  EXPECT_EQ(Query(true), (Items{"b=1", "c=2"}));  // strongly consistent: the latest
  EXPECT_EQ(Scan(true), (Items{"b=1", "c=2"}));
  Advance(kWindowMs - 1);
  EXPECT_EQ(Query(false), (Items{"a=1", "c=1"}));  // exact: one millisecond short
  Advance(1);
  EXPECT_EQ(Query(false), (Items{"b=1", "c=2"}));
  EXPECT_EQ(Scan(false), (Items{"b=1", "c=2"}));
}

TEST_F(EventualReadsTest, BackwardQueryLimitAndPagingWalkTheLaggedView) {
  Put("a", "x", "1");
  Put("c", "x", "1");
  Advance(kWindowMs);
  Delete("c");
  Put("b", "x", "1");
  EXPECT_EQ(Read("Query", R"({"TableName":"lag","KeyConditionExpression":"pk = :p",
      "ExpressionAttributeValues":{":p":{"S":"p"}},"ScanIndexForward":false})"),
            (Items{"c=1", "a=1"}));
  Response first = db_->Call("Query", R"({"TableName":"lag","KeyConditionExpression":"pk = :p",
      "ExpressionAttributeValues":{":p":{"S":"p"}},"Limit":1})");
  rapidjson::Document d = ParseJson(first.body);
  ASSERT_EQ(d["Count"].GetInt(), 1);
  EXPECT_STREQ(d["Items"][0]["sk"]["S"].GetString(), "a");
  Response second = db_->Call("Query", R"({"TableName":"lag","KeyConditionExpression":"pk = :p",
      "ExpressionAttributeValues":{":p":{"S":"p"}},"ExclusiveStartKey":{"pk":{"S":"p"},"sk":{"S":"a"}}})");
  d = ParseJson(second.body);
  ASSERT_EQ(d["Count"].GetInt(), 1);
  EXPECT_STREQ(d["Items"][0]["sk"]["S"].GetString(), "c");  // deleted, still seen
}

TEST_F(EventualReadsTest, GlobalIndexQueriesAlwaysLag) {
  Put("a", "x", "1");
  Advance(kWindowMs);
  Put("a", "y", "2");  // moves from index partition x to y
  EXPECT_EQ(QueryIndex("x"), (Items{"a=1"}));
  EXPECT_EQ(QueryIndex("y"), (Items{}));
  Advance(kWindowMs);
  EXPECT_EQ(QueryIndex("x"), (Items{}));
  EXPECT_EQ(QueryIndex("y"), (Items{"a=2"}));
}

TEST_F(EventualReadsTest, BatchGetItemLagsWithoutConsistentRead) {
  Put("a", "x", "1");
  Advance(kWindowMs);
  Put("a", "x", "2");
  const auto batch = [&](bool consistent) {
    Response r =
        db_->Call("BatchGetItem", std::string(R"({"RequestItems":{"lag":{"Keys":[{"pk":{"S":"p"},
        "sk":{"S":"a"}}],"ConsistentRead":)") +
                                      (consistent ? "true" : "false") + "}}}");
    EXPECT_EQ(r.http_status, 200) << r.body;
    return std::string(ParseJson(r.body)["Responses"]["lag"][0]["v"]["S"].GetString());
  };
  EXPECT_EQ(batch(false), "1");
  EXPECT_EQ(batch(true), "2");
  Advance(kWindowMs);
  EXPECT_EQ(batch(false), "2");
}

}  // namespace eventual_reads_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
