// StreamStore: the DynamoDB Streams of every table — each stream's descriptor (its table, view
// type, shards) and its records — in the "meta" DBI, written inside the WriteTxn of the change
// they describe, so a record is never lost (it commits with the change) and never phantom (it
// aborts with it).
//
// Layout (tags join those of meta_keys.h; through an OrderedMap, since namespaces may be long):
//   "s" | u32 BE stream id                         -> StreamInfo (record_codec)
//   "t" | u32 BE ns length | ns | u32 BE stream id  -> ""   (the streams of a namespace)
//   "r" | u32 BE stream id | u64 BE sequence number -> StreamRecord (record_codec + item codec)
//
// Shards: a stream has one open shard. When a record is appended to an open shard that is
// older than `shard_period_micros` or holds `shard_max_records` records, the shard closes
// (EndingSequenceNumber = its last record) and a child shard opens (ParentShardId = it), as
// the service's shards roll over, so consumers' shard-following code runs. Records and closed
// shards older than the 24-hour retention are trimmed as new records are appended.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/clock.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "storage/env.h"
#include "storage/ordered_map.h"
#include "storage/table_schema.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {

inline constexpr std::int64_t kStreamRetentionMicros = 24LL * 3600 * 1'000'000;

struct StreamShard {
  std::string shard_id;         // "shardId-<20 digits>-<8 hex>"
  std::string parent_shard_id;  // empty for the first shard
  std::uint64_t starting_sequence = 0;
  std::uint64_t ending_sequence = 0;  // 0 while the shard is open
  std::int64_t created_micros = 0;
  std::uint64_t record_count = 0;
  bool open() const { return ending_sequence == 0; }
};

struct StreamInfo {
  std::uint32_t id = 0;
  std::string ns;  // the namespace of the table (catalog.h)
  std::string table_name;
  std::string table_arn;  // the stream ARN is table_arn + "/stream/" + label
  std::string label;      // the creation time, "2024-01-02T03:04:05.678"
  StreamViewType view_type = StreamViewType::kKeysOnly;
  KeyAttribute partition_key;
  std::optional<KeyAttribute> sort_key;
  std::int64_t created_micros = 0;
  std::int64_t disabled_micros = 0;  // 0 while enabled
  std::uint64_t next_sequence = 1;   // the sequence number the next record gets
  std::vector<StreamShard> shards;   // oldest first; the last one is open while enabled

  std::string arn() const { return table_arn + "/stream/" + label; }
  bool enabled() const { return disabled_micros == 0; }
};

enum class StreamEventKind : std::uint8_t { kInsert, kModify, kRemove };

struct StreamRecord {
  std::uint64_t sequence = 0;
  std::int64_t created_micros = 0;
  StreamEventKind kind = StreamEventKind::kInsert;
  bool by_ttl = false;  // a Time to Live deletion (userIdentity dynamodb.amazonaws.com)
  std::uint64_t size_bytes = 0;
  Item keys;
  std::optional<Item> old_image;  // per the view type
  std::optional<Item> new_image;
};

struct StreamTuning {
  std::int64_t shard_period_micros = 4LL * 3600 * 1'000'000;  // the service's ~4 hours
  std::uint64_t shard_max_records = 0;                        // 0: no limit by count
};

// The sequence number as the service shows it: a 21-digit decimal string, increasing.
std::string FormatSequenceNumber(std::uint64_t sequence);
// The inverse; nullopt for a string this store did not produce.
std::optional<std::uint64_t> ParseSequenceNumber(std::string_view text);

class StreamStore {
 public:
  StreamStore(const Env& env, const Clock& clock, StreamTuning tuning = {})
      : map_(env.meta_dbi()), clock_(clock), tuning_(tuning) {}

  // Creates a stream for `table` (enabled, one open shard) and returns it. The caller stores
  // the returned id and label in the table's StreamSettings in the same transaction.
  Result<StreamInfo> Create(WriteTxn& txn, std::uint32_t id, std::string_view ns,
                            const TableSchema& table, std::string table_arn,
                            StreamViewType view_type);
  // Marks stream `id` disabled now (its records stay readable for the retention period).
  Status Disable(WriteTxn& txn, std::uint32_t id);

  Result<std::optional<StreamInfo>> Get(const Txn& txn, std::uint32_t id) const;
  // Every stream of namespace `ns` (enabled or within retention), in creation order.
  Result<std::vector<StreamInfo>> List(const Txn& txn, std::string_view ns) const;

  // Appends the record of one item write to the table's stream, if it has an enabled one:
  // INSERT (no old item), MODIFY (both, and they differ) or REMOVE (no new item). A write
  // that changed nothing (same item, or a delete of nothing) appends nothing.
  Status Append(WriteTxn& txn, const TableSchema& table, const Item* old_item, const Item* new_item,
                bool by_ttl);

  // Up to `limit` records of stream `id` with sequence numbers in [from, to], oldest first,
  // skipping records older than the retention period.
  Result<std::vector<StreamRecord>> Read(const Txn& txn, std::uint32_t id, std::uint64_t from,
                                         std::uint64_t to, std::size_t limit) const;

  const Clock& clock() const { return clock_; }

 private:
  Status Put(WriteTxn& txn, const StreamInfo& info);
  Status Trim(WriteTxn& txn, StreamInfo* info);

  OrderedMap map_;
  const Clock& clock_;
  StreamTuning tuning_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
