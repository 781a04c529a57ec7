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

PartitionMap PartitionMap::FromBoundaries(std::vector<std::uint64_t> first_hashes,
                                          std::vector<std::string> first_sorts,
                                          std::vector<std::string> first_keys) {
  const std::size_t n = first_hashes.size();
  const bool any_sort = std::any_of(first_sorts.begin(), first_sorts.end(),
                                    [](const std::string& s) { return !s.empty(); });
  if (!any_sort) return FromFirstHashes(std::move(first_hashes));
  PartitionMap plain(static_cast<std::int64_t>(std::max<std::size_t>(1, n)));
  if (first_sorts.size() != n || first_keys.size() != n || n == 0 || first_hashes[0] != 0 ||
      !first_sorts[0].empty()) {
    return plain;
  }
  for (std::size_t b = 1; b < n; ++b) {
    const bool ascending =
        first_hashes[b] > first_hashes[b - 1] ||
        (first_hashes[b] == first_hashes[b - 1] && first_sorts[b] > first_sorts[b - 1]);
    if (!ascending) return plain;
  }
  PartitionMap map;
  map.first_ = std::move(first_hashes);
  map.first_sort_ = std::move(first_sorts);
  map.first_key_ = std::move(first_keys);
  map.uniform_ = false;
  return map;
}

PartitionBoundaries PartitionMap::GainedBoundaries() const {
  if (first_sort_.empty() && first_ == PartitionMap(count()).first_) return {};
  PartitionBoundaries b;
  b.first_hashes = first_;
  b.first_sorts = first_sort_.empty() ? std::vector<std::string>(first_.size()) : first_sort_;
  b.first_keys = first_key_.empty() ? std::vector<std::string>(first_.size()) : first_key_;
  return b;
}

bool PartitionMap::After(std::size_t b, std::uint64_t hash, std::string_view sort) const {
  if (hash != first_[b]) return hash > first_[b];
  return !first_sort_.empty() && sort > std::string_view(first_sort_[b]);
}

std::int64_t PartitionMap::PartitionOf(std::uint64_t hash, std::string_view sort) const {
  std::int64_t i = PartitionOf(hash);
  if (first_sort_.empty() || sort.empty()) return i;
  // Boundaries inside the collection of `hash` follow the one PartitionOf found (a collection's
  // first part begins at or before its hash).
  while (i + 1 < count() && first_[static_cast<std::size_t>(i + 1)] == hash &&
         sort >= std::string_view(first_sort_[static_cast<std::size_t>(i + 1)])) {
    ++i;
  }
  return i;
}

bool PartitionMap::SplitsCollection(std::uint64_t hash) const {
  if (first_sort_.empty()) return false;
  auto it = std::lower_bound(first_.begin(), first_.end(), hash);
  for (; it != first_.end() && *it == hash; ++it) {
    if (!first_sort_[static_cast<std::size_t>(it - first_.begin())].empty()) return true;
  }
  return false;
}

std::int64_t PartitionMap::PartitionOf(std::uint64_t hash) const {
  if (!uniform_) {
    // The last partition whose first hash is at most `hash`.
    auto it = std::upper_bound(first_.begin(), first_.end(), hash);
    std::int64_t i = static_cast<std::int64_t>(it - first_.begin()) - 1;
    // A collection's later parts begin at its hash too: its first part is the first of them,
    // or the partition before them when that one holds the collection's lowest sort keys.
    while (i > 0 && !first_sort_.empty() && first_[static_cast<std::size_t>(i)] == hash &&
           !first_sort_[static_cast<std::size_t>(i)].empty()) {
      --i;
    }
    return i;
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
  if (i + 1 >= count()) return UINT64_MAX;
  const auto next = static_cast<std::size_t>(i + 1);
  // A partition followed by a collection's later part ends inside that collection's hash.
  if (!first_sort_.empty() && !first_sort_[next].empty()) return first_[next];
  return first_[next] - 1;
}

std::string_view PartitionMap::FirstSort(std::int64_t i) const {
  return first_sort_.empty() ? std::string_view() : first_sort_[static_cast<std::size_t>(i)];
}

std::string_view PartitionMap::FirstKey(std::int64_t i) const {
  return first_key_.empty() ? std::string_view() : first_key_[static_cast<std::size_t>(i)];
}

bool PartitionMap::CollectionPart(std::int64_t i) const {
  return !FirstSort(i).empty() || (i + 1 < count() && !FirstSort(i + 1).empty());
}

void PartitionMap::InsertBoundary(std::size_t at, std::uint64_t hash, std::string_view key,
                                  std::string_view sort) {
  if (first_sort_.empty() && !sort.empty()) {
    first_sort_.assign(first_.size(), std::string());
    first_key_.assign(first_.size(), std::string());
  }
  first_.insert(first_.begin() + static_cast<std::ptrdiff_t>(at), hash);
  if (!first_sort_.empty()) {
    first_sort_.insert(first_sort_.begin() + static_cast<std::ptrdiff_t>(at), std::string(sort));
    first_key_.insert(first_key_.begin() + static_cast<std::ptrdiff_t>(at),
                      sort.empty() ? std::string() : std::string(key));
  }
  // Splitting every partition of a uniform map of n gives the uniform map of 2n only up to
  // rounding; the general lookup is always right.
  uniform_ = false;
}

bool PartitionMap::SplitCollectionAt(std::int64_t i, std::uint64_t hash, std::string_view key,
                                     std::string_view sort) {
  const auto b = static_cast<std::size_t>(i);
  if (sort.empty() || !After(b, hash, sort)) return false;
  const bool before_next = i + 1 >= count() || hash < first_[b + 1] ||
                           (hash == first_[b + 1] && sort < FirstSort(i + 1));
  if (!before_next) return false;
  InsertBoundary(b + 1, hash, key, sort);
  return true;
}

bool PartitionMap::Split(std::int64_t i) {
  const std::uint64_t first = FirstHash(i);
  const std::uint64_t last = LastHash(i);
  if (first == last) return false;
  return SplitAt(i, first + (last - first) / 2 + 1);  // the upper half's first hash
}

bool PartitionMap::SplitAt(std::int64_t i, std::uint64_t upper_first) {
  if (upper_first <= FirstHash(i) || upper_first > LastHash(i)) return false;
  // (upper_first, "") sorts before a collection boundary of the same hash that may follow.
  InsertBoundary(static_cast<std::size_t>(i + 1), upper_first, {}, {});
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
