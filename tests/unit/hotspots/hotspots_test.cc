// The hot-partition scenarios in process on a virtual clock: their figures are the capacity
// model's (docs/capacity.md §2), exactly. Assertions are averages over whole steady seconds,
// which are the same whether a bucket refuses a request it cannot pay for or admits it and
// carries the debt.
#include <gtest/gtest.h>

#include <algorithm>

#include "hotspots_report.h"
#include "hotspots_target.h"
#include "scenarios.h"
#include "svg_chart.h"

namespace hrhot {
namespace hotspots_test {

struct Measured {
  VariantRun run;
  RunAnalysis analysis;
};

Measured RunOne(const std::string& scenario, const std::string& variant) {
  auto target = MakeEmbeddedTarget();
  for (const VariantSpec& spec : ScenarioVariants(scenario)) {
    if (spec.variant != variant) continue;
    auto run = RunVariant(spec, *target);
    EXPECT_TRUE(run.ok()) << (run.ok() ? "" : run.error().ToString());
    if (!run.ok()) return {};
    Measured m{std::move(run).value(), {}};
    m.analysis =
        Analyse(m.run, [&](const std::string& index) { return target->Partitions(index); });
    return m;
  }
  ADD_FAILURE() << "no variant " << variant;
  return {};
}

const PartitionVerdict* VerdictFor(const Measured& m, const std::string& keyspace,
                                   const std::string& key) {
  const std::int64_t p = PartitionOfKey(key, m.analysis.partitions.at(keyspace));
  for (const auto& v : m.analysis.verdicts) {
    if (v.keyspace == keyspace && v.partition == p) return &v;
  }
  return nullptr;
}

double Window(const PartitionVerdict& v) { return static_cast<double>(v.last - v.first + 1); }

TEST(HotspotsTest, LoginStormWithStronglyConsistentAp1ServesExactlyThePartitionReadCap) {
  Measured m = RunOne("login-storm", "baseline");
  const PartitionVerdict* hot = VerdictFor(m, kTableSpace, m.run.org_key);
  ASSERT_NE(hot, nullptr);
  // Only AP1 reads the table, all on ORG#<org>: its partition serves 3,000 RCU/s, i.e. 3,000
  // strongly consistent logins per second, and no more.
  EXPECT_EQ(hot->hottest_key, m.run.org_key);
  EXPECT_GE(Window(*hot), 2);
  EXPECT_NEAR(hot->average, kPartitionReadCap, hot->largest_request / Window(*hot));
  EXPECT_TRUE(hot->at_cap());
  EXPECT_NEAR(m.analysis.steady_ops_per_second, 3000, 1.0 / Window(*hot) + 1e-9);
  EXPECT_GT(m.analysis.reasons["TableReadKeyRangeThroughputExceeded"], 0);
}

TEST(HotspotsTest, LoginStormWithEventuallyConsistentAp1IsNeverThrottled) {
  Measured m = RunOne("login-storm", "eventual");
  // Half a unit per read: 5,000 logins/s are 2,500 RCU/s on ORG#, under its 3,000.
  EXPECT_TRUE(m.analysis.verdicts.empty());
  EXPECT_TRUE(m.analysis.reasons.empty());
  EXPECT_DOUBLE_EQ(m.analysis.steady_ops_per_second, 5000);
  EXPECT_EQ(m.run.result.offered, m.run.result.completed);
}

TEST(HotspotsTest, OrgImportIsCappedAtOnePartitionsWriteCapAndShardingLiftsIt) {
  Measured base = RunOne("org-import", "baseline");
  const PartitionVerdict* hot = VerdictFor(base, kTableSpace, base.run.org_key);
  ASSERT_NE(hot, nullptr);
  EXPECT_EQ(hot->hottest_key, base.run.org_key);
  EXPECT_NEAR(hot->average, kPartitionWriteCap, hot->largest_request / Window(*hot));
  EXPECT_TRUE(hot->at_cap());
  EXPECT_EQ(base.run.stats.model_mismatches(), 0) << base.run.stats.first_mismatch();
  EXPECT_EQ(base.run.result.completed, 1000);

  Measured fix = RunOne("org-import", "sharded");
  EXPECT_EQ(fix.run.stats.model_mismatches(), 0) << fix.run.stats.first_mismatch();
  EXPECT_EQ(fix.run.result.completed, 1000);
  // Every partition's offered WCU/s stays under its cap: nothing refused, 300 hires/s served.
  EXPECT_TRUE(fix.analysis.reasons.empty());
  EXPECT_DOUBLE_EQ(fix.analysis.steady_ops_per_second, 300);
  EXPECT_GT(fix.analysis.steady_ops_per_second, base.analysis.steady_ops_per_second * 1.5);
}

TEST(HotspotsTest, ChartsAreStandaloneSvg) {
  LineChart chart{"t", "WCU/s", {Series{"a <b>", "#000", false, {1, 2, 3}}}, {{2, "cap"}}};
  const std::string svg = RenderLineChart(chart);
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_NE(svg.find("a &lt;b&gt;"), std::string::npos);
  EXPECT_NE(svg.find("</svg>"), std::string::npos);
  HeatMap map{"h", {"table p0"}, {{0, 0.5, 1.0, 2.0}}, {}};
  EXPECT_NE(RenderHeatMap(map).find("100% of cap"), std::string::npos);
}

}  // namespace hotspots_test
}  // namespace hrhot
