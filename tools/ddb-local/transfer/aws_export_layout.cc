// AWS export layout (see aws_export_layout.h): the manifests' members are those an AWS export
// writes, so that its readers (and ours) take either.
#include "transfer/aws_export_layout.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <system_error>

#include "ops/transfer/item_file.h"
#include "value/text_encodings.h"

namespace ddblocal {
namespace {

using ddbemu::ApiError;
namespace fs = std::filesystem;

// The ISO 8601 time AWS's manifests carry, from epoch milliseconds.
std::string IsoTime(std::int64_t millis) { return ddbemu::FormatUtcMillis(millis * 1000) + "Z"; }

}  // namespace

ddbemu::Result<std::string> ReadWholeFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return ApiError::Validation("cannot read " + path.string());
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

ddbemu::Status WriteWholeFile(const fs::path& path, std::string_view bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) return ApiError::Validation("cannot write " + path.string());
  return ddbemu::Status::Ok();
}

std::string GzipCompress(std::string_view bytes) { return ddbemu::ops::transfer::Gzip(bytes); }

bool IsAwsExportDirectory(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(dir / "manifest-summary.json", ec);
}

ddbemu::Result<std::vector<fs::path>> ReadExportManifest(const fs::path& dir) {
  DDBEMU_ASSIGN_OR_RETURN(const std::string summary, ReadWholeFile(dir / "manifest-summary.json"));
  rapidjson::Document doc;
  doc.Parse(summary.data(), summary.size());
  if (doc.HasParseError() || !doc.IsObject()) {
    return ApiError::Validation((dir / "manifest-summary.json").string() + " is not JSON");
  }
  if (doc.HasMember("outputFormat") && doc["outputFormat"].IsString() &&
      std::string_view(doc["outputFormat"].GetString()) != "DYNAMODB_JSON") {
    return ApiError::Validation("export format " + std::string(doc["outputFormat"].GetString()) +
                                " is not supported: only DYNAMODB_JSON exports are read");
  }
  DDBEMU_ASSIGN_OR_RETURN(const std::string files, ReadWholeFile(dir / "manifest-files.json"));
  std::vector<fs::path> paths;
  std::size_t start = 0;
  while (start < files.size()) {
    std::size_t end = files.find('\n', start);
    if (end == std::string::npos) end = files.size();
    const std::string_view line(files.data() + start, end - start);
    start = end + 1;
    if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
    rapidjson::Document entry;
    entry.Parse(line.data(), line.size());
    if (entry.HasParseError() || !entry.IsObject() || !entry.HasMember("dataFileS3Key") ||
        !entry["dataFileS3Key"].IsString()) {
      return ApiError::Validation("manifest-files.json: a line without dataFileS3Key");
    }
    // The key names the file in S3 (AWSDynamoDB/<id>/data/<name>); copied out, it sits in data/.
    const fs::path key(entry["dataFileS3Key"].GetString());
    const fs::path local = dir / "data" / key.filename();
    std::error_code ec;
    if (!fs::is_regular_file(local, ec)) {
      return ApiError::Validation("manifest-files.json lists " + key.string() +
                                  ", which is not in " + (dir / "data").string());
    }
    paths.push_back(local);
  }
  return paths;
}

AwsExportWriter::AwsExportWriter(fs::path dir, std::string table_arn, std::int64_t start_millis)
    : dir_(std::move(dir)),
      export_id_(dir_.filename().empty() ? dir_.parent_path().filename().string()
                                         : dir_.filename().string()),
      table_arn_(std::move(table_arn)),
      start_millis_(start_millis) {}

ddbemu::Status AwsExportWriter::Add(std::string_view line) {
  pending_ += line;
  ++pending_items_;
  ++items_;
  bytes_ += line.size();
  if (pending_items_ == kItemsPerFile) return FlushDataFile();
  return ddbemu::Status::Ok();
}

ddbemu::Status AwsExportWriter::FlushDataFile() {
  std::error_code ec;
  fs::create_directories(dir_ / "data", ec);
  if (ec) return ApiError::Validation("cannot create " + (dir_ / "data").string());
  char name[32];
  std::snprintf(name, sizeof name, "%05zu.json.gz", (items_ - 1) / kItemsPerFile);
  const std::string gz = GzipCompress(pending_);
  DDBEMU_RETURN_IF_ERROR(WriteWholeFile(dir_ / "data" / name, gz));
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
  w.StartObject();
  w.Key("itemCount");
  w.Uint64(pending_items_);
  w.Key("md5Checksum");
  w.String(ddbemu::ops::transfer::Md5Base64(gz).c_str());
  w.Key("etag");
  w.String(ddbemu::ops::transfer::Md5Hex(gz).c_str());
  w.Key("dataFileS3Key");
  w.String(("AWSDynamoDB/" + export_id_ + "/data/" + name).c_str());
  w.EndObject();
  manifest_files_ += buffer.GetString();
  manifest_files_ += '\n';
  pending_.clear();
  pending_items_ = 0;
  return ddbemu::Status::Ok();
}

ddbemu::Status AwsExportWriter::Finish(std::int64_t end_millis) {
  if (pending_items_ > 0) DDBEMU_RETURN_IF_ERROR(FlushDataFile());
  std::error_code ec;
  fs::create_directories(dir_, ec);
  DDBEMU_RETURN_IF_ERROR(WriteWholeFile(dir_ / "manifest-files.json", manifest_files_));
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
  auto text = [&](const char* key, const std::string& value) {
    w.Key(key);
    w.String(value.c_str());
  };
  w.StartObject();
  text("version", "2020-06-30");
  text("exportArn", table_arn_ + "/export/" + export_id_);
  text("startTime", IsoTime(start_millis_));
  text("endTime", IsoTime(end_millis));
  text("tableArn", table_arn_);
  text("exportTime", IsoTime(start_millis_));
  text("s3Bucket", "local");
  text("s3Prefix", "");
  text("s3SseAlgorithm", "AES256");
  w.Key("s3SseKmsKeyId");
  w.Null();
  text("manifestFilesS3Key", "AWSDynamoDB/" + export_id_ + "/manifest-files.json");
  w.Key("billedSizeBytes");
  w.Uint64(bytes_);
  w.Key("itemCount");
  w.Uint64(items_);
  text("outputFormat", "DYNAMODB_JSON");
  w.EndObject();
  return WriteWholeFile(dir_ / "manifest-summary.json", buffer.GetString());
}

}  // namespace ddblocal
