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

}  // namespace ddbemu::itemcodec
