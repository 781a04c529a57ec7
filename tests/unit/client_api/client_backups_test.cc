// On-demand backups through every client: CreateBackup, DescribeBackup, ListBackups (paged),
// RestoreTableFromBackup (the restored table holds the items) and DeleteBackup, each answer
// asserted member by member, and the service's errors.
#include <gtest/gtest.h>

#include "client_fixture.h"
#include "ddbemu/testing/matchers.h"

using ::ddbemu::testing::Attr;

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace client_backups_test {

using client_test::N;
using client_test::S;

constexpr char kTableArn[] = "arn:aws:dynamodb:us-east-1:000000000000:table/orders";

class BackupConformance : public client_test::ClientTest {
 protected:
  void SetUp() override {
    ClientTest::SetUp();
    auto created =
        client_->CreateTable({.table_name = "orders",
                              .attribute_definitions = {{"pk", ScalarAttributeType::kS},
                                                        {"sk", ScalarAttributeType::kN}},
                              .key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}},
                              .provisioned_throughput = ProvisionedThroughput{5, 5}});
    ASSERT_TRUE(created.ok()) << created.error().message();
    for (const char* sk : {"1", "2"}) {
      ASSERT_TRUE(client_
                      ->PutItem({.table_name = "orders",
                                 .item = {{"pk", S("o")}, {"sk", N(sk)}, {"total", N("10")}}})
                      .ok());
    }
  }
};

TEST_P(BackupConformance, CreateDescribeListRestoreDelete) {
  auto made = client_->CreateBackup({.table_name = "orders", .backup_name = "nightly"});
  ASSERT_TRUE(made.ok()) << made.error().message();
  const BackupDetails& details = made->backup_details;
  EXPECT_TRUE(details.backup_arn.starts_with(std::string(kTableArn) + "/backup/"))
      << details.backup_arn;
  EXPECT_EQ(details.backup_name, "nightly");
  EXPECT_EQ(details.backup_status, BackupStatus::kAvailable);
  EXPECT_EQ(details.backup_type, BackupType::kUser);
  EXPECT_GT(details.backup_creation_date_time_micros, 0);
  ASSERT_TRUE(details.backup_size_bytes.has_value());
  EXPECT_GT(*details.backup_size_bytes, 0);

  auto described = client_->DescribeBackup({.backup_arn = details.backup_arn});
  ASSERT_TRUE(described.ok()) << described.error().message();
  ASSERT_TRUE(described->backup_description.backup_details.has_value());
  EXPECT_EQ(described->backup_description.backup_details->backup_arn, details.backup_arn);
  ASSERT_TRUE(described->backup_description.source_table_details.has_value());
  const SourceTableDetails& source = *described->backup_description.source_table_details;
  EXPECT_EQ(source.table_name, "orders");
  EXPECT_EQ(source.table_arn, kTableArn);
  EXPECT_EQ(source.key_schema,
            (std::vector<KeySchemaElement>{{"pk", KeyType::kHash}, {"sk", KeyType::kRange}}));
  EXPECT_EQ(source.item_count, 2);
  EXPECT_EQ(source.provisioned_throughput.read_capacity_units, 5);
  EXPECT_EQ(source.billing_mode, BillingMode::kProvisioned);
  // No index, stream, TTL or vector index: no SourceTableFeatureDetails.
  EXPECT_FALSE(described->backup_description.source_table_feature_details.has_value());

  auto listed = client_->ListBackups({.table_name = "orders"});
  ASSERT_TRUE(listed.ok()) << listed.error().message();
  ASSERT_EQ(listed->backup_summaries.size(), 1u);
  EXPECT_EQ(listed->backup_summaries[0].backup_arn, details.backup_arn);
  EXPECT_EQ(listed->backup_summaries[0].backup_name, "nightly");
  EXPECT_EQ(listed->backup_summaries[0].table_name, "orders");
  EXPECT_FALSE(listed->last_evaluated_backup_arn.has_value());

  // Changes after the backup are not in the restored table.
  ASSERT_TRUE(
      client_->DeleteItem({.table_name = "orders", .key = {{"pk", S("o")}, {"sk", N("1")}}}).ok());
  auto restored = client_->RestoreTableFromBackup(
      {.target_table_name = "orders_restored", .backup_arn = details.backup_arn});
  ASSERT_TRUE(restored.ok()) << restored.error().message();
  EXPECT_EQ(restored->table_description.table_name, "orders_restored");
  EXPECT_EQ(restored->table_description.key_schema, source.key_schema);
  ASSERT_TRUE(restored->restore_summary.has_value());
  EXPECT_EQ(restored->restore_summary->source_backup_arn, details.backup_arn);
  EXPECT_EQ(restored->restore_summary->source_table_arn, kTableArn);
  EXPECT_FALSE(restored->restore_summary->restore_in_progress);
  auto got =
      client_->GetItem({.table_name = "orders_restored", .key = {{"pk", S("o")}, {"sk", N("1")}}});
  ASSERT_TRUE(got.ok()) << got.error().message();
  ASSERT_TRUE(got->item.has_value());
  EXPECT_EQ(Attr(*got->item, "total"), N("10"));

  auto deleted = client_->DeleteBackup({.backup_arn = details.backup_arn});
  ASSERT_TRUE(deleted.ok()) << deleted.error().message();
  ASSERT_TRUE(deleted->backup_description.backup_details.has_value());
  EXPECT_EQ(deleted->backup_description.backup_details->backup_status, BackupStatus::kDeleted);
  auto gone = client_->DescribeBackup({.backup_arn = details.backup_arn});
  DDB_EXPECT_API_ERROR(gone, ErrorCode::kBackupNotFound, "Backup not found: " + details.backup_arn);
}

TEST_P(BackupConformance, ListBackupsPagesWithLimit) {
  std::vector<std::string> arns;
  for (const char* name : {"first", "second", "third"}) {
    auto made = client_->CreateBackup({.table_name = "orders", .backup_name = name});
    ASSERT_TRUE(made.ok()) << made.error().message();
    arns.push_back(made->backup_details.backup_arn);
  }
  std::vector<std::string> seen;
  ListBackupsRequest request{.limit = 2};
  for (int page = 0; page < 5; ++page) {
    auto listed = client_->ListBackups(request);
    ASSERT_TRUE(listed.ok()) << listed.error().message();
    EXPECT_LE(listed->backup_summaries.size(), 2u);
    for (const BackupSummary& s : listed->backup_summaries) seen.push_back(s.backup_arn);
    if (!listed->last_evaluated_backup_arn) break;
    request.exclusive_start_backup_arn = listed->last_evaluated_backup_arn;
  }
  EXPECT_EQ(seen, arns);
}

TEST_P(BackupConformance, Errors) {
  auto no_table = client_->CreateBackup({.table_name = "nope", .backup_name = "nightly"});
  DDB_EXPECT_API_ERROR(no_table, ErrorCode::kTableNotFound, "Table not found: nope");
  auto bad_name = client_->CreateBackup({.table_name = "orders", .backup_name = "bad name"});
  ASSERT_FALSE(bad_name.ok());
  EXPECT_EQ(bad_name.error().code(), ErrorCode::kValidation);
  auto made = client_->CreateBackup({.table_name = "orders", .backup_name = "nightly"});
  ASSERT_TRUE(made.ok()) << made.error().message();
  auto exists = client_->RestoreTableFromBackup(
      {.target_table_name = "orders", .backup_arn = made->backup_details.backup_arn});
  DDB_EXPECT_API_ERROR(exists, ErrorCode::kTableAlreadyExists, "Table already exists: orders");
  const std::string unknown = std::string(kTableArn) + "/backup/01700000000000-00000000";
  auto missing = client_->DeleteBackup({.backup_arn = unknown});
  DDB_EXPECT_API_ERROR(missing, ErrorCode::kBackupNotFound, "Backup not found: " + unknown);
}

// RestoreTableToPointInTime: refused until PITR is on; then, after the window covers a
// change, the restored table is the source as it was before that change.
TEST_P(BackupConformance, RestoreTableToPointInTime) {
  auto off = client_->RestoreTableToPointInTime({.target_table_name = "orders_then",
                                                 .source_table_name = "orders",
                                                 .use_latest_restorable_time = true});
  DDB_EXPECT_API_ERROR(off, ErrorCode::kPointInTimeRecoveryUnavailable,
                       "Point in time recovery is not enabled for table 'orders'");
  auto on = client_->UpdateContinuousBackups(
      {.table_name = "orders",
       .point_in_time_recovery_specification = {.point_in_time_recovery_enabled = true}});
  ASSERT_TRUE(on.ok()) << on.error().message();
  AdvanceSeconds(60);
  const auto window = client_->DescribeContinuousBackups({.table_name = "orders"});
  ASSERT_TRUE(window.ok()) << window.error().message();
  const auto& pitr = window->continuous_backups_description.point_in_time_recovery_description;
  ASSERT_TRUE(pitr.has_value() && pitr->earliest_restorable_date_time_micros.has_value());
  const std::int64_t before_delete = *pitr->earliest_restorable_date_time_micros + 30'000'000;
  AdvanceSeconds(60);
  ASSERT_TRUE(
      client_->DeleteItem({.table_name = "orders", .key = {{"pk", S("o")}, {"sk", N("1")}}}).ok());
  AdvanceSeconds(10 * 60);  // the latest restorable time trails the present

  auto restored = client_->RestoreTableToPointInTime({.target_table_name = "orders_then",
                                                      .source_table_name = "orders",
                                                      .restore_date_time_micros = before_delete});
  ASSERT_TRUE(restored.ok()) << restored.error().message();
  EXPECT_EQ(restored->table_description.table_name, "orders_then");
  ASSERT_TRUE(restored->restore_summary.has_value());
  EXPECT_EQ(restored->restore_summary->source_table_arn, kTableArn);
  auto got =
      client_->GetItem({.table_name = "orders_then", .key = {{"pk", S("o")}, {"sk", N("1")}}});
  ASSERT_TRUE(got.ok()) << got.error().message();
  ASSERT_TRUE(got->item.has_value()) << "the restored table lacks the item deleted after the time";
  EXPECT_EQ(Attr(*got->item, "total"), N("10"));

  auto too_early = client_->RestoreTableToPointInTime(
      {.target_table_name = "orders_before",
       .source_table_name = "orders",
       .restore_date_time_micros = *pitr->earliest_restorable_date_time_micros - 1'000'000});
  // The service's 2026 wording, bounds quoted (ack-api-quirks DDB-TABLE-086, 100).
  ASSERT_FALSE(too_early.ok());
  EXPECT_EQ(too_early.error().code(), ErrorCode::kInvalidRestoreTime);
  EXPECT_TRUE(too_early.error().message().starts_with("RestoreDateTime '"))
      << too_early.error().message();
  EXPECT_NE(too_early.error().message().find("' must be within EarliestRestorableDateTime '"),
            std::string::npos)
      << too_early.error().message();
  EXPECT_NE(too_early.error().message().find("' and LatestRestorableDateTime '"), std::string::npos)
      << too_early.error().message();
}

// SourceTableFeatureDetails: every feature the table had when the backup was taken — an LSI, a
// GSI (its OnDemandThroughput; ProvisionedThroughput is 0 for an on-demand table), the stream,
// TTL and a vector index, each as its *Info / description. Turning the stream off after the
// backup does not change what the backup reports.
TEST_P(BackupConformance, DescribeBackupReportsEverySourceTableFeature) {
  auto created = client_->CreateTable(
      {.table_name = "catalog",
       .attribute_definitions = {{"pk", ScalarAttributeType::kS},
                                 {"sk", ScalarAttributeType::kN},
                                 {"price", ScalarAttributeType::kN},
                                 {"category", ScalarAttributeType::kS}},
       .key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}},
       .local_secondary_indexes = {{.index_name = "byPrice",
                                    .key_schema = {{"pk", KeyType::kHash},
                                                   {"price", KeyType::kRange}},
                                    .projection = {ProjectionType::kInclude, {"title", "color"}}}},
       .global_secondary_indexes = {{.index_name = "byCategory",
                                     .key_schema = {{"category", KeyType::kHash}},
                                     .projection = {ProjectionType::kKeysOnly},
                                     .on_demand_throughput = OnDemandThroughput{10, -1}}},
       .billing_mode = BillingMode::kPayPerRequest,
       .stream_specification = StreamSpecification{true, StreamViewType::kNewAndOldImages},
       .vector_indexes = {{.index_name = "byLook",
                           .vector_attribute = "look",
                           .projection = {ProjectionType::kKeysOnly},
                           .dimensions = 2,
                           .distance_function = VectorDistanceFunction::kEuclidean}}});
  ASSERT_TRUE(created.ok()) << created.error().message();
  AdvanceSeconds(1);
  auto ttl = client_->UpdateTimeToLive(
      {.table_name = "catalog",
       .time_to_live_specification = {.attribute_name = "expires", .enabled = true}});
  ASSERT_TRUE(ttl.ok()) << ttl.error().message();
  auto made = client_->CreateBackup({.table_name = "catalog", .backup_name = "with-features"});
  ASSERT_TRUE(made.ok()) << made.error().message();
  auto off = client_->UpdateTable(
      {.table_name = "catalog", .stream_specification = StreamSpecification{false, {}}});
  ASSERT_TRUE(off.ok()) << off.error().message();

  auto described = client_->DescribeBackup({.backup_arn = made->backup_details.backup_arn});
  ASSERT_TRUE(described.ok()) << described.error().message();
  const auto& features = described->backup_description.source_table_feature_details;
  ASSERT_TRUE(features.has_value());
  ASSERT_EQ(features->local_secondary_indexes.size(), 1u);
  const LocalSecondaryIndexInfo& lsi = features->local_secondary_indexes[0];
  EXPECT_EQ(lsi.index_name, "byPrice");
  EXPECT_EQ(lsi.key_schema,
            (std::vector<KeySchemaElement>{{"pk", KeyType::kHash}, {"price", KeyType::kRange}}));
  // NonKeyAttributes sorted by name, as DescribeTable reports them.
  EXPECT_EQ(lsi.projection, (Projection{ProjectionType::kInclude, {"color", "title"}}));
  ASSERT_EQ(features->global_secondary_indexes.size(), 1u);
  const GlobalSecondaryIndexInfo& gsi = features->global_secondary_indexes[0];
  EXPECT_EQ(gsi.index_name, "byCategory");
  EXPECT_EQ(gsi.key_schema, (std::vector<KeySchemaElement>{{"category", KeyType::kHash}}));
  EXPECT_EQ(gsi.projection, (Projection{ProjectionType::kKeysOnly, {}}));
  ASSERT_TRUE(gsi.provisioned_throughput.has_value());
  EXPECT_EQ(gsi.provisioned_throughput->read_capacity_units, 0);
  EXPECT_EQ(gsi.provisioned_throughput->write_capacity_units, 0);
  EXPECT_EQ(gsi.on_demand_throughput, (OnDemandThroughput{10, -1}));
  EXPECT_EQ(features->stream_description,
            (StreamSpecification{true, StreamViewType::kNewAndOldImages}));
  EXPECT_EQ(features->time_to_live_description,
            (TimeToLiveDescription{TimeToLiveStatus::kEnabled, "expires"}));
  ASSERT_EQ(features->vector_indexes.size(), 1u);
  EXPECT_EQ(features->vector_indexes[0],
            (VectorIndexInfo{.index_name = "byLook",
                             .vector_attribute = "look",
                             .projection = {ProjectionType::kKeysOnly},
                             .dimensions = 2,
                             .distance_function = VectorDistanceFunction::kEuclidean}));
}

DDB_INSTANTIATE_CLIENT_SUITE(BackupConformance);

}  // namespace client_backups_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
