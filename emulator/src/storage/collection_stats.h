// Item-collection sizes: for a table with local secondary indexes, the total size of the items
// that share one partition key value plus their entries in every LSI (the Developer Guide's
// "item collection", limited to 10 GB, reported as ItemCollectionMetrics). Kept exact in the
// "meta" DBI and updated in the same write transaction as the items, like keyspace_stats.h,
// so that a write can check the limit and report the size without reading the collection.
//
// Record: metakeys::CollectionSize(partition prefix) -> u64 big-endian bytes; a collection that
// is empty has no record.
#pragma once

#include <cstdint>
#include <string_view>

#include "ddbemu/error.h"
#include "storage/ordered_map.h"
#include "storage/txn.h"

namespace ddbemu::storage {

// The size of the collection whose base-table partition prefix (EncodePartitionPrefix of the
// table's partition key) is `partition_prefix`; 0 when it holds nothing.
Result<std::uint64_t> ReadCollectionSize(const Txn& txn, OrderedMap meta,
                                         std::string_view partition_prefix);
// Adds `delta` bytes; fails with InternalServerError if the size would go negative.
Status ApplyCollectionDelta(WriteTxn& txn, OrderedMap meta, std::string_view partition_prefix,
                            std::int64_t delta);
// Forgets every collection size of key space `keyspace_id` (the table was dropped).
Status EraseCollectionSizes(WriteTxn& txn, OrderedMap meta, std::uint32_t keyspace_id);

}  // namespace ddbemu::storage
