// Time to Live through Database::Call on a virtual clock: UpdateTimeToLive/DescribeTimeToLive
// with the service's transitions and messages, and the sweep — exactly when asked, expired
// items readable until then, indexes updated, REMOVE stream records from the service.
#include <gtest/gtest.h>

#include <string>

#include "database_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace ttl_test {

constexpr std::int64_t kNow = 1'700'000'000;  // VirtualClock's default start, in seconds

class TtlTest : public ::testing::Test {
 protected:
  void SetUp() override {
    clock_ = std::make_shared<VirtualClock>();
    Options options;
    options.in_memory = true;
    options.durability = Durability::kNone;
    options.clock = clock_;
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok());
    db_ = std::move(db).value();
    Ok("CreateTable", R"({"TableName":"ttl",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
                              {"AttributeName":"g","AttributeType":"S"}],
      "GlobalSecondaryIndexes":[{"IndexName":"byg","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
                                 "Projection":{"ProjectionType":"ALL"}}],
      "BillingMode":"PAY_PER_REQUEST",
      "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_AND_OLD_IMAGES"}})");
  }

  rapidjson::Document Ok(std::string_view op, const std::string& body) {
    Response r = db_->Call(op, body);
    EXPECT_EQ(r.http_status, 200) << op << " " << body << " -> " << r.body;
    return ParseJson(r.body);
  }
  std::string FailMessage(std::string_view op, const std::string& body) {
    Response r = db_->Call(op, body);
    EXPECT_EQ(r.http_status, 400) << r.body;
    return ParseError(r).message;
  }
  void Enable(std::string_view attribute = "exp") {
    Ok("UpdateTimeToLive",
       R"({"TableName":"ttl","TimeToLiveSpecification":{"Enabled":true,"AttributeName":")" +
           std::string(attribute) + R"("}})");
  }
  void PutExpiring(const std::string& pk, const std::string& exp_json) {
    Ok("PutItem", R"({"TableName":"ttl","Item":{"pk":{"S":")" + pk + R"("},"g":{"S":"G"})" +
                      (exp_json.empty() ? "" : ",\"exp\":" + exp_json) + "}}");
  }
  bool Exists(const std::string& pk) {
    return Ok("GetItem", R"({"TableName":"ttl","Key":{"pk":{"S":")" + pk + R"("}}})")
        .HasMember("Item");
  }

  std::shared_ptr<VirtualClock> clock_;
  std::unique_ptr<Database> db_;
};

TEST_F(TtlTest, StatusesAndValidationAsTheServiceReportsThem) {
  rapidjson::Document d = Ok("DescribeTimeToLive", R"({"TableName":"ttl"})");
  EXPECT_STREQ(d["TimeToLiveDescription"]["TimeToLiveStatus"].GetString(), "DISABLED");
  EXPECT_FALSE(d["TimeToLiveDescription"].HasMember("AttributeName"));
  EXPECT_EQ(
      FailMessage(
          "UpdateTimeToLive",
          R"({"TableName":"ttl","TimeToLiveSpecification":{"Enabled":false,"AttributeName":"exp"}})"),
      "TimeToLive is already disabled");
  rapidjson::Document u =
      Ok("UpdateTimeToLive",
         R"({"TableName":"ttl","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"exp"}})");
  EXPECT_TRUE(u["TimeToLiveSpecification"]["Enabled"].GetBool());
  EXPECT_STREQ(u["TimeToLiveSpecification"]["AttributeName"].GetString(), "exp");
  d = Ok("DescribeTimeToLive", R"({"TableName":"ttl"})");
  EXPECT_STREQ(d["TimeToLiveDescription"]["TimeToLiveStatus"].GetString(), "ENABLED");
  EXPECT_STREQ(d["TimeToLiveDescription"]["AttributeName"].GetString(), "exp");
  EXPECT_EQ(
      FailMessage(
          "UpdateTimeToLive",
          R"({"TableName":"ttl","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"exp"}})"),
      "TimeToLive is already enabled");
  EXPECT_EQ(
      FailMessage(
          "UpdateTimeToLive",
          R"({"TableName":"ttl","TimeToLiveSpecification":{"Enabled":false,"AttributeName":"other"}})"),
      "TimeToLive is active on a different AttributeName: current AttributeName is exp");
  // One change an hour.
  EXPECT_EQ(
      FailMessage(
          "UpdateTimeToLive",
          R"({"TableName":"ttl","TimeToLiveSpecification":{"Enabled":false,"AttributeName":"exp"}})"),
      "Time to live has been modified multiple times within a fixed interval");
  clock_->AdvanceMicros(3600LL * 1'000'000);
  Ok("UpdateTimeToLive",
     R"({"TableName":"ttl","TimeToLiveSpecification":{"Enabled":false,"AttributeName":"exp"}})");
  d = Ok("DescribeTimeToLive", R"({"TableName":"ttl"})");
  EXPECT_STREQ(d["TimeToLiveDescription"]["TimeToLiveStatus"].GetString(), "DISABLED");
  Response missing = db_->Call("DescribeTimeToLive", R"({"TableName":"nope"})");
  EXPECT_EQ(ParseError(missing).type, "ResourceNotFoundException");
  Response bad = db_->Call(
      "UpdateTimeToLive",
      R"({"TableName":"ttl","TimeToLiveSpecification":{"Enabled":true,"AttributeName":""}})");
  EXPECT_EQ(ParseError(bad).type, "ValidationException");
}

TEST_F(TtlTest, SweepDeletesExactlyTheExpiredItemsWhenAsked) {
  Enable();
  PutExpiring("past", std::to_string(kNow - 10).insert(0, "{\"N\":\"") + "\"}");
  PutExpiring("future", "{\"N\":\"" + std::to_string(kNow + 100) + "\"}");
  PutExpiring("none", "");
  PutExpiring("string", "{\"S\":\"1\"}");
  PutExpiring("ancient", "{\"N\":\"" + std::to_string(kNow - 6 * 365 * 24 * 3600) + "\"}");
  PutExpiring("fraction", "{\"N\":\"" + std::to_string(kNow - 1) + ".5\"}");
  // Expired but not swept: still readable, as in the service.
  EXPECT_TRUE(Exists("past"));
  auto swept = db_->SweepExpiredItems();
  ASSERT_TRUE(swept.ok());
  EXPECT_EQ(*swept, 2u);
  EXPECT_FALSE(Exists("past"));
  EXPECT_FALSE(Exists("fraction"));
  EXPECT_TRUE(Exists("future"));
  EXPECT_TRUE(Exists("none"));
  EXPECT_TRUE(Exists("string"));
  EXPECT_TRUE(Exists("ancient"));
  // The GSI lost the entries too.
  rapidjson::Document q = Ok("Query", R"({"TableName":"ttl","IndexName":"byg",
      "KeyConditionExpression":"g = :g","ExpressionAttributeValues":{":g":{"S":"G"}}})");
  EXPECT_EQ(q["Count"].GetInt(), 4);
  // The clock moves past "future": the next sweep takes it.
  clock_->AdvanceMicros(101LL * 1'000'000);
  swept = db_->SweepExpiredItems();
  ASSERT_TRUE(swept.ok());
  EXPECT_EQ(*swept, 1u);
  EXPECT_FALSE(Exists("future"));
}

TEST_F(TtlTest, SweptItemsReachTheStreamAsServiceDeletes) {
  Enable();
  PutExpiring("gone", "{\"N\":\"" + std::to_string(kNow - 1) + "\"}");
  Ok("DeleteItem", R"({"TableName":"ttl","Key":{"pk":{"S":"nothing"}}})");
  ASSERT_TRUE(db_->SweepExpiredItems().ok());
  const std::string arn =
      Ok("DescribeTable", R"({"TableName":"ttl"})")["Table"]["LatestStreamArn"].GetString();
  rapidjson::Document s =
      Ok("DynamoDBStreams_20120810.DescribeStream", R"({"StreamArn":")" + arn + R"("})");
  const std::string shard = s["StreamDescription"]["Shards"][0]["ShardId"].GetString();
  rapidjson::Document it = Ok("DynamoDBStreams_20120810.GetShardIterator",
                              R"({"StreamArn":")" + arn + R"(","ShardId":")" + shard +
                                  R"(","ShardIteratorType":"TRIM_HORIZON"})");
  rapidjson::Document r =
      Ok("DynamoDBStreams_20120810.GetRecords",
         R"({"ShardIterator":")" + std::string(it["ShardIterator"].GetString()) + R"("})");
  ASSERT_EQ(r["Records"].Size(), 2u);
  EXPECT_FALSE(r["Records"][0].HasMember("userIdentity"));  // the user's own put
  const auto& removal = r["Records"][1];
  EXPECT_STREQ(removal["eventName"].GetString(), "REMOVE");
  EXPECT_STREQ(removal["userIdentity"]["PrincipalId"].GetString(), "dynamodb.amazonaws.com");
  EXPECT_STREQ(removal["userIdentity"]["Type"].GetString(), "Service");
  EXPECT_STREQ(removal["dynamodb"]["OldImage"]["pk"]["S"].GetString(), "gone");
}

TEST_F(TtlTest, NoSweepWithoutTtlEnabled) {
  PutExpiring("past", "{\"N\":\"" + std::to_string(kNow - 10) + "\"}");
  auto swept = db_->SweepExpiredItems();
  ASSERT_TRUE(swept.ok());
  EXPECT_EQ(*swept, 0u);
  EXPECT_TRUE(Exists("past"));
}

}  // namespace ttl_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
