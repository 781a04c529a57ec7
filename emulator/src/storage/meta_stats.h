// The exact statistics kept in the "meta" DBI and updated in the same write transaction as the
// items, so that they never drift:
// - each key space's (a table's or an index's) item count and total item size, which
//   DescribeTable's ItemCount/TableSizeBytes and each index's ItemCount/IndexSizeBytes read
//   (AWS refreshes these about every six hours; exact figures are a valid snapshot of that);
// - for a table with local secondary indexes, each item collection's size: the items that share
//   one partition key value plus their entries in every LSI (the Developer Guide's "item
//   collection", limited to 10 GB, reported as ItemCollectionMetrics), so that a write checks
//   the limit and reports the size without reading the collection. Record:
//   metakeys::CollectionSize(partition prefix) -> u64 big-endian bytes; an empty collection has
//   no record.
#pragma once

#include <cstdint>
#include <string_view>

#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "storage/ordered_map.h"
#include "storage/txn.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {

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

// The size of the collection whose base-table partition prefix (EncodePartitionPrefix of the
// table's partition key) is `partition_prefix`; 0 when it holds nothing.
Result<std::uint64_t> ReadCollectionSize(const Txn& txn, OrderedMap meta,
                                         std::string_view partition_prefix);
// Adds `delta` bytes; fails with InternalServerError if the size would go negative.
Status ApplyCollectionDelta(WriteTxn& txn, OrderedMap meta, std::string_view partition_prefix,
                            std::int64_t delta);
// Forgets every collection size of key space `keyspace_id` (the table was dropped).
Status EraseCollectionSizes(WriteTxn& txn, OrderedMap meta, std::uint32_t keyspace_id);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
