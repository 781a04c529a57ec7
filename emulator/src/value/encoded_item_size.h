// The DynamoDB size of a stored item read without decoding it (see encoded_item.h, which also
// writes such an item as JSON). A header of its own so that ops/ can check and size stored
// bytes without seeing the JSON writer (docs/architecture.md: no JSON below api_json).
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace ddbemu::itemcodec {

// Checks `bytes` as DecodeItem does (format version, every length and count, map names in
// strictly increasing order, no empty set, nesting bounded, nothing left over) and returns the
// item's DynamoDB size (value/item_size.h: the same figure ItemSize gives the decoded item),
// or nullopt when the encoding is corrupt. Defined in encoded_item.cc.
std::optional<std::size_t> EncodedItemSize(std::string_view bytes);

}  // namespace ddbemu::itemcodec
