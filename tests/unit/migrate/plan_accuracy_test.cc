// `plan` predicts what `run` will report. Each migration is planned and then run on the same
// quiet seeded table (no live traffic: the plan models none), and the plan's items scanned and
// written, and its RCU and WCU, are compared with the record the run saves — which sums the
// ConsumedCapacity the service returned for every call. The model replays the run page by
// page (plan_model.h), so the comparison is exact, the record's own saves included (each
// record counts the Put that writes it). role-default runs first, so its plan also places the
// #MIGRATION partition the sample has not seen yet (last in the scan order).
#include <gtest/gtest.h>

#include "migrate_fixture.h"

namespace hrcore::testing {
namespace plan_accuracy_test {

void ExpectRunAsPlanned(const MigrationPlan& plan, const MigrationRecord& run) {
  EXPECT_EQ(plan.items_to_scan, run.tally.scanned) << plan.info.name;
  EXPECT_EQ(plan.items_to_write, run.tally.written) << plan.info.name;
  EXPECT_DOUBLE_EQ(plan.write_units, run.consumed.write_units) << plan.info.name;
  EXPECT_DOUBLE_EQ(plan.read_units, run.consumed.read_units) << plan.info.name;
  double steps_r = 0, steps_w = 0;
  for (const auto& s : plan.steps) {
    steps_r += s.read_units;
    steps_w += s.write_units;
  }
  // The steps and the record work around them add up to the plan's totals.
  EXPECT_LE(steps_r, plan.read_units);
  EXPECT_LE(steps_w, plan.write_units);
}

// Page sizes that end pages inside organisations, and one that ends the backfill on a full
// page (which the service follows with an empty page and the run with one more checkpoint).
class PlanAccuracyTest : public MigrateFixture, public ::testing::WithParamInterface<int> {};

TEST_P(PlanAccuracyTest, EachMigrationRunsAsPlannedOnAQuietTable) {
  if (OverHttp()) GTEST_SKIP() << "in process";
  Seed(2, 12);
  MigrationOptions o = Options(table_);
  o.page_size = GetParam();
  for (const std::string name : {"role-default", "employee-status-index", "employee-rekey"}) {
    auto plan = PlanMigration(*client_, name, o);
    ASSERT_TRUE(plan.ok()) << plan.error().ToString();
    ASSERT_GT(plan->items_to_write, 0) << name;
    auto run = RunMigration(*client_, name, o);
    ASSERT_TRUE(run.ok()) << run.error().ToString();
    ASSERT_EQ(run->runs, 1);
    ExpectRunAsPlanned(*plan, *run);
  }
}

INSTANTIATE_TEST_SUITE_P(PageSize, PlanAccuracyTest, ::testing::Values(7, 10, 25));

}  // namespace plan_accuracy_test
}  // namespace hrcore::testing
