// PartitionMap: how a table (or a GSI) is split into partitions (docs/capacity.md §2). A partition
// is a contiguous range of the 64-bit partition hash that begins every storage key
// (storage/key_layout.h), so partition i of n holds the hashes [i * 2^64 / n, (i+1) * 2^64 / n)
// — the same boundaries as parallel-scan segments (storage::ScanSegmentRange), so Scan
// segment i of n walks exactly partition i when they agree in number.
#pragma once

#include <cstdint>

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

class PartitionMap {
 public:
  explicit PartitionMap(std::int64_t count = 1);

  std::int64_t count() const { return count_; }
  // The partition holding `hash`.
  std::int64_t PartitionOf(std::uint64_t hash) const;
  // The first and last hash of partition `i` (inclusive).
  std::uint64_t FirstHash(std::int64_t i) const;
  std::uint64_t LastHash(std::int64_t i) const;

 private:
  std::int64_t count_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
