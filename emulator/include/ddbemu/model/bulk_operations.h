// Bulk put (2026): StartBulkPutItems writes the items of S3 objects into an existing table at a
// bounded rate, DescribeBulkOperation and ListBulkOperations report its progress,
// CancelBulkOperation stops it. Shapes as @aws-sdk/client-dynamodb 3.1169's model declares them;
// the enums (statuses, formats, tiers, output types) are kept as the API's strings.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

struct InputS3Configuration {
  std::optional<std::string> s3_bucket_owner;
  std::string s3_bucket;
  std::optional<std::string> s3_key_prefix;
  std::string input_format = "DYNAMODB_JSON";         // DYNAMODB_JSON or ION
  std::optional<std::string> input_compression_type;  // GZIP, ZSTD or NONE (the default)
};

struct OutputS3Configuration {
  std::optional<std::string> s3_bucket_owner;
  std::string s3_bucket;
  std::optional<std::string> s3_key_prefix;
  std::optional<std::string> s3_sse_algorithm;  // AES256 or KMS
  std::optional<std::string> s3_sse_kms_key_id;
  std::vector<std::string> output_type;  // ERROR, CONDITION_CHECK_FAILURE
};

struct BulkOperationTableDetail {
  std::string table_name;
  std::string table_id;
};

struct BulkOperationUsage {
  std::string table_name;
  std::int64_t bulk_put_bytes = 0;
};

struct BulkOperationDescription {
  std::string bulk_operation_arn;
  // IN_PROGRESS, COMPLETED, COMPLETED_WITH_ERRORS, CANCELLING, CANCELLED or FAILED.
  std::string bulk_operation_status;
  std::vector<BulkOperationTableDetail> table_details;
  std::optional<std::string> client_token;
  InputS3Configuration input_s3_configuration;
  OutputS3Configuration output_s3_configuration;
  std::int64_t start_time_micros = 0;
  std::optional<std::int64_t> end_time_micros;  // once terminal
  std::int64_t processed_item_count = 0;
  std::int64_t processed_input_bytes = 0;
  std::optional<std::int64_t> total_input_bytes;
  std::vector<BulkOperationUsage> bulk_operation_usage;
  std::int64_t failed_item_count = 0;
  std::optional<std::string> failure_code;
  std::optional<std::string> failure_message;
  std::optional<std::int64_t> max_write_request_units;
  std::string performance_tier = "STANDARD";
};

struct BulkOperationSummary {
  std::string bulk_operation_arn;
  std::string bulk_operation_status;
  std::int64_t start_time_micros = 0;
  std::optional<std::int64_t> end_time_micros;
};

struct StartBulkPutItemsRequest {
  std::optional<std::string> client_token;
  InputS3Configuration input_s3_configuration;
  OutputS3Configuration output_s3_configuration;
  std::string table_name;
  std::optional<std::int64_t> max_write_request_units;  // at least 1,024
  std::optional<std::string> performance_tier;          // STANDARD (default) or ACCELERATED
};
struct StartBulkPutItemsResponse {
  BulkOperationDescription bulk_operation_description;
};

struct DescribeBulkOperationRequest {
  std::string bulk_operation_arn;
};
struct DescribeBulkOperationResponse {
  BulkOperationDescription bulk_operation_description;
};

struct ListBulkOperationsRequest {
  std::optional<std::int64_t> max_results;  // default 10
  std::optional<std::string> next_token;
};
struct ListBulkOperationsResponse {
  std::vector<BulkOperationSummary> bulk_operations_summary_list;
  std::optional<std::string> next_token;
};

struct CancelBulkOperationRequest {
  std::string bulk_operation_arn;
};
struct CancelBulkOperationResponse {
  std::string bulk_operation_arn;
  std::string bulk_operation_status;  // CANCELLING
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
