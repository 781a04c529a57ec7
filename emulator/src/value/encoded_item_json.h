// A stored item's DynamoDB JSON written straight from the storage encoding (value/item_codec.h),
// without decoding it; its size is value/encoded_item_size.h's. The JSON read path (GetItem,
// Query, Scan without a projection) uses these to answer with no AttributeValue built or
// destroyed: decoding an item into a map and freeing it again was most of the CPU a small read
// cost. An item stored with its JSON (format 0x02, item_format.h) is answered with a copy of
// that text, written here when the item was stored (WithJson).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "value/encoded_item_size.h"
#include "value/item_format.h"
#include "value/json_text.h"

namespace ddbemu::itemcodec {

// Appends the item `bytes` encodes as DynamoDB JSON text, exactly as WriteItem writes the
// decoded item (attributes in name order, B and BS in base64, set members in set order, the
// same escaping); the text an item stored with its JSON carries, as it is. Precondition:
// EncodedItemSize(bytes) accepted `bytes`.
void AppendEncodedItemJson(std::string_view bytes, std::string& out);
// The same through a JsonText cursor (value/json_text.h), for a response that writes several
// items and other members into one buffer; leaves JsonText::kSlack bytes of room after the item.
void AppendEncodedItemJson(std::string_view bytes, JsonText& out);

// Room to reserve for the JSON of `items`, stored items one after another: their length when
// the first carries its JSON (its text is shorter than its bytes, which also hold the body),
// twice their length otherwise (the body grows by about 40% as JSON: names and values are copied,
// and the punctuation and type tags outweigh the lengths and tags).
inline std::size_t JsonRoomFor(std::string_view items) {
  return !items.empty() && items[0] == kFormatVersionWithJson ? items.size() : items.size() * 2;
}

// Appends the item that `encoded` (format 0x01, from EncodeItem) holds in the form stored with
// its JSON: format 0x02 with `size` (its ItemSize) and the JSON AppendEncodedItemJson writes.
void AppendWithJson(std::string_view encoded, std::size_t size, std::string* out);

}  // namespace ddbemu::itemcodec
