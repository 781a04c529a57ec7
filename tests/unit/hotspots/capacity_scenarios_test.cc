// The capacity-over-time scenarios (bench/hotspots/capacity_scenarios.h) in process on the
// virtual clock, with their scaled-down delays: a launch-day ramp throttles until on-demand
// scaling catches up and not at all when the table is pre-warmed; a viral tenant's partition of
// many keys is relieved by split for heat, its one hot item is not (docs/capacity.md §7, §8,
// §10). Each variant runs once for the whole suite (a few seconds each).
#include "capacity_scenarios.h"

#include <gtest/gtest.h>

#include <map>

#include "hotspots_report.h"
#include "hotspots_target.h"
#include "hrcore/warm_throughput_cost.h"
#include "scenarios.h"

namespace hrhot {
namespace capacity_scenarios_test {

const VariantRun& RunOf(const std::string& scenario, const std::string& variant) {
  static std::map<std::string, VariantRun> runs;
  const std::string id = scenario + "/" + variant;
  auto it = runs.find(id);
  if (it != runs.end()) return it->second;
  auto target = MakeEmbeddedTarget();
  for (const VariantSpec& spec : ScenarioVariants(scenario)) {
    if (spec.variant != variant) continue;
    auto run = RunVariant(spec, *target);
    EXPECT_TRUE(run.ok()) << (run.ok() ? "" : run.error().ToString());
    if (run.ok()) return runs.emplace(id, std::move(run).value()).first->second;
  }
  ADD_FAILURE() << "no run " << id;
  return runs[id];
}

TEST(LaunchDay, TheOfferedRateRampsTenfold) {
  const auto t = CapacityTimeline(RunOf("launch-day", "on-demand"), "");
  ASSERT_GE(t.size(), 26u);
  // 75 -> 750 writes of 40 KB a second over 20 s: the first second averages 91.9 writes.
  EXPECT_EQ(t[0].offered_requests, 92);
  EXPECT_EQ(t[0].offered_wcu, 92 * 40);
  for (std::size_t s = 20; s < 26; ++s) EXPECT_EQ(t[s].offered_wcu, 30000) << "second " << s;
}

TEST(LaunchDay, OnDemandThrottlesUntilTheDoublingCatchesUpWithPartitionsRising) {
  const VariantRun& run = RunOf("launch-day", "on-demand");
  const auto t = CapacityTimeline(run, "");
  ASSERT_GE(t.size(), 26u);
  EXPECT_EQ(t[0].partitions, 4);
  // Above 4,000 WCU/s on 4 partitions, before the first doubling (5 s after the first peak),
  // once the buckets' first second of capacity is spent (s0-s1 serve up to 4,000 more).
  std::int64_t early = 0;
  for (std::size_t s = 0; s < 6; ++s) {
    if (s >= 3 && t[s].partitions == 4) {
      EXPECT_GT(t[s].throttled_requests, 0) << "second " << s;
    }
    early += t[s].throttled_requests;
  }
  EXPECT_GT(early, 0);
  // Partitions only split, never merge, and the last doubling gives every part 1/32 or less.
  for (std::size_t s = 1; s < t.size(); ++s) EXPECT_GE(t[s].partitions, t[s - 1].partitions);
  EXPECT_GE(t.back().partitions, 32);
  std::size_t caught_up = t.size();
  for (std::size_t s = 0; s < t.size(); ++s) {
    if (t[s].partitions >= 32) {
      caught_up = s;
      break;
    }
  }
  ASSERT_LT(caught_up + 5, t.size()) << "the scale never caught up with the ramp";
  for (std::size_t s = caught_up; s < t.size(); ++s) {
    EXPECT_EQ(t[s].throttled_requests, 0) << "second " << s;
    EXPECT_EQ(t[s].accepted_wcu, t[s].offered_wcu) << "second " << s;
  }
  EXPECT_EQ(run.stats.model_mismatches(), 0);
}

TEST(LaunchDay, WarmThroughputAtThePeakMeansNoThrottles) {
  const VariantRun& run = RunOf("launch-day", "warm");
  const auto t = CapacityTimeline(run, "");
  ASSERT_GE(t.size(), 26u);
  EXPECT_EQ(t[0].partitions, 32);  // WriteUnitsPerSecond 32,000: 32 partitions at once
  for (const CapacitySecond& c : t) {
    EXPECT_EQ(c.throttled_requests, 0) << "second " << c.second;
    EXPECT_EQ(c.accepted_wcu, c.offered_wcu) << "second " << c.second;
  }
  EXPECT_EQ(run.result.completed, run.result.offered);
  const std::string summary = RenderCapacitySummary(run, 1.25e-6);
  EXPECT_NE(summary.find("raises a new table's 4,000 by 28000 write units"), std::string::npos)
      << summary;
  EXPECT_NE(summary.find("$0.0350"), std::string::npos) << summary;
}

TEST(LaunchDay, WarmThroughputIsPricedOnTheUnitsRaised) {
  // The same function `hrctl cost` and `hrctl migrate plan` price with.
  const hrcore::WarmThroughputPrices prices{1e-6, 2e-6};
  const hrcore::WarmRaise cost = hrcore::PriceWarmRaise("t", 12000, 4000, 15000, 32000, prices);
  EXPECT_EQ(cost.write_raised, 28000);
  EXPECT_EQ(cost.read_raised, 3000);
  EXPECT_DOUBLE_EQ(cost.dollars, 28000 * 2e-6 + 3000 * 1e-6);
  EXPECT_EQ(hrcore::PriceWarmRaise("t", 12000, 4000, 12000, 4000, {1, 1}).dollars, 0);
  // Warm throughput never decreases: a lower target costs nothing and keeps the current value.
  const hrcore::WarmRaise lower = hrcore::PriceWarmRaise("t", 12000, 4000, 100, 100, {1, 1});
  EXPECT_EQ(lower.dollars, 0);
  EXPECT_EQ(lower.target_write, 4000);
}

// The second of the first split for heat, or -1.
std::int64_t SplitSecond(const std::vector<CapacitySecond>& t) {
  for (const CapacitySecond& c : t) {
    if (c.partitions > 4) return c.second;
  }
  return -1;
}

TEST(ViralTenant, SplitForHeatRelievesTheEmployeesPartition) {
  const VariantRun& run = RunOf("viral-tenant", "split-for-heat");
  const auto t = CapacityTimeline(run, run.org_key);
  const std::int64_t split = SplitSecond(t);
  ASSERT_GT(split, 0) << "the employees' partition never split";
  // 5 hot seconds (the 500 -> 1,800 WCU/s ramp is at 80% of the cap from its first second).
  EXPECT_LE(split, 6);
  std::int64_t before = 0;
  for (std::int64_t s = 0; s < split; ++s) before += t[s].others_throttled;
  EXPECT_GT(before, 200);  // of 4 KB writes: 800 WCU and more a second refused
  // The halves keep the parent's debt for the split's own second; after it, none.
  for (std::size_t s = split + 1; s < t.size(); ++s) {
    EXPECT_EQ(t[s].others_throttled, 0) << "second " << s;
  }
  ASSERT_GE(t.size(), static_cast<std::size_t>(split + 5));
}

TEST(ViralTenant, TheOneHotCounterItemKeepsThrottlingAfterTheSplit) {
  const VariantRun& run = RunOf("viral-tenant", "split-for-heat");
  const auto t = CapacityTimeline(run, run.org_key);
  const std::int64_t split = SplitSecond(t);
  ASSERT_GT(split, 0);
  for (std::size_t s = split; s < t.size(); ++s) {
    EXPECT_GT(t[s].hot_key_throttled, 0) << "second " << s;
    // One key's cap, exactly: 1,800 increments of 1 WCU offered, 1,000 served.
    EXPECT_EQ(t[s].hot_key_accepted_wcu, 1000) << "second " << s;
  }
}

TEST(ViralTenant, TheHeatMapShowsPartitionsAppearingOverTime) {
  const VariantRun& run = RunOf("viral-tenant", "split-for-heat");
  const RunAnalysis a = Analyse(run, [](const std::string&) { return std::int64_t{4}; });
  const std::int64_t split = SplitSecond(CapacityTimeline(run, run.org_key));
  ASSERT_GT(split, 0);
  // The four quarters, then the halves the first one split into (and any later split).
  ASSERT_GE(a.timeline_rows.size(), 6u);
  const TimelineRow& parent = a.timeline_rows.front();
  EXPECT_EQ(parent.range.first_hash, 0u);
  EXPECT_GE(parent.accepted[split - 1], 0);
  EXPECT_LT(parent.accepted[split], 0);  // no longer a partition
  const TimelineRow& half = a.timeline_rows[1];
  EXPECT_EQ(half.range.first_hash, 0u);
  EXPECT_LT(half.accepted[split - 1], 0);  // not yet a partition
  EXPECT_GE(half.accepted[split], 0);
  const std::string svg = RenderHeatMapSvg(run, a);
  EXPECT_NE(svg.find("not a partition"), std::string::npos);
  EXPECT_NE(svg.find("table 0000-"), std::string::npos);
}

TEST(CapacityScenarios, OnTheRealClockTheyNameTheServerFlagsTheyNeed) {
  EXPECT_EQ(CapacityScenarioSettings("launch-day").Describe(), "--on-demand-scale-delay-ms 2000");
  EXPECT_EQ(CapacityScenarioSettings("viral-tenant").Describe(), "--split-for-heat 5,50");
  for (const char* old : {"org-import", "dept-reorg", "open-jobs", "login-storm"}) {
    for (const VariantSpec& spec : ScenarioVariants(old)) {
      EXPECT_TRUE(spec.database.is_default()) << old;
      EXPECT_EQ(spec.limits.ramp_seconds, 0) << old;
      EXPECT_EQ(spec.warm_write_units, 0) << old;
    }
  }
}

}  // namespace capacity_scenarios_test
}  // namespace hrhot
