// KeyRange and RangeCursor: the range-iteration primitive Query and Scan build on. A range is
// a half-open interval of storage keys; a RangeCursor walks it forward or backward, optionally
// starting strictly after a given key (ExclusiveStartKey), and yields key/value views.
//
// Query's sort-key conditions map onto half-open ranges inside a partition prefix P because
// the key codec is prefix-free (e = enc(v)):
//   sk = v     [P|e, Successor(P|e))      sk < v   [P, P|e)
//   sk <= v    [P, Successor(P|e))        sk > v   [Successor(P|e), Successor(P))
//   sk >= v    [P|e, Successor(P))        BETWEEN a AND b   [P|enc(a), Successor(P|enc(b)))
// (Successor of a prefix = the first key after every key that starts with it; for index entries
// it also covers the table keys appended after the index sort key.)
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "storage/ordered_map.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {

// The first string greater than every string that starts with `prefix`, or nullopt when none
// exists (the prefix is empty or all 0xFF bytes).
std::optional<std::string> PrefixSuccessor(std::string_view prefix);

struct KeyRange {
  std::string lower;                 // inclusive
  std::optional<std::string> upper;  // exclusive; nullopt: no upper bound

  // Every key that starts with `prefix`.
  static KeyRange Prefix(std::string prefix);
  bool Contains(std::string_view key) const { return key >= lower && (!upper || key < *upper); }
};

// Keys of key space `keyspace_id` (a table or an index), whole.
KeyRange KeyspaceRange(std::uint32_t keyspace_id);
// Segment `segment` of `total_segments` of a key space for a parallel Scan: the partition-hash
// space split into equal contiguous ranges, so segments are disjoint and cover the table.
// Requires 0 <= segment < total_segments.
KeyRange ScanSegmentRange(std::uint32_t keyspace_id, std::uint32_t segment,
                          std::uint32_t total_segments);

enum class ScanDirection { kForward, kBackward };

class RangeCursor {
 public:
  // Positions at the first key of `range` in `direction` — or, when `start_after` is given,
  // at the first key of the range strictly after it in that direction (forward: greater,
  // backward: smaller). Fails only on an LMDB error.
  static Result<RangeCursor> Open(const Txn& txn, const OrderedMap& map, KeyRange range,
                                  ScanDirection direction,
                                  std::optional<std::string_view> start_after = std::nullopt);
  // The same over a range the caller keeps alive (and unchanged) while the cursor lives: a
  // read request's page walks its range once, and copying the two bounds per request cost two
  // allocations.
  static Result<RangeCursor> OpenBorrowed(const Txn& txn, const OrderedMap& map,
                                          const KeyRange& range, ScanDirection direction,
                                          std::optional<std::string_view> start_after);

  // True while on a key inside the range.
  bool valid() const { return valid_; }
  // Moves to the next key in the direction; valid() turns false past the range's end.
  void Next();
  std::string_view key() const { return cursor_.key(); }
  std::string_view value() const { return cursor_.value(); }
  ScanDirection direction() const { return direction_; }
  // Ok unless LMDB failed; check it when valid() turns false.
  Status status() const { return cursor_.status(); }

 private:
  RangeCursor(OrderedMapCursor cursor, const KeyRange* range, ScanDirection direction)
      : cursor_(std::move(cursor)), range_(range), direction_(direction) {}
  void Start(std::optional<std::string_view> start_after);
  void Check(bool on) { valid_ = on && range_->Contains(cursor_.key()); }

  OrderedMapCursor cursor_;
  // The range walked: the caller's (OpenBorrowed) or `owned_`'s, which lives on the heap so
  // that the pointer survives the cursor's moves.
  std::unique_ptr<const KeyRange> owned_;
  const KeyRange* range_;
  ScanDirection direction_;
  bool valid_ = false;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
