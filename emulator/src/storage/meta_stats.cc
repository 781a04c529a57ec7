// The meta DBI's statistics records (see meta_stats.h and meta_keys.h). Key-space statistics:
// "S" | ks -> u64 count | u64 bytes, big-endian.
#include "storage/meta_stats.h"

#include <string>

#include "storage/env.h"
#include "storage/meta_keys.h"
#include "storage/record_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {

Result<KeyspaceStats> ReadKeyspaceStats(const Txn& txn, Dbi meta, std::uint32_t keyspace_id) {
  DDBEMU_ASSIGN_OR_RETURN(auto record, txn.Get(meta, metakeys::KeyspaceStats(keyspace_id)));
  KeyspaceStats stats;
  if (!record) return stats;
  if (record->size() != 16) return CorruptionError("key-space statistics");
  stats.item_count = ReadU64(*record);
  stats.size_bytes = ReadU64(record->substr(8));
  return stats;
}

Status ApplyStatsDelta(WriteTxn& txn, Dbi meta, std::uint32_t keyspace_id, StatsDelta delta) {
  if (delta.empty()) return Status::Ok();
  DDBEMU_ASSIGN_OR_RETURN(KeyspaceStats stats, ReadKeyspaceStats(txn, meta, keyspace_id));
  const std::int64_t items = static_cast<std::int64_t>(stats.item_count) + delta.items;
  const std::int64_t bytes = static_cast<std::int64_t>(stats.size_bytes) + delta.bytes;
  if (items < 0 || bytes < 0) {
    return ApiError::InternalServerError("Key-space statistics would become negative");
  }
  std::string record;
  AppendU64(static_cast<std::uint64_t>(items), &record);
  AppendU64(static_cast<std::uint64_t>(bytes), &record);
  return txn.Put(meta, metakeys::KeyspaceStats(keyspace_id), record);
}

Status EraseKeyspaceStats(WriteTxn& txn, Dbi meta, std::uint32_t keyspace_id) {
  DDBEMU_ASSIGN_OR_RETURN(bool existed, txn.Delete(meta, metakeys::KeyspaceStats(keyspace_id)));
  (void)existed;  // a key space that never held an item has no record
  return Status::Ok();
}

Result<std::uint64_t> ReadCollectionSize(const Txn& txn, OrderedMap meta,
                                         std::string_view partition_prefix) {
  DDBEMU_ASSIGN_OR_RETURN(auto record, meta.Get(txn, metakeys::CollectionSize(partition_prefix)));
  if (!record) return std::uint64_t{0};
  if (record->size() != 8) return CorruptionError("item-collection size");
  return ReadU64(*record);
}

Status ApplyCollectionDelta(WriteTxn& txn, OrderedMap meta, std::string_view partition_prefix,
                            std::int64_t delta) {
  if (delta == 0) return Status::Ok();
  DDBEMU_ASSIGN_OR_RETURN(std::uint64_t size, ReadCollectionSize(txn, meta, partition_prefix));
  const std::int64_t next = static_cast<std::int64_t>(size) + delta;
  if (next < 0) {
    return ApiError::InternalServerError("Item-collection size would become negative");
  }
  const std::string key = metakeys::CollectionSize(partition_prefix);
  if (next == 0) {  // an empty collection keeps no record
    DDBEMU_ASSIGN_OR_RETURN(bool existed, meta.Delete(txn, key));
    (void)existed;
    return Status::Ok();
  }
  std::string record;
  AppendU64(static_cast<std::uint64_t>(next), &record);
  return meta.Put(txn, key, record);
}

Status EraseCollectionSizes(WriteTxn& txn, OrderedMap meta, std::uint32_t keyspace_id) {
  DDBEMU_ASSIGN_OR_RETURN(std::uint64_t removed,
                          meta.DeletePrefix(txn, metakeys::CollectionSizes(keyspace_id)));
  (void)removed;
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
