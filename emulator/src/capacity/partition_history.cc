#include "capacity/partition_history.h"

#include <algorithm>
#include <utility>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {
namespace {

constexpr std::int64_t kMicrosInASecond = 1'000'000;

}  // namespace

PartitionHistory::PartitionHistory(std::int64_t seconds)
    : seconds_(std::max<std::int64_t>(seconds, 1)) {}

std::int64_t PartitionHistory::SecondOf(std::int64_t micros) {
  return micros >= 0 ? micros / kMicrosInASecond
                     : -((-micros + kMicrosInASecond - 1) / kMicrosInASecond);
}

void PartitionHistory::SetLayout(const PartitionMap& map, std::int64_t now_micros,
                                 std::int64_t split, std::vector<std::string> labels) {
  auto rows = std::make_shared<LayoutRows>();
  rows->first.reserve(static_cast<std::size_t>(map.count()));
  rows->last.reserve(static_cast<std::size_t>(map.count()));
  for (std::int64_t i = 0; i < map.count(); ++i) {
    rows->first.push_back(map.FirstHash(i));
    rows->last.push_back(map.LastHash(i));
  }
  if (labels.size() == rows->first.size()) rows->labels = std::move(labels);
  layout_ = std::move(rows);
  // A second already recorded keeps its layout, unless it is the current one (or the clock
  // stepped back into it): the split shows from the second it happened in.
  if (latest_ < 0 || latest_ < SecondOf(now_micros)) return;
  Slot& slot = slots_[static_cast<std::size_t>(latest_ % seconds())];
  if (split >= 0 && static_cast<std::size_t>(split) < slot.cells.size() &&
      slot.cells.size() + 1 == layout_->size()) {
    // What the parent consumed so far this second stays on its lower half.
    slot.cells.insert(slot.cells.begin() + split + 1, Cell{});
  } else {
    slot.cells.assign(layout_->size(), Cell{});
  }
  slot.layout = layout_;
}

PartitionHistory::Cell* PartitionHistory::CellFor(std::int64_t now_micros, std::int64_t partition) {
  if (!layout_) return nullptr;
  // The usual case: the second of the last record (or, when the clock stepped back, before it:
  // the latest second is charged rather than history rewritten). No division.
  if (latest_ >= 0 && now_micros < latest_start_micros_ + kMicrosInASecond) {
    std::vector<Cell>& cells = slots_[latest_slot_].cells;
    if (partition < 0 || static_cast<std::size_t>(partition) >= cells.size()) return nullptr;
    return &cells[static_cast<std::size_t>(partition)];
  }
  std::int64_t second = SecondOf(now_micros);
  if (second < 0) return nullptr;          // before the epoch: nothing to show it against
  if (second < latest_) second = latest_;  // the clock stepped back (clock.h)
  if (slots_.empty()) slots_.resize(static_cast<std::size_t>(seconds_));
  Slot& slot = slots_[static_cast<std::size_t>(second % seconds())];
  if (slot.second != second) {
    // A new second: the slot's vectors keep their capacity, so this allocates only when the
    // layout has more partitions than the slot ever held.
    slot.second = second;
    slot.layout = layout_;
    slot.cells.assign(layout_->size(), Cell{});
    latest_ = second;
    latest_start_micros_ = second * kMicrosInASecond;
    latest_slot_ = static_cast<std::size_t>(second % seconds());
  }
  if (partition < 0 || static_cast<std::size_t>(partition) >= slot.cells.size()) return nullptr;
  return &slot.cells[static_cast<std::size_t>(partition)];
}

PartitionHistory::HotKey* PartitionHistory::Cell::Find(const std::string& key, std::uint64_t hash) {
  for (HotKey& k : keys) {
    if (k.hash == hash && !k.key.empty() && k.key == key) return &k;
  }
  return nullptr;
}

void PartitionHistory::RecordConsumed(std::int64_t now_micros, std::int64_t partition,
                                      HalfUnits read, HalfUnits write, const std::string& key,
                                      std::uint64_t key_hash, HalfUnits key_second_units) {
  Cell* cell = CellFor(now_micros, partition);
  if (cell == nullptr) return;
  cell->read += read;
  cell->write += write;
  if (key.empty()) return;
  // The three hottest keys: update the key's entry (the usual case under a hot key: integer
  // compares only), or take the place of the coolest when the key now consumed more. Assigning
  // into an entry's string reuses its buffer.
  if (HotKey* k = cell->Find(key, key_hash)) {
    k->units = key_second_units;
    return;
  }
  HotKey* coolest = &cell->keys[0];
  for (HotKey& k : cell->keys) {
    if (k.key.empty()) {
      coolest = &k;
      break;
    }
    if (k.units < coolest->units) coolest = &k;
  }
  if (!coolest->key.empty() && key_second_units <= coolest->units) return;
  coolest->hash = key_hash;
  coolest->key.assign(key);
  coolest->units = key_second_units;
  coolest->throttles = 0;
}

void PartitionHistory::RecordThrottled(std::int64_t now_micros, std::int64_t partition, bool read,
                                       bool write, const std::string& key, std::uint64_t key_hash) {
  Cell* cell = CellFor(now_micros, partition);
  if (cell == nullptr) return;
  if (read) ++cell->read_throttles;
  if (write) ++cell->write_throttles;
  if (key.empty()) return;
  if (HotKey* k = cell->Find(key, key_hash)) {
    ++k->throttles;
    return;
  }
  // A key throttled before it consumed anything this second still names the cell's trouble.
  for (HotKey& k : cell->keys) {
    if (k.key.empty()) {
      k.hash = key_hash;
      k.key.assign(key);
      k.units = 0;
      k.throttles = 1;
      return;
    }
  }
}

const PartitionHistory::Slot* PartitionHistory::SlotAt(std::int64_t second) const {
  if (second < 0 || second > latest_ || second <= latest_ - seconds()) return nullptr;
  const Slot& slot = slots_[static_cast<std::size_t>(second % seconds())];
  return slot.second == second ? &slot : nullptr;
}

CapacitySecond PartitionHistory::Empty(std::int64_t second, const Layout& layout) {
  CapacitySecond out;
  out.start_micros = second * kMicrosInASecond;
  if (!layout) return out;
  out.partitions.resize(layout->size());
  for (std::size_t i = 0; i < layout->size(); ++i) {
    out.partitions[i].first_hash = layout->first[i];
    out.partitions[i].last_hash = layout->last[i];
    if (!layout->labels.empty()) out.partitions[i].item_collection = layout->labels[i];
  }
  return out;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
