// The compact binary encoding of an Item for storage (no JSON in storage). Self-describing
// (type tags, varint lengths), so decoding needs no schema.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "ddbemu/attribute_value.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::itemcodec {

// Appends the encoding of `item` to `out`.
void EncodeItem(const Item& item, std::string* out);
// The same with `size`, its ItemSize (value/item_size.h), ahead of the body (format 0x02 of
// item_format.h): how items and index entries are stored, so that a read takes their size
// without walking them.
void EncodeStoredItem(const Item& item, std::size_t size, std::string* out);
// Decodes a whole item. Returns false on corrupt input (never crashes, never over-reads).
bool DecodeItem(std::string_view bytes, Item* out);
// The same, also setting `*size` to ItemSize(*out) (value/item_size.h), worked out while
// decoding: the read paths charge capacity by it and need not walk the item again.
bool DecodeItem(std::string_view bytes, Item* out, std::size_t* size);

// The same for a single value (used for catalog records and tests).
void EncodeValue(const AttributeValue& value, std::string* out);
bool DecodeValue(std::string_view* in, AttributeValue* out);

// ---- sizing a stored item -----------------------------------------------------------------------
// The DynamoDB size of a stored item read without decoding it. The JSON writer of such an item
// is a layer above (value_json/encoded_item_json.h), so that ops/ checks and sizes stored bytes
// without seeing it (docs/architecture.md: no JSON below api_json).

// The item's DynamoDB size (value/item_size.h: the same figure ItemSize gives the decoded item),
// or nullopt when the encoding is corrupt. A stored item (format 0x02, item_format.h) carries its
// size, taken as written; the body of any other is checked as DecodeItem checks it (format
// version, every length and count, map names in strictly increasing order, no empty set,
// nesting bounded, nothing left over) while it is sized.
std::optional<std::size_t> EncodedItemSize(std::string_view bytes);

// ---- reading a stored item's key attributes -----------------------------------------------------
// Reading a few top-level attributes of a stored item without decoding the rest: the
// access-pattern audit needs only an item's key attributes (its partition key, and for reads
// checked against recent writes its table key), and decoding the whole item into a map to
// read one of them cost as much as the rest of the audit.

// Decodes into `out` (cleared first) the top-level attributes of the item `bytes` encodes
// (value/item_format.h) whose names are in `names`; attributes absent from the item are absent
// from `out`. The other attributes are skipped unread except for their lengths, which are
// checked as DecodeItem checks them. Returns false on corrupt input (then `out` is
// unspecified), never crashes, never over-reads.
bool DecodeItemAttributes(std::string_view bytes, std::span<const std::string_view> names,
                          Item* out);

// One attribute FindScalarAttributes looked for: its type and S text, N canonical text or B
// bytes (a view into the encoded item), when `found`.
struct ScalarAttribute {
  AttributeType type = AttributeType::kNull;
  std::string_view bytes;
  bool found = false;
};

// Like DecodeItemAttributes, but without building anything: sets `out[i]` (out.size() ==
// names.size(); names may repeat) to the value of the top-level attribute `names[i]` of the
// item `bytes` encodes, leaving absent ones as they were. Stops reading once every name is
// found. Returns false on corrupt input met before then, and when a named attribute is not an
// S, N or B (key attributes always are; the caller decodes the item instead). Never crashes,
// never over-reads.
bool FindScalarAttributes(std::string_view bytes, std::span<const std::string_view> names,
                          std::span<ScalarAttribute> out);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::itemcodec
