// What the capacity model saw (docs/capacity.md §5): per table, per GSI, per partition and per
// partition key value, the capacity consumed and the requests throttled over a recent window,
// and the keys that consumed or were throttled the most (what AWS's CloudWatch metrics and
// Contributor Insights show). Returned by Database::CapacityReport; ddb-local serves it as
// JSON at GET /_ddblocal/capacity?table=NAME. Database::CapacityHistory adds the per-second
// history of each partition (GET /_ddblocal/capacity/history), the console's heat map.
//
// Also the knobs of the model (CapacityOverrides): every figure of docs/capacity.md is a default
// that a user may change per table or per GSI.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// Consumption over the report's window.
struct CapacityUsage {
  double read_units = 0;             // RCU consumed (0.5 per eventually consistent 4 KB)
  double write_units = 0;            // WCU consumed
  std::int64_t read_throttles = 0;   // read requests rejected with ProvisionedThroughputExceeded
  std::int64_t write_throttles = 0;  // write requests rejected
};

struct PartitionCapacity {
  std::int64_t index = 0;
  std::uint64_t first_hash = 0;  // the partition holds partition-key hashes [first, last]
  std::uint64_t last_hash = 0;
  // For a partition that holds part of an item collection split by sort key (docs/capacity.md
  // §10): the collection's partition key and the sort key range held, as
  // `{"pk":{"S":"t#1"}} sk from {"S":"item#20"}` (from/before); empty otherwise.
  std::string item_collection;
  // Internal: the encoded sort key the partition begins at within the collection of first_hash
  // (empty when it begins at its hash); what places items in it.
  std::string first_sort_key;
  std::uint64_t item_count = 0;  // items (index entries, for a GSI) now in the partition
  std::uint64_t size_bytes = 0;
  CapacityUsage usage;  // over the whole window
  // Per second: the partition's busiest second of the window (nearest its caps; a window's
  // average hides a burst that throttles) and the second the clock is in now, so far.
  CapacityUsage peak_second;
  std::int64_t peak_second_micros = 0;  // the clock at the start of the peak second
  CapacityUsage current_second;
};

struct KeyCapacity {
  std::string key;  // the partition key value(s) as DynamoDB JSON: {"pk":{"S":"user#1"}}
  std::int64_t partition = 0;
  CapacityUsage usage;
};

// The heat map's history (Database::CapacityHistory): second by second over the last few
// minutes, per partition, as the partitions were laid out in that second.
inline constexpr std::int64_t kCapacityHistorySeconds = 300;  // how far back it reaches

struct HotKeyCapacity {
  std::string key;             // DynamoDB JSON, as KeyCapacity::key
  double units = 0;            // RCU + WCU it consumed in the second
  std::int64_t throttles = 0;  // its requests throttled in the second
};

struct PartitionSecond {
  std::uint64_t first_hash = 0;  // the partition's hash range in that second
  std::uint64_t last_hash = 0;
  std::string item_collection;               // as PartitionCapacity::item_collection
  CapacityUsage usage;                       // in that second
  std::vector<HotKeyCapacity> hottest_keys;  // up to 3, most units first
};

struct CapacitySecond {
  std::int64_t start_micros = 0;  // the clock at the second's start
  std::vector<PartitionSecond> partitions;
};

// The base table or one GSI.
struct KeyspaceCapacity {
  std::string name;
  std::string arn;
  std::string billing_mode;  // "PROVISIONED" or "PAY_PER_REQUEST"
  // The table-level limits per second: the provisioned RCU/WCU, or for on-demand the per-table
  // quota lowered to MaxRead/WriteRequestUnits where those are set.
  std::int64_t read_units_per_second = 0;
  std::int64_t write_units_per_second = 0;
  // Units the table-level buckets hold now (provisioned: burst credit included).
  double read_units_available = 0;
  double write_units_available = 0;
  std::int64_t partition_read_units_per_second = 0;  // per partition and per key
  std::int64_t partition_write_units_per_second = 0;
  std::vector<PartitionCapacity> partitions;
  CapacityUsage usage;
  std::vector<KeyCapacity> top_keys_by_consumption;  // most RCU + WCU first
  std::vector<KeyCapacity> top_keys_by_throttles;    // most throttled requests first
  // Oldest second first; empty unless asked for (Database::CapacityHistory).
  std::vector<CapacitySecond> history;
};

struct TableCapacityReport {
  bool throttling = true;            // Options::throttle; when off nothing is counted
  std::int64_t window_seconds = 0;   // usage covers the last window_seconds of the clock
  std::int64_t now_micros = 0;       // the database clock at the report
  std::int64_t history_seconds = 0;  // seconds of KeyspaceCapacity::history (0: none)
  KeyspaceCapacity table;
  std::vector<KeyspaceCapacity> global_secondary_indexes;
};

// The report as JSON (what ddb-local's admin endpoint answers).
std::string ToJson(const TableCapacityReport& report);

// Changes to the model's defaults for one table (index empty) or one of its GSIs. Unset fields
// keep the defaults; setting an empty CapacityOverrides restores them all. Kept in memory by
// table name, so they survive DeleteTable/CreateTable but not a restart.
struct CapacityOverrides {
  std::string index;                                  // "" for the table itself
  std::optional<std::int64_t> partitions;             // fixed partition count (>= 1)
  std::optional<std::int64_t> partition_read_units;   // per partition and per key (default 3000)
  std::optional<std::int64_t> partition_write_units;  // (default 1000)
  std::optional<std::int64_t> table_read_units;       // on-demand per-table quota (default 40000)
  std::optional<std::int64_t> table_write_units;      // (default 40000)
  std::optional<std::int64_t> burst_seconds;          // provisioned burst credit (default 300)
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
