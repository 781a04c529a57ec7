// RestoreTableToPointInTime on a virtual clock: the restored table is the source as it was at
// the chosen time (items created, updated and deleted since are undone), UseLatestRestorableTime,
// and the service's errors (storage/change_log.h, ops/backups/point_in_time.h).
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "database_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace point_in_time_test {

constexpr std::int64_t kMinute = 60'000'000;

class PointInTimeTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Options options;
    options.in_memory = true;
    options.durability = Durability::kNone;
    options.clock = clock_;
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok());
    db_ = std::move(db).value();
    ASSERT_EQ(Call("CreateTable", R"({"TableName":"src","BillingMode":"PAY_PER_REQUEST",
        "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
          {"AttributeName":"g","AttributeType":"S"}],
        "GlobalSecondaryIndexes":[{"IndexName":"byG","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
          "Projection":{"ProjectionType":"ALL"}}]})")
                  .http_status,
              200);
  }

  Response Call(const char* op, const std::string& body) { return db_->Call(op, body); }
  void Put(const std::string& pk, const std::string& v) {
    ASSERT_EQ(Call("PutItem", R"({"TableName":"src","Item":{"pk":{"S":")" + pk +
                                  R"("},"g":{"S":"x"},"v":{"S":")" + v + R"("}}})")
                  .http_status,
              200);
  }
  void EnablePitr() {
    ASSERT_EQ(Call("UpdateContinuousBackups", R"({"TableName":"src",
        "PointInTimeRecoverySpecification":{"PointInTimeRecoveryEnabled":true}})")
                  .http_status,
              200);
  }
  // pk -> v of every item of `table`.
  std::map<std::string, std::string> Items(const std::string& table) {
    Response r = Call("Scan", R"({"TableName":")" + table + R"(","ConsistentRead":true})");
    EXPECT_EQ(r.http_status, 200) << r.body;
    std::map<std::string, std::string> out;
    const rapidjson::Document page = ParseJson(r.body);  // outlives the loop
    for (const auto& item : page["Items"].GetArray()) {
      out[item["pk"]["S"].GetString()] = item["v"]["S"].GetString();
    }
    return out;
  }
  Response Restore(const std::string& target, const std::string& when) {
    return Call("RestoreTableToPointInTime",
                R"({"SourceTableName":"src","TargetTableName":")" + target + R"(",)" + when + "}");
  }
  static std::string At(std::int64_t micros) {
    return R"("RestoreDateTime":)" + std::to_string(static_cast<double>(micros) / 1e6);
  }

  std::shared_ptr<VirtualClock> clock_ = std::make_shared<VirtualClock>(1'700'000'000'000'000);
  std::unique_ptr<Database> db_;
};

using Map = std::map<std::string, std::string>;

TEST_F(PointInTimeTest, RestoredTableIsTheSourceAsItWasThen) {
  Put("before", "0");  // written before PITR: part of every restorable state
  EnablePitr();
  Put("a", "1");
  Put("gone", "1");
  clock_->AdvanceMicros(10 * kMinute);
  const std::int64_t then = clock_->NowMicros();
  clock_->AdvanceMicros(1000);
  Put("a", "2");  // updated after: restored at its old version
  Put("b", "1");  // created after: absent
  ASSERT_EQ(Call("DeleteItem", R"({"TableName":"src","Key":{"pk":{"S":"gone"}}})").http_status,
            200);  // deleted after: present
  clock_->AdvanceMicros(10 * kMinute);

  Response r = Restore("restored", At(then));
  ASSERT_EQ(r.http_status, 200) << r.body;
  rapidjson::Document d = ParseJson(r.body);
  EXPECT_STREQ(d["TableDescription"]["TableStatus"].GetString(), "CREATING");
  EXPECT_TRUE(d["TableDescription"]["RestoreSummary"].HasMember("SourceTableArn"));
  EXPECT_FALSE(d["TableDescription"]["RestoreSummary"]["RestoreInProgress"].GetBool());
  EXPECT_EQ(Items("restored"), (Map{{"before", "0"}, {"a", "1"}, {"gone", "1"}}));
  EXPECT_EQ(Items("src"), (Map{{"before", "0"}, {"a", "2"}, {"b", "1"}}));
  // The indexes were rebuilt from the restored items.
  Response q = Call("Query", R"({"TableName":"restored","IndexName":"byG",
      "KeyConditionExpression":"g = :g","ExpressionAttributeValues":{":g":{"S":"x"}}})");
  EXPECT_EQ(ParseJson(q.body)["Count"].GetInt(), 3);

  // The latest restorable time is five minutes ago: every write above is in it.
  ASSERT_EQ(Restore("latest", R"("UseLatestRestorableTime":true)").http_status, 200);
  EXPECT_EQ(Items("latest"), Items("src"));
}

TEST_F(PointInTimeTest, ServiceErrors) {
  Response off = Restore("tgt", R"("UseLatestRestorableTime":true)");
  EXPECT_EQ(ParseError(off).type, "PointInTimeRecoveryUnavailableException");
  // The recovery setting is checked before the target (DDB-TABLE-100).
  EXPECT_EQ(ParseError(Restore("src", R"("UseLatestRestorableTime":true)")).type,
            "PointInTimeRecoveryUnavailableException");
  // The request's shape before anything else.
  const ErrorOf no_time = ParseError(Restore("tgt", R"("UseLatestRestorableTime":false)"));
  EXPECT_EQ(no_time.type, "ValidationException");
  EXPECT_EQ(no_time.message,
            "Invalid Request: Either one of RestoreDateTime or UseLatestRestorableTime must be "
            "specified, but not both");
  const ErrorOf both = ParseError(Call("RestoreTableToPointInTime", R"({"SourceTableName":"src",
      "SourceTableArn":"arn:aws:dynamodb:us-east-1:000000000000:table/src","TargetTableName":"tgt",
      "UseLatestRestorableTime":true})"));
  EXPECT_EQ(both.message, "Must provide exactly one of: sourceTableArn, sourceTableName");
  EnablePitr();
  const std::int64_t enabled = clock_->NowMicros();
  clock_->AdvanceMicros(10 * kMinute);
  Response early = Restore("tgt", At(enabled - kMinute));
  EXPECT_EQ(ParseError(early).type, "InvalidRestoreTimeException");
  // 1'700'000'000 s is 2023-11-14T22:13:20Z; the latest restorable time is five minutes back.
  EXPECT_EQ(ParseError(early).message,
            "RestoreDateTime '2023-11-14T22:12:20Z' must be within EarliestRestorableDateTime "
            "'2023-11-14T22:13:20Z' and LatestRestorableDateTime '2023-11-14T22:18:20Z'");
  Response late = Restore("tgt", At(clock_->NowMicros()));  // after the latest restorable time
  EXPECT_EQ(ParseError(late).type, "InvalidRestoreTimeException");
  Response exists = Restore("src", At(enabled));
  EXPECT_EQ(ParseError(exists).type, "TableAlreadyExistsException");
  Response missing = Call("RestoreTableToPointInTime",
                          R"({"SourceTableName":"nope","TargetTableName":"tgt",
                              "UseLatestRestorableTime":true})");
  EXPECT_EQ(ParseError(missing).type, "TableNotFoundException");
  // Turning PITR off forgets the history.
  ASSERT_EQ(Call("UpdateContinuousBackups", R"({"TableName":"src",
      "PointInTimeRecoverySpecification":{"PointInTimeRecoveryEnabled":false}})")
                .http_status,
            200);
  EXPECT_EQ(ParseError(Restore("tgt", At(enabled))).type,
            "PointInTimeRecoveryUnavailableException");
}

// Both restores take the same overrides (restore_overrides.cc); here VectorIndexOverride.
TEST_F(PointInTimeTest, VectorIndexOverrideKeepsOrDropsTheSourcesVectorIndexes) {
  ASSERT_EQ(Call("CreateTable", R"({"TableName":"vec","BillingMode":"PAY_PER_REQUEST",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "VectorIndexes":[{"IndexName":"byVec","VectorAttribute":{"AttributeName":"v"},
        "Projection":{"ProjectionType":"KEYS_ONLY"},"Dimensions":2,"DistanceFunction":"COSINE"}]})")
                .http_status,
            200);
  ASSERT_EQ(Call("UpdateContinuousBackups", R"({"TableName":"vec",
      "PointInTimeRecoverySpecification":{"PointInTimeRecoveryEnabled":true}})")
                .http_status,
            200);
  ASSERT_EQ(Call("PutItem", R"({"TableName":"vec","Item":{"pk":{"S":"a"},
      "v":{"L":[{"N":"1"},{"N":"0"}]}}})")
                .http_status,
            200);
  auto restore = [&](const std::string& target, const std::string& overrides) {
    return Call("RestoreTableToPointInTime", R"({"SourceTableName":"vec","TargetTableName":")" +
                                                 target + R"(","UseLatestRestorableTime":true,)" +
                                                 overrides + "}");
  };
  const std::string kept = R"({"IndexName":"byVec","VectorAttribute":{"AttributeName":"v"},
      "Projection":{"ProjectionType":"KEYS_ONLY"},"Dimensions":2,"DistanceFunction":"COSINE"})";
  const Response none = restore("none", R"("VectorIndexOverride":[])");
  ASSERT_EQ(none.http_status, 200) << none.body;
  const Response described_none = Call("DescribeTable", R"({"TableName":"none"})");
  ASSERT_EQ(described_none.http_status, 200) << described_none.body;
  EXPECT_FALSE(ParseJson(described_none.body)["Table"].HasMember("VectorIndexes"));
  const Response restored = restore("kept", R"("VectorIndexOverride":[)" + kept + "]");
  ASSERT_EQ(restored.http_status, 200) << restored.body;
  const Response described_kept = Call("DescribeTable", R"({"TableName":"kept"})");
  ASSERT_EQ(described_kept.http_status, 200) << described_kept.body;
  rapidjson::Document d = ParseJson(described_kept.body);
  ASSERT_TRUE(d["Table"].HasMember("VectorIndexes")) << described_kept.body;
  EXPECT_STREQ(d["Table"]["VectorIndexes"][0]["IndexName"].GetString(), "byVec");
  const Response search = Call("SearchVectors", R"({"TableName":"kept","IndexName":"byVec",
      "SearchVector":[{"N":"1"},{"N":"0"}],"TopK":1})");
  ASSERT_EQ(search.http_status, 200) << search.body;
  EXPECT_EQ(ParseJson(search.body)["SearchResults"].Size(), 1u);
  // Another distance function is another index: refused, nothing created.
  std::string cosine_to_dot = kept;
  cosine_to_dot.replace(cosine_to_dot.find("COSINE"), 6, "DOT_PRODUCT");
  const ErrorOf other =
      ParseError(restore("other", R"("VectorIndexOverride":[)" + cosine_to_dot + "]"));
  EXPECT_EQ(other.type, "ValidationException");
  EXPECT_EQ(Call("DescribeTable", R"({"TableName":"other"})").http_status, 400);
}

}  // namespace point_in_time_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
