#include "capacity/capacity_units.h"

#include <algorithm>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {
namespace {

std::int64_t UnitsFor(std::size_t bytes, std::size_t unit_bytes) {
  return std::max<std::int64_t>(1,
                                static_cast<std::int64_t>((bytes + unit_bytes - 1) / unit_bytes));
}

}  // namespace

HalfUnits ReadCost(std::size_t item_bytes, bool consistent) {
  const std::int64_t units = UnitsFor(item_bytes, kReadUnitBytes);
  return consistent ? 2 * units : units;
}

HalfUnits WriteCost(std::size_t old_item_bytes, std::size_t new_item_bytes) {
  return 2 * UnitsFor(std::max(old_item_bytes, new_item_bytes), kWriteUnitBytes);
}

HalfUnits TransactionalReadCost(std::size_t item_bytes) { return 2 * ReadCost(item_bytes, true); }

HalfUnits TransactionalWriteCost(std::size_t old_item_bytes, std::size_t new_item_bytes) {
  return 2 * WriteCost(old_item_bytes, new_item_bytes);
}

HalfUnits IndexEntryWriteCost(bool removed, bool written, std::size_t old_entry_bytes,
                              std::size_t new_entry_bytes) {
  if (removed && written) return WriteCost(old_entry_bytes, 0) + WriteCost(0, new_entry_bytes);
  if (removed) return WriteCost(old_entry_bytes, 0);
  if (written) return WriteCost(old_entry_bytes, new_entry_bytes);
  return 0;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
