#include "capacity/capacity_units.h"

#include <algorithm>

namespace ddbemu::capacity {
namespace {

std::int64_t UnitsFor(std::size_t bytes, std::size_t unit_bytes) {
  return std::max<std::int64_t>(1, static_cast<std::int64_t>((bytes + unit_bytes - 1) / unit_bytes));
}

}  // namespace

HalfUnits ReadCost(std::size_t item_bytes, bool consistent) {
  const std::int64_t units = UnitsFor(item_bytes, kReadUnitBytes);
  return consistent ? 2 * units : units;
}

HalfUnits WriteCost(std::size_t old_item_bytes, std::size_t new_item_bytes) {
  return 2 * UnitsFor(std::max(old_item_bytes, new_item_bytes), kWriteUnitBytes);
}

}  // namespace ddbemu::capacity
