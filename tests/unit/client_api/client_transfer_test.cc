// Exports and imports through every client (embedded, JSON loopback, HTTP to ddb-local): the
// typed requests and descriptions cross each codec whole. These databases have no local S3, so
// an export or import FAILS with S3's NoSuchBucket, as the service reports a bucket it cannot
// reach; the files themselves are tested with one (database.TransferTest, clients.*_export_import).
#include <gtest/gtest.h>

#include "client_fixture.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace client_transfer_test {

constexpr char kTableArn[] = "arn:aws:dynamodb:us-east-1:000000000000:table/orders";

class TransferConformance : public client_test::ClientTest {
 protected:
  void SetUp() override {
    ClientTest::SetUp();
    ASSERT_TRUE(client_
                    ->CreateTable({.table_name = "orders",
                                   .attribute_definitions = {{"pk", ScalarAttributeType::kS}},
                                   .key_schema = {{"pk", KeyType::kHash}},
                                   .billing_mode = BillingMode::kPayPerRequest})
                    .ok());
  }
};

TEST_P(TransferConformance, ExportDescriptionsCrossTheClient) {
  auto refused = client_->ExportTableToPointInTime({.table_arn = kTableArn, .s3_bucket = "bucket"});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code(), ErrorCode::kPointInTimeRecoveryUnavailable);
  EXPECT_EQ(refused.error().message(), "Point in time recovery is not enabled for table 'orders'");
  ASSERT_TRUE(client_
                  ->UpdateContinuousBackups(
                      {.table_name = "orders", .point_in_time_recovery_specification = {true}})
                  .ok());
  auto started = client_->ExportTableToPointInTime({.table_arn = kTableArn,
                                                    .client_token = "t1",
                                                    .s3_bucket = "bucket",
                                                    .s3_prefix = "p",
                                                    .export_format = "ION"});
  ASSERT_TRUE(started.ok()) << started.error();
  const ExportDescription& d = started->export_description;
  EXPECT_TRUE(d.export_arn.starts_with(std::string(kTableArn) + "/export/")) << d.export_arn;
  EXPECT_EQ(d.export_status, "IN_PROGRESS");
  EXPECT_EQ(d.table_arn, kTableArn);
  EXPECT_EQ(d.client_token, "t1");
  EXPECT_EQ(d.s3_bucket, "bucket");
  EXPECT_EQ(d.s3_prefix, "p");
  EXPECT_EQ(d.export_format, "ION");
  EXPECT_EQ(d.export_type, "FULL_EXPORT");
  EXPECT_EQ(d.s3_sse_algorithm, "AES256");
  EXPECT_GT(d.start_time_micros, 0);

  auto described = client_->DescribeExport({d.export_arn});
  ASSERT_TRUE(described.ok()) << described.error();
  EXPECT_EQ(described->export_description.export_status, "FAILED");
  EXPECT_EQ(described->export_description.failure_code, "S3NoSuchBucket");
  EXPECT_EQ(described->export_description.failure_message, "The specified bucket does not exist");
  EXPECT_EQ(described->export_description.start_time_micros, d.start_time_micros);

  auto listed = client_->ListExports({.table_arn = kTableArn, .max_results = 5});
  ASSERT_TRUE(listed.ok()) << listed.error();
  ASSERT_EQ(listed->export_summaries.size(), 1u);
  EXPECT_EQ(listed->export_summaries[0].export_arn, d.export_arn);
  EXPECT_EQ(listed->export_summaries[0].export_status, "FAILED");
  EXPECT_FALSE(listed->next_token.has_value());

  auto missing =
      client_->DescribeExport({std::string(kTableArn) + "/export/01700000000000-00000000"});
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().code(), ErrorCode::kExportNotFound);
}

TEST_P(TransferConformance, ImportDescriptionsCrossTheClient) {
  ImportTableRequest request;
  request.source = {.client_token = "i1",
                    .s3_bucket_source = {.s3_bucket = "bucket", .s3_key_prefix = "in/"},
                    .input_format = "CSV",
                    .csv = CsvOptions{.delimiter = ";", .header_list = {"pk", "v"}},
                    .input_compression_type = "GZIP"};
  request.table_creation_parameters = {.table_name = "imported",
                                       .attribute_definitions = {{"pk", ScalarAttributeType::kS}},
                                       .key_schema = {{"pk", KeyType::kHash}},
                                       .billing_mode = BillingMode::kPayPerRequest};
  auto started = client_->ImportTable(request);
  ASSERT_TRUE(started.ok()) << started.error();
  const ImportTableDescription& d = started->import_table_description;
  EXPECT_EQ(d.import_status, "IN_PROGRESS");
  EXPECT_EQ(d.table_arn, "arn:aws:dynamodb:us-east-1:000000000000:table/imported");
  EXPECT_EQ(d.source.client_token, "i1");
  EXPECT_EQ(d.source.s3_bucket_source.s3_bucket, "bucket");
  EXPECT_EQ(d.source.s3_bucket_source.s3_key_prefix, "in/");
  EXPECT_EQ(d.source.input_format, "CSV");
  ASSERT_TRUE(d.source.csv.has_value());
  EXPECT_EQ(d.source.csv->delimiter, ";");
  EXPECT_EQ(d.source.csv->header_list, (std::vector<std::string>{"pk", "v"}));
  EXPECT_EQ(d.source.input_compression_type, "GZIP");

  auto described = client_->DescribeImport({d.import_arn});
  ASSERT_TRUE(described.ok()) << described.error();
  EXPECT_EQ(described->import_table_description.import_status, "FAILED");
  EXPECT_EQ(described->import_table_description.failure_code, "S3NoSuchBucket");
  auto listed = client_->ListImports({.page_size = 10});
  ASSERT_TRUE(listed.ok()) << listed.error();
  ASSERT_EQ(listed->import_summary_list.size(), 1u);
  EXPECT_EQ(listed->import_summary_list[0].import_arn, d.import_arn);
  EXPECT_EQ(listed->import_summary_list[0].input_format, "CSV");
  // The same token with other parameters.
  request.source.input_format = "ION";
  request.source.csv.reset();
  auto conflict = client_->ImportTable(request);
  ASSERT_FALSE(conflict.ok());
  EXPECT_EQ(conflict.error().code(), ErrorCode::kImportConflict);
}

// Bulk put's shapes (value_json/transfer_json.cc, as exports' and imports'): without a local S3
// the operation FAILS at its start, and its description crosses each codec whole.
TEST_P(TransferConformance, BulkOperationDescriptionsCrossTheClient) {
  for (const char* tier : {"STANDARD", "ACCELERATED"}) {
    StartBulkPutItemsRequest request;
    request.client_token = std::string("b-") + tier;
    request.table_name = "orders";
    request.input_s3_configuration = {.s3_bucket_owner = "111122223333",
                                      .s3_bucket = "in",
                                      .s3_key_prefix = "items/",
                                      .input_format = "ION",
                                      .input_compression_type = "ZSTD"};
    request.output_s3_configuration = {.s3_bucket = "out",
                                       .s3_key_prefix = "results",
                                       .s3_sse_algorithm = "AES256",
                                       .output_type = {"ERROR", "CONDITION_CHECK_FAILURE"}};
    request.max_write_request_units = 2048;
    request.performance_tier = tier;
    auto started = client_->StartBulkPutItems(request);
    ASSERT_TRUE(started.ok()) << started.error();
    const BulkOperationDescription& d = started->bulk_operation_description;
    EXPECT_EQ(d.bulk_operation_status, "FAILED");
    EXPECT_EQ(d.failure_code, "NoSuchBucket");
    EXPECT_EQ(d.client_token, request.client_token);
    EXPECT_EQ(d.performance_tier, tier);
    EXPECT_EQ(d.max_write_request_units, 2048);
    ASSERT_EQ(d.table_details.size(), 1u);
    EXPECT_EQ(d.table_details[0].table_name, "orders");
    EXPECT_FALSE(d.table_details[0].table_id.empty());
    EXPECT_EQ(d.input_s3_configuration.s3_bucket_owner, "111122223333");
    EXPECT_EQ(d.input_s3_configuration.s3_key_prefix, "items/");
    EXPECT_EQ(d.input_s3_configuration.input_format, "ION");
    EXPECT_EQ(d.input_s3_configuration.input_compression_type, "ZSTD");
    EXPECT_EQ(d.output_s3_configuration.s3_sse_algorithm, "AES256");
    EXPECT_EQ(d.output_s3_configuration.output_type,
              (std::vector<std::string>{"ERROR", "CONDITION_CHECK_FAILURE"}));
    EXPECT_EQ(d.end_time_micros, d.start_time_micros);
    ASSERT_EQ(d.bulk_operation_usage.size(), 1u);
    EXPECT_EQ(d.bulk_operation_usage[0].table_name, "orders");

    auto described = client_->DescribeBulkOperation({d.bulk_operation_arn});
    ASSERT_TRUE(described.ok()) << described.error();
    EXPECT_EQ(described->bulk_operation_description.performance_tier, tier);
    EXPECT_EQ(described->bulk_operation_description.failure_message,
              "The specified bucket does not exist");
  }
  auto listed = client_->ListBulkOperations({.max_results = 1});
  ASSERT_TRUE(listed.ok()) << listed.error();
  ASSERT_EQ(listed->bulk_operations_summary_list.size(), 1u);
  EXPECT_EQ(listed->bulk_operations_summary_list[0].bulk_operation_status, "FAILED");
  ASSERT_TRUE(listed->next_token.has_value());
  auto cancel =
      client_->CancelBulkOperation({listed->bulk_operations_summary_list[0].bulk_operation_arn});
  ASSERT_FALSE(cancel.ok());
  EXPECT_EQ(cancel.error().code(), ErrorCode::kValidation);
}

DDB_INSTANTIATE_CLIENT_SUITE(TransferConformance);

}  // namespace client_transfer_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
