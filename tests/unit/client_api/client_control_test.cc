// The describe and control operations through every client: DescribeEndpoints, DescribeLimits,
// point-in-time recovery (Describe/UpdateContinuousBackups) and Contributor Insights (Describe,
// Update, List with paging), answers member by member and the service's errors.
#include <gtest/gtest.h>

#include "client_fixture.h"
#include "ddbemu/forwarding_client.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace client_control_test {

class ControlConformance : public client_test::ClientTest {
 protected:
  void SetUp() override {
    ClientTest::SetUp();
    for (const char* name : {"alpha", "beta"}) {
      auto created = client_->CreateTable(
          {.table_name = name,
           .attribute_definitions = {{"pk", ScalarAttributeType::kS},
                                     {"g", ScalarAttributeType::kS}},
           .key_schema = {{"pk", KeyType::kHash}},
           .global_secondary_indexes = {{.index_name = "ByG",
                                         .key_schema = {{"g", KeyType::kHash}},
                                         .projection = {ProjectionType::kKeysOnly}}},
           .billing_mode = BillingMode::kPayPerRequest});
      ASSERT_TRUE(created.ok()) << created.error().message();
    }
  }
};

TEST_P(ControlConformance, DescribeEndpointsAndLimits) {
  auto endpoints = client_->DescribeEndpoints({});
  ASSERT_TRUE(endpoints.ok()) << endpoints.error().message();
  EXPECT_EQ(endpoints->endpoints,
            (std::vector<Endpoint>{{"dynamodb.us-east-1.amazonaws.com", 1440}}));
  auto limits = client_->DescribeLimits({});
  ASSERT_TRUE(limits.ok()) << limits.error().message();
  EXPECT_EQ(limits->account_max_read_capacity_units, 80000);
  EXPECT_EQ(limits->account_max_write_capacity_units, 80000);
  EXPECT_EQ(limits->table_max_read_capacity_units, 40000);
  EXPECT_EQ(limits->table_max_write_capacity_units, 40000);
}

TEST_P(ControlConformance, PointInTimeRecoveryTurnsOnAndOff) {
  auto before = client_->DescribeContinuousBackups({.table_name = "alpha"});
  ASSERT_TRUE(before.ok()) << before.error().message();
  const ContinuousBackupsDescription& d = before->continuous_backups_description;
  EXPECT_EQ(d.continuous_backups_status, ContinuousBackupsStatus::kEnabled);
  ASSERT_TRUE(d.point_in_time_recovery_description.has_value());
  EXPECT_EQ(d.point_in_time_recovery_description->point_in_time_recovery_status,
            PointInTimeRecoveryStatus::kDisabled);
  EXPECT_FALSE(d.point_in_time_recovery_description->earliest_restorable_date_time_micros);

  auto on = client_->UpdateContinuousBackups(
      {.table_name = "alpha",
       .point_in_time_recovery_specification = {.point_in_time_recovery_enabled = true,
                                                .recovery_period_in_days = 7}});
  ASSERT_TRUE(on.ok()) << on.error().message();
  const auto& pitr = on->continuous_backups_description.point_in_time_recovery_description;
  ASSERT_TRUE(pitr.has_value());
  EXPECT_EQ(pitr->point_in_time_recovery_status, PointInTimeRecoveryStatus::kEnabled);
  EXPECT_EQ(pitr->recovery_period_in_days, 7);
  ASSERT_TRUE(pitr->earliest_restorable_date_time_micros.has_value());
  ASSERT_TRUE(pitr->latest_restorable_date_time_micros.has_value());
  EXPECT_LE(*pitr->earliest_restorable_date_time_micros, *pitr->latest_restorable_date_time_micros);

  auto days_without_pitr = client_->UpdateContinuousBackups(
      {.table_name = "alpha",
       .point_in_time_recovery_specification = {.recovery_period_in_days = 7}});
  DDB_EXPECT_API_ERROR(
      days_without_pitr, ErrorCode::kValidation,
      "RecoveryPeriodInDays can only be specified when PointInTimeRecoveryEnabled is true");
  auto missing = client_->DescribeContinuousBackups({.table_name = "nope"});
  DDB_EXPECT_API_ERROR(missing, ErrorCode::kTableNotFound, "Table not found: nope");
}

TEST_P(ControlConformance, ContributorInsightsEnableDescribeAndList) {
  auto before = client_->DescribeContributorInsights({.table_name = "alpha"});
  ASSERT_TRUE(before.ok()) << before.error().message();
  EXPECT_EQ(before->table_name, "alpha");
  EXPECT_EQ(before->contributor_insights_status, ContributorInsightsStatus::kDisabled);

  for (const char* table : {"alpha", "beta"}) {
    auto enabled = client_->UpdateContributorInsights(
        {.table_name = table, .contributor_insights_action = ContributorInsightsAction::kEnable});
    ASSERT_TRUE(enabled.ok()) << enabled.error().message();
    EXPECT_EQ(enabled->table_name, table);
    EXPECT_FALSE(enabled->index_name.has_value());
  }
  auto index = client_->UpdateContributorInsights(
      {.table_name = "alpha",
       .index_name = "ByG",
       .contributor_insights_action = ContributorInsightsAction::kEnable});
  ASSERT_TRUE(index.ok()) << index.error().message();
  EXPECT_EQ(index->index_name, "ByG");

  auto after = client_->DescribeContributorInsights({.table_name = "alpha"});
  ASSERT_TRUE(after.ok()) << after.error().message();
  EXPECT_NE(after->contributor_insights_status, ContributorInsightsStatus::kDisabled);
  EXPECT_TRUE(after->last_update_date_time_micros.has_value());

  // Three summaries (alpha, alpha/ByG, beta), two per page.
  std::vector<std::string> seen;
  ListContributorInsightsRequest request{.max_results = 2};
  for (int page = 0; page < 4; ++page) {
    auto listed = client_->ListContributorInsights(request);
    ASSERT_TRUE(listed.ok()) << listed.error().message();
    EXPECT_LE(listed->contributor_insights_summaries.size(), 2u);
    for (const ContributorInsightsSummary& s : listed->contributor_insights_summaries)
      seen.push_back(s.table_name + "/" + s.index_name.value_or(""));
    if (!listed->next_token) break;
    request.next_token = listed->next_token;
  }
  EXPECT_EQ(seen, (std::vector<std::string>{"alpha/", "alpha/ByG", "beta/"}));

  auto no_index =
      client_->DescribeContributorInsights({.table_name = "alpha", .index_name = "Nope"});
  DDB_EXPECT_API_ERROR(no_index, ErrorCode::kResourceNotFound,
                       "Requested resource not found: Table: alpha not found");
}

// A decorator derived from ForwardingClient overrides one call and still reaches the inner
// client for every other family: tables, items, TTL, tags, control and PartiQL answer as the
// inner client does, not UnknownOperationException.
TEST_P(ControlConformance, ForwardingClientPassesEveryCallThrough) {
  class CountingPuts final : public ForwardingClient {
   public:
    using ForwardingClient::ForwardingClient;
    Result<PutItemResponse> PutItem(const PutItemRequest& r) override {
      ++puts;
      return ForwardingClient::PutItem(r);
    }
    int puts = 0;
  } decorated(*client_);

  auto put = decorated.PutItem({.table_name = "alpha", .item = {{"pk", AttributeValue::S("k")}}});
  ASSERT_TRUE(put.ok()) << put.error().message();
  EXPECT_EQ(decorated.puts, 1);
  auto got = decorated.GetItem({.table_name = "alpha", .key = {{"pk", AttributeValue::S("k")}}});
  ASSERT_TRUE(got.ok()) << got.error().message();
  EXPECT_TRUE(got->item.has_value());

  auto ttl = decorated.DescribeTimeToLive({.table_name = "alpha"});
  ASSERT_TRUE(ttl.ok()) << ttl.error().message();
  auto limits = decorated.DescribeLimits({});
  ASSERT_TRUE(limits.ok()) << limits.error().message();
  EXPECT_EQ(limits->table_max_write_capacity_units, 40000);
  auto selected =
      decorated.ExecuteStatement({.statement = R"(SELECT * FROM "alpha" WHERE pk = 'k')"});
  ASSERT_TRUE(selected.ok()) << selected.error().message();
  EXPECT_EQ(selected->items.size(), 1u);
  auto missing = decorated.DescribeTable({.table_name = "gamma"});
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(decorated.puts, 1);  // only the PutItem went through the override
}

DDB_INSTANTIATE_CLIENT_SUITE(ControlConformance);

}  // namespace client_control_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
