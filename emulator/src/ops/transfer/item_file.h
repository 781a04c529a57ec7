// The data files of exports and imports (Developer Guide, "DynamoDB table export output format",
// "Incremental export output format", "DynamoDB data import from Amazon S3: formats and quotas"),
// written and read item by item:
//   - DynamoDB JSON: one record per line, {"Item":{"pk":{"S":"a"},...}}; an incremental export's
//     record is {"Metadata":{"WriteTimestampMicros":{"N":"..."}},"Keys":{...},"NewImage":{...},
//     "OldImage":{...}} (an image left out when there is none, or OldImage when the view is
//     NEW_IMAGE);
//   - Amazon Ion text: one record per line, "$ion_1_0 {Item:{pk:"a",...}}" by the documented type
//     mapping: S a string, N a decimal (1.5, 10.), B a blob {{base64}}, SS/NS/BS a list annotated
//     $dynamodb_SS:: / $dynamodb_NS:: / $dynamodb_BS::, BOOL a boolean, NULL null, L a list, M a
//     struct;
//   - CSV (import only): a header row (or CsvOptions.HeaderList) naming the columns; every value
//     is an S, except the key attributes, which take their AttributeDefinitions type (N text, B
//     base64); an empty field is no attribute.
// Compression: GZIP (zlib) and ZSTD (libzstd) for reading; exports write GZIP, as the service
// does. ReadItemFile is the one entry for reading (ImportTable; bulk put reuses it): a record
// that cannot be read is reported to on_error and skipped, never thrown or crashed on.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer {

enum class FileFormat : std::uint8_t { kDynamoDbJson, kIon, kCsv };
enum class Compression : std::uint8_t { kNone, kGzip, kZstd };

// "DYNAMODB_JSON", "ION", "CSV" (InputFormat / ExportFormat); kDynamoDbJson for anything else.
FileFormat FileFormatNamed(std::string_view name);
Compression CompressionNamed(std::string_view name);  // "GZIP", "ZSTD"; else kNone

struct CsvSettings {
  char delimiter = ',';
  std::vector<std::string> header;  // empty: the file's first row is its header
  // The key attributes and their types (S, N or B), which CSV values take.
  std::vector<std::pair<std::string, AttributeType>> typed_attributes;
};

// A record that could not be read: where (1-based line; 0 for the whole file) and why.
struct RecordError {
  std::size_t line = 0;
  std::string message;
};

// Reads every record of a data file: each item (its values normalized as PutItem's are, numbers
// canonical) goes to on_item, each unreadable record to on_error. Returns the decompressed size.
std::size_t ReadItemFile(std::string_view bytes, FileFormat format, Compression compression,
                         const CsvSettings& csv, const std::function<void(Item)>& on_item,
                         const std::function<void(RecordError)>& on_error);

// One record as read, for a reader that keeps the record's text (bulk put's ERROR output and its
// processed bytes): the item, or the error when it is not one (a file that cannot be
// decompressed is one record with line 0 and no text).
struct ItemFileRecord {
  std::optional<Item> item;
  RecordError error;
  std::string_view text;  // the record without its line end; valid during the call
};
std::size_t ReadItemFileRecords(std::string_view bytes, FileFormat format, Compression compression,
                                const CsvSettings& csv,
                                const std::function<void(ItemFileRecord)>& on_record);

// Writers: one record, with its line's '\n'.
std::string ItemRecord(FileFormat format, const Item& item);
// An incremental export's record: `new_image` null when the item was deleted; `old_image` null
// when it was created or the view is NEW_IMAGE.
std::string ChangeRecord(FileFormat format, std::int64_t write_micros, const Item& keys,
                         const Item* new_image, const Item* old_image);

// `s` as a JSON string literal (the manifests are written with it).
std::string JsonString(std::string_view s);

// Compression. Decompress: false when `bytes` are not a whole stream of the kind.
std::string Gzip(std::string_view bytes);
bool Decompress(std::string_view bytes, Compression compression, std::string* out);

// MD5 of `bytes` as manifest-files.json's md5Checksum (base64) and etag (hex).
std::string Md5Base64(std::string_view bytes);
std::string Md5Hex(std::string_view bytes);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::transfer
