// The inputs of the throughput model: what a table's (and each GSI's) schema says about its
// capacity (KeyspaceLimits), the user's overrides of the model's defaults (LimitOverrides), and
// what one request asks of each key space (Demand). ops/ builds them from TableSchema and the
// request; the limiters (keyspace_limiter.h, table_limiter.h) enforce them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "capacity/capacity_units.h"
#include "capacity/partition_map.h"
#include "ddbemu/attribute_value.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {

enum class CapacityMode : std::uint8_t { kProvisioned, kOnDemand };

// Provisioned tables keep up to 300 seconds of unused capacity as burst credit (Developer
// Guide, "Burst capacity").
inline constexpr std::int64_t kBurstSeconds = 300;
// The default per-table account quota of an on-demand table or GSI (Developer Guide, "Service
// quotas": 40,000 read request units and 40,000 write request units per table).
inline constexpr std::int64_t kOnDemandTableReadUnitsPerSecond = 40'000;
inline constexpr std::int64_t kOnDemandTableWriteUnitsPerSecond = 40'000;

// One attribute of a partition key: what labels a key in reports.
struct KeyPart {
  std::string name;
  AttributeType type = AttributeType::kS;
  friend bool operator==(const KeyPart&, const KeyPart&) = default;
};

// The capacity settings of one key space — the base table or one GSI — as its schema has them.
// (LSIs have none of their own: they share the table's partitions and throughput.)
struct KeyspaceLimits {
  std::string name;  // the table's or the index's name
  std::string arn;   // the resource ThrottlingReasons name
  CapacityMode mode = CapacityMode::kOnDemand;
  std::int64_t read_units = 0;  // provisioned RCU/WCU (provisioned mode only)
  std::int64_t write_units = 0;
  std::int64_t max_read_request_units = -1;  // OnDemandThroughput maxima; -1: none
  std::int64_t max_write_request_units = -1;
  std::vector<KeyPart> partition_key;  // the (GSI: up to four) partition key attributes
  // The table's sort key (empty name: none, and for GSIs, whose demand carries no sort key), which
  // labels a partition that holds part of an item collection (docs/capacity.md §10).
  KeyPart sort_key;
  // Whether the table has a local secondary index: its item collections must each stay on one
  // partition (the 10 GB item collection limit), so a split for heat never divides one.
  bool has_local_index = false;
  // The warm throughput it serves at once whatever its traffic (0: none beyond the mode's own):
  // CreateTable's and UpdateTable's WarmThroughput, or what it had scaled to before a restart
  // (docs/capacity.md §7, §8). Sets the partitions.
  std::int64_t warm_read_units = 0;
  std::int64_t warm_write_units = 0;
  // The partitions it had gained (by splits for heat and by growth) when the database last
  // closed (docs/capacity.md §10): a new limiter starts with them. Empty: an even division.
  PartitionBoundaries gained_partitions;
  // When the settings above last changed (UpdateTable; 0: never). The limiters learn of a
  // change on the next request and apply the new rates from this time on, not from then.
  std::int64_t changed_micros = 0;
  friend bool operator==(const KeyspaceLimits&, const KeyspaceLimits&) = default;
};

// A table: its base key space and its GSIs, identified by the table's id (a recreated table
// starts afresh) within a namespace (ops::Caller::ns).
struct TableLimits {
  std::string table_id;
  std::string ns;
  KeyspaceLimits table;
  std::vector<KeyspaceLimits> global_indexes;
  friend bool operator==(const TableLimits&, const TableLimits&) = default;
};

// A table's settings as the limiters ask for them: identified cheaply by a fingerprint on every
// request, built in full only when that changed (an UpdateTable), and the data sizes read only
// now and then (one partition per 10 GB: sizes change slowly). ops/ implements it over the
// catalog's TableSchema; FixedTableSource serves settings known in full.
class TableSource {
 public:
  virtual ~TableSource() = default;
  virtual const std::string& table_id() const = 0;
  virtual const std::string& ns() const = 0;
  virtual const std::string& table_name() const = 0;
  // Equal fingerprints (for one table id) mean equal Limits().
  virtual std::uint64_t fingerprint() const = 0;
  virtual TableLimits Limits() const = 0;
  // Data bytes of the table and of each GSI in Limits() order; empty when unknown.
  virtual std::vector<std::uint64_t> Sizes() const = 0;
};

// FNV-1a (64 bits) over the fields a TableSource fingerprints: a fingerprint, not a security
// hash.
struct FingerprintBuilder {
  std::uint64_t value = 14695981039346656037ull;
  void Add(std::string_view bytes);
  void Add(std::int64_t v);
};

// A hash of every field of `limits`, for FixedTableSource.
std::uint64_t Fingerprint(const TableLimits& limits);

class FixedTableSource final : public TableSource {
 public:
  explicit FixedTableSource(const TableLimits& limits, std::vector<std::uint64_t> sizes = {})
      : limits_(limits), sizes_(std::move(sizes)), fingerprint_(Fingerprint(limits)) {}
  const std::string& table_id() const override { return limits_.table_id; }
  const std::string& ns() const override { return limits_.ns; }
  const std::string& table_name() const override { return limits_.table.name; }
  std::uint64_t fingerprint() const override { return fingerprint_; }
  TableLimits Limits() const override { return limits_; }
  std::vector<std::uint64_t> Sizes() const override { return sizes_; }

 private:
  const TableLimits& limits_;
  std::vector<std::uint64_t> sizes_;
  std::uint64_t fingerprint_;
};

// The model's defaults that a user may change per table or per GSI (docs/capacity.md §5): each
// figure of docs/capacity.md is a default. Unset fields keep the default.
struct LimitOverrides {
  std::optional<std::int64_t> partitions;            // a fixed partition count
  std::optional<std::int64_t> partition_read_units;  // per partition and per key, per second
  std::optional<std::int64_t> partition_write_units;
  std::optional<std::int64_t> table_read_units;  // on-demand per-table quota, per second
  std::optional<std::int64_t> table_write_units;
  std::optional<std::int64_t> burst_seconds;  // provisioned burst credit
  friend bool operator==(const LimitOverrides&, const LimitOverrides&) = default;
};

// What a request consumes for one partition key value of one key space — or, with an empty
// `key`, for one partition as a whole (a Scan's share: limited by the partition and the table,
// not by any key).
struct KeyDemand {
  std::string key;         // enc(partition key components) (value/key_codec.h), or empty
  std::uint64_t hash = 0;  // keycodec::PartitionHash(key): places the key in a partition
  // enc(sort key) of the one item asked for, which places it in a collection split by sort key
  // (docs/capacity.md §10); empty for a table without one, a GSI, or a Query of the collection
  // (charged to the collection's first partition).
  std::string sort;
  HalfUnits read = 0;
  HalfUnits write = 0;
};

// Everything one request — or one item of a batch — consumes. LSI writes are part of `table`
// (an LSI lives in its table's partitions and consumes its throughput); each GSI is its own
// key space with its own partitions and limits.
struct Demand {
  struct Index {
    std::string name;
    std::vector<KeyDemand> keys;
  };
  std::vector<KeyDemand> table;
  std::vector<Index> global_indexes;

  bool empty() const { return table.empty() && global_indexes.empty(); }
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
