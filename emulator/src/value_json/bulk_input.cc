// ReadBulkInput (see bulk_input.h): DynamoDB JSON lines, plain or gzip-compressed.
#include "value_json/bulk_input.h"

#include <rapidjson/document.h>
#include <rapidjson/error/en.h>
#include <zlib.h>

#include <utility>

#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

// One line: {"Item":{...}} (AWS's export) or the attribute map itself.
Result<Item> ParseLine(std::string_view line) {
  rapidjson::Document doc;
  doc.Parse<rapidjson::kParseStopWhenDoneFlag>(line.data(), line.size());
  if (doc.HasParseError()) {
    return ApiError::Serialization("Malformed DynamoDB JSON at offset " +
                                   std::to_string(doc.GetErrorOffset()) + ": " +
                                   rapidjson::GetParseError_En(doc.GetParseError()));
  }
  if (!doc.IsObject()) return ApiError::Serialization("A line must hold a JSON object");
  auto member = doc.FindMember("Item");
  if (member != doc.MemberEnd() && doc.MemberCount() == 1 && member->value.IsObject()) {
    return ItemFromJson(member->value);
  }
  return ItemFromJson(doc);
}

void ReadLines(std::string_view text, const std::function<void(Item, std::string_view)>& on_item,
               const std::function<void(const BulkInputRecordError&)>& on_record_error) {
  std::size_t number = 0;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    ++number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
    Result<Item> item = ParseLine(line);
    if (item.ok()) {
      on_item(std::move(*item), line);
    } else {
      on_record_error({number, item.error().message(), line});
    }
  }
}

}  // namespace

Result<std::string> Gunzip(std::string_view bytes) {
  std::string out;
  z_stream z{};
  // 15 + 32: a window of 32 KiB, and the gzip or zlib header detected.
  if (inflateInit2(&z, 15 + 32) != Z_OK) return ApiError::InternalServerError("zlib");
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());
  char chunk[1 << 16];
  int rc = Z_OK;
  while (true) {
    z.next_out = reinterpret_cast<Bytef*>(chunk);
    z.avail_out = sizeof chunk;
    rc = inflate(&z, Z_NO_FLUSH);
    out.append(chunk, sizeof chunk - z.avail_out);
    if (rc == Z_STREAM_END) {
      if (z.avail_in == 0) break;
      inflateReset(&z);  // another gzip member follows
      continue;
    }
    if (rc != Z_OK) break;
    if (z.avail_in == 0 && z.avail_out != 0) break;  // truncated: keep what was inflated
  }
  inflateEnd(&z);
  if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR) {
    return ApiError::Validation("The input is not a valid GZIP stream");
  }
  return out;
}

Status ReadBulkInput(std::string_view bytes, std::string_view format, std::string_view compression,
                     const std::function<void(Item, std::string_view)>& on_item,
                     const std::function<void(const BulkInputRecordError&)>& on_record_error) {
  if (format != "DYNAMODB_JSON") {
    return ApiError::Validation("Input format " + std::string(format) +
                                " is not supported by this emulator's bulk reader; use "
                                "DYNAMODB_JSON");
  }
  if (compression == "GZIP") {
    DDBEMU_ASSIGN_OR_RETURN(const std::string text, Gunzip(bytes));
    ReadLines(text, on_item, on_record_error);
    return Status::Ok();
  }
  if (compression != "NONE" && !compression.empty()) {
    return ApiError::Validation("Input compression type " + std::string(compression) +
                                " is not supported by this emulator's bulk reader; use NONE or "
                                "GZIP");
  }
  ReadLines(bytes, on_item, on_record_error);
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
