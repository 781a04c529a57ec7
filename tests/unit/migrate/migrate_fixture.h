// The migration tests' fixture: hrcore's (a fresh database on a virtual clock, or with
// HRCORE_BACKEND=http a ddb-local over HTTP), a small seeded HR data set written by hrcore's
// service functions and then aged to the schema before the migrations (Employees without
// `role`), live traffic from a second HrService on its own thread, and table dumps to compare.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <random>
#include <set>
#include <thread>

#include "../hrcore/hr_fixture.h"
#include "ddbemu/testing/matchers.h"
#include "hrcore/check.h"
#include "hrcore/keys.h"
#include "hrcore/migrations.h"

namespace hrcore::testing {

using ddbemu::Item;
using ddbemu::testing::Attr;
using Dump = std::map<std::pair<std::string, std::string>, Item>;

class MigrateFixture : public HrFixture {
 public:
  struct OrgData {
    TenantContext ctx;
    std::vector<std::string> depts;
  };

 protected:
  // Migration options for this backend: virtual time in process (the pacer's waits advance
  // the clock), real time over HTTP; no grace wait (the tests' gate plays that part).
  MigrationOptions Options(const std::string& table) {
    MigrationOptions o{.table_name = table,
                       .capacity_fraction = 1.0,
                       .page_size = 10,
                       .grace_ms = 0,
                       .clock = &system_clock_};
    if (!OverHttp()) {
      o.clock = clock_.get();
      o.sleep = [c = clock_](std::int64_t us) { c->AdvanceMicros(us); };
    }
    return o;
  }

  std::unique_ptr<HrService> LiveService() {
    ServiceOptions options;
    options.cursor_secret = "secret-1";
    options.table_name = table_;
    options.schema_refresh_ms = 0;  // re-read the switch before every operation
    if (!OverHttp())
      options.retry.sleep = [clock = clock_](auto) { clock->AdvanceMicros(200'000); };
    return std::make_unique<HrService>(*client_, *clock_, *ids_, options);
  }

  // `orgs` organisations of `per_org` employees in two departments; every fifth terminated;
  // then every other Employee loses `role`, as items written before it existed.
  void Seed(int orgs, int per_org) {
    static const char* kLast[] = {"Okafor",  "Lovelace", "Hopper",  "Turing",   "Noether",
                                  "Babbage", "Curie",    "Shannon", "Dijkstra", "Lamport"};
    auto svc = LiveService();
    for (int o = 0; o < orgs; ++o) {
      auto org = svc->CreateOrganisation("Org " + std::to_string(o), Plan::kPro);
      ASSERT_TRUE(org.ok());
      TenantContext ctx{org->org_id};
      std::vector<std::string> depts;
      for (const char* d : {"Engineering", "Sales"}) {
        auto dept = svc->CreateDepartment(ctx, d);
        ASSERT_TRUE(dept.ok());
        depts.push_back(dept->dept_id);
      }
      orgs_.push_back({ctx, depts});
      for (int i = 0; i < per_org; ++i) {
        clock_->AdvanceMicros(1000);
        auto e = svc->Hire(
            ctx, {.email = "e" + std::to_string(o) + "-" + std::to_string(i) + "@acme.test",
                  .first_name = "F" + std::to_string(i),
                  .last_name = kLast[(i * 7) % 10],
                  .department_id = depts[i % 2]});
        ASSERT_TRUE(e.ok()) << e.error().ToString();
        if (i % 5 == 4) {
          ASSERT_TRUE(svc->Terminate(ctx, e->emp_id, e->version).ok());
        }
      }
    }
    int n = 0;
    for (const auto& [key, item] : DumpTable(table_)) {
      if (key.second.rfind("EMP#", 0) != 0 || key.first.rfind("ORG#", 0) != 0 || n++ % 2) continue;
      ASSERT_TRUE(client_
                      ->UpdateItem({.table_name = table_,
                                    .key = {{"PK", Attr(item, "PK")}, {"SK", Attr(item, "SK")}},
                                    .update_expression = "REMOVE #r",
                                    .expression_attribute_names = {{"#r", "role"}}})
                      .ok());
    }
  }

  Dump DumpTable(const std::string& table, bool with_migration_items = false) {
    Dump out;
    std::optional<Item> start;
    do {
      auto page = client_->Scan(
          {.table_name = table, .consistent_read = true, .exclusive_start_key = start});
      EXPECT_TRUE(page.ok()) << page.error().message();
      if (!page.ok()) break;
      for (auto& item : page->items) {
        std::string pk = Attr(item, "PK").scalar(), sk = Attr(item, "SK").scalar();
        if (!with_migration_items && pk == keys::kMigrationPk) continue;
        out[{pk, sk}] = std::move(item);
      }
      start = page->last_evaluated_key;
    } while (start);
    return out;
  }

  // A second table holding the same items (for an interrupted run beside an uninterrupted one).
  std::string Clone(const std::string& suffix) {
    std::string twin = table_ + suffix;
    EXPECT_TRUE(CreateHrTable(*client_, twin, false).ok());
    for (const auto& [key, item] : DumpTable(table_, true)) {
      EXPECT_TRUE(client_->PutItem({.table_name = twin, .item = item}).ok());
    }
    return twin;
  }

  // AP3, every page: the empIds of the org's directory.
  std::set<std::string> Directory(HrService& svc, const TenantContext& ctx) {
    std::set<std::string> ids;
    PageRequest page{.limit = 7};
    for (;;) {
      auto r = svc.ListEmployees(ctx, page);
      EXPECT_TRUE(r.ok()) << r.error().ToString();
      if (!r.ok()) break;
      for (const auto& e : r->items)
        EXPECT_TRUE(ids.insert(e.emp_id).second) << "twice: " << e.emp_id;
      if (!r->next_cursor) break;
      page.cursor = r->next_cursor;
    }
    return ids;
  }

  void ExpectInvariants(const std::string& when) {
    auto report = CheckInvariants(*client_, table_);
    ASSERT_TRUE(report.ok()) << report.error().ToString();
    for (const auto& v : report->violations)
      ADD_FAILURE() << when << ": " << v.rule << ": " << v.detail;
  }

  std::vector<OrgData> orgs_;
  const ddbemu::SystemClock system_clock_{};  // over HTTP, where ddb-local keeps real time
};

// Live traffic: one thread of hrcore service calls (renames, role changes, moves,
// terminations, rehires, hires, and the reads AP2/AP3/AP4) on every org but the watched
// first one, where it changes employees without adding any, so that AP3's set stays fixed.
// Each call holds `gate`, which the test takes to look at the table between calls. The traffic
// is paced (kInterval between calls) rather than saturating: a saturating loop hires without
// bound, so the re-key's backfill would chase a table that grows as fast as the machine runs.
class LiveTraffic {
 public:
  LiveTraffic(HrService& svc, std::vector<std::pair<TenantContext, std::vector<std::string>>> orgs)
      : svc_(svc), orgs_(std::move(orgs)), thread_([this] { Loop(); }) {}
  ~LiveTraffic() { Stop(); }
  void Stop() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
  }
  // Waits until the traffic has done more than `n` operations; false if `timeout` passed first.
  bool WaitForOpsAbove(int n, std::chrono::seconds timeout) {
    std::unique_lock lock(gate);
    return progressed_.wait_for(lock, timeout, [&] { return ops > n; });
  }
  std::mutex gate;
  std::atomic<int> ops{0};
  std::vector<std::string> failures;  // guarded by gate

 private:
  static constexpr std::chrono::milliseconds kInterval{5};  // 200 calls a second at most

  void Loop() {
    std::mt19937 rng(7);
    static const char* kNames[] = {"Adams", "Zhou", "Moreau", "Ng", "Ibsen", "Quinn"};
    auto next = std::chrono::steady_clock::now();
    while (!stop_) {
      next += kInterval;
      std::this_thread::sleep_until(next);  // pacing, not synchronisation
      std::lock_guard lock(gate);
      const auto& [ctx, depts] = orgs_[rng() % orgs_.size()];
      bool watched = &ctx == &orgs_[0].first;
      auto list = svc_.ListEmployees(ctx, {.limit = 50});
      if (!list.ok() || list->items.empty()) {
        if (!list.ok()) failures.push_back("AP3: " + list.error().ToString());
        continue;
      }
      const Employee e = list->items[rng() % list->items.size()];
      Status s;
      switch (rng() % 6) {
        case 0:
          s = Check(svc_.UpdateEmployee(ctx, e.emp_id, e.version,
                                        {.last_name = std::string(kNames[rng() % 6])}));
          break;
        case 1:
          s = Check(svc_.UpdateEmployee(ctx, e.emp_id, e.version, {.role = Role::kManager}));
          break;
        case 2:
          if (e.status == EmployeeStatus::kActive)
            s = Check(svc_.MoveEmployee(
                ctx, e.emp_id, e.department_id == depts[0] ? depts[1] : depts[0], e.version));
          break;
        case 3:
          s = e.status == EmployeeStatus::kActive
                  ? Check(svc_.Terminate(ctx, e.emp_id, e.version))
                  : Check(svc_.Rehire(ctx, e.emp_id, depts[0], e.version));
          break;
        case 4:
          if (!watched)
            s = Check(svc_.Hire(ctx, {.email = "live" + std::to_string(ops) + "@acme.test",
                                      .first_name = "L",
                                      .last_name = kNames[rng() % 6],
                                      .department_id = depts[1]}));
          break;
        default: {
          auto got = svc_.GetEmployee(ctx, e.emp_id);
          if (!got.ok())
            s = got.error();
          else if (got->email != e.email)
            s = Error(ErrorKind::kBackend, "AP2 disagrees with AP3");
          else if (e.status == EmployeeStatus::kActive)
            s = Check(svc_.FindEmployeeByEmail(ctx, e.email));
        }
      }
      if (!s.ok()) failures.push_back(s.error().ToString());
      ++ops;
      progressed_.notify_all();
    }
  }
  template <class T>
  static Status Check(const Result<T>& r) {
    return r.ok() ? Status() : Status(r.error());
  }

  HrService& svc_;
  std::vector<std::pair<TenantContext, std::vector<std::string>>> orgs_;
  std::atomic<bool> stop_{false};
  std::condition_variable progressed_;  // with `gate`
  std::thread thread_;
};

}  // namespace hrcore::testing
