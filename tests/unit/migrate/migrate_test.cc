// The three migrations on a seeded table while hrcore's service functions keep writing and
// reading: each step leaves the HR invariants holding and AP3 listing the same employees, each
// migration verifies item by item, and the consumption of both sides is reported. Runs in
// process on a virtual clock and, with HRCORE_BACKEND=http, against ddb-local.
#include <gtest/gtest.h>

#include "migrate_fixture.h"

namespace hrcore::testing {
namespace migrate_test {

class MigrateTest : public MigrateFixture {};

std::vector<std::pair<TenantContext, std::vector<std::string>>> Plain(
    const std::vector<MigrateFixture::OrgData>& orgs) {
  std::vector<std::pair<TenantContext, std::vector<std::string>>> out;
  for (const auto& o : orgs) out.push_back({o.ctx, o.depts});
  return out;
}

TEST_F(MigrateTest, AllThreeMigrationsUnderLiveTrafficKeepInvariantsAndAp3) {
  Seed(3, 16);
  auto live_svc = LiveService();
  auto reader = LiveService();
  const TenantContext watched = orgs_[0].ctx;
  const std::set<std::string> directory = Directory(*reader, watched);
  ASSERT_EQ(directory.size(), 16u);
  reader->TakeConsumed();

  LiveTraffic live(*live_svc, Plain(orgs_));
  int boundaries = 0;
  int ops_at_rekey = -1;
  MigrationOptions o = Options(table_);
  // At the start of every step (after the previous one and its switch): pause the traffic,
  // then the invariants must hold and AP3 must list the same employees.
  o.progress = [&](const MigrationProgress& p) {
    if (p.checkpoint) return;
    // The re-key's later steps start only once live traffic has run beside its first (the
    // migration runs on the virtual clock and could otherwise finish before the traffic's
    // thread is scheduled on a loaded machine).
    if (p.migration == "employee-rekey" && p.step == 1) {
      EXPECT_TRUE(live.WaitForOpsAbove(ops_at_rekey, std::chrono::seconds(60)))
          << "no live traffic during the re-key's first step";
    }
    std::lock_guard pause(live.gate);
    ++boundaries;
    ExpectInvariants(p.migration + " before step " + std::to_string(p.step + 1));
    EXPECT_EQ(Directory(*reader, watched), directory) << p.migration << " step " << p.step + 1;
  };
  for (const std::string name : {"role-default", "employee-status-index", "employee-rekey"}) {
    const int ops_before = live.ops;
    if (name == std::string("employee-rekey")) ops_at_rekey = ops_before;
    auto rec = RunMigration(*client_, name, o);
    ASSERT_TRUE(rec.ok()) << name << ": " << rec.error().ToString();
    EXPECT_EQ(rec->state, "applied");
    EXPECT_GT(rec->tally.written, 0) << name << " found nothing to do";
    std::lock_guard pause(live.gate);
    if (name == "employee-rekey") {
      EXPECT_GT(live.ops, ops_before) << "no traffic during the re-key";
    }
    auto v = VerifyMigration(*client_, name, o);
    ASSERT_TRUE(v.ok()) << v.error().ToString();
    EXPECT_GT(v->checked, 0);
    for (const auto& m : v->mismatches) ADD_FAILURE() << name << ": " << m;
    ExpectInvariants("after " + name);
    EXPECT_EQ(Directory(*reader, watched), directory) << "after " << name;
  }
  live.Stop();
  EXPECT_EQ(boundaries, 1 + 3 + 6);
  EXPECT_GT(live.ops, 0);
  for (const auto& f : live.failures) ADD_FAILURE() << "live traffic: " << f;

  // The re-keyed directory is sorted by last name; AP13 lists by status from GSI2.
  auto page = reader->ListEmployees(watched, {.limit = 100});
  ASSERT_TRUE(page.ok());
  for (std::size_t i = 1; i < page->items.size(); ++i)
    EXPECT_LE(page->items[i - 1].last_name, page->items[i].last_name);
  std::set<std::string> active, inactive;
  for (const auto& e : page->items)
    (e.status == EmployeeStatus::kActive ? active : inactive).insert(e.emp_id);
  for (auto [status, want] : {std::pair{EmployeeStatus::kActive, &active},
                              std::pair{EmployeeStatus::kInactive, &inactive}}) {
    auto by_status = reader->ListEmployeesByStatus(watched, status, {.limit = 100});
    ASSERT_TRUE(by_status.ok()) << by_status.error().ToString();
    std::set<std::string> got;
    for (const auto& e : by_status->items) got.insert(e.emp_id);
    EXPECT_EQ(got, *want);
  }
  // No old-shape employee is left, and no migration item is visible to the patterns.
  for (const auto& [key, item] : DumpTable(table_)) {
    if (key.first.rfind("ORG#", 0) == 0 && key.second.rfind("EMP#", 0) == 0) {
      EXPECT_EQ(item.count("keyVersion"), 1u) << key.second;
    }
  }

  // Consumption, per side (ConsumedCapacity TOTAL of every call).
  auto status = MigrationStatus(*client_, o);
  ASSERT_TRUE(status.ok());
  Consumed traffic = live_svc->TakeConsumed();
  for (const auto& r : *status) {
    EXPECT_GT(r.consumed.write_units, 0) << r.info.name;
    std::printf("migration %-22s %8.1f RCU %8.1f WCU %5lld calls %4lld throttled\n",
                r.info.name.c_str(), r.consumed.read_units, r.consumed.write_units,
                static_cast<long long>(r.consumed.calls),
                static_cast<long long>(r.consumed.throttled));
  }
  std::printf("live traffic             %8.1f RCU %8.1f WCU %5d calls (%d operations)\n",
              traffic.read_units, traffic.write_units, traffic.calls, live.ops.load());
  EXPECT_GT(traffic.write_units, 0);
}

// An injected stop at random writes (a crash mid-page, after some of its writes and before its
// checkpoint), resumed each time, ends in the same table as an uninterrupted run.
TEST_F(MigrateTest, RunsStoppedAtRandomWritesAndResumedEndInTheSameTable) {
  Seed(2, 12);
  const std::string twin = Clone("-twin");
  std::mt19937 rng(42);
  for (const std::string name : {"role-default", "employee-status-index", "employee-rekey"}) {
    ASSERT_TRUE(RunMigration(*client_, name, Options(table_)).ok()) << name;
    MigrationOptions o = Options(twin);
    int stops = 0;
    for (;;) {
      int writes_left = 1 + static_cast<int>(rng() % 23);
      o.stop_before_write = [&](const MigrationProgress&) { return --writes_left < 0; };
      auto r = RunMigration(*client_, name, o);
      if (r.ok()) break;
      ASSERT_EQ(r.error().message().rfind("interrupted", 0), 0u) << r.error().ToString();
      ++stops;
      auto st = MigrationStatus(*client_, o);
      ASSERT_TRUE(st.ok());
      ASSERT_LT(stops, 200);
    }
    EXPECT_GT(stops, 0) << name;
  }
  Dump a = DumpTable(table_), b = DumpTable(twin);
  EXPECT_EQ(a.size(), b.size());
  for (const auto& [key, item] : a) {
    auto it = b.find(key);
    if (it == b.end()) {
      ADD_FAILURE() << "missing in the resumed table: " << key.first << " / " << key.second;
    } else {
      EXPECT_TRUE(it->second == item) << key.first << " / " << key.second;
    }
  }
}

// A write that bypassed the dual-write (an hrcore process still on the review's schema) after
// the backfill copied its employee: the verify step finds the copy stale and copies again.
TEST_F(MigrateTest, VerifyRepairsACopyAStaleWriterLeftBehind) {
  Seed(1, 10);
  MigrationOptions o = Options(table_);
  ASSERT_TRUE(RunMigration(*client_, "role-default", o).ok());
  ASSERT_TRUE(RunMigration(*client_, "employee-status-index", o).ok());
  auto svc = LiveService();
  auto list = svc->ListEmployees(orgs_[0].ctx, {.limit = 1});
  ASSERT_TRUE(list.ok());
  const Employee victim = list->items[0];
  ASSERT_TRUE(list->next_cursor.has_value());
  const std::string hire_order_cursor = *list->next_cursor;
  o.progress = [&](const MigrationProgress& p) {
    if (p.checkpoint || p.step != 2) return;  // the start of the verify step
    ASSERT_TRUE(client_
                    ->UpdateItem(
                        {.table_name = table_,
                         .key = {{"PK", ddbemu::AttributeValue::S("ORG#" + victim.org_id)},
                                 {"SK", ddbemu::AttributeValue::S("EMP#" + victim.emp_id)}},
                         .update_expression = "SET lastName = :l, version = version + :one",
                         .expression_attribute_values = {{":l", ddbemu::AttributeValue::S("Stale")},
                                                         {":one", ddbemu::AttributeValue::N("1")}}})
                    .ok());
  };
  auto rec = RunMigration(*client_, "employee-rekey", o);
  ASSERT_TRUE(rec.ok()) << rec.error().ToString();
  auto got = svc->GetEmployee(orgs_[0].ctx, victim.emp_id);
  ASSERT_TRUE(got.ok()) << got.error().ToString();
  EXPECT_EQ(got->last_name, "Stale");
  EXPECT_EQ(got->version, victim.version + 1);
  auto v = VerifyMigration(*client_, "employee-rekey", o);
  ASSERT_TRUE(v.ok());
  EXPECT_TRUE(v->mismatches.empty());
  ExpectInvariants("after the repaired re-key");
  // A cursor of the hire-order listing means nothing in the last-name order: refused.
  auto stale = svc->ListEmployees(orgs_[0].ctx, {.limit = 1, .cursor = hire_order_cursor});
  ASSERT_FALSE(stale.ok());
  EXPECT_EQ(stale.error().kind(), ErrorKind::kInvalidCursor);
}

// After the cut-over reads come from the new shape, so verify judges by it: an old item a
// stale writer changed (a process still writing the review's key) and a lost EMPREF# item are
// reported, and --repair copies them back from the new shape, which reads kept answering from.
// Once writes go to the new shape only, a lost EMPREF# item is repaired from the new item too.
TEST_F(MigrateTest, VerifyAfterTheCutOverRepairsFromTheNewShape) {
  Seed(1, 10);
  MigrationOptions o = Options(table_);
  ASSERT_TRUE(RunMigration(*client_, "role-default", o).ok());
  ASSERT_TRUE(RunMigration(*client_, "employee-status-index", o).ok());
  auto svc = LiveService();
  auto list = svc->ListEmployees(orgs_[0].ctx, {.limit = 2});
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->items.size(), 2u);
  const Employee stale = list->items[0], unreferenced = list->items[1];
  const std::string pk = "ORG#" + stale.org_id;
  auto key = [&](const std::string& sk) {
    return Item{{"PK", ddbemu::AttributeValue::S(pk)}, {"SK", ddbemu::AttributeValue::S(sk)}};
  };
  auto get = [&](const std::string& sk) {
    auto r = client_->GetItem({.table_name = table_, .key = key(sk), .consistent_read = true});
    EXPECT_TRUE(r.ok());
    return r.ok() ? r->item : std::nullopt;
  };
  const std::string stale_old_sk = "EMP#" + stale.emp_id;
  const std::string ref_sk = "EMPREF#" + unreferenced.emp_id;

  bool checked_after_cut_over = false;
  o.progress = [&](const MigrationProgress& p) {
    if (p.checkpoint || p.step != 4) return;  // reads from new, both shapes written
    checked_after_cut_over = true;
    ASSERT_TRUE(client_
                    ->UpdateItem(
                        {.table_name = table_,
                         .key = key(stale_old_sk),
                         .update_expression = "SET lastName = :l, version = version + :one",
                         .expression_attribute_values = {{":l", ddbemu::AttributeValue::S("Stale")},
                                                         {":one", ddbemu::AttributeValue::N("1")}}})
                    .ok());
    ASSERT_TRUE(client_->DeleteItem({.table_name = table_, .key = key(ref_sk)}).ok());

    auto report = VerifyMigration(*client_, "employee-rekey", o);
    ASSERT_TRUE(report.ok()) << report.error().ToString();
    EXPECT_EQ(report->repaired, 0);
    EXPECT_EQ(report->mismatches.size(), 2u);  // the differing shapes, the missing EMPREF#

    MigrationOptions repairing = o;
    repairing.repair = true;
    report = VerifyMigration(*client_, "employee-rekey", repairing);
    ASSERT_TRUE(report.ok()) << report.error().ToString();
    EXPECT_EQ(report->repaired, 2);
    EXPECT_TRUE(report->mismatches.empty()) << report->mismatches.front();
    // The new shape won: the old item is its twin again, and reads never saw "Stale".
    auto old_item = get(stale_old_sk);
    ASSERT_TRUE(old_item.has_value());
    EXPECT_EQ(Attr(*old_item, "lastName").scalar(), stale.last_name);
    EXPECT_EQ(Attr(*old_item, "version").scalar(), std::to_string(stale.version));
    EXPECT_TRUE(get(ref_sk).has_value());
    auto got = svc->GetEmployee(orgs_[0].ctx, unreferenced.emp_id);
    ASSERT_TRUE(got.ok()) << got.error().ToString();
    EXPECT_EQ(got->last_name, unreferenced.last_name);
    ExpectInvariants("after the repair past the cut-over");
  };
  auto rec = RunMigration(*client_, "employee-rekey", o);
  ASSERT_TRUE(rec.ok()) << rec.error().ToString();
  EXPECT_TRUE(checked_after_cut_over);

  // New shape only: the lost lookup item is reported, then rebuilt from the new item.
  ASSERT_TRUE(client_->DeleteItem({.table_name = table_, .key = key(ref_sk)}).ok());
  o.progress = nullptr;
  auto report = VerifyMigration(*client_, "employee-rekey", o);
  ASSERT_TRUE(report.ok());
  EXPECT_EQ(report->mismatches.size(), 1u);
  o.repair = true;
  report = VerifyMigration(*client_, "employee-rekey", o);
  ASSERT_TRUE(report.ok());
  EXPECT_EQ(report->repaired, 1);
  EXPECT_TRUE(report->mismatches.empty());
  auto got = svc->GetEmployee(orgs_[0].ctx, unreferenced.emp_id);
  ASSERT_TRUE(got.ok()) << got.error().ToString();
  ExpectInvariants("after the repair in the new shape only");
}

// The runner reads time only through MigrationOptions::clock (pacing, checkpoint times, ETA),
// so a test can hand it a VirtualClock; without one it refuses to start.
TEST_F(MigrateTest, RefusesToRunWithoutItsClock) {
  MigrationOptions o = Options(table_);
  o.clock = nullptr;
  auto run = RunMigration(*client_, "role-default", o);
  ASSERT_FALSE(run.ok());
  EXPECT_EQ(run.error().kind(), ErrorKind::kInvalidArgument);
  auto plan = PlanMigration(*client_, "role-default", o);
  ASSERT_FALSE(plan.ok());
  EXPECT_EQ(plan.error().kind(), ErrorKind::kInvalidArgument);
  auto status = MigrationStatus(*client_, Options(table_));
  ASSERT_TRUE(status.ok());
  EXPECT_EQ(status->front().state, "pending");  // nothing was written
}

// The pace holds (in virtual time: units consumed / seconds elapsed), and a budget above what
// a partition serves is throttled and backed off from, without failing.
TEST_F(MigrateTest, PacesToItsBudgetAndBacksOffWhenThrottled) {
  if (OverHttp()) GTEST_SKIP() << "virtual time only";
  Seed(2, 30);
  MigrationOptions o = Options(table_);
  o.capacity_fraction = 0.02;  // 60 RCU/s, 20 WCU/s
  ASSERT_TRUE(RunMigration(*client_, "role-default", o).ok());
  const std::int64_t t0 = clock_->NowMicros();
  auto rec = RunMigration(*client_, "employee-status-index", o);
  ASSERT_TRUE(rec.ok()) << rec.error().ToString();
  const double seconds = static_cast<double>(clock_->NowMicros() - t0) / 1e6;
  const MigrationCapacity used = rec->consumed;
  ASSERT_GT(used.write_units, 100);
  // One second of budget may be banked, and the last call may overdraw by its own cost.
  EXPECT_LE(used.write_units, 20 * (seconds + 1) + 10) << seconds << " s";
  EXPECT_GE(seconds, used.write_units / 20 - 2) << used.write_units << " WCU";

  // Far above what a partition serves (1,000 WCU/s), on a partition live writes have just
  // drained: the service throttles the migration, which backs off and still completes.
  o.max_write_units = 1e6;
  o.max_read_units = 1e6;
  o.page_size = 100;
  const std::string hot_pk = "ORG#" + orgs_[0].ctx.org_id;
  for (int i = 0; i < 1000; ++i)
    (void)client_->PutItem({.table_name = table_,
                            .item = {{"PK", ddbemu::AttributeValue::S(hot_pk)},
                                     {"SK", ddbemu::AttributeValue::S("#LOAD")}}});
  rec = RunMigration(*client_, "employee-rekey", o);
  ASSERT_TRUE(rec.ok()) << rec.error().ToString();
  EXPECT_GT(rec->consumed.throttled, 0);
  auto v = VerifyMigration(*client_, "employee-rekey", o);
  ASSERT_TRUE(v.ok());
  EXPECT_TRUE(v->mismatches.empty()) << v->mismatches.front();
}

// Rollback: the re-key stopped inside its backfill and the status index are undone to the
// table they started from; an attribute backfill, and a re-key past new-only writes, refuse.
TEST_F(MigrateTest, RollbacksRestoreTheTableWhereTheKindAllows) {
  Seed(2, 8);
  MigrationOptions o = Options(table_);
  ASSERT_TRUE(RunMigration(*client_, "role-default", o).ok());
  const Dump after_role = DumpTable(table_);
  ASSERT_TRUE(RunMigration(*client_, "employee-status-index", o).ok());
  const Dump after_index = DumpTable(table_);

  int writes = 40;  // asked before every item visited: well into the backfill
  MigrationOptions stopping = o;
  stopping.stop_before_write = [&](const MigrationProgress&) { return --writes < 0; };
  ASSERT_FALSE(RunMigration(*client_, "employee-rekey", stopping).ok());
  EXPECT_TRUE(DumpTable(table_) != after_index) << "the backfill wrote nothing";
  auto back = RollbackMigration(*client_, "employee-rekey", o);
  ASSERT_TRUE(back.ok()) << back.error().ToString();
  EXPECT_EQ(back->state, "rolled-back");
  EXPECT_TRUE(DumpTable(table_) == after_index);
  ExpectInvariants("after the re-key's rollback");

  ASSERT_TRUE(RollbackMigration(*client_, "employee-status-index", o).ok());
  EXPECT_TRUE(DumpTable(table_) == after_role);
  auto desc = client_->DescribeTable({.table_name = table_});
  ASSERT_TRUE(desc.ok());
  EXPECT_EQ(desc->table.global_secondary_indexes.size(), 1u);  // GSI1 only

  auto refused = RollbackMigration(*client_, "role-default", o);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind(), ErrorKind::kInvalidArgument);
  EXPECT_FALSE(RunMigration(*client_, "employee-rekey", o).ok()) << "version 2 must come first";

  ASSERT_TRUE(RunMigration(*client_, "employee-status-index", o).ok());
  ASSERT_TRUE(RunMigration(*client_, "employee-rekey", o).ok());
  refused = RollbackMigration(*client_, "employee-rekey", o);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().kind(), ErrorKind::kInvalidArgument);
  ExpectInvariants("after the re-key");
}

}  // namespace migrate_test
}  // namespace hrcore::testing
