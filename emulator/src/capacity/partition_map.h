// PartitionMap: how a table (or a GSI) is split into partitions (docs/capacity.md §2). A partition
// is a contiguous range of the 64-bit partition hash that begins every storage key
// (storage/key_layout.h). A new map of n partitions holds the hashes [i * 2^64 / n,
// (i+1) * 2^64 / n) in partition i — the same boundaries as parallel-scan segments
// (storage::ScanSegmentRange), so Scan segment i of n walks exactly partition i when they agree
// in number. A table that grows splits partitions in two (Split), as the service does (the
// DynamoDB paper, USENIX ATC 2022, §4: a split divides a partition's key range); partitions
// never merge.
//
// A split for heat may also divide one item collection by sort key (SplitCollectionAt,
// docs/capacity.md §10): a boundary is then a (hash, encoded sort key) pair, ordered by hash and
// then by the sort key's bytes (an empty sort key, a plain boundary, before any other), so the
// collection's items below the sort key stay in partition i and the others go to i + 1. Maps
// without such boundaries keep the plain hash lookup; lookups never allocate.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
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

// A map's boundaries as plain lists, for recording in the catalog (storage's GainedPartitions)
// and rebuilding with PartitionMap::FromBoundaries.
struct PartitionBoundaries {
  std::vector<std::uint64_t> first_hashes;
  std::vector<std::string> first_sorts;  // empty, or one per boundary (see SplitCollectionAt)
  std::vector<std::string> first_keys;
  bool empty() const { return first_hashes.empty(); }
  friend bool operator==(const PartitionBoundaries&, const PartitionBoundaries&) = default;
};

class PartitionMap {
 public:
  explicit PartitionMap(std::int64_t count = 1);
  // The partitions beginning at `first_hashes` (ascending, the first 0), as a report lists them.
  static PartitionMap FromFirstHashes(std::vector<std::uint64_t> first_hashes);
  // The same with each partition's first sort key (empty: it begins at its hash; see
  // SplitCollectionAt) and the encoded partition key of that item collection; `first_sorts` and
  // `first_keys` are empty or as long as `first_hashes`. A list out of order gives the plain map
  // of that many partitions (a restored record never misroutes).
  static PartitionMap FromBoundaries(std::vector<std::uint64_t> first_hashes,
                                     std::vector<std::string> first_sorts,
                                     std::vector<std::string> first_keys);
  static PartitionMap FromBoundaries(PartitionBoundaries b) {
    return FromBoundaries(std::move(b.first_hashes), std::move(b.first_sorts),
                          std::move(b.first_keys));
  }
  // Its boundaries; empty when they are those of PartitionMap(count()) (nothing gained by a
  // split that an even division would not give again).
  PartitionBoundaries GainedBoundaries() const;

  std::int64_t count() const { return static_cast<std::int64_t>(first_.size()); }
  // The partition holding `hash`; in a collection divided by sort key, its first part.
  std::int64_t PartitionOf(std::uint64_t hash) const;
  // The partition holding the item of partition key hash `hash` and encoded sort key `sort`
  // (empty: the collection's first part, where a Query over the whole collection is charged).
  std::int64_t PartitionOf(std::uint64_t hash, std::string_view sort) const;
  // Whether the item collection of `hash` is divided between partitions by sort key.
  bool SplitsCollection(std::uint64_t hash) const;
  // The first and last hash of partition `i` (inclusive).
  std::uint64_t FirstHash(std::int64_t i) const;
  std::uint64_t LastHash(std::int64_t i) const;
  // The encoded sort key partition `i` begins at within the collection of FirstHash(i), and that
  // collection's encoded partition key; both empty for a partition that begins at its hash.
  std::string_view FirstSort(std::int64_t i) const;
  std::string_view FirstKey(std::int64_t i) const;
  // Whether partition `i` begins or ends inside an item collection.
  bool CollectionPart(std::int64_t i) const;

  // Splits partition `i` at the middle of its hash range: it keeps the lower half, and a new
  // partition i + 1 takes the upper half (the ones after it move up by one). A partition of a
  // single hash cannot split; returns false then.
  bool Split(std::int64_t i);
  // Splits partition `i` so that a new partition i + 1 begins at `upper_first` (a split for
  // heat divides the load, not the hash range, in two). False unless FirstHash(i) <
  // upper_first <= LastHash(i).
  bool SplitAt(std::int64_t i, std::uint64_t upper_first);
  // Splits partition `i` inside the item collection of `hash` (whose encoded partition key is
  // `key`): a new partition i + 1 holds its items from encoded sort key `sort` on, and the hashes
  // after it that `i` held. False unless (hash, sort) lies strictly inside partition `i` and
  // `sort` is not empty.
  bool SplitCollectionAt(std::int64_t i, std::uint64_t hash, std::string_view key,
                         std::string_view sort);
  // The partition a split for throughput divides next: the widest (the one holding the most of
  // the hash space, so the map stays as even as it can), the first of equals.
  std::int64_t Widest() const;

 private:
  // Whether boundary (hash, sort) sorts strictly after boundary `b`.
  bool After(std::size_t b, std::uint64_t hash, std::string_view sort) const;
  void InsertBoundary(std::size_t at, std::uint64_t hash, std::string_view key,
                      std::string_view sort);

  std::vector<std::uint64_t> first_;  // first hash of each partition, ascending; first_[0] == 0
  // Parallel to first_ once a collection has been split (empty before): each boundary's sort key
  // and partition key, empty for a plain boundary.
  std::vector<std::string> first_sort_, first_key_;
  bool uniform_ = true;  // boundaries are i * 2^64 / n (a fast PartitionOf)
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
