// The DynamoDB size of a stored item read without decoding it. The JSON writer of such an item
// is a layer above (value_json/encoded_item_json.h), so that ops/ checks and sizes stored bytes
// without seeing it (docs/architecture.md: no JSON below api_json).
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace ddbemu::itemcodec {

// The item's DynamoDB size (value/item_size.h: the same figure ItemSize gives the decoded item),
// or nullopt when the encoding is corrupt. A stored item (format 0x02, item_format.h) carries its
// size, taken as written; the body of any other is checked as DecodeItem checks it (format
// version, every length and count, map names in strictly increasing order, no empty set,
// nesting bounded, nothing left over) while it is sized.
std::optional<std::size_t> EncodedItemSize(std::string_view bytes);

}  // namespace ddbemu::itemcodec
