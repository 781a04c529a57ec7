// The members of a read's response written straight into a JsonText (value_json/json_text.h):
// GetItem, Query and Scan write their stored items that way (value_json/encoded_item_json.h),
// and writing the few members around them through rapidjson's Writer into a second buffer,
// then copying it, cost as much as a small item. The text is byte for byte what the Writer
// writes for the same values (tests/unit/api/response_text_test.cc compares the two): the
// responses' checksums (x-amz-crc32) are over these bytes.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "api/item_requests.h"
#include "api/read_requests.h"
#include "ddbemu/version.h"
#include "value_json/json_text.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {

// A number as JsonWriter::Int64 and JsonWriter::Double write it (RapidJSON's shortest
// round-trip digits; a NaN or an infinity writes nothing, as the Writer refuses it).
void AppendInt64(std::int64_t value, JsonText& out);
void AppendDouble(double value, JsonText& out);

// The "ConsumedCapacity" member (name and value, no comma) as WriteConsumedCapacity
// (api_json/operation_codecs.h) writes it for a single-item operation, and as Query and Scan
// write theirs.
void AppendConsumedCapacity(const ConsumedCapacity& capacity, JsonText& out);
void AppendConsumedCapacity(const ReadConsumedCapacity& capacity, JsonText& out);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
