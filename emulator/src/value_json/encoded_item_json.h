// A stored item's DynamoDB JSON written straight from the storage encoding (value/item_codec.h),
// without decoding it; its size is value/item_codec.h's. The JSON read path (GetItem,
// Query, Scan without a projection) uses these to answer with no AttributeValue built or
// destroyed: decoding an item into a map and freeing it again was most of the CPU a small read
// cost.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "ddbemu/version.h"
#include "value/item_codec.h"
#include "value_json/json_codec.h"
#include "value_json/json_text.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::itemcodec {

// Appends the item `bytes` encodes as DynamoDB JSON text, exactly as WriteItem writes the
// decoded item (attributes in name order, B and BS in base64, set members in set order, the
// same escaping). Precondition: EncodedItemSize(bytes) accepted `bytes`.
void AppendEncodedItemJson(std::string_view bytes, std::string& out);
// The same through a JsonText cursor (value_json/json_text.h), for a response that writes several
// items and other members into one buffer; leaves JsonText::kSlack bytes of room after the item.
void AppendEncodedItemJson(std::string_view bytes, JsonText& out);
// The same through a JSON writer (as one raw value). `scratch`, when given, is the text's
// buffer, reused across calls.
void WriteEncodedItem(std::string_view bytes, JsonWriter& out, std::string* scratch = nullptr);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::itemcodec
