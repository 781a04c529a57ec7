// StreamStore (see stream_store.h).
#include "storage/stream_store.h"

#include <cstdio>

#include "storage/env.h"
#include "storage/record_codec.h"
#include "value/item_codec.h"
#include "value/item_size.h"
#include "value/text_encodings.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace {

// AWS's stream sequence numbers are 21-digit decimals; ours are "4" and a per-stream counter in
// 20 digits, so they sort the same as text and as numbers.
constexpr std::size_t kTrimPerAppend = 16;  // expired records removed per append (amortized)

std::string InfoKey(std::uint32_t id) {
  std::string key = "s";
  AppendU32(id, &key);
  return key;
}

std::string StreamTablePrefix(std::string_view ns) {
  std::string key = "t";
  AppendU32(static_cast<std::uint32_t>(ns.size()), &key);
  key.append(ns);
  return key;
}

std::string RecordPrefix(std::uint32_t id) {
  std::string key = "r";
  AppendU32(id, &key);
  return key;
}

std::string RecordKey(std::uint32_t id, std::uint64_t sequence) {
  std::string key = RecordPrefix(id);
  AppendU64(sequence, &key);
  return key;
}

// "shardId-" | 20-digit creation time in ms | "-" | 8 hex digits (the service's shape).
std::string ShardId(std::uint32_t stream_id, std::uint64_t starting_sequence, std::int64_t micros) {
  char buf[64];
  const std::uint32_t mix =
      static_cast<std::uint32_t>((stream_id * 2654435761u) ^ (starting_sequence * 40503u));
  std::snprintf(buf, sizeof buf, "shardId-%020lld-%08x", static_cast<long long>(micros / 1000),
                mix);
  return buf;
}

void WriteKey(RecordWriter& w, const KeyAttribute& a) {
  w.Bytes(a.name);
  w.Varint(static_cast<std::uint64_t>(a.type));
}

void ReadKey(RecordReader& r, KeyAttribute* a) {
  r.Bytes(&a->name);
  auto type = static_cast<std::uint64_t>(a->type);
  r.Unsigned(&type, static_cast<std::uint64_t>(AttributeType::kBS));
  a->type = static_cast<AttributeType>(type);
}

std::string EncodeInfo(const StreamInfo& s) {
  std::string out;
  RecordWriter w(&out);
  w.Record([&](RecordWriter& r) {
    r.Varint(s.id);
    r.Bytes(s.ns);
    r.Bytes(s.table_name);
    r.Bytes(s.table_arn);
    r.Bytes(s.label);
    r.Varint(static_cast<std::uint64_t>(s.view_type));
    WriteKey(r, s.partition_key);
    r.Varint(s.sort_key.has_value());
    if (s.sort_key) WriteKey(r, *s.sort_key);
    r.Signed(s.created_micros);
    r.Signed(s.disabled_micros);
    r.Varint(s.next_sequence);
    r.Varint(s.shards.size());
    for (const StreamShard& shard : s.shards) {
      r.Record([&](RecordWriter& h) {
        h.Bytes(shard.shard_id);
        h.Bytes(shard.parent_shard_id);
        h.Varint(shard.starting_sequence);
        h.Varint(shard.ending_sequence);
        h.Signed(shard.created_micros);
        h.Varint(shard.record_count);
      });
    }
  });
  return out;
}

Result<StreamInfo> DecodeInfo(std::string_view bytes) {
  StreamInfo s;
  RecordReader reader(bytes);
  reader.Record([&](RecordReader& r) {
    r.Unsigned(&s.id, UINT32_MAX);
    r.Bytes(&s.ns);
    r.Bytes(&s.table_name);
    r.Bytes(&s.table_arn);
    r.Bytes(&s.label);
    auto view = static_cast<std::uint64_t>(s.view_type);
    r.Unsigned(&view, 3);
    s.view_type = static_cast<StreamViewType>(view);
    ReadKey(r, &s.partition_key);
    bool has_sort = false;
    r.Bool(&has_sort);
    if (has_sort) ReadKey(r, &s.sort_key.emplace());
    r.Signed(&s.created_micros);
    r.Signed(&s.disabled_micros);
    r.Unsigned(&s.next_sequence, UINT64_MAX);
    s.shards.resize(r.Count());
    for (StreamShard& shard : s.shards) {
      r.Record([&](RecordReader& h) {
        h.Bytes(&shard.shard_id);
        h.Bytes(&shard.parent_shard_id);
        h.Unsigned(&shard.starting_sequence, UINT64_MAX);
        h.Unsigned(&shard.ending_sequence, UINT64_MAX);
        h.Signed(&shard.created_micros);
        h.Unsigned(&shard.record_count, UINT64_MAX);
      });
    }
  });
  if (!reader.ok()) return CorruptionError("a stream descriptor does not decode");
  return s;
}

void WriteOptionalItem(RecordWriter& w, const std::optional<Item>& item) {
  w.Varint(item.has_value());
  std::string encoded;
  if (item) itemcodec::EncodeItem(*item, &encoded);
  w.Bytes(encoded);
}

bool ReadOptionalItem(RecordReader& r, std::optional<Item>* item) {
  bool present = false;
  std::string encoded;
  r.Bool(&present);
  r.Bytes(&encoded);
  if (!present) return true;
  return itemcodec::DecodeItem(encoded, &item->emplace());
}

std::string EncodeRecord(const StreamRecord& rec) {
  std::string out;
  RecordWriter w(&out);
  w.Varint(rec.sequence);
  w.Signed(rec.created_micros);
  w.Varint(static_cast<std::uint64_t>(rec.kind));
  w.Varint(rec.by_ttl);
  w.Varint(rec.size_bytes);
  WriteOptionalItem(w, rec.keys);
  WriteOptionalItem(w, rec.old_image);
  WriteOptionalItem(w, rec.new_image);
  return out;
}

Result<StreamRecord> DecodeRecord(std::string_view bytes) {
  StreamRecord rec;
  RecordReader r(bytes);
  r.Unsigned(&rec.sequence, UINT64_MAX);
  r.Signed(&rec.created_micros);
  auto kind = static_cast<std::uint64_t>(rec.kind);
  r.Unsigned(&kind, 2);
  rec.kind = static_cast<StreamEventKind>(kind);
  r.Bool(&rec.by_ttl);
  r.Unsigned(&rec.size_bytes, UINT64_MAX);
  std::optional<Item> keys;
  bool ok = ReadOptionalItem(r, &keys) && ReadOptionalItem(r, &rec.old_image) &&
            ReadOptionalItem(r, &rec.new_image);
  if (!ok || !r.ok() || !keys) return CorruptionError("a stream record does not decode");
  rec.keys = std::move(*keys);
  return rec;
}

Item KeysOf(const StreamInfo& info, const Item& item) {
  Item keys;
  if (auto it = item.find(info.partition_key.name); it != item.end()) keys.insert(*it);
  if (info.sort_key) {
    if (auto it = item.find(info.sort_key->name); it != item.end()) keys.insert(*it);
  }
  return keys;
}

std::uint64_t SizeOf(const std::optional<Item>& item) { return item ? ItemSize(*item) : 0; }

}  // namespace

std::string FormatSequenceNumber(std::uint64_t sequence) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "4%020llu", static_cast<unsigned long long>(sequence));
  return buf;
}

std::optional<std::uint64_t> ParseSequenceNumber(std::string_view text) {
  if (text.size() != 21 || text.front() != '4') return std::nullopt;
  std::uint64_t v = 0;
  for (char c : text.substr(1)) {
    if (c < '0' || c > '9') return std::nullopt;
    if (v > (UINT64_MAX - 9) / 10) return std::nullopt;
    v = v * 10 + static_cast<std::uint64_t>(c - '0');
  }
  return v;
}

Result<StreamInfo> StreamStore::Create(WriteTxn& txn, std::uint32_t id, std::string_view ns,
                                       const TableSchema& table, std::string table_arn,
                                       StreamViewType view_type) {
  StreamInfo info;
  info.id = id;
  info.ns = std::string(ns);
  info.table_name = table.name;
  info.table_arn = std::move(table_arn);
  info.created_micros = clock_.NowMicros();
  info.label = FormatUtcMillis(info.created_micros);
  // A re-enabled stream is a new stream: never reuse the previous label (hence ARN), even when
  // the clock has not moved a millisecond (the virtual clock).
  for (std::int64_t bump = 1000; info.label <= table.stream.label && !table.stream.label.empty();
       bump += 1000) {
    info.label = FormatUtcMillis(info.created_micros + bump);
  }
  info.view_type = view_type;
  info.partition_key = table.partition_key;
  info.sort_key = table.sort_key;
  info.shards.push_back({ShardId(id, 1, info.created_micros), "", 1, 0, info.created_micros, 0});
  DDBEMU_RETURN_IF_ERROR(Put(txn, info));
  std::string index = StreamTablePrefix(ns);
  AppendU32(id, &index);
  DDBEMU_RETURN_IF_ERROR(map_.Put(txn, index, ""));
  return info;
}

Status StreamStore::Disable(WriteTxn& txn, std::uint32_t id) {
  DDBEMU_ASSIGN_OR_RETURN(std::optional<StreamInfo> info, Get(txn, id));
  if (!info || !info->enabled()) return Status::Ok();
  info->disabled_micros = clock_.NowMicros();
  StreamShard& open = info->shards.back();
  // The open shard closes; an empty one ends where it started (it holds nothing).
  if (open.open()) open.ending_sequence = info->next_sequence - 1;
  return Put(txn, *info);
}

Status StreamStore::Put(WriteTxn& txn, const StreamInfo& info) {
  return map_.Put(txn, InfoKey(info.id), EncodeInfo(info));
}

Result<std::optional<StreamInfo>> StreamStore::Get(const Txn& txn, std::uint32_t id) const {
  DDBEMU_ASSIGN_OR_RETURN(auto bytes, map_.Get(txn, InfoKey(id)));
  if (!bytes) return std::optional<StreamInfo>();
  DDBEMU_ASSIGN_OR_RETURN(StreamInfo info, DecodeInfo(*bytes));
  return std::optional<StreamInfo>(std::move(info));
}

Result<std::vector<StreamInfo>> StreamStore::List(const Txn& txn, std::string_view ns) const {
  const std::string prefix = StreamTablePrefix(ns);
  std::vector<std::uint32_t> ids;
  {
    DDBEMU_ASSIGN_OR_RETURN(OrderedMapCursor cursor, OrderedMapCursor::Open(txn, map_));
    for (bool on = cursor.Seek(prefix); on && cursor.key().starts_with(prefix);
         on = cursor.Next()) {
      ids.push_back(ReadU32(cursor.key().substr(prefix.size())));
    }
    DDBEMU_RETURN_IF_ERROR(cursor.status());
  }
  std::vector<StreamInfo> streams;
  const std::int64_t horizon = clock_.NowMicros() - kStreamRetentionMicros;
  for (std::uint32_t id : ids) {
    DDBEMU_ASSIGN_OR_RETURN(std::optional<StreamInfo> info, Get(txn, id));
    if (!info) continue;
    if (!info->enabled() && info->disabled_micros < horizon) continue;  // past retention
    streams.push_back(std::move(*info));
  }
  return streams;
}

Status StreamStore::Append(WriteTxn& txn, const TableSchema& table, const Item* old_item,
                           const Item* new_item, bool by_ttl) {
  if (!table.stream.enabled || table.stream.stream_id == 0) return Status::Ok();
  if (old_item == nullptr && new_item == nullptr) return Status::Ok();
  // Developer Guide ("Change data capture for DynamoDB Streams"): a write that does not change
  // the item writes no stream record.
  if (old_item != nullptr && new_item != nullptr && *old_item == *new_item) return Status::Ok();
  DDBEMU_ASSIGN_OR_RETURN(std::optional<StreamInfo> found, Get(txn, table.stream.stream_id));
  if (!found || !found->enabled()) return Status::Ok();
  StreamInfo& info = *found;
  const std::int64_t now = clock_.NowMicros();

  StreamShard* open = &info.shards.back();
  const bool aged = now - open->created_micros >= tuning_.shard_period_micros;
  const bool full =
      tuning_.shard_max_records != 0 && open->record_count >= tuning_.shard_max_records;
  if (open->record_count > 0 && (aged || full)) {
    open->ending_sequence = info.next_sequence - 1;
    StreamShard child{
        ShardId(info.id, info.next_sequence, now), open->shard_id, info.next_sequence, 0, now, 0};
    info.shards.push_back(std::move(child));
    open = &info.shards.back();
  }

  StreamRecord rec;
  rec.sequence = info.next_sequence++;
  rec.created_micros = now;
  rec.kind = old_item == nullptr   ? StreamEventKind::kInsert
             : new_item == nullptr ? StreamEventKind::kRemove
                                   : StreamEventKind::kModify;
  rec.by_ttl = by_ttl;
  rec.keys = KeysOf(info, new_item != nullptr ? *new_item : *old_item);
  const bool old_view = info.view_type == StreamViewType::kOldImage ||
                        info.view_type == StreamViewType::kNewAndOldImages;
  const bool new_view = info.view_type == StreamViewType::kNewImage ||
                        info.view_type == StreamViewType::kNewAndOldImages;
  if (old_view && old_item != nullptr) rec.old_image = *old_item;
  if (new_view && new_item != nullptr) rec.new_image = *new_item;
  rec.size_bytes = ItemSize(rec.keys) + SizeOf(rec.old_image) + SizeOf(rec.new_image);
  ++open->record_count;
  DDBEMU_RETURN_IF_ERROR(map_.Put(txn, RecordKey(info.id, rec.sequence), EncodeRecord(rec)));
  DDBEMU_RETURN_IF_ERROR(Trim(txn, &info));
  return Put(txn, info);
}

// Removes a few records older than the retention period, and closed shards whose every record
// is gone, so a long-lived stream stays bounded.
Status StreamStore::Trim(WriteTxn& txn, StreamInfo* info) {
  const std::int64_t horizon = clock_.NowMicros() - kStreamRetentionMicros;
  const std::string prefix = RecordPrefix(info->id);
  std::vector<std::string> expired;
  {
    DDBEMU_ASSIGN_OR_RETURN(OrderedMapCursor cursor, OrderedMapCursor::Open(txn, map_));
    for (bool on = cursor.Seek(prefix);
         on && cursor.key().starts_with(prefix) && expired.size() < kTrimPerAppend;
         on = cursor.Next()) {
      DDBEMU_ASSIGN_OR_RETURN(StreamRecord rec, DecodeRecord(cursor.value()));
      if (rec.created_micros >= horizon) break;
      expired.emplace_back(cursor.key());
    }
    DDBEMU_RETURN_IF_ERROR(cursor.status());
  }
  for (const std::string& key : expired) {
    DDBEMU_ASSIGN_OR_RETURN(bool removed, map_.Delete(txn, key));
    (void)removed;
  }
  while (info->shards.size() > 1 && !info->shards.front().open() &&
         info->shards.front().created_micros < horizon) {
    // A closed shard past retention whose records are all trimmed disappears.
    const StreamShard& first = info->shards.front();
    DDBEMU_ASSIGN_OR_RETURN(auto remaining,
                            map_.Get(txn, RecordKey(info->id, first.ending_sequence)));
    if (remaining) break;
    info->shards.erase(info->shards.begin());
  }
  return Status::Ok();
}

Result<std::vector<StreamRecord>> StreamStore::Read(const Txn& txn, std::uint32_t id,
                                                    std::uint64_t from, std::uint64_t to,
                                                    std::size_t limit) const {
  std::vector<StreamRecord> records;
  if (from > to) return records;
  const std::int64_t horizon = clock_.NowMicros() - kStreamRetentionMicros;
  const std::string prefix = RecordPrefix(id);
  DDBEMU_ASSIGN_OR_RETURN(OrderedMapCursor cursor, OrderedMapCursor::Open(txn, map_));
  for (bool on = cursor.Seek(RecordKey(id, from)); on && cursor.key().starts_with(prefix);
       on = cursor.Next()) {
    DDBEMU_ASSIGN_OR_RETURN(StreamRecord rec, DecodeRecord(cursor.value()));
    if (rec.sequence > to || records.size() >= limit) break;
    if (rec.created_micros < horizon) continue;
    records.push_back(std::move(rec));
  }
  DDBEMU_RETURN_IF_ERROR(cursor.status());
  return records;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
