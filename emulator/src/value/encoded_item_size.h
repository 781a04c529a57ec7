// The DynamoDB size of a stored item read without decoding it. Its JSON writer is beside it
// (encoded_item_json.h), writing text, not parsing it: ops/ sizes stored bytes with no JSON
// library in sight (docs/architecture.md: no JSON below api_json).
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace ddbemu::itemcodec {

// The item's DynamoDB size (value/item_size.h: the same figure ItemSize gives the decoded item),
// or nullopt when the encoding is corrupt. An item stored with its JSON (format 0x02) carries
// its size, which is taken as written; the body of any other is checked as DecodeItem checks it
// (format version, every length and count, map names in strictly increasing order, no empty
// set, nesting bounded, nothing left over) while it is sized.
std::optional<std::size_t> EncodedItemSize(std::string_view bytes);

}  // namespace ddbemu::itemcodec
