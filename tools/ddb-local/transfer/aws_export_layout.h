// The directory layout of an AWS DynamoDB export to S3 (ExportTableToPointInTime, DYNAMODB_JSON),
// as `ddb-local import` reads it and `ddb-local export --format aws` writes it:
//
//   <dir>/manifest-summary.json   one JSON object: the export's ARN, table, times, itemCount...
//   <dir>/manifest-files.json     one JSON object per line and data file: itemCount,
//                                 md5Checksum (base64 MD5), etag (hex MD5), dataFileS3Key
//   <dir>/data/<name>.json.gz     gzip'd DynamoDB JSON lines, {"Item":{...}} each
//
// where <dir> is the S3 prefix's AWSDynamoDB/<export id>/ once copied out of S3.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/error.h"

namespace ddblocal {

ddbemu::Result<std::string> ReadWholeFile(const std::filesystem::path& path);
ddbemu::Status WriteWholeFile(const std::filesystem::path& path, std::string_view bytes);

// `bytes` as one gzip member (no file name, time 0: the same bytes give the same file).
std::string GzipCompress(std::string_view bytes);

// True when `dir` holds a manifest-summary.json.
bool IsAwsExportDirectory(const std::filesystem::path& dir);

// The data files manifest-files.json lists, in its order, resolved under `dir`/data/. Fails
// (ValidationException) when a manifest is missing or malformed or a listed file is absent.
ddbemu::Result<std::vector<std::filesystem::path>> ReadExportManifest(
    const std::filesystem::path& dir);

// Writes an export directory: Add each item's line, then Finish. Data files hold
// kItemsPerFile items each.
class AwsExportWriter {
 public:
  static constexpr std::size_t kItemsPerFile = 10'000;

  // `dir` is created (its parents too); the export id is its last component.
  AwsExportWriter(std::filesystem::path dir, std::string table_arn, std::int64_t start_millis);

  // One {"Item":...} line, with its newline.
  ddbemu::Status Add(std::string_view line);
  // The last data file and both manifests.
  ddbemu::Status Finish(std::int64_t end_millis);

 private:
  ddbemu::Status FlushDataFile();

  std::filesystem::path dir_;
  std::string export_id_;
  std::string table_arn_;
  std::int64_t start_millis_;
  std::string pending_;  // the current data file's lines
  std::size_t pending_items_ = 0;
  std::size_t items_ = 0;
  std::uint64_t bytes_ = 0;
  std::string manifest_files_;
};

}  // namespace ddblocal
