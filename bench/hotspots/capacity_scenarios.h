// The capacity-over-time scenarios of `hrctl hotspots` (issue 33 point 6; docs/capacity.md §7,
// §8, §10), on a table whose partitions change during the run:
//   launch-day    a new on-demand table whose traffic ramps to ten times its first rate: it
//                 throttles until on-demand scaling (double the previous peak, after the scale
//                 delay) catches up / the same table created with WarmThroughput for the peak:
//                 no throttles, and what the warm throughput costs;
//   viral-tenant  an organisation going viral across its employees' own partition keys, which
//                 hash into one partition: split for heat relieves that partition; beside it the
//                 organisation's one metrics item, driven above a key's cap, keeps throttling.
// The delays are scaled down (DatabaseSettings), because ten-fold growth at the service's pace
// takes over an hour. Every request is a new user's: a refused one is counted and not offered
// again (OpOutcome::kDropped), so the offered rate is the schedule's.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hrcore/errors.h"
#include "scenarios.h"

namespace hrhot {

bool IsCapacityScenario(const std::string& scenario);
// The variants of launch-day or viral-tenant for an in-process run (`virtual_clock`) or a run
// against ddb-local on the real clock, whose delays and rates are smaller still.
std::vector<VariantSpec> CapacityScenarioVariants(const std::string& scenario, bool virtual_clock);
// The settings ddb-local must be started with for `scenario`'s variants on the real clock.
DatabaseSettings CapacityScenarioSettings(const std::string& scenario);

// Creates the variant's table (WarmThroughput when spec.warm_write_units is set), runs the load
// and samples the table's partitions at the start of every second.
hrcore::Result<VariantRun> RunCapacityVariant(const VariantSpec& spec, Target& target);

// One second of a capacity-over-time run, over the table.
struct CapacitySecond {
  std::int64_t second = 0;
  double offered_wcu = 0, accepted_wcu = 0;
  std::int64_t offered_requests = 0, throttled_requests = 0;
  std::int64_t partitions = 0;  // at the second's start
  // viral-tenant: the organisation's metrics item (hot_key) apart from the employees' keys.
  std::int64_t hot_key_throttled = 0, others_throttled = 0;
  double hot_key_accepted_wcu = 0;
};
// `hot_key`: the partition key value counted apart ("" for none).
std::vector<CapacitySecond> CapacityTimeline(const VariantRun& run, const std::string& hot_key);

// The per-second CSV (second, offered/accepted WCU, throttles, partitions) and the summary.
std::string RenderCapacityTimelineCsv(const VariantRun& run);
std::string RenderCapacitySummary(const VariantRun& run, double dollars_per_warm_write_unit);

}  // namespace hrhot
