// What a hot-partition run shows: its CSV (per second, per key space and partition key value,
// and per partition), its heat map, the scenario's offered-vs-accepted chart, and the summary
// that states what docs/capacity.md's model predicts and whether the run matched it.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "scenarios.h"

namespace hrhot {

// docs/capacity.md §2: what one partition (and one partition key value) serves per second.
inline constexpr double kPartitionWriteCap = 1000;
inline constexpr double kPartitionReadCap = 3000;

// The partition (0..count-1) holding partition key value `key` (a string): the emulator's own
// placement (the hash of the encoded key over `count` equal hash ranges).
std::int64_t PartitionOfKey(const std::string& key, std::int64_t count);

// One partition's verdict over the run's steady seconds.
struct PartitionVerdict {
  std::string keyspace;
  std::int64_t partition = 0;
  double cap = 0;                       // units per second
  double average = 0;                   // accepted units per second over the steady seconds
  double largest_request = 0;           // the most one request charged this partition
  int in_flight = 1;                    // requests the driver had in flight at once (workers)
  std::int64_t first = 0, last = 0;     // the steady seconds [first, last]
  bool throttled_every_second = false;  // KeyRange refusals in each steady second
  std::string hottest_key;
  double hottest_key_average = 0;
  // The model: a partition refusing requests for its key range all the time serves exactly its
  // cap per second (within one request over the window: a bucket holds less than one request
  // when it refuses one). A request is counted in the second the driver offered it; with W
  // workers up to W - 1 others are in flight then and may be served across either end of the
  // window, so the window's sum is exact within (2W - 1) requests.
  bool at_cap() const;
  double tolerance() const { return largest_request * (2.0 * in_flight - 1); }
};

// One partition of a run whose partitions change (VariantRun::partition_timeline): a hash range
// that was a partition for some of the run's seconds.
struct TimelineRow {
  PartitionRange range;
  std::string label;             // e.g. "table 0000-3fff"
  std::vector<double> accepted;  // per second: accepted units, or -1 while not a partition
};

struct RunAnalysis {
  std::map<std::string, std::int64_t> partitions;  // per key space ("table", "GSI1")
  // (key space, partition) -> per second: accepted units of the run's unit (RCU or WCU)
  std::map<std::pair<std::string, std::int64_t>, std::vector<double>> accepted;
  std::vector<PartitionVerdict> verdicts;  // partitions that refused requests, hottest first
  std::vector<double> offered_units, accepted_units;  // per second, all key spaces
  std::vector<double> offered_ops, done_ops;          // per second
  std::map<std::string, std::int64_t> reasons;        // throttled requests by reason
  // Operations done per second over the steady seconds [steady_first, steady_last]: the
  // hottest refusing partition's window, or s1..last-1 when none refused.
  std::int64_t steady_first = 1, steady_last = 0;
  double steady_ops_per_second = 0;
  // Runs whose partitions change: the table's partitions over time, in hash order (a parent
  // before its halves). The verdicts above are then empty: a partition's cap is checked per
  // second by the scenario's own summary (capacity_scenarios.h).
  std::vector<TimelineRow> timeline_rows;
};

// The index, in hash order, of the partition holding partition key value `key` at `second` of
// a run with a partition timeline.
std::int64_t PartitionAtSecond(const VariantRun& run, std::int64_t second, const std::string& key);

// `partitions(index)`: the count the capacity report gives ("" = the table).
RunAnalysis Analyse(const VariantRun& run,
                    const std::function<std::int64_t(const std::string&)>& partitions);

// The per-key and per-partition rows of `run` (header included).
std::string RenderCsv(const VariantRun& run, const RunAnalysis& analysis, bool partitions_only);
std::string RenderHeatMapSvg(const VariantRun& run, const RunAnalysis& analysis);
// One chart per scenario: each variant's offered and accepted units per second.
std::string RenderScenarioChart(const std::vector<const VariantRun*>& runs,
                                const std::vector<const RunAnalysis*>& analyses);
// The summary lines of one run (the model's prediction, the measurement, the verdict).
std::string RenderSummary(const VariantRun& run, const RunAnalysis& analysis,
                          const std::string& where);

}  // namespace hrhot
