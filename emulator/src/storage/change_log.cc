// ChangeLog (see change_log.h).
#include "storage/change_log.h"

#include "storage/cursor.h"
#include "storage/record_codec.h"
#include "value/item_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace {

std::string SettingKey(std::string_view table_id) {
  std::string key = "p";
  key.append(table_id);
  return key;
}

// "P" | table id | "|": the table id is a fixed-length UUID, so no table's prefix is another's.
std::string LogPrefix(std::string_view table_id) {
  std::string key = "P";
  key.append(table_id);
  key.push_back('|');
  return key;
}

}  // namespace

Status ChangeLog::Enable(WriteTxn& txn, std::string_view table_id, std::int64_t retention_micros) {
  std::string value;
  AppendU64(static_cast<std::uint64_t>(retention_micros), &value);
  return txn.Put(meta_, SettingKey(table_id), value);
}

Status ChangeLog::Disable(WriteTxn& txn, std::string_view table_id) {
  DDBEMU_ASSIGN_OR_RETURN(bool removed, txn.Delete(meta_, SettingKey(table_id)));
  (void)removed;
  const std::string prefix = LogPrefix(table_id);
  DDBEMU_ASSIGN_OR_RETURN(Cursor cursor, Cursor::Open(txn, meta_));
  for (bool on = cursor.Seek(prefix); on && cursor.key().starts_with(prefix); on = cursor.Next()) {
    DDBEMU_RETURN_IF_ERROR(cursor.DeleteCurrent());
  }
  return cursor.status();
}

Status ChangeLog::Record(WriteTxn& txn, const TableSchema& schema, std::string_view table_key,
                         const Item* old_item) {
  DDBEMU_ASSIGN_OR_RETURN(auto setting, txn.Get(meta_, SettingKey(schema.table_id)));
  if (!setting) return Status::Ok();
  const std::int64_t now = clock_.NowMicros();
  const std::string prefix = LogPrefix(schema.table_id);
  // Drop what has left the retention window (oldest first; usually nothing or one entry).
  {
    const std::int64_t horizon = now - static_cast<std::int64_t>(ReadU64(*setting));
    DDBEMU_ASSIGN_OR_RETURN(Cursor cursor, Cursor::Open(txn, meta_));
    for (bool on = cursor.Seek(prefix); on && cursor.key().starts_with(prefix);
         on = cursor.Next()) {
      if (static_cast<std::int64_t>(ReadU64(cursor.key().substr(prefix.size()))) >= horizon) break;
      DDBEMU_RETURN_IF_ERROR(cursor.DeleteCurrent());
    }
    DDBEMU_RETURN_IF_ERROR(cursor.status());
  }
  std::string key = prefix;
  AppendU64(static_cast<std::uint64_t>(now), &key);
  AppendU64(sequence_.fetch_add(1, std::memory_order_relaxed), &key);
  std::string value;
  AppendU32(static_cast<std::uint32_t>(table_key.size()), &value);
  value.append(table_key);
  if (old_item != nullptr) itemcodec::EncodeItem(*old_item, &value);
  return txn.Put(meta_, key, value);
}

Result<std::map<std::string, std::optional<Item>>> ChangeLog::VersionsAt(
    const Txn& txn, std::string_view table_id, std::int64_t micros) const {
  std::map<std::string, std::optional<Item>> versions;
  const std::string prefix = LogPrefix(table_id);
  std::string start = prefix;
  AppendU64(static_cast<std::uint64_t>(micros + 1), &start);  // changes strictly after `micros`
  DDBEMU_ASSIGN_OR_RETURN(Cursor cursor, Cursor::Open(txn, meta_));
  for (bool on = cursor.Seek(start); on && cursor.key().starts_with(prefix); on = cursor.Next()) {
    std::string_view value = cursor.value();
    if (value.size() < 4) return ApiError::InternalServerError("A change-log entry is cut short");
    const std::uint32_t key_size = ReadU32(value);
    if (value.size() < 4 + key_size) {
      return ApiError::InternalServerError("A change-log entry is cut short");
    }
    std::string table_key(value.substr(4, key_size));
    if (versions.contains(table_key)) continue;  // the first change after `micros` tells
    const std::string_view encoded = value.substr(4 + key_size);
    std::optional<Item> version;
    if (!encoded.empty()) {
      Item item;
      if (!itemcodec::DecodeItem(encoded, &item)) {
        return ApiError::InternalServerError("A change-log item does not decode");
      }
      version = std::move(item);
    }
    versions.emplace(std::move(table_key), std::move(version));
  }
  DDBEMU_RETURN_IF_ERROR(cursor.status());
  return versions;
}

Result<std::map<std::string, std::int64_t>> ChangeLog::LastWritesBetween(
    const Txn& txn, std::string_view table_id, std::int64_t from_micros,
    std::int64_t to_micros) const {
  std::map<std::string, std::int64_t> writes;
  const std::string prefix = LogPrefix(table_id);
  std::string start = prefix;
  AppendU64(static_cast<std::uint64_t>(from_micros + 1), &start);
  DDBEMU_ASSIGN_OR_RETURN(Cursor cursor, Cursor::Open(txn, meta_));
  for (bool on = cursor.Seek(start); on && cursor.key().starts_with(prefix); on = cursor.Next()) {
    const std::string_view key = cursor.key().substr(prefix.size());
    if (key.size() < 8) return ApiError::InternalServerError("A change-log key is cut short");
    const auto micros = static_cast<std::int64_t>(ReadU64(key));
    if (micros > to_micros) break;
    const std::string_view value = cursor.value();
    if (value.size() < 4 || value.size() < 4 + ReadU32(value)) {
      return ApiError::InternalServerError("A change-log entry is cut short");
    }
    writes[std::string(value.substr(4, ReadU32(value)))] = micros;  // in time order: the last wins
  }
  DDBEMU_RETURN_IF_ERROR(cursor.status());
  return writes;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
