// ItemStore: the base items and index entries of every table, in the "data" DBI, with their
// statistics in "meta" (key layouts: key_layout.h; index contents: table_schema.h).
//
// Writes keep a table and all its indexes consistent inside the caller's one WriteTxn
// (docs/architecture.md: every write request is one LMDB transaction): Put and Delete change the
// base item, every index entry it has or had, and the statistics, or — if the caller aborts —
// nothing. The caller supplies the item as it was before the write (it has read it anyway, for
// conditions and ReturnValues), which is what lets index maintenance skip a read.
//
// Stateless apart from the DBI handles: one ItemStore may serve every thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "storage/change_log.h"
#include "storage/env.h"
#include "storage/key_layout.h"
#include "storage/key_range.h"
#include "storage/meta_stats.h"
#include "storage/ordered_map.h"
#include "storage/stream_store.h"
#include "storage/table_schema.h"
#include "storage/version_history.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {

// What one write did to one index's entry, for capacity accounting (docs/capacity.md §1: each index
// whose entry changes costs its own writes, of the projected size; a changed index key is a
// delete plus a put). Indexes whose entry did not change are not reported.
struct IndexEntryChange {
  std::size_t index = 0;     // position in TableSchema::indexes
  bool removed = false;      // an entry was deleted (the item left the index or its key moved)
  bool written = false;      // an entry was put (new, moved, or projected attributes changed)
  std::size_t old_size = 0;  // projected size of the entry before the write (0: none)
  std::size_t new_size = 0;  // projected size of the entry after the write (0: none)
};
using IndexChanges = std::vector<IndexEntryChange>;

class ItemStore {
 public:
  explicit ItemStore(const Env& env) : items_(env.data_dbi()), meta_(env.meta_dbi()) {}

  // ---- reads (ReadTxn or WriteTxn) ----

  // Decodes the item stored under `table_key` (from EncodeTableKey) into `*out`, straight from
  // LMDB's memory. Returns false when there is none (`*out` is then unspecified).
  Result<bool> Get(const Txn& txn, std::string_view table_key, Item* out) const;
  // The item's encoded bytes (value/item_codec.h), for callers that decode selectively.
  Result<std::optional<std::string_view>> GetEncoded(const Txn& txn,
                                                     std::string_view table_key) const;

  // A cursor over a range of storage keys (a table's or an index's: KeyspaceRange,
  // PartitionRange, ScanSegmentRange). Values are item-codec encoded items (base) or
  // projections (index entries).
  Result<RangeCursor> OpenRange(const Txn& txn, KeyRange range, ScanDirection direction,
                                std::optional<std::string_view> start_after = std::nullopt) const;
  // The same over a range the caller keeps alive while the cursor lives (RangeCursor::
  // OpenBorrowed): no copy of its bounds.
  Result<RangeCursor> OpenBorrowedRange(const Txn& txn, const KeyRange& range,
                                        ScanDirection direction,
                                        std::optional<std::string_view> start_after) const;

  Result<KeyspaceStats> TableStats(const Txn& txn, const TableSchema& schema) const;
  Result<KeyspaceStats> IndexStats(const Txn& txn, const IndexSchema& index) const;
  Result<KeyspaceStats> VectorIndexStats(const Txn& txn, const VectorIndexSchema& index) const;
  // The size of the item collection of `key_or_item`'s partition key (meta_stats.h): its
  // base items plus their LSI entries, by the item-size rule. Kept only for tables with local
  // secondary indexes (0 otherwise). Fails with "The provided key element does not match the
  // schema" when the partition key attribute is missing or mistyped.
  Result<std::uint64_t> CollectionSize(const Txn& txn, const TableSchema& schema,
                                       const Item& key_or_item) const;

  // ---- writes (in the caller's WriteTxn; on failure the caller aborts it) ----

  // Stores `new_item` under `table_key` (which must be EncodeTableKey(schema, new_item)).
  // `old_item` must be the item currently stored there, or null when there is none; every
  // index entry is then moved, rewritten, added or removed to match, and the statistics of
  // the table and of each index are updated.
  Result<IndexChanges> Put(WriteTxn& txn, const TableSchema& schema, std::string_view table_key,
                           const Item* old_item, const Item& new_item);

  // Removes the item stored under `table_key`, which must be `old_item`, with its index
  // entries. Removing an absent item changes nothing and reports no index changes.
  // `by_ttl`: a Time to Live deletion (its stream record names the service as the deleter).
  Result<IndexChanges> Delete(WriteTxn& txn, const TableSchema& schema, std::string_view table_key,
                              const Item& old_item, bool by_ttl = false);

  // Every Put and Delete of a table with an enabled stream appends its stream record to
  // `streams` in the same transaction (stream_store.h). Set once, before any write.
  void AttachStreams(StreamStore* streams) { streams_ = streams; }
  // Every Put and Delete records the version it replaced in `history` (eventually consistent
  // reads, a realism switch; version_history.h). Set once, before any write.
  void AttachHistory(VersionHistory* history) { history_ = history; }
  // Every Put and Delete of a table with point-in-time recovery on appends the version it
  // replaced to `log` in the same transaction (change_log.h). Set once, before any write.
  void AttachChangeLog(ChangeLog* log) { change_log_ = log; }

  // Removes every item and index entry of the table, and their statistics (DeleteTable).
  Status DropTable(WriteTxn& txn, const TableSchema& schema);
  // Removes every entry of one index and its statistics (UpdateTable deleting a GSI).
  Status DropIndex(WriteTxn& txn, const IndexSchema& index);
  // Writes the entry of every existing item into the index at `schema.indexes[index_position]`,
  // which must be empty (UpdateTable creating a GSI).
  Status BackfillIndex(WriteTxn& txn, const TableSchema& schema, std::size_t index_position);
  // The same for the vector index at `schema.vector_indexes[index_position]` (UpdateTable
  // creating a vector index): items without a well-formed vector, or whose SearchSchema
  // attributes do not fit, are left out (vector_entry.h).
  Status BackfillVectorIndex(WriteTxn& txn, const TableSchema& schema, std::size_t index_position);
  // Removes every entry of one vector index and its statistics.
  Status DropVectorIndex(WriteTxn& txn, const VectorIndexSchema& index);

 private:
  // The item before and after a write, as far as index maintenance needs it.
  struct Images {
    const Item* old_item;  // null: no item before
    const Item* new_item;  // null: no item after
    std::size_t old_size;
    std::size_t new_size;
    std::string_view new_encoded;  // the new item's encoding (reused by ALL projections)
  };
  Status UpdateIndex(WriteTxn& txn, const TableSchema& schema, std::size_t index_position,
                     const Images& images, IndexChanges* changes);
  // Brings the entry of one vector index in line with a write (vector_entry.h).
  Status UpdateVectorIndex(WriteTxn& txn, const TableSchema& schema, const VectorIndexSchema& index,
                           const Images& images);
  // Adds a write's change in size to its item collection (tables with LSIs only).
  Status UpdateCollectionSize(WriteTxn& txn, const TableSchema& schema, const Item& item,
                              const Images& images, const IndexChanges& changes);
  Status DropKeyspace(WriteTxn& txn, std::uint32_t keyspace_id);
  // Calls `visit` with every item of the table, in batches read before any is visited (the
  // backfills write the data DBI, which no cursor may be open over).
  Status ForEachItem(WriteTxn& txn, const TableSchema& schema,
                     const std::function<Status(const Item&)>& visit);

  OrderedMap items_;
  Dbi meta_;
  StreamStore* streams_ = nullptr;
  VersionHistory* history_ = nullptr;
  ChangeLog* change_log_ = nullptr;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
