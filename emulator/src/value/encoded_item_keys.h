// Reading a few top-level attributes of a stored item without decoding the rest: the
// access-pattern audit needs only an item's key attributes (its partition key, and for reads
// checked against recent writes its table key), and decoding the whole item into a map to
// read one of them cost as much as the rest of the audit.
#pragma once

#include <span>
#include <string_view>

#include "ddbemu/attribute_value.h"

namespace ddbemu::itemcodec {

// Decodes into `out` (cleared first) the top-level attributes of the item `bytes` encodes
// (value/item_format.h) whose names are in `names`; attributes absent from the item are absent
// from `out`. The other attributes are skipped unread except for their lengths, which are
// checked as DecodeItem checks them. Returns false on corrupt input (then `out` is
// unspecified), never crashes, never over-reads.
bool DecodeItemAttributes(std::string_view bytes, std::span<const std::string_view> names,
                          Item* out);

}  // namespace ddbemu::itemcodec
