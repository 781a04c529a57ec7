// KeyRange and RangeCursor (see key_range.h).
#include "storage/key_range.h"

#include "storage/record_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {

std::optional<std::string> PrefixSuccessor(std::string_view prefix) {
  std::string next(prefix);
  while (!next.empty()) {
    auto& last = reinterpret_cast<unsigned char&>(next.back());
    if (last != 0xFF) {
      ++last;
      return next;
    }
    next.pop_back();
  }
  return std::nullopt;
}

KeyRange KeyRange::Prefix(std::string prefix) {
  KeyRange range;
  range.upper = PrefixSuccessor(prefix);
  range.lower = std::move(prefix);
  return range;
}

KeyRange KeyspaceRange(std::uint32_t keyspace_id) {
  std::string prefix;
  AppendU32(keyspace_id, &prefix);
  return KeyRange::Prefix(std::move(prefix));
}

KeyRange ScanSegmentRange(std::uint32_t keyspace_id, std::uint32_t segment,
                          std::uint32_t total_segments) {
  // Segment i covers hashes [i * 2^64 / n, (i + 1) * 2^64 / n), computed in 128 bits.
  auto boundary = [&](std::uint64_t i) {
    return static_cast<std::uint64_t>((static_cast<unsigned __int128>(i) << 64) / total_segments);
  };
  KeyRange range;
  AppendU32(keyspace_id, &range.lower);
  AppendU64(boundary(segment), &range.lower);
  if (segment + 1 < total_segments) {
    std::string upper;
    AppendU32(keyspace_id, &upper);
    AppendU64(boundary(segment + 1), &upper);
    range.upper = std::move(upper);
  } else {
    std::string prefix;
    AppendU32(keyspace_id, &prefix);
    range.upper = PrefixSuccessor(prefix);
  }
  return range;
}

Result<RangeCursor> RangeCursor::Open(const Txn& txn, const OrderedMap& map, KeyRange range,
                                      ScanDirection direction,
                                      std::optional<std::string_view> start_after) {
  auto owned = std::make_unique<const KeyRange>(std::move(range));
  DDBEMU_ASSIGN_OR_RETURN(RangeCursor range_cursor,
                          OpenBorrowed(txn, map, *owned, direction, start_after));
  range_cursor.owned_ = std::move(owned);
  return range_cursor;
}

Result<RangeCursor> RangeCursor::OpenBorrowed(const Txn& txn, const OrderedMap& map,
                                              const KeyRange& range, ScanDirection direction,
                                              std::optional<std::string_view> start_after) {
  DDBEMU_ASSIGN_OR_RETURN(OrderedMapCursor cursor, OrderedMapCursor::Open(txn, map));
  RangeCursor range_cursor(std::move(cursor), &range, direction);
  range_cursor.Start(start_after);
  return range_cursor;
}

void RangeCursor::Start(std::optional<std::string_view> start_after) {
  if (direction_ == ScanDirection::kForward) {
    if (start_after && *start_after >= range_->lower) {
      bool on = cursor_.Seek(*start_after);
      if (on && cursor_.key() == *start_after) on = cursor_.Next();
      Check(on);
    } else {
      Check(cursor_.Seek(range_->lower));
    }
    return;
  }
  // Backward: the last key below the smaller of the upper bound and start_after.
  std::optional<std::string_view> below = range_->upper;
  if (start_after && (!below || *start_after < *below)) below = start_after;
  if (!below) {
    Check(cursor_.Last());
    return;
  }
  bool on = cursor_.Seek(*below);
  if (on) {
    on = cursor_.Prev();
  } else if (cursor_.status().ok()) {
    on = cursor_.Last();
  }
  Check(on);
}

void RangeCursor::Next() {
  if (!valid_) return;
  // The walk moves away from the bound it is already past, so only the bound ahead is checked:
  // one key comparison per entry instead of two.
  if (direction_ == ScanDirection::kForward) {
    valid_ = cursor_.Next() && (!range_->upper || cursor_.key() < *range_->upper);
  } else {
    valid_ = cursor_.Prev() && cursor_.key() >= range_->lower;
  }
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
