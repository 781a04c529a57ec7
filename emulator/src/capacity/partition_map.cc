#include "capacity/partition_map.h"

#include <algorithm>
#include <utility>

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

std::int64_t WarmPartitionCount(std::int64_t read_units, std::int64_t write_units,
                                std::uint64_t size_bytes) {
  const std::int64_t for_reads =
      (std::max<std::int64_t>(0, read_units) + kPartitionReadUnitsPerSecond - 1) /
      kPartitionReadUnitsPerSecond;
  const std::int64_t for_writes =
      (std::max<std::int64_t>(0, write_units) + kPartitionWriteUnitsPerSecond - 1) /
      kPartitionWriteUnitsPerSecond;
  return std::max<std::int64_t>({1, for_reads, for_writes, PartitionsForData(size_bytes)});
}

PartitionMap::PartitionMap(std::int64_t count) {
  const std::int64_t n = std::max<std::int64_t>(1, count);
  first_.reserve(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) first_.push_back(Boundary(i, n));
}

PartitionMap PartitionMap::FromFirstHashes(std::vector<std::uint64_t> first_hashes) {
  PartitionMap map(static_cast<std::int64_t>(std::max<std::size_t>(1, first_hashes.size())));
  if (first_hashes.empty() || first_hashes == map.first_) return map;
  map.first_ = std::move(first_hashes);
  map.first_[0] = 0;
  map.uniform_ = false;
  return map;
}

std::int64_t PartitionMap::PartitionOf(std::uint64_t hash) const {
  if (!uniform_) {
    // The last partition whose first hash is at most `hash`.
    auto it = std::upper_bound(first_.begin(), first_.end(), hash);
    return static_cast<std::int64_t>(it - first_.begin()) - 1;
  }
  // floor(hash * n / 2^64) can fall one short of the partition whose (floored) first hash is
  // exactly `hash`; step forward when it does.
  const std::int64_t n = count();
  auto i = static_cast<std::int64_t>(
      (static_cast<unsigned __int128>(hash) * static_cast<unsigned __int128>(n)) >> 64);
  if (i + 1 < n && first_[static_cast<std::size_t>(i + 1)] <= hash) ++i;
  return i;
}

std::uint64_t PartitionMap::FirstHash(std::int64_t i) const {
  return first_[static_cast<std::size_t>(i)];
}

std::uint64_t PartitionMap::LastHash(std::int64_t i) const {
  return i + 1 < count() ? first_[static_cast<std::size_t>(i + 1)] - 1 : UINT64_MAX;
}

bool PartitionMap::Split(std::int64_t i) {
  const std::uint64_t first = FirstHash(i);
  const std::uint64_t last = LastHash(i);
  if (first == last) return false;
  return SplitAt(i, first + (last - first) / 2 + 1);  // the upper half's first hash
}

bool PartitionMap::SplitAt(std::int64_t i, std::uint64_t upper_first) {
  if (upper_first <= FirstHash(i) || upper_first > LastHash(i)) return false;
  first_.insert(first_.begin() + i + 1, upper_first);
  // Splitting every partition of a uniform map of n gives the uniform map of 2n only up to
  // rounding; the general lookup is always right.
  uniform_ = false;
  return true;
}

std::int64_t PartitionMap::Widest() const {
  std::int64_t widest = 0;
  std::uint64_t width = 0;
  for (std::int64_t i = 0; i < count(); ++i) {
    const std::uint64_t w = LastHash(i) - FirstHash(i);
    if (i == 0 || w > width) {
      widest = i;
      width = w;
    }
  }
  return widest;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
