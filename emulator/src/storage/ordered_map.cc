// OrderedMap and OrderedMapCursor (see ordered_map.h for the layout of long keys).
#include "storage/ordered_map.h"

#include <algorithm>

#include "storage/env.h"
#include "storage/record_codec.h"
#include "value/key_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace {

bool IsLong(std::string_view stored_key) { return stored_key.size() > kMaxInlineKeyBytes; }

std::string StoredLongKey(std::string_view key) {
  std::string stored(key.substr(0, kMaxInlineKeyBytes));
  AppendU64(keycodec::PartitionHash(key), &stored);
  return stored;
}

// Splits the value of a long key into the key's tail and the payload.
bool SplitLongValue(std::string_view value, std::string_view* tail, std::string_view* payload) {
  std::uint64_t n = UINT64_MAX;
  RecordReader reader(value);
  reader.Varint(&n);
  std::string_view rest = reader.rest();
  if (!reader.ok() || n > rest.size()) return false;
  *tail = rest.substr(0, n);
  *payload = rest.substr(n);
  return true;
}

// The payload of a long key's value, if the value really belongs to `key` (guards the
// 2^-64 chance that two long keys share a prefix and a hash).
Result<std::optional<std::string_view>> LongPayload(std::string_view key, std::string_view value) {
  std::string_view tail, payload;
  if (!SplitLongValue(value, &tail, &payload)) return CorruptionError("a long storage key");
  if (tail != key.substr(kMaxInlineKeyBytes)) return std::optional<std::string_view>();
  return std::optional<std::string_view>(payload);
}

}  // namespace

Result<std::optional<std::string_view>> OrderedMap::Get(const Txn& txn,
                                                        std::string_view key) const {
  if (!IsLong(key)) return txn.Get(dbi_, key);
  DDBEMU_ASSIGN_OR_RETURN(auto value, txn.Get(dbi_, StoredLongKey(key)));
  if (!value) return value;
  return LongPayload(key, *value);
}

Status OrderedMap::Put(WriteTxn& txn, std::string_view key, std::string_view payload) {
  if (!IsLong(key)) return txn.Put(dbi_, key, payload);
  const std::string stored = StoredLongKey(key);
  DDBEMU_ASSIGN_OR_RETURN(auto existing, txn.Get(dbi_, stored));
  if (existing) {
    DDBEMU_ASSIGN_OR_RETURN(auto mine, LongPayload(key, *existing));
    if (!mine) return ApiError::InternalServerError("Storage key hash collision");
  }
  std::string value;
  const std::string_view tail = key.substr(kMaxInlineKeyBytes);
  value.reserve(5 + tail.size() + payload.size());
  RecordWriter(&value).Bytes(tail);
  value.append(payload);
  return txn.Put(dbi_, stored, value);
}

Result<bool> OrderedMap::Delete(WriteTxn& txn, std::string_view key) {
  if (!IsLong(key)) return txn.Delete(dbi_, key);
  const std::string stored = StoredLongKey(key);
  DDBEMU_ASSIGN_OR_RETURN(auto existing, txn.Get(dbi_, stored));
  if (!existing) return false;
  DDBEMU_ASSIGN_OR_RETURN(auto mine, LongPayload(key, *existing));
  if (!mine) return false;
  return txn.Delete(dbi_, stored);
}

Result<std::uint64_t> OrderedMap::DeletePrefix(WriteTxn& txn, std::string_view prefix) {
  // Every stored key of a full key starting with `prefix` starts with it too, because the
  // prefix is no longer than the inline part of a long key.
  DDBEMU_ASSIGN_OR_RETURN(Cursor cursor, Cursor::Open(txn, dbi_));
  std::uint64_t removed = 0;
  for (bool on = cursor.Seek(prefix); on && cursor.key().starts_with(prefix); on = cursor.Next()) {
    DDBEMU_RETURN_IF_ERROR(cursor.DeleteCurrent());
    ++removed;
  }
  DDBEMU_RETURN_IF_ERROR(cursor.status());
  return removed;
}

// ---- OrderedMapCursor ----

Result<OrderedMapCursor> OrderedMapCursor::Open(const Txn& txn, const OrderedMap& map) {
  DDBEMU_ASSIGN_OR_RETURN(Cursor raw, Cursor::Open(txn, map.dbi()));
  return OrderedMapCursor(std::move(raw));
}

bool OrderedMapCursor::Fail(ApiError error) {
  if (status_.ok()) status_ = std::move(error);
  valid_ = false;
  in_group_ = false;
  return false;
}

bool OrderedMapCursor::Settle(bool raw_on, Direction direction) {
  in_group_ = false;
  valid_ = raw_on;
  if (!raw_on || !IsLong(raw_.key())) return valid_;
  return LoadGroup(direction);
}

// The raw cursor is at one end of a group of long keys (the first in LMDB order when moving
// forward, the last when moving backward): read the whole group and sort it by full key.
bool OrderedMapCursor::LoadGroup(Direction direction) {
  const std::string prefix(raw_.key().substr(0, kMaxInlineKeyBytes));
  group_.clear();
  bool on = true;
  for (; on && IsLong(raw_.key()) && raw_.key().starts_with(prefix);
       on = direction == Direction::kForward ? raw_.Next() : raw_.Prev()) {
    std::string_view tail, payload;
    if (!SplitLongValue(raw_.value(), &tail, &payload)) {
      return Fail(CorruptionError("a long storage key"));
    }
    group_.push_back({prefix + std::string(tail), std::string(raw_.key())});
  }
  if (!raw_.status().ok()) return Fail(raw_.status().error());
  const bool forward = direction == Direction::kForward;
  group_first_stored_ = forward ? group_.front().stored : group_.back().stored;
  group_last_stored_ = forward ? group_.back().stored : group_.front().stored;
  std::sort(group_.begin(), group_.end(),
            [](const GroupEntry& a, const GroupEntry& b) { return a.key < b.key; });
  group_pos_ = forward ? 0 : group_.size() - 1;
  in_group_ = true;
  return PositionInGroup();
}

// Moves the raw cursor onto the current group entry so that value() can be a view.
bool OrderedMapCursor::PositionInGroup() {
  const std::string& stored = group_[group_pos_].stored;
  if (!raw_.Seek(stored) || raw_.key() != stored) {
    return Fail(raw_.status().ok() ? CorruptionError("a long storage key vanished")
                                   : raw_.status().error());
  }
  std::string_view tail;
  SplitLongValue(raw_.value(), &tail, &group_value_);
  valid_ = true;
  return true;
}

bool OrderedMapCursor::Seek(std::string_view key) {
  // A long key's group begins at its inline prefix; entries before `key` inside it are skipped.
  const std::string_view raw_target = key.substr(0, kMaxInlineKeyBytes);
  bool on = Settle(raw_.Seek(raw_target), Direction::kForward);
  while (on && this->key() < key) on = Next();
  return on;
}

bool OrderedMapCursor::SeekAtOrBefore(std::string_view key) {
  if (Seek(key)) return this->key() == key || Prev();
  return status().ok() && Last();
}

bool OrderedMapCursor::First() { return Settle(raw_.First(), Direction::kForward); }
bool OrderedMapCursor::Last() { return Settle(raw_.Last(), Direction::kBackward); }

bool OrderedMapCursor::Next() {
  if (in_group_) {
    if (group_pos_ + 1 < group_.size()) {
      ++group_pos_;
      return PositionInGroup();
    }
    // Leave the group from its last entry in LMDB order.
    if (!raw_.Seek(group_last_stored_)) return Settle(false, Direction::kForward);
  } else if (!valid_) {
    return First();
  }
  return Settle(raw_.Next(), Direction::kForward);
}

bool OrderedMapCursor::Prev() {
  if (in_group_) {
    if (group_pos_ > 0) {
      --group_pos_;
      return PositionInGroup();
    }
    if (!raw_.Seek(group_first_stored_)) return Settle(false, Direction::kBackward);
  } else if (!valid_) {
    return Last();
  }
  return Settle(raw_.Prev(), Direction::kBackward);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
