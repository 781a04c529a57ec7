// The `migration` scenario in process on a virtual clock: the re-key migration runs beside
// live hrcore traffic with throttling on, each side metered apart. The migration's consumption
// stays within the bound its token bucket implies (migration_scenario.h): at most 2B + c in
// any second and B·T + c over its run, B its budget and c its largest call; the live traffic
// runs throughout and is never throttled.
#include "migration_scenario.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "../hrcore/hr_fixture.h"
#include "hotspots_target.h"

namespace hrhot {
namespace migration_scenario_test {

MigrationScenarioSpec SmallSpec() {
  return MigrationScenarioSpec{.migration = "employee-rekey",
                               .capacity_fraction = 0.05,
                               .orgs = 2,
                               .employees_per_org = 40,
                               .live_ops_per_second = 20,
                               .lead_seconds = 2,
                               .tail_seconds = 2};
}

TEST(MigrationScenario, TheRekeyKeepsToItsBudgetFractionAndLiveTrafficIsNotThrottled) {
  auto target = MakeEmbeddedTarget();
  auto run = RunMigrationScenario(SmallSpec(), *target);
  ASSERT_TRUE(run.ok()) << run.error().ToString();
  EXPECT_EQ(run->record.state, "applied");
  EXPECT_TRUE(run->mismatches.empty()) << run->mismatches.front();
  // The budget is the fraction of one partition's caps (docs/capacity.md §2).
  EXPECT_DOUBLE_EQ(run->read_budget, 0.05 * 3000);
  EXPECT_DOUBLE_EQ(run->write_budget, 0.05 * 1000);

  const BudgetCheck c = CheckBudget(*run);
  for (const auto& b : c.breaches) ADD_FAILURE() << b;
  const double t = run->migration_last - run->migration_first;
  ASSERT_GT(t, 1.0);
  EXPECT_LE(c.total_write, run->write_budget * t + run->largest_write);
  EXPECT_LE(c.total_read, run->read_budget * t + run->largest_read);
  for (const MigrationSecond& s : run->seconds) {
    EXPECT_LE(s.migration.write_units, 2 * run->write_budget + run->largest_write) << s.second;
    EXPECT_LE(s.migration.read_units, 2 * run->read_budget + run->largest_read) << s.second;
  }
  // It did work: most of its budget over the run (the grace waits of its four schema
  // switches, 0.5 s each, are idle).
  EXPECT_GT(c.total_write, 0.5 * run->write_budget * t);

  // The meter (per side, at the client) and the runner (per call, in MigrationIo) agree on
  // what the migration consumed: both sum the service's ConsumedCapacity.
  EXPECT_DOUBLE_EQ(c.total_write, run->record.consumed.write_units);
  EXPECT_DOUBLE_EQ(c.total_read, run->record.consumed.read_units);

  // The live traffic ran during the migration, and was never refused.
  std::int64_t done_during = 0;
  for (const MigrationSecond& s : run->seconds) {
    if (s.second >= static_cast<std::int64_t>(run->migration_first) + 1 &&
        s.second + 1 <= static_cast<std::int64_t>(run->migration_last))
      done_during += s.live_done;
  }
  EXPECT_GE(done_during, static_cast<std::int64_t>(20 * (t - 2) - 1));
  EXPECT_EQ(c.live_throttled, 0);
  EXPECT_EQ(c.live_requests_throttled, 0);
  EXPECT_EQ(c.live_failed, 0) << (run->live_failures.empty() ? "" : run->live_failures.front());
  EXPECT_EQ(c.live_done, c.live_offered);
}

TEST(MigrationScenario, IsRepeatableOnTheVirtualClock) {
  auto a = RunMigrationScenario(SmallSpec(), *MakeEmbeddedTarget());
  auto b = RunMigrationScenario(SmallSpec(), *MakeEmbeddedTarget());
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(RenderMigrationCsv(*a), RenderMigrationCsv(*b));
}

// The same over HTTP against ddb-local on the real clock: the live traffic on its own thread
// beside the migration. The bounds follow from the token bucket whatever the machine's speed
// (a slower machine only consumes less per second); the live side offers a few hundred WCU a
// second at most to partitions that serve 1,000, so it is never throttled. (CTest's
// hotspots.migration_over_http sets DDB_LOCAL_BIN; the case is filtered out elsewhere.)
TEST(MigrationScenarioOverHttp, TheRekeyKeepsToItsBudgetAgainstDdbLocal) {
  if (std::getenv("DDB_LOCAL_BIN") == nullptr) GTEST_SKIP() << "needs DDB_LOCAL_BIN";
  auto target = MakeHttpTarget(hrcore::testing::LocalServer::Get().endpoint());
  ASSERT_TRUE(target.ok()) << target.error().ToString();
  MigrationScenarioSpec spec = SmallSpec();
  spec.orgs = 1;
  spec.employees_per_org = 30;
  spec.capacity_fraction = 0.2;
  spec.lead_seconds = spec.tail_seconds = 1;
  auto run = RunMigrationScenario(spec, **target);
  ASSERT_TRUE(run.ok()) << run.error().ToString();
  EXPECT_EQ(run->record.state, "applied");
  EXPECT_TRUE(run->mismatches.empty()) << run->mismatches.front();
  const BudgetCheck c = CheckBudget(*run);
  for (const auto& b : c.breaches) ADD_FAILURE() << b;
  EXPECT_GT(c.total_write, 0);
  EXPECT_DOUBLE_EQ(c.total_write, run->record.consumed.write_units);
  EXPECT_GT(c.live_done, 0);
  EXPECT_EQ(c.live_throttled, 0);
  EXPECT_EQ(c.live_requests_throttled, 0);
}

}  // namespace migration_scenario_test
}  // namespace hrhot
