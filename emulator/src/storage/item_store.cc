// ItemStore (see item_store.h).
#include "storage/item_store.h"

#include <cassert>

#include "storage/env.h"
#include "storage/meta_stats.h"
#include "storage/table_schema.h"
#include "storage/vector_entry.h"
#include "value/item_codec.h"
#include "value/item_size.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace {

// Items decoded per step of BackfillIndex: bounds memory while never writing to the data DBI
// under an open cursor.
constexpr std::size_t kBackfillBatch = 512;

std::int64_t Signed(std::size_t n) { return static_cast<std::int64_t>(n); }

// The projection of an item into an index, encoded, with its size.
struct Projection {
  std::string encoded;
  std::string_view bytes;  // `encoded`, or the base item's encoding for ALL projections
  std::size_t size = 0;
};

void Project(const TableSchema& schema, const IndexSchema& index, const Item& item,
             std::size_t item_size, std::string_view item_encoded, Projection* out) {
  if (index.projection == ProjectionType::kAll && !item_encoded.empty()) {
    out->bytes = item_encoded;
    out->size = item_size;
    return;
  }
  out->size = EncodeProjection(schema, index, item, &out->encoded);
  out->bytes = out->encoded;
}

bool HasLocalIndex(const TableSchema& schema) {
  for (const IndexSchema& index : schema.indexes) {
    if (index.is_local) return true;
  }
  return false;
}

std::optional<std::string> CollectionPrefix(const TableSchema& schema, const Item& key_or_item) {
  return EncodePartitionPrefix(schema.keyspace_id, {&schema.partition_key, 1}, key_or_item);
}

}  // namespace

Result<bool> ItemStore::Get(const Txn& txn, std::string_view table_key, Item* out) const {
  DDBEMU_ASSIGN_OR_RETURN(auto bytes, items_.Get(txn, table_key));
  if (!bytes) return false;
  if (!itemcodec::DecodeItem(*bytes, out)) return CorruptionError("an item does not decode");
  return true;
}

Result<std::optional<std::string_view>> ItemStore::GetEncoded(const Txn& txn,
                                                              std::string_view table_key) const {
  return items_.Get(txn, table_key);
}

Result<RangeCursor> ItemStore::OpenRange(const Txn& txn, KeyRange range, ScanDirection direction,
                                         std::optional<std::string_view> start_after) const {
  return RangeCursor::Open(txn, items_, std::move(range), direction, start_after);
}

Result<RangeCursor> ItemStore::OpenBorrowedRange(
    const Txn& txn, const KeyRange& range, ScanDirection direction,
    std::optional<std::string_view> start_after) const {
  return RangeCursor::OpenBorrowed(txn, items_, range, direction, start_after);
}

Result<KeyspaceStats> ItemStore::TableStats(const Txn& txn, const TableSchema& schema) const {
  return ReadKeyspaceStats(txn, meta_, schema.keyspace_id);
}

Result<KeyspaceStats> ItemStore::IndexStats(const Txn& txn, const IndexSchema& index) const {
  return ReadKeyspaceStats(txn, meta_, index.keyspace_id);
}

Result<KeyspaceStats> ItemStore::VectorIndexStats(const Txn& txn,
                                                  const VectorIndexSchema& index) const {
  return ReadKeyspaceStats(txn, meta_, index.keyspace_id);
}

Result<std::uint64_t> ItemStore::CollectionSize(const Txn& txn, const TableSchema& schema,
                                                const Item& key_or_item) const {
  const std::optional<std::string> prefix = CollectionPrefix(schema, key_or_item);
  if (!prefix) return ApiError::Validation("The provided key element does not match the schema");
  if (!HasLocalIndex(schema)) return std::uint64_t{0};
  return ReadCollectionSize(txn, OrderedMap(meta_), *prefix);
}

// The collection changes by the base item's change in size plus each LSI entry's; both images
// share the partition key, since a write never changes the key of the item it writes.
Status ItemStore::UpdateCollectionSize(WriteTxn& txn, const TableSchema& schema, const Item& item,
                                       const Images& images, const IndexChanges& changes) {
  if (!HasLocalIndex(schema)) return Status::Ok();
  std::int64_t delta = Signed(images.new_size) - Signed(images.old_size);
  for (const IndexEntryChange& change : changes) {
    if (schema.indexes[change.index].is_local) {
      delta += Signed(change.new_size) - Signed(change.old_size);
    }
  }
  const std::optional<std::string> prefix = CollectionPrefix(schema, item);
  if (!prefix) return ApiError::InternalServerError("An item without its partition key");
  return ApplyCollectionDelta(txn, OrderedMap(meta_), *prefix, delta);
}

Result<IndexChanges> ItemStore::Put(WriteTxn& txn, const TableSchema& schema,
                                    std::string_view table_key, const Item* old_item,
                                    const Item& new_item) {
  assert(EncodeTableKey(schema, new_item).ok() && *EncodeTableKey(schema, new_item) == table_key);
  const std::size_t new_size = ItemSize(new_item);
  std::string encoded;
  itemcodec::EncodeStoredItem(new_item, new_size, &encoded);
  DDBEMU_RETURN_IF_ERROR(items_.Put(txn, table_key, encoded));
  const Images images{old_item, &new_item, old_item ? ItemSize(*old_item) : 0, new_size, encoded};
  DDBEMU_RETURN_IF_ERROR(
      ApplyStatsDelta(txn, meta_, schema.keyspace_id,
                      {old_item ? 0 : 1, Signed(images.new_size) - Signed(images.old_size)}));
  IndexChanges changes;
  for (std::size_t i = 0; i < schema.indexes.size(); ++i) {
    DDBEMU_RETURN_IF_ERROR(UpdateIndex(txn, schema, i, images, &changes));
  }
  for (const VectorIndexSchema& index : schema.vector_indexes) {
    DDBEMU_RETURN_IF_ERROR(UpdateVectorIndex(txn, schema, index, images));
  }
  DDBEMU_RETURN_IF_ERROR(UpdateCollectionSize(txn, schema, new_item, images, changes));
  if (streams_ != nullptr && schema.stream.enabled) {
    DDBEMU_RETURN_IF_ERROR(streams_->Append(txn, schema, old_item, &new_item, /*by_ttl=*/false));
  }
  if (history_ != nullptr) history_->Record(schema.keyspace_id, table_key, old_item);
  if (change_log_ != nullptr) {
    DDBEMU_RETURN_IF_ERROR(change_log_->Record(txn, schema, table_key, old_item));
  }
  return changes;
}

Result<IndexChanges> ItemStore::Delete(WriteTxn& txn, const TableSchema& schema,
                                       std::string_view table_key, const Item& old_item,
                                       bool by_ttl) {
  DDBEMU_ASSIGN_OR_RETURN(bool existed, items_.Delete(txn, table_key));
  IndexChanges changes;
  if (!existed) return changes;
  const Images images{&old_item, nullptr, ItemSize(old_item), 0, {}};
  DDBEMU_RETURN_IF_ERROR(
      ApplyStatsDelta(txn, meta_, schema.keyspace_id, {-1, -Signed(images.old_size)}));
  for (std::size_t i = 0; i < schema.indexes.size(); ++i) {
    DDBEMU_RETURN_IF_ERROR(UpdateIndex(txn, schema, i, images, &changes));
  }
  for (const VectorIndexSchema& index : schema.vector_indexes) {
    DDBEMU_RETURN_IF_ERROR(UpdateVectorIndex(txn, schema, index, images));
  }
  DDBEMU_RETURN_IF_ERROR(UpdateCollectionSize(txn, schema, old_item, images, changes));
  if (streams_ != nullptr && schema.stream.enabled) {
    DDBEMU_RETURN_IF_ERROR(streams_->Append(txn, schema, &old_item, nullptr, by_ttl));
  }
  if (history_ != nullptr) history_->Record(schema.keyspace_id, table_key, &old_item);
  if (change_log_ != nullptr) {
    DDBEMU_RETURN_IF_ERROR(change_log_->Record(txn, schema, table_key, &old_item));
  }
  return changes;
}

// Brings one index in line with a write: the old entry (if the old item was indexed) and the
// new entry (if the new item is) may coincide, move, appear or disappear.
Status ItemStore::UpdateIndex(WriteTxn& txn, const TableSchema& schema, std::size_t index_position,
                              const Images& images, IndexChanges* changes) {
  const IndexSchema& index = schema.indexes[index_position];
  std::optional<std::string> old_key, new_key;
  if (images.old_item) old_key = EncodeIndexKey(schema, index, *images.old_item);
  if (images.new_item) new_key = EncodeIndexKey(schema, index, *images.new_item);
  if (!old_key && !new_key) return Status::Ok();  // sparse: the item is in neither version

  Projection old_projection, new_projection;
  if (old_key) Project(schema, index, *images.old_item, images.old_size, {}, &old_projection);
  if (new_key) {
    Project(schema, index, *images.new_item, images.new_size, images.new_encoded, &new_projection);
  }
  const bool same_key = old_key && new_key && *old_key == *new_key;
  if (same_key && old_projection.bytes == new_projection.bytes) return Status::Ok();

  IndexEntryChange change{index_position};
  StatsDelta delta;
  if (old_key && !same_key) {
    DDBEMU_ASSIGN_OR_RETURN(change.removed, items_.Delete(txn, *old_key));
  }
  if (change.removed || same_key) {
    change.old_size = old_projection.size;
    delta = {-1, -Signed(old_projection.size)};
  }
  if (new_key) {
    DDBEMU_RETURN_IF_ERROR(items_.Put(txn, *new_key, new_projection.bytes));
    change.written = true;
    change.new_size = new_projection.size;
    delta.items += 1;
    delta.bytes += Signed(new_projection.size);
  }
  if (!change.removed && !change.written) return Status::Ok();
  changes->push_back(change);
  return ApplyStatsDelta(txn, meta_, index.keyspace_id, delta);
}

Status ItemStore::UpdateVectorIndex(WriteTxn& txn, const TableSchema& schema,
                                    const VectorIndexSchema& index, const Images& images) {
  std::optional<std::string> old_key, new_key;
  if (images.old_item) old_key = EncodeVectorKey(schema, index, *images.old_item);
  if (images.new_item) new_key = EncodeVectorKey(schema, index, *images.new_item);
  if (!old_key && !new_key) return Status::Ok();
  std::string old_entry, new_entry;
  std::size_t old_size = 0, new_size = 0;
  if (old_key) old_size = EncodeVectorEntry(schema, index, *images.old_item, &old_entry);
  if (new_key) new_size = EncodeVectorEntry(schema, index, *images.new_item, &new_entry);
  if (old_key && new_key && *old_key == *new_key && old_entry == new_entry) return Status::Ok();
  StatsDelta delta;
  if (old_key) {
    DDBEMU_ASSIGN_OR_RETURN(bool removed, items_.Delete(txn, *old_key));
    if (removed) delta = {-1, -Signed(old_size)};
  }
  if (new_key) {
    DDBEMU_RETURN_IF_ERROR(items_.Put(txn, *new_key, new_entry));
    delta.items += 1;
    delta.bytes += Signed(new_size);
  }
  return ApplyStatsDelta(txn, meta_, index.keyspace_id, delta);
}

Status ItemStore::DropKeyspace(WriteTxn& txn, std::uint32_t keyspace_id) {
  DDBEMU_ASSIGN_OR_RETURN(std::uint64_t removed,
                          items_.DeletePrefix(txn, KeyspacePrefix(keyspace_id)));
  (void)removed;
  return EraseKeyspaceStats(txn, meta_, keyspace_id);
}

Status ItemStore::DropTable(WriteTxn& txn, const TableSchema& schema) {
  for (const IndexSchema& index : schema.indexes) {
    DDBEMU_RETURN_IF_ERROR(DropKeyspace(txn, index.keyspace_id));
  }
  for (const VectorIndexSchema& index : schema.vector_indexes) {
    DDBEMU_RETURN_IF_ERROR(DropKeyspace(txn, index.keyspace_id));
  }
  DDBEMU_RETURN_IF_ERROR(EraseCollectionSizes(txn, OrderedMap(meta_), schema.keyspace_id));
  return DropKeyspace(txn, schema.keyspace_id);
}

Status ItemStore::DropIndex(WriteTxn& txn, const IndexSchema& index) {
  return DropKeyspace(txn, index.keyspace_id);
}

Status ItemStore::DropVectorIndex(WriteTxn& txn, const VectorIndexSchema& index) {
  return DropKeyspace(txn, index.keyspace_id);
}

namespace {

// Whether the backfill of a new GSI takes `item`. Writes refuse an item whose index key value
// is an empty string or binary, or longer than a key may be (2048 bytes in a partition key, 1024
// in a sort key); items written before the index existed may hold such values, and the service
// leaves them out of the index rather than failing the index (Developer Guide, "Detecting and
// correcting index key violations": the backfill skips them and reports them as violations).
bool BackfillTakes(const IndexSchema& index, const Item& item) {
  const auto fits = [&item](std::span<const KeyAttribute> attributes, std::size_t limit) {
    for (const KeyAttribute& attribute : attributes) {
      auto it = item.find(attribute.name);
      if (it == item.end() || it->second.type() != attribute.type) continue;  // sparse anyway
      if (attribute.type == AttributeType::kN) continue;
      const std::size_t size = it->second.scalar().size();
      if (size == 0 || size > limit) return false;
    }
    return true;
  };
  return fits(index.partition_key, 2048) && fits(index.sort_key, 1024);
}

}  // namespace

Status ItemStore::BackfillIndex(WriteTxn& txn, const TableSchema& schema,
                                std::size_t index_position) {
  IndexChanges ignored;
  return ForEachItem(txn, schema, [&](const Item& item) -> Status {
    if (!BackfillTakes(schema.indexes[index_position], item)) return Status::Ok();
    const Images images{nullptr, &item, 0, ItemSize(item), {}};
    return UpdateIndex(txn, schema, index_position, images, &ignored);
  });
}

Status ItemStore::BackfillVectorIndex(WriteTxn& txn, const TableSchema& schema,
                                      std::size_t index_position) {
  return ForEachItem(txn, schema, [&](const Item& item) -> Status {
    const Images images{nullptr, &item, 0, 0, {}};
    return UpdateVectorIndex(txn, schema, schema.vector_indexes[index_position], images);
  });
}

Status ItemStore::ForEachItem(WriteTxn& txn, const TableSchema& schema,
                              const std::function<Status(const Item&)>& visit) {
  std::optional<std::string> after;
  std::vector<Item> batch;
  do {
    batch.clear();
    {
      DDBEMU_ASSIGN_OR_RETURN(RangeCursor cursor, OpenRange(txn, KeyspaceRange(schema.keyspace_id),
                                                            ScanDirection::kForward, after));
      for (; cursor.valid() && batch.size() < kBackfillBatch; cursor.Next()) {
        if (!itemcodec::DecodeItem(cursor.value(), &batch.emplace_back())) {
          return CorruptionError("an item does not decode");
        }
        after = std::string(cursor.key());
      }
      DDBEMU_RETURN_IF_ERROR(cursor.status());
    }  // the cursor closes before the index entries are written
    for (const Item& item : batch) DDBEMU_RETURN_IF_ERROR(visit(item));
  } while (batch.size() == kBackfillBatch);
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
