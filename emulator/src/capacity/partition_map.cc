#include "capacity/partition_map.h"

#include <algorithm>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {
namespace {

std::int64_t PartitionsForData(std::uint64_t size_bytes) {
  return static_cast<std::int64_t>((size_bytes + kPartitionDataBytes - 1) / kPartitionDataBytes);
}

// i * 2^64 / n in 128 bits, as storage::ScanSegmentRange computes segment boundaries.
std::uint64_t Boundary(std::int64_t i, std::int64_t n) {
  return static_cast<std::uint64_t>((static_cast<unsigned __int128>(i) << 64) /
                                    static_cast<unsigned __int128>(n));
}

}  // namespace

std::int64_t ProvisionedPartitionCount(std::int64_t read_units, std::int64_t write_units,
                                       std::uint64_t size_bytes) {
  // ceil(R/3000 + W/1000) = ceil((R + 3W) / 3000), in integers.
  const std::int64_t weighted =
      std::max<std::int64_t>(0, read_units) + 3 * std::max<std::int64_t>(0, write_units);
  const std::int64_t for_throughput = (weighted + 2999) / 3000;
  return std::max<std::int64_t>({1, for_throughput, PartitionsForData(size_bytes)});
}

std::int64_t OnDemandPartitionCount(std::uint64_t size_bytes) {
  return std::max(kOnDemandInitialPartitions, PartitionsForData(size_bytes));
}

PartitionMap::PartitionMap(std::int64_t count) : count_(std::max<std::int64_t>(1, count)) {}

std::int64_t PartitionMap::PartitionOf(std::uint64_t hash) const {
  // floor(hash * n / 2^64) can fall one short of the partition whose (floored) first hash is
  // exactly `hash`; step forward when it does.
  auto i = static_cast<std::int64_t>(
      (static_cast<unsigned __int128>(hash) * static_cast<unsigned __int128>(count_)) >> 64);
  if (i + 1 < count_ && Boundary(i + 1, count_) <= hash) ++i;
  return i;
}

std::uint64_t PartitionMap::FirstHash(std::int64_t i) const { return Boundary(i, count_); }

std::uint64_t PartitionMap::LastHash(std::int64_t i) const {
  return i + 1 < count_ ? Boundary(i + 1, count_) - 1 : UINT64_MAX;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
