// What one item read or write costs, by the rules of CAPACITY.md §1. Counted in integer
// half-units (an eventually consistent 4 KB read is one half-unit) so no float is ever summed.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ddbemu::capacity {

using HalfUnits = std::int64_t;

inline constexpr std::size_t kReadUnitBytes = 4096;
inline constexpr std::size_t kWriteUnitBytes = 1024;

// One read of `item_bytes` (0 when the item does not exist: the service still charges the
// minimum, one unit strongly consistent, half eventually consistent).
HalfUnits ReadCost(std::size_t item_bytes, bool consistent);

// One write whose old and new item sizes are given (0 for "absent"): one unit per started KB
// of the larger, at least one.
HalfUnits WriteCost(std::size_t old_item_bytes, std::size_t new_item_bytes);

inline double ToUnits(HalfUnits half_units) { return static_cast<double>(half_units) / 2.0; }

}  // namespace ddbemu::capacity
