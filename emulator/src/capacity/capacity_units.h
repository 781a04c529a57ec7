// What one item read or write costs, by the rules of docs/capacity.md §1. Counted in integer
// half-units (an eventually consistent 4 KB read is one half-unit) so no float is ever summed.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {

using HalfUnits = std::int64_t;

inline constexpr std::size_t kReadUnitBytes = 4096;
inline constexpr std::size_t kWriteUnitBytes = 1024;

// One read of `item_bytes` (0 when the item does not exist: the service still charges the
// minimum, one unit strongly consistent, half eventually consistent). Query and Scan pass the
// sum of the sizes of every item they read: the total is rounded up to 4 KB once.
HalfUnits ReadCost(std::size_t item_bytes, bool consistent);

// One write whose old and new item sizes are given (0 for "absent"): one unit per started KB
// of the larger, at least one.
HalfUnits WriteCost(std::size_t old_item_bytes, std::size_t new_item_bytes);

// Inside TransactGetItems / TransactWriteItems the base table pays twice the single-item
// cost ("Read/write capacity mode": transactional requests cost two reads or writes).
HalfUnits TransactionalReadCost(std::size_t item_bytes);
HalfUnits TransactionalWriteCost(std::size_t old_item_bytes, std::size_t new_item_bytes);

// What one write costs an index whose entry it changed (Developer Guide, "Provisioned
// throughput considerations for global secondary indexes"): a new entry is one put, a removed
// entry one delete, an entry rewritten under the same key one write of the larger image, and
// an entry whose index key moved a delete plus a put. Sizes are projected sizes. Zero when the
// entry did not change. Index writes are never doubled inside a transaction: only the base
// table's share is transactional (observed on the service; see ops/capacity/capacity_charge.cc).
HalfUnits IndexEntryWriteCost(bool removed, bool written, std::size_t old_entry_bytes,
                              std::size_t new_entry_bytes);

inline double ToUnits(HalfUnits half_units) { return static_cast<double>(half_units) / 2.0; }

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
