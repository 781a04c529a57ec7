// Item size as DynamoDB computes it (docs/capacity.md §1): names' UTF-8 length plus values' sizes.
// It decides the 400 KB item limit and every capacity charge.
#pragma once

#include <cstddef>
#include <string_view>

#include "ddbemu/attribute_value.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// Size of a value (not counting any attribute name).
std::size_t AttributeValueSize(const AttributeValue& value);
// Size of an item: sum of name length + value size over its attributes.
std::size_t ItemSize(const Item& item);
// Size of a canonical number text by the service's rule (item_size.cc states it).
std::size_t NumberSize(std::string_view canonical);
// The same, with the usual number, a non-negative integer, worked out inline (the decoder sizes
// every N attribute it reads): its significant digits run from the power n - 1 down to the power
// of its trailing zeros, so it takes 1 byte plus one per digit pair between them.
inline std::size_t NumberSizeInline(std::string_view canonical) {
  std::size_t trailing_zeros = 0;
  std::size_t digits = 0;
  for (char c : canonical) {
    if (c < '0' || c > '9') return NumberSize(canonical);
    trailing_zeros = c == '0' ? trailing_zeros + 1 : 0;
    ++digits;
  }
  if (digits == 0) return NumberSize(canonical);
  if (trailing_zeros == digits) return 1;  // zero
  return 2 + (digits - 1) / 2 - trailing_zeros / 2;
}

// The service's limits on values.
inline constexpr std::size_t kMaxItemSizeBytes = 400 * 1024;
inline constexpr int kMaxNestingDepth = 32;

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
