// Exports to and imports from S3 (issue 35): ExportTableToPointInTime, DescribeExport,
// ListExports, ImportTable, DescribeImport and ListImports, shaped as the API reference's requests
// and responses (ExportDescription, ExportSummary, ImportTableDescription, ImportSummary). Locally
// S3 is a directory (ddb-local --s3-dir, Options::s3_dir; docs/ddb-local.md, "Export and
// import"). Times are microseconds since the epoch (the service reports milliseconds); the
// enumerations are the API's strings ("DYNAMODB_JSON", "IN_PROGRESS", ...), which the JSON path's
// validator checks.
//
//   auto started = client->ExportTableToPointInTime({.table_arn = arn, .s3_bucket = "b"});
//   client->DescribeExport({.export_arn = started->export_description.export_arn});
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddbemu/model/tables.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// IncrementalExportSpecification: the changes of (from, to], at least 15 minutes and at most 24
// hours, inside the PITR window.
struct IncrementalExportSpecification {
  std::optional<std::int64_t> export_from_time_micros;
  std::optional<std::int64_t> export_to_time_micros;
  std::optional<std::string> export_view_type;  // NEW_IMAGE or NEW_AND_OLD_IMAGES (the default)
};

struct ExportTableToPointInTimeRequest {
  std::string table_arn;
  std::optional<std::int64_t> export_time_micros;  // default: now
  std::optional<std::string> client_token;
  std::string s3_bucket;
  std::optional<std::string> s3_bucket_owner;
  std::optional<std::string> s3_prefix;
  std::optional<std::string> s3_sse_algorithm;  // AES256 or KMS
  std::optional<std::string> s3_sse_kms_key_id;
  std::optional<std::string> export_format;  // DYNAMODB_JSON (the default) or ION
  std::optional<std::string> export_type;    // FULL_EXPORT (the default) or INCREMENTAL_EXPORT
  std::optional<IncrementalExportSpecification> incremental_export_specification;
};

struct ExportDescription {
  std::string export_arn;
  std::string export_status;  // IN_PROGRESS, COMPLETED or FAILED
  std::int64_t start_time_micros = 0;
  std::optional<std::int64_t> end_time_micros;
  std::optional<std::string> export_manifest;  // the key of manifest-summary.json
  std::string table_arn;
  std::string table_id;
  std::int64_t export_time_micros = 0;
  std::optional<std::string> client_token;
  std::string s3_bucket;
  std::optional<std::string> s3_bucket_owner;
  std::optional<std::string> s3_prefix;
  std::string s3_sse_algorithm = "AES256";
  std::optional<std::string> s3_sse_kms_key_id;
  std::optional<std::string> failure_code;
  std::optional<std::string> failure_message;
  std::string export_format = "DYNAMODB_JSON";
  std::optional<std::int64_t> billed_size_bytes;
  std::optional<std::int64_t> item_count;
  std::string export_type = "FULL_EXPORT";
  std::optional<IncrementalExportSpecification> incremental_export_specification;
};

struct ExportTableToPointInTimeResponse {
  ExportDescription export_description;
};
struct DescribeExportRequest {
  std::string export_arn;
};
struct DescribeExportResponse {
  ExportDescription export_description;
};

struct ListExportsRequest {
  std::optional<std::string> table_arn;
  std::optional<std::int64_t> max_results;  // 1..25
  std::optional<std::string> next_token;
};
struct ExportSummary {
  std::string export_arn;
  std::string export_status;
  std::string export_type;
};
struct ListExportsResponse {
  std::vector<ExportSummary> export_summaries;
  std::optional<std::string> next_token;
};

struct S3BucketSource {
  std::optional<std::string> s3_bucket_owner;
  std::string s3_bucket;
  std::optional<std::string> s3_key_prefix;
};

// CsvOptions: the delimiter (one character of , \t : ; | and space) and the header, when the
// files have no header row of their own.
struct CsvOptions {
  std::optional<std::string> delimiter;
  std::vector<std::string> header_list;
};

// What ImportTable reads, and how (the request less its table).
struct ImportSource {
  std::optional<std::string> client_token;
  S3BucketSource s3_bucket_source;
  std::string input_format;  // CSV, DYNAMODB_JSON or ION
  std::optional<CsvOptions> csv;
  std::optional<std::string> input_compression_type;  // GZIP, ZSTD or NONE (the default)
};

// ImportTable: TableCreationParameters has CreateTable's members TableName, AttributeDefinitions,
// KeySchema, BillingMode, ProvisionedThroughput, OnDemandThroughput and GlobalSecondaryIndexes
// (the rest of CreateTableRequest is not ImportTable's and is ignored).
struct ImportTableRequest {
  ImportSource source;
  CreateTableRequest table_creation_parameters;
};

struct ImportTableDescription {
  std::string import_arn;
  std::string import_status;  // IN_PROGRESS, COMPLETED or FAILED
  std::string table_arn;
  std::string table_id;
  ImportSource source;
  std::optional<std::string> cloud_watch_log_group_arn;  // here: the error log's file
  std::int64_t start_time_micros = 0;
  std::optional<std::int64_t> end_time_micros;
  std::int64_t processed_size_bytes = 0;
  std::int64_t processed_item_count = 0;
  std::int64_t imported_item_count = 0;
  std::int64_t error_count = 0;
  std::optional<std::string> failure_code;
  std::optional<std::string> failure_message;
};

struct ImportTableResponse {
  ImportTableDescription import_table_description;
};
struct DescribeImportRequest {
  std::string import_arn;
};
struct DescribeImportResponse {
  ImportTableDescription import_table_description;
};

struct ListImportsRequest {
  std::optional<std::string> table_arn;
  std::optional<std::int64_t> page_size;  // 1..25
  std::optional<std::string> next_token;
};
struct ImportSummary {
  std::string import_arn;
  std::string import_status;
  std::string table_arn;
  S3BucketSource s3_bucket_source;
  std::optional<std::string> cloud_watch_log_group_arn;
  std::string input_format;
  std::int64_t start_time_micros = 0;
  std::optional<std::int64_t> end_time_micros;
};
struct ListImportsResponse {
  std::vector<ImportSummary> import_summary_list;
  std::optional<std::string> next_token;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
