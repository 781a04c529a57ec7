// Item size as DynamoDB computes it (docs/capacity.md §1): names' UTF-8 length plus values' sizes.
// It decides the 400 KB item limit and every capacity charge.
#pragma once

#include <cstddef>
#include <string_view>

#include "ddbemu/attribute_value.h"

namespace ddbemu {

// Size of a value (not counting any attribute name).
std::size_t AttributeValueSize(const AttributeValue& value);
// Size of an item: sum of name length + value size over its attributes.
std::size_t ItemSize(const Item& item);
// Size of a canonical number text by the service's rule.
std::size_t NumberSize(std::string_view canonical);

// The service's limits on values.
inline constexpr std::size_t kMaxItemSizeBytes = 400 * 1024;
inline constexpr int kMaxNestingDepth = 32;

}  // namespace ddbemu
