// The compact binary encoding of an Item for storage (no JSON in storage). Self-describing
// (type tags, varint lengths), so decoding needs no schema.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "ddbemu/attribute_value.h"

namespace ddbemu::itemcodec {

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

}  // namespace ddbemu::itemcodec
