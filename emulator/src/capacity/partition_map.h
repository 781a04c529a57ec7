// PartitionMap: how a table (or a GSI) is split into partitions (docs/capacity.md §2). A partition
// is a contiguous range of the 64-bit partition hash that begins every storage key
// (storage/key_layout.h). A new map of n partitions holds the hashes [i * 2^64 / n,
// (i+1) * 2^64 / n) in partition i — the same boundaries as parallel-scan segments
// (storage::ScanSegmentRange), so Scan segment i of n walks exactly partition i when they agree
// in number. A table that grows splits partitions in two (Split), as the service does (the
// DynamoDB paper, USENIX ATC 2022, §4: a split divides a partition's key range); partitions
// never merge.
#pragma once

#include <cstdint>
#include <vector>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {

// Per-partition throughput caps (Developer Guide, "Partitions and data distribution";
// docs/capacity.md §2): a partition serves at most 3,000 RCU and 1,000 WCU per second, and so does
// a single partition key value, whatever the table's capacity.
inline constexpr std::int64_t kPartitionReadUnitsPerSecond = 3000;
inline constexpr std::int64_t kPartitionWriteUnitsPerSecond = 1000;
// A partition holds up to 10 GB of data.
inline constexpr std::uint64_t kPartitionDataBytes = std::uint64_t{10} << 30;
// A new on-demand table can serve 4,000 WCU / 12,000 RCU at once: 4 partitions.
inline constexpr std::int64_t kOnDemandInitialPartitions = 4;

// Partitions needed by a provisioned table (or GSI): enough for its throughput,
// ceil(RCU / 3000 + WCU / 1000), and for its data, one per 10 GB; at least one.
std::int64_t ProvisionedPartitionCount(std::int64_t read_units, std::int64_t write_units,
                                       std::uint64_t size_bytes);
// Partitions of an on-demand table (or GSI): the 4 a new one gets, or more for its data.
std::int64_t OnDemandPartitionCount(std::uint64_t size_bytes);
// Partitions that serve a warm throughput of `read_units` and `write_units` per second at once
// — either alone, or any linear combination of the two (the Developer Guide's wording for a new
// on-demand table's 12,000 / 4,000: four partitions) — and hold `size_bytes`; at least one.
std::int64_t WarmPartitionCount(std::int64_t read_units, std::int64_t write_units,
                                std::uint64_t size_bytes);

class PartitionMap {
 public:
  explicit PartitionMap(std::int64_t count = 1);
  // The partitions beginning at `first_hashes` (ascending, the first 0), as a report lists them.
  static PartitionMap FromFirstHashes(std::vector<std::uint64_t> first_hashes);

  std::int64_t count() const { return static_cast<std::int64_t>(first_.size()); }
  // The partition holding `hash`.
  std::int64_t PartitionOf(std::uint64_t hash) const;
  // The first and last hash of partition `i` (inclusive).
  std::uint64_t FirstHash(std::int64_t i) const;
  std::uint64_t LastHash(std::int64_t i) const;

  // Splits partition `i` at the middle of its hash range: it keeps the lower half, and a new
  // partition i + 1 takes the upper half (the ones after it move up by one). A partition of a
  // single hash cannot split; returns false then.
  bool Split(std::int64_t i);
  // Splits partition `i` so that a new partition i + 1 begins at `upper_first` (a split for
  // heat divides the load, not the hash range, in two). False unless FirstHash(i) <
  // upper_first <= LastHash(i).
  bool SplitAt(std::int64_t i, std::uint64_t upper_first);
  // The partition a split for throughput divides next: the widest (the one holding the most of
  // the hash space, so the map stays as even as it can), the first of equals.
  std::int64_t Widest() const;

 private:
  std::vector<std::uint64_t> first_;  // first hash of each partition, ascending; first_[0] == 0
  bool uniform_ = true;               // boundaries are i * 2^64 / n (a fast PartitionOf)
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
