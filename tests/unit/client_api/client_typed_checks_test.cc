// The model constraints the embedded client checks on typed requests of the operations it used
// to send as JSON (backups, tags, control, PartiQL, Streams): each bad request must get the
// same ValidationException, word for word, from the embedded client as from the JSON path's
// validator (the json and http clients), so the typed conversions cannot drift from the model.
#include <gtest/gtest.h>

#include "client_fixture.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace client_typed_checks_test {

constexpr char kTableArn[] = "arn:aws:dynamodb:us-east-1:000000000000:table/orders";

class TypedChecksConformance : public client_test::ClientTest {
 protected:
  void SetUp() override {
    ClientTest::SetUp();
    auto created = client_->CreateTable(
        {.table_name = "orders",
         .attribute_definitions = {{"pk", ScalarAttributeType::kS}},
         .key_schema = {{"pk", KeyType::kHash}},
         .billing_mode = BillingMode::kPayPerRequest,
         .stream_specification = StreamSpecification{true, StreamViewType::kNewAndOldImages}});
    ASSERT_TRUE(created.ok()) << created.error().message();
  }
};

TEST_P(TypedChecksConformance, BackupNames) {
  DDB_EXPECT_API_ERROR(client_->CreateBackup({.table_name = "orders", .backup_name = "b"}),
                       ErrorCode::kValidation,
                       "1 validation error detected: Value 'b' at 'backupName' failed to "
                       "satisfy constraint: Member must have length greater than or equal to 3");
  DDB_EXPECT_API_ERROR(
      client_->CreateBackup({.table_name = "orders", .backup_name = "bad name"}),
      ErrorCode::kValidation,
      "1 validation error detected: Value 'bad name' at 'backupName' failed to satisfy "
      "constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
  DDB_EXPECT_API_ERROR(client_->DescribeBackup({.backup_arn = "arn:short"}), ErrorCode::kValidation,
                       "1 validation error detected: Value 'arn:short' at 'backupArn' failed to "
                       "satisfy constraint: Member must have length greater than or equal to 37");
}

TEST_P(TypedChecksConformance, TagKeysAndControlRanges) {
  DDB_EXPECT_API_ERROR(client_->TagResource({.resource_arn = kTableArn, .tags = {{"", "v"}}}),
                       ErrorCode::kValidation,
                       "1 validation error detected: Value '' at 'tags.1.member.key' failed to "
                       "satisfy constraint: Member must have length greater than or equal to 1");
  DDB_EXPECT_API_ERROR(
      client_->UpdateContinuousBackups(
          {.table_name = "orders",
           .point_in_time_recovery_specification = {.point_in_time_recovery_enabled = true,
                                                    .recovery_period_in_days = 40}}),
      ErrorCode::kValidation,
      "1 validation error detected: Value '40' at "
      "'pointInTimeRecoverySpecification.recoveryPeriodInDays' failed to satisfy constraint: "
      "Member must have value less than or equal to 35");
  DDB_EXPECT_API_ERROR(
      client_->DescribeContributorInsights({.table_name = "orders", .index_name = "ab"}),
      ErrorCode::kValidation,
      "1 validation error detected: Value 'ab' at 'indexName' failed to satisfy constraint: "
      "Member must have length greater than or equal to 3");
}

TEST_P(TypedChecksConformance, PartiqlStatementLists) {
  auto empty_batch = client_->BatchExecuteStatement({});
  ASSERT_FALSE(empty_batch.ok());
  EXPECT_EQ(empty_batch.error().code(), ErrorCode::kValidation);
  DDB_EXPECT_API_ERROR(
      client_->ExecuteTransaction({.transact_statements = {{.statement = ""}}}),
      ErrorCode::kValidation,
      "1 validation error detected: Value '' at 'transactStatements.1.member.statement' failed "
      "to satisfy constraint: Member must have length greater than or equal to 1");
}

TEST_P(TypedChecksConformance, StreamsMembers) {
  DDB_EXPECT_API_ERROR(streams_->DescribeStream({.stream_arn = "short", .limit = 0}),
                       ErrorCode::kValidation,
                       "2 validation errors detected: Value 'short' at 'streamArn' failed to "
                       "satisfy constraint: Member must have length greater than or equal to "
                       "37; Value '0' at 'limit' failed to satisfy constraint: Member must have "
                       "value greater than or equal to 1");
  DDB_EXPECT_API_ERROR(streams_->GetRecords({.shard_iterator = ""}), ErrorCode::kValidation,
                       "1 validation error detected: Value '' at 'shardIterator' failed to "
                       "satisfy constraint: Member must have length greater than or equal to 1");
}

DDB_INSTANTIATE_CLIENT_SUITE(TypedChecksConformance);

}  // namespace client_typed_checks_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
