// Table and index statuses that take time (Options::transient_status_ms), exact on a virtual
// clock: CREATING -> ACTIVE, UPDATING with a GSI CREATING/Backfilling -> ACTIVE, DELETING ->
// gone, and the service's refusals meanwhile (ops/realism/transient_statuses.h).
#include <gtest/gtest.h>

#include <string>

#include "database_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace transient_status_test {

constexpr std::int64_t kDelayMs = 2000;

constexpr const char* kTable = R"({"TableName":"slow","BillingMode":"PAY_PER_REQUEST",
  "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})";

constexpr const char* kAddIndex = R"({"TableName":"slow",
  "AttributeDefinitions":[{"AttributeName":"g","AttributeType":"S"}],
  "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"byG",
    "KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}}]})";

class TransientStatusTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Options options;
    options.in_memory = true;
    options.durability = Durability::kNone;
    options.clock = clock_;
    options.transient_status_ms = kDelayMs;
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok());
    db_ = std::move(db).value();
  }

  void Advance(std::int64_t ms) { clock_->AdvanceMicros(ms * 1000); }

  rapidjson::Document Describe() {
    Response r = db_->Call("DescribeTable", R"({"TableName":"slow"})");
    EXPECT_EQ(r.http_status, 200) << r.body;
    return ParseJson(r.body);
  }
  std::string Status() { return Describe()["Table"]["TableStatus"].GetString(); }

  std::shared_ptr<VirtualClock> clock_ = std::make_shared<VirtualClock>();
  std::unique_ptr<Database> db_;
};

constexpr const char* kPut = R"({"TableName":"slow","Item":{"pk":{"S":"a"},"g":{"S":"x"}}})";

TEST_F(TransientStatusTest, CreatingTableRefusesItemsAndDeletionUntilActive) {
  ASSERT_EQ(db_->Call("CreateTable", kTable).http_status, 200);
  EXPECT_EQ(Status(), "CREATING");
  Response put = db_->Call("PutItem", kPut);
  EXPECT_EQ(put.http_status, 400);
  EXPECT_EQ(ParseError(put).type, "ResourceNotFoundException");
  EXPECT_EQ(ParseError(put).message, "Requested resource not found");
  for (const char* op : {"Scan", "Query"}) {
    Response r = db_->Call(op, std::string(op) == "Scan"
                                   ? R"({"TableName":"slow"})"
                                   : R"({"TableName":"slow","KeyConditionExpression":"pk = :p",
                                        "ExpressionAttributeValues":{":p":{"S":"a"}}})");
    EXPECT_EQ(ParseError(r).type, "ResourceNotFoundException") << op;
  }
  Response batch =
      db_->Call("BatchGetItem", R"({"RequestItems":{"slow":{"Keys":[{"pk":{"S":"a"}}]}}})");
  EXPECT_EQ(ParseError(batch).type, "ResourceNotFoundException");
  Response del = db_->Call("DeleteTable", R"({"TableName":"slow"})");
  EXPECT_EQ(ParseError(del).type, "ResourceInUseException");
  EXPECT_EQ(ParseError(del).message,
            "Attempt to change a resource which is still in use: Table is being created: slow");

  Advance(kDelayMs - 1);
  EXPECT_EQ(Status(), "CREATING");  // exact: one millisecond short
  Advance(1);
  EXPECT_EQ(Status(), "ACTIVE");
  EXPECT_EQ(db_->Call("PutItem", kPut).http_status, 200);
}

TEST_F(TransientStatusTest, AddedIndexBackfillsWhileTheTableIsUpdating) {
  ASSERT_EQ(db_->Call("CreateTable", kTable).http_status, 200);
  Advance(kDelayMs);
  ASSERT_EQ(db_->Call("PutItem", kPut).http_status, 200);
  Response update = db_->Call("UpdateTable", kAddIndex);
  ASSERT_EQ(update.http_status, 200) << update.body;

  rapidjson::Document d = Describe();
  EXPECT_STREQ(d["Table"]["TableStatus"].GetString(), "UPDATING");
  const auto& gsi = d["Table"]["GlobalSecondaryIndexes"][0];
  EXPECT_STREQ(gsi["IndexStatus"].GetString(), "CREATING");
  EXPECT_TRUE(gsi["Backfilling"].GetBool());
  // The table stays usable while UPDATING; the index cannot be read yet.
  EXPECT_EQ(db_->Call("GetItem", R"({"TableName":"slow","Key":{"pk":{"S":"a"}}})").http_status,
            200);
  Response q = db_->Call("Query", R"({"TableName":"slow","IndexName":"byG",
      "KeyConditionExpression":"g = :g","ExpressionAttributeValues":{":g":{"S":"x"}}})");
  EXPECT_EQ(ParseError(q).type, "ValidationException");
  EXPECT_EQ(ParseError(q).message, "Cannot read from backfilling global secondary index: byG");
  Response again = db_->Call("UpdateTable", R"({"TableName":"slow","BillingMode":"PROVISIONED",
      "ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1},
      "GlobalSecondaryIndexUpdates":[{"Update":{"IndexName":"byG",
        "ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1}}}]})");
  EXPECT_EQ(ParseError(again).type, "ResourceInUseException");
  EXPECT_EQ(ParseError(again).message,
            "Attempt to change a resource which is still in use: Table is being updated: slow");

  Advance(kDelayMs);
  d = Describe();
  EXPECT_STREQ(d["Table"]["TableStatus"].GetString(), "ACTIVE");
  EXPECT_STREQ(d["Table"]["GlobalSecondaryIndexes"][0]["IndexStatus"].GetString(), "ACTIVE");
  EXPECT_FALSE(d["Table"]["GlobalSecondaryIndexes"][0].HasMember("Backfilling"));
  q = db_->Call("Query", R"({"TableName":"slow","IndexName":"byG",
      "KeyConditionExpression":"g = :g","ExpressionAttributeValues":{":g":{"S":"x"}}})");
  ASSERT_EQ(q.http_status, 200) << q.body;
  EXPECT_EQ(ParseJson(q.body)["Count"].GetInt(), 1);  // backfilled
}

TEST_F(TransientStatusTest, DeletedIndexIsListedDeletingUntilItIsGone) {
  ASSERT_EQ(db_->Call("CreateTable", kTable).http_status, 200);
  Advance(kDelayMs);
  ASSERT_EQ(db_->Call("UpdateTable", kAddIndex).http_status, 200);
  Advance(kDelayMs);
  ASSERT_EQ(db_->Call("UpdateTable", R"({"TableName":"slow",
      "GlobalSecondaryIndexUpdates":[{"Delete":{"IndexName":"byG"}}]})")
                .http_status,
            200);
  rapidjson::Document d = Describe();
  EXPECT_STREQ(d["Table"]["TableStatus"].GetString(), "UPDATING");
  EXPECT_STREQ(d["Table"]["GlobalSecondaryIndexes"][0]["IndexStatus"].GetString(), "DELETING");
  Advance(kDelayMs);
  d = Describe();
  EXPECT_STREQ(d["Table"]["TableStatus"].GetString(), "ACTIVE");
  EXPECT_FALSE(d["Table"].HasMember("GlobalSecondaryIndexes"));
}

TEST_F(TransientStatusTest, DeletingTableIsDescribedUntilGoneAndKeepsItsName) {
  ASSERT_EQ(db_->Call("CreateTable", kTable).http_status, 200);
  Advance(kDelayMs);
  ASSERT_EQ(db_->Call("DeleteTable", R"({"TableName":"slow"})").http_status, 200);
  EXPECT_EQ(Status(), "DELETING");
  EXPECT_EQ(ParseError(db_->Call("PutItem", kPut)).type, "ResourceNotFoundException");
  Response create = db_->Call("CreateTable", kTable);
  EXPECT_EQ(ParseError(create).type, "ResourceInUseException");
  EXPECT_EQ(ParseError(create).message,
            "Attempt to change a resource which is still in use: Table is being deleted: slow");
  EXPECT_EQ(ParseError(db_->Call("DeleteTable", R"({"TableName":"slow"})")).type,
            "ResourceInUseException");
  Advance(kDelayMs);
  Response gone = db_->Call("DescribeTable", R"({"TableName":"slow"})");
  EXPECT_EQ(ParseError(gone).type, "ResourceNotFoundException");
  EXPECT_EQ(db_->Call("CreateTable", kTable).http_status, 200);
}

TEST(TransientStatusOffTest, TablesAreActiveAtOnceByDefault) {
  auto db = OpenInMemory();
  ASSERT_EQ(db->Call("CreateTable", kTable).http_status, 200);
  Response d = db->Call("DescribeTable", R"({"TableName":"slow"})");
  EXPECT_STREQ(ParseJson(d.body)["Table"]["TableStatus"].GetString(), "ACTIVE");
  EXPECT_EQ(db->Call("PutItem", kPut).http_status, 200);
}

}  // namespace transient_status_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
