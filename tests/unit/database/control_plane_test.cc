// DescribeEndpoints, DescribeLimits, point-in-time recovery status and Contributor Insights
// through Database::Call, under a virtual clock so that the times in the answers are exact.
#include <gtest/gtest.h>

#include <string>

#include "database_test_util.h"
#include "ddbemu/clock.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace control_plane_test {

constexpr std::int64_t kStart = 1'700'000'000'000'000;  // micros
constexpr std::int64_t kMinute = 60'000'000;

class ControlPlaneTest : public ::testing::Test {
 protected:
  void SetUp() override {
    clock_ = std::make_shared<VirtualClock>(kStart);
    Options options;
    options.in_memory = true;
    options.durability = Durability::kNone;
    options.clock = clock_;
    db_ = std::move(Database::Open(options)).value();
    const Response created = db_->Call("CreateTable", R"({"TableName":"ctl",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
        {"AttributeName":"sk","AttributeType":"S"},{"AttributeName":"g","AttributeType":"S"}],
      "GlobalSecondaryIndexes":[{"IndexName":"by_g","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
        "Projection":{"ProjectionType":"KEYS_ONLY"}}],
      "BillingMode":"PAY_PER_REQUEST"})");
    ASSERT_EQ(created.http_status, 200) << created.body;
  }
  Response Call(const char* op, const std::string& body) { return db_->Call(op, body); }
  std::shared_ptr<VirtualClock> clock_;
  std::unique_ptr<Database> db_;
};

TEST_F(ControlPlaneTest, DescribeLimitsAnswersTheDefaultQuotas) {
  EXPECT_EQ(Call("DescribeLimits", "{}").body,
            R"({"AccountMaxReadCapacityUnits":80000,"AccountMaxWriteCapacityUnits":80000,)"
            R"("TableMaxReadCapacityUnits":40000,"TableMaxWriteCapacityUnits":40000})");
}

TEST_F(ControlPlaneTest, DescribeEndpointsNamesTheRegionalEndpoint) {
  EXPECT_EQ(Call("DescribeEndpoints", "{}").body,
            R"({"Endpoints":[{"Address":"dynamodb.us-east-1.amazonaws.com",)"
            R"("CachePeriodInMinutes":1440}]})");
}

TEST_F(ControlPlaneTest, PointInTimeRecoveryIsOffUntilTurnedOn) {
  EXPECT_EQ(Call("DescribeContinuousBackups", R"({"TableName":"ctl"})").body,
            R"({"ContinuousBackupsDescription":{"ContinuousBackupsStatus":"ENABLED",)"
            R"("PointInTimeRecoveryDescription":{"PointInTimeRecoveryStatus":"DISABLED"}}})");
  const Response on = Call("UpdateContinuousBackups",
                           R"({"TableName":"ctl","PointInTimeRecoverySpecification":)"
                           R"({"PointInTimeRecoveryEnabled":true,"RecoveryPeriodInDays":7}})");
  ASSERT_EQ(on.http_status, 200) << on.body;
  clock_->AdvanceMicros(60 * kMinute);
  rapidjson::Document d =
      ParseJson(Call("DescribeContinuousBackups", R"({"TableName":"ctl"})").body);
  const auto& pitr = d["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"];
  EXPECT_STREQ(pitr["PointInTimeRecoveryStatus"].GetString(), "ENABLED");
  EXPECT_EQ(pitr["RecoveryPeriodInDays"].GetInt(), 7);
  EXPECT_DOUBLE_EQ(pitr["EarliestRestorableDateTime"].GetDouble(), kStart / 1e6);
  EXPECT_DOUBLE_EQ(pitr["LatestRestorableDateTime"].GetDouble(), (kStart + 55 * kMinute) / 1e6);
  ASSERT_EQ(
      Call("UpdateContinuousBackups", R"({"TableName":"ctl","PointInTimeRecoverySpecification":)"
                                      R"({"PointInTimeRecoveryEnabled":false}})")
          .http_status,
      200);
  EXPECT_NE(Call("DescribeContinuousBackups", R"({"TableName":"ctl"})").body.find("DISABLED"),
            std::string::npos);
}

TEST_F(ControlPlaneTest, ContinuousBackupsOfAMissingTableIsTableNotFound) {
  const Response r = Call("DescribeContinuousBackups", R"({"TableName":"nope"})");
  EXPECT_EQ(r.http_status, 400);
  const ErrorOf e = ParseError(r);
  EXPECT_EQ(e.type, "TableNotFoundException");
  EXPECT_EQ(e.message, "Table not found: nope");
}

TEST_F(ControlPlaneTest, ContributorInsightsPerTableAndIndex) {
  EXPECT_EQ(Call("DescribeContributorInsights", R"({"TableName":"ctl"})").body,
            R"({"TableName":"ctl","ContributorInsightsStatus":"DISABLED"})");
  EXPECT_EQ(Call("UpdateContributorInsights",
                 R"({"TableName":"ctl","IndexName":"by_g","ContributorInsightsAction":"ENABLE"})")
                .body,
            R"({"TableName":"ctl","IndexName":"by_g","ContributorInsightsStatus":"ENABLED",)"
            R"("ContributorInsightsMode":"ACCESSED_AND_THROTTLED_KEYS"})");
  rapidjson::Document d = ParseJson(
      Call("DescribeContributorInsights", R"({"TableName":"ctl","IndexName":"by_g"})").body);
  EXPECT_STREQ(d["ContributorInsightsStatus"].GetString(), "ENABLED");
  EXPECT_EQ(d["ContributorInsightsRuleList"].Size(), 2u);  // the index has no sort key
  EXPECT_DOUBLE_EQ(d["LastUpdateDateTime"].GetDouble(), kStart / 1e6);
  EXPECT_EQ(Call("ListContributorInsights", "{}").body,
            R"({"ContributorInsightsSummaries":[{"TableName":"ctl","IndexName":"by_g",)"
            R"("ContributorInsightsStatus":"ENABLED",)"
            R"("ContributorInsightsMode":"ACCESSED_AND_THROTTLED_KEYS"}]})");
  const Response missing =
      Call("UpdateContributorInsights",
           R"({"TableName":"ctl","IndexName":"nope","ContributorInsightsAction":"ENABLE"})");
  EXPECT_EQ(ParseError(missing).type, "ResourceNotFoundException");
}

}  // namespace control_plane_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
