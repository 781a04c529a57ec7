// OrderedMap: an ordered map of byte keys of any length on one LMDB DBI, and OrderedMapCursor,
// its cursor in key order.
//
// Why it exists: LMDB keys are at most 511 bytes, but DynamoDB allows a 2048-byte partition key
// and a 1024-byte sort key, and storage keys are several encoded components long. Keys up to
// kMaxInlineKeyBytes are stored as they are (the common case costs nothing extra). A longer key
// K is stored under
//     K[0, kMaxInlineKeyBytes) | PartitionHash(K) (8 bytes, big-endian)
// with the value `varint(n) | K[kMaxInlineKeyBytes, end) (n bytes) | payload`.
//
// Order is kept exactly: an inline key is at most kMaxInlineKeyBytes long, so it compares with
// a long key as it would with the full key; long keys sharing their first kMaxInlineKeyBytes
// bytes (a "group") are adjacent in LMDB, and the cursor sorts such a group by full key when it
// enters it. Groups only arise when two keys share a 503-byte prefix (an enormous partition
// key), and then the cursor reads the group's keys once per entry into it.
//
// This layout is persisted: it cannot change without a storage format version bump.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "storage/cursor.h"
#include "storage/txn.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {

// Keys up to this length are stored inline (LMDB's 511-byte limit less the 8-byte hash).
inline constexpr std::size_t kMaxInlineKeyBytes = 503;

class OrderedMap {
 public:
  explicit OrderedMap(Dbi dbi) : dbi_(dbi) {}

  // The payload stored under `key`, or nullopt. The view is valid as for Txn::Get.
  Result<std::optional<std::string_view>> Get(const Txn& txn, std::string_view key) const;
  // Stores `payload` under `key` (non-empty), replacing any previous payload.
  Status Put(WriteTxn& txn, std::string_view key, std::string_view payload);
  // Removes `key`; false when it was absent.
  Result<bool> Delete(WriteTxn& txn, std::string_view key);
  // Removes every key that starts with `prefix` (at most kMaxInlineKeyBytes long); returns
  // how many were removed.
  Result<std::uint64_t> DeletePrefix(WriteTxn& txn, std::string_view prefix);

  Dbi dbi() const { return dbi_; }

 private:
  Dbi dbi_;
};

// A position in an OrderedMap, in full-key order. Same conventions as Cursor: positioning
// calls return whether the cursor is on an entry; status() tells an LMDB error from the end.
// Views are valid until the cursor moves.
class OrderedMapCursor {
 public:
  static Result<OrderedMapCursor> Open(const Txn& txn, const OrderedMap& map);

  // First entry with key >= `key` / last entry with key <= `key`.
  bool Seek(std::string_view key);
  bool SeekAtOrBefore(std::string_view key);
  bool First();
  bool Last();
  bool Next();
  bool Prev();

  bool valid() const { return valid_; }
  std::string_view key() const { return in_group_ ? group_[group_pos_].key : raw_.key(); }
  std::string_view value() const { return in_group_ ? group_value_ : raw_.value(); }
  Status status() const { return status_.ok() ? raw_.status() : status_; }

 private:
  struct GroupEntry {
    std::string key;     // the full key
    std::string stored;  // the LMDB key it is stored under
  };
  enum class Direction { kForward, kBackward };

  explicit OrderedMapCursor(Cursor raw) : raw_(std::move(raw)) {}
  // After a raw move: classify the raw entry, loading its group when it holds a long key.
  bool Settle(bool raw_on, Direction direction);
  bool LoadGroup(Direction direction);
  bool PositionInGroup();
  bool Fail(ApiError error);

  Cursor raw_;
  bool valid_ = false;
  bool in_group_ = false;
  std::vector<GroupEntry> group_;  // sorted by full key
  std::size_t group_pos_ = 0;
  std::string group_first_stored_, group_last_stored_;  // the group's ends in LMDB order
  std::string_view group_value_;
  Status status_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
