// Key-space statistics records: "S" | ks -> u64 count | u64 bytes, big-endian (see
// keyspace_stats.h and meta_keys.h).
#include "storage/keyspace_stats.h"

#include "storage/byte_order.h"
#include "storage/lmdb_error.h"
#include "storage/meta_keys.h"

namespace ddbemu::storage {

Result<KeyspaceStats> ReadKeyspaceStats(const Txn& txn, Dbi meta, std::uint32_t keyspace_id) {
  DDB_ASSIGN_OR_RETURN(auto record, txn.Get(meta, metakeys::KeyspaceStats(keyspace_id)));
  KeyspaceStats stats;
  if (!record) return stats;
  if (record->size() != 16) return CorruptionError("key-space statistics");
  stats.item_count = ReadU64(*record);
  stats.size_bytes = ReadU64(record->substr(8));
  return stats;
}

Status ApplyStatsDelta(WriteTxn& txn, Dbi meta, std::uint32_t keyspace_id, StatsDelta delta) {
  if (delta.empty()) return Status::Ok();
  DDB_ASSIGN_OR_RETURN(KeyspaceStats stats, ReadKeyspaceStats(txn, meta, keyspace_id));
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
  DDB_ASSIGN_OR_RETURN(bool existed, txn.Delete(meta, metakeys::KeyspaceStats(keyspace_id)));
  (void)existed;  // a key space that never held an item has no record
  return Status::Ok();
}

}  // namespace ddbemu::storage
