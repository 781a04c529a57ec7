// The one reader of item files that bulk put (StartBulkPutItems) and `ddb-local import` share:
// bytes in one of the formats an AWS export or import uses, decoded into items. When the
// shared data-file codec (ops/transfer/) lands, this function is switched to it; callers keep
// calling ReadBulkInput.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// One line (record) of the input that is not an item: its 1-based line number, why, and the
// line itself (for a failed-items output file).
struct BulkInputRecordError {
  std::size_t line = 0;
  std::string message;
  std::string_view text;
};

// Decodes `bytes`: `format` and `compression` are the API's InputFormat and InputCompressionType
// names ("DYNAMODB_JSON"; "NONE" or "GZIP"). DYNAMODB_JSON is AWS's export format, one
// {"Item":{...}} per line; a bare attribute map ({"pk":{"S":"a"}}) per line is accepted too, as
// `aws dynamodb` users write them. Blank lines are skipped.
//
// Calls on_item for each item, with its line (for a failure output when the table refuses it,
// and its share of the processed bytes), and on_record_error for each line that is not an item
// (the line is skipped, reading goes on). Returns a ValidationException, having called neither, for
// a format or compression not implemented here ("ION", "CSV", "ZSTD": they are documented as
// unsupported by this reader), and for a compressed stream that is corrupt; an input truncated in
// the middle of a line still delivers the lines before it.
Status ReadBulkInput(std::string_view bytes, std::string_view format, std::string_view compression,
                     const std::function<void(Item, std::string_view line)>& on_item,
                     const std::function<void(const BulkInputRecordError&)>& on_record_error);

// `bytes` inflated from gzip (one or more members, as `cat a.gz b.gz` makes) or zlib; a
// ValidationException when they are not a valid stream.
Result<std::string> Gunzip(std::string_view bytes);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
