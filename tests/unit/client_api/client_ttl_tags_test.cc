// Time to Live and tags through every client: the status transitions and answers member by
// member, CreateTable's tags listed with TagResource's, and the service's errors for bad
// requests — the same type and message on the embedded, JSON and HTTP paths.
#include <gtest/gtest.h>

#include "client_fixture.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace client_ttl_tags_test {

using client_test::N;
using client_test::S;

constexpr char kArn[] = "arn:aws:dynamodb:us-east-1:000000000000:table/sessions";

class TtlTagsConformance : public client_test::ClientTest {
 protected:
  void SetUp() override {
    ClientTest::SetUp();
    auto created = client_->CreateTable({.table_name = "sessions",
                                         .attribute_definitions = {{"id", ScalarAttributeType::kS}},
                                         .key_schema = {{"id", KeyType::kHash}},
                                         .billing_mode = BillingMode::kPayPerRequest,
                                         .tags = {{"team", "auth"}}});
    ASSERT_TRUE(created.ok()) << created.error().message();
  }
};

TEST_P(TtlTagsConformance, TimeToLiveEnablesAndDescribes) {
  auto before = client_->DescribeTimeToLive({.table_name = "sessions"});
  ASSERT_TRUE(before.ok()) << before.error().message();
  EXPECT_EQ(before->time_to_live_description,
            (TimeToLiveDescription{TimeToLiveStatus::kDisabled, std::nullopt}));

  auto enabled = client_->UpdateTimeToLive(
      {.table_name = "sessions",
       .time_to_live_specification = {.attribute_name = "expires", .enabled = true}});
  ASSERT_TRUE(enabled.ok()) << enabled.error().message();
  EXPECT_EQ(enabled->time_to_live_specification, (TimeToLiveSpecification{"expires", true}));

  auto after = client_->DescribeTimeToLive({.table_name = "sessions"});
  ASSERT_TRUE(after.ok()) << after.error().message();
  EXPECT_EQ(after->time_to_live_description,
            (TimeToLiveDescription{TimeToLiveStatus::kEnabled, "expires"}));

  // A second change of the same kind is refused; the items are untouched by all this.
  auto again = client_->UpdateTimeToLive(
      {.table_name = "sessions",
       .time_to_live_specification = {.attribute_name = "expires", .enabled = true}});
  DDB_EXPECT_API_ERROR(again, ErrorCode::kValidation, "TimeToLive is already enabled");
  auto other = client_->UpdateTimeToLive(
      {.table_name = "sessions",
       .time_to_live_specification = {.attribute_name = "ttl", .enabled = true}});
  DDB_EXPECT_API_ERROR(
      other, ErrorCode::kValidation,
      "TimeToLive is active on a different AttributeName: current AttributeName is expires");
}

TEST_P(TtlTagsConformance, TimeToLiveErrors) {
  auto missing = client_->DescribeTimeToLive({.table_name = "nope"});
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().code(), ErrorCode::kResourceNotFound);
  auto empty_name = client_->UpdateTimeToLive(
      {.table_name = "sessions", .time_to_live_specification = {.attribute_name = ""}});
  DDB_EXPECT_API_ERROR(empty_name, ErrorCode::kValidation,
                       "1 validation error detected: Value '' at "
                       "'timeToLiveSpecification.attributeName' failed to satisfy constraint: "
                       "Member must have length greater than or equal to 1");
  auto disabled = client_->UpdateTimeToLive(
      {.table_name = "sessions", .time_to_live_specification = {.attribute_name = "expires"}});
  DDB_EXPECT_API_ERROR(disabled, ErrorCode::kValidation, "TimeToLive is already disabled");
}

TEST_P(TtlTagsConformance, TagsAreAddedReplacedListedAndRemoved) {
  auto initial = client_->ListTagsOfResource({.resource_arn = kArn});
  ASSERT_TRUE(initial.ok()) << initial.error().message();
  EXPECT_EQ(initial->tags, (std::vector<Tag>{{"team", "auth"}}));
  EXPECT_FALSE(initial->next_token.has_value());

  auto tagged = client_->TagResource(
      {.resource_arn = kArn, .tags = {{"env", "test"}, {"team", "identity"}, {"cost", "42"}}});
  ASSERT_TRUE(tagged.ok()) << tagged.error().message();
  auto listed = client_->ListTagsOfResource({.resource_arn = kArn});
  ASSERT_TRUE(listed.ok()) << listed.error().message();
  // First-given order; a key tagged again keeps its place with the new value.
  EXPECT_EQ(listed->tags,
            (std::vector<Tag>{{"team", "identity"}, {"env", "test"}, {"cost", "42"}}));

  auto untagged = client_->UntagResource({.resource_arn = kArn, .tag_keys = {"env", "absent"}});
  ASSERT_TRUE(untagged.ok()) << untagged.error().message();
  listed = client_->ListTagsOfResource({.resource_arn = kArn});
  ASSERT_TRUE(listed.ok()) << listed.error().message();
  EXPECT_EQ(listed->tags, (std::vector<Tag>{{"team", "identity"}, {"cost", "42"}}));
}

// The service answers a table's tags (at most 50) in one page: its service team says
// ListTagsOfResource does not page at the API level (aws/aws-sdk issue 583).
TEST_P(TtlTagsConformance, FiftyTagsComeInOnePage) {
  std::vector<Tag> tags;
  for (int i = 0; i < 49; ++i) tags.push_back({"k" + std::to_string(i), std::to_string(i)});
  ASSERT_TRUE(client_->TagResource({.resource_arn = kArn, .tags = tags}).ok());
  auto listed = client_->ListTagsOfResource({.resource_arn = kArn});
  ASSERT_TRUE(listed.ok()) << listed.error().message();
  EXPECT_EQ(listed->tags.size(), 50u);
  EXPECT_FALSE(listed->next_token.has_value());
  auto over = client_->TagResource({.resource_arn = kArn, .tags = {{"one", "more"}}});
  DDB_EXPECT_API_ERROR(over, ErrorCode::kValidation,
                       "Number of Tags exceed the current limit for the provided ResourceArn");
}

TEST_P(TtlTagsConformance, TagErrors) {
  auto none = client_->TagResource({.resource_arn = kArn});
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error().code(), ErrorCode::kValidation);
  const std::string missing_arn = "arn:aws:dynamodb:us-east-1:000000000000:table/nope";
  // A missing table: TagResource's ResourceNotFoundException, and ListTagsOfResource's
  // AccessDeniedException (AWS, 2026; ACCEPTED_DIFFERENCES.md LOCAL-TAG-ARNS).
  auto tag_missing = client_->TagResource({.resource_arn = missing_arn, .tags = {{"a", "b"}}});
  DDB_EXPECT_API_ERROR(tag_missing, ErrorCode::kResourceNotFound,
                       "Requested resource not found: ResourcArn: " + missing_arn + " not found");
  auto missing = client_->ListTagsOfResource({.resource_arn = missing_arn});
  DDB_EXPECT_API_ERROR(missing, ErrorCode::kAccessDenied,
                       "User: arn:aws:iam::000000000000:root is not authorized to perform: "
                       "dynamodb:ListTagsOfResource on resource: " +
                           missing_arn);
  auto not_a_table = client_->TagResource(
      {.resource_arn = "arn:aws:s3:us-east-1:000000000000:bucket/b", .tags = {{"a", "b"}}});
  DDB_EXPECT_API_ERROR(not_a_table, ErrorCode::kValidation,
                       "Invalid TableArn: Invalid ResourceArn provided as input "
                       "arn:aws:s3:us-east-1:000000000000:bucket/b");
  auto no_keys = client_->UntagResource({.resource_arn = kArn});
  ASSERT_FALSE(no_keys.ok());
  EXPECT_EQ(no_keys.error().code(), ErrorCode::kValidation);
}

DDB_INSTANTIATE_CLIENT_SUITE(TtlTagsConformance);

}  // namespace client_ttl_tags_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
