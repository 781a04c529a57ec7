// Exact statistics of one key space (a table or an index) — item count and total item size —
// kept in the "meta" DBI and updated in the same write transaction as the items, so they never
// drift. DescribeTable's ItemCount/TableSizeBytes and each index's ItemCount/IndexSizeBytes
// read them. (AWS refreshes these about every six hours; the emulator is exact, which is a
// valid snapshot of that behaviour.)
#pragma once

#include <cstdint>

#include "ddbemu/error.h"
#include "storage/txn.h"

namespace ddbemu::storage {

struct KeyspaceStats {
  std::uint64_t item_count = 0;
  std::uint64_t size_bytes = 0;  // sum of item sizes by value/item_size.h's rule
  friend bool operator==(const KeyspaceStats&, const KeyspaceStats&) = default;
};

// Changes in the statistics of one key space, summed before they are written once.
struct StatsDelta {
  std::int64_t items = 0;
  std::int64_t bytes = 0;
  bool empty() const { return items == 0 && bytes == 0; }
};

// Zero statistics for a key space never written.
Result<KeyspaceStats> ReadKeyspaceStats(const Txn& txn, Dbi meta, std::uint32_t keyspace_id);
// Adds `delta`; fails with InternalServerError if a count would go negative (a bookkeeping bug).
Status ApplyStatsDelta(WriteTxn& txn, Dbi meta, std::uint32_t keyspace_id, StatsDelta delta);
// Forgets a key space's statistics (the key space was dropped).
Status EraseKeyspaceStats(WriteTxn& txn, Dbi meta, std::uint32_t keyspace_id);

}  // namespace ddbemu::storage
