// The `migration` scenario: a migration and live hrcore traffic metered apart (see
// migration_scenario.h).
#include "migration_scenario.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <random>
#include <set>
#include <thread>
#include <tuple>

#include "hotspots_target.h"
#include "hrcore/retry.h"
#include "hrcore/service.h"
#include "hrcore/table.h"
#include "hrcore/ulid.h"
#include "svg_chart.h"
#include "sync/mutex.h"

namespace hrhot {
namespace {

constexpr const char* kLive = "live";
constexpr const char* kMigration = "migration";

struct SeededOrg {
  hrcore::TenantContext ctx;
  std::vector<std::string> depts;
  std::vector<std::string> employees;
};

struct OpsSecond {
  std::int64_t offered = 0, done = 0, throttled = 0, failed = 0;
};

// The live side: hrcore service calls offered at a fixed rate, in a fixed (seeded) mix over the
// seeded organisations: hires, renames and role changes (AP2 then UpdateEmployee), AP2 reads
// and AP3 pages. Each operation is offered once: a throttled one is counted, not retried, so
// that the offered rate stays the scenario's.
class LiveLoad {
 public:
  LiveLoad(ddbemu::Client& inner, SideMeter& meter, const std::string& table, double rate,
           std::vector<SeededOrg> orgs)
      : client_(inner, meter, kLive),
        meter_(meter),
        ids_(meter.clock(), hrcore::SeededRandomSource(11)),
        service_(client_, meter.clock(), ids_,
                 hrcore::ServiceOptions{
                     .table_name = table, .retry = {.max_attempts = 1}, .schema_refresh_ms = 0}),
        period_micros_(1e6 / rate),
        orgs_(std::move(orgs)) {}

  void Begin(std::int64_t start_micros) {
    start_ = start_micros;
    offered_ = 0;
  }
  std::int64_t next() const { return start_ + std::llround(offered_ * period_micros_); }

  // Runs every operation due at or before `until`, each at its own instant (`wait_until`).
  void RunUntil(std::int64_t until, const std::function<void(std::int64_t)>& wait_until) {
    while (next() <= until) {
      const std::int64_t at = next();
      wait_until(at);
      RunOne((at - meter_.start_micros()) / 1'000'000);
      ++offered_;
    }
  }

  std::map<std::int64_t, OpsSecond> ops() const {
    ddbemu::sync::MutexLock lock(mutex_);
    return ops_;
  }
  std::vector<std::string> failures() const {
    ddbemu::sync::MutexLock lock(mutex_);
    return failures_;
  }

 private:
  template <class T>
  void Count(std::int64_t second, const hrcore::Result<T>& r) {
    ddbemu::sync::MutexLock lock(mutex_);
    OpsSecond& s = ops_[second];
    ++s.offered;
    if (r.ok()) {
      ++s.done;
    } else if (r.error().cause() && hrcore::Throttled(*r.error().cause())) {
      ++s.throttled;
    } else {
      ++s.failed;
      if (failures_.size() < 5) failures_.push_back(r.error().ToString());
    }
  }

  void RunOne(std::int64_t second) {
    SeededOrg& org = orgs_[rng_() % orgs_.size()];
    const std::string emp = org.employees[rng_() % org.employees.size()];
    static const char* kNames[] = {"Adams", "Zhou", "Moreau", "Ng", "Ibsen", "Quinn"};
    switch (rng_() % 8) {
      case 0: {
        auto hired = service_.Hire(
            org.ctx, {.email = "live" + std::to_string(hires_++) + "@migration.example",
                      .first_name = "Live",
                      .last_name = kNames[rng_() % 6],
                      .department_id = org.depts[rng_() % org.depts.size()]});
        if (hired.ok()) org.employees.push_back(hired->emp_id);
        return Count(second, hired);
      }
      case 1:
      case 2: {  // a rename (re-keys the new shape) or a role change, at the version read
        auto got = service_.GetEmployee(org.ctx, emp);
        if (!got.ok()) return Count(second, got);
        hrcore::EmployeeChanges changes;
        if (rng_() % 2) {
          changes.last_name = std::string(kNames[rng_() % 6]);
        } else {
          changes.role = got->role == hrcore::Role::kManager ? hrcore::Role::kEmployee
                                                             : hrcore::Role::kManager;
        }
        return Count(second, service_.UpdateEmployee(org.ctx, emp, got->version, changes));
      }
      case 3:
      case 4:
      case 5:
        return Count(second, service_.GetEmployee(org.ctx, emp));  // AP2
      default:
        return Count(second, service_.ListEmployees(org.ctx, {.limit = 25}));  // AP3
    }
  }

  MeteringClient client_;
  SideMeter& meter_;
  hrcore::UlidGenerator ids_;
  hrcore::HrService service_;
  double period_micros_;
  std::vector<SeededOrg> orgs_;
  std::mt19937 rng_{16};
  int hires_ = 0;
  std::int64_t start_ = 0, offered_ = 0;
  mutable ddbemu::sync::Mutex mutex_;
  std::map<std::int64_t, OpsSecond> ops_ GUARDED_BY(mutex_);
  std::vector<std::string> failures_ GUARDED_BY(mutex_);
};

// Seeds `spec.orgs` organisations of `spec.employees_per_org` employees with hrcore's Hire,
// unmetered. On the virtual clock each hire lets 20 ms pass, so the buckets refill as they
// would while an import runs; a throttled hire is retried after its back-off.
hrcore::Result<std::vector<SeededOrg>> Seed(const MigrationScenarioSpec& spec, Target& target,
                                            const std::string& table) {
  hrcore::UlidGenerator ids(target.clock(), hrcore::SeededRandomSource(7));
  hrcore::ServiceOptions options{.table_name = table, .retry = {.max_attempts = 13}};
  if (target.is_virtual())
    options.retry.sleep = [&target](std::chrono::microseconds) { target.pacer().Pass(0.1); };
  hrcore::HrService svc(target.client(), target.clock(), ids, options);
  static const char* kLast[] = {"Okafor",  "Lovelace", "Hopper",  "Turing",   "Noether",
                                "Babbage", "Curie",    "Shannon", "Dijkstra", "Lamport"};
  std::vector<SeededOrg> orgs;
  for (int o = 0; o < spec.orgs; ++o) {
    DDBEMU_ASSIGN_OR_RETURN(auto org,
                            svc.CreateOrganisation("Org " + std::to_string(o), hrcore::Plan::kPro));
    SeededOrg seeded{.ctx = {org.org_id}};
    for (const char* d : {"Engineering", "Sales", "Support"}) {
      DDBEMU_ASSIGN_OR_RETURN(auto dept, svc.CreateDepartment(seeded.ctx, d));
      seeded.depts.push_back(dept.dept_id);
    }
    for (int i = 0; i < spec.employees_per_org; ++i) {
      if (target.is_virtual()) target.pacer().Pass(0.02);
      DDBEMU_ASSIGN_OR_RETURN(
          auto e, svc.Hire(seeded.ctx, {.email = "e" + std::to_string(o) + "-" + std::to_string(i) +
                                                 "@migration.example",
                                        .first_name = "F" + std::to_string(i),
                                        .last_name = kLast[(i * 7) % 10],
                                        .department_id = seeded.depts[i % 3]}));
      seeded.employees.push_back(e.emp_id);
    }
    orgs.push_back(std::move(seeded));
  }
  return orgs;
}

hrcore::MigrationOptions BaseOptions(const MigrationScenarioSpec& spec, Target& target,
                                     const std::string& table) {
  hrcore::MigrationOptions o{.table_name = table,
                             .capacity_fraction = spec.capacity_fraction,
                             .page_size = spec.page_size,
                             .grace_ms = spec.grace_ms,
                             .clock = &target.clock()};
  if (target.is_virtual()) o.sleep = [&target](std::int64_t us) { target.pacer().Pass(us / 1e6); };
  return o;
}

// The migrations before `spec.migration`, applied before the run (unmetered).
hrcore::Status ApplyEarlier(const MigrationScenarioSpec& spec, Target& target,
                            const std::string& table) {
  for (const auto& info : hrcore::ListMigrations()) {
    if (info.name == spec.migration) return {};
    DDBEMU_RETURN_IF_ERROR(
        hrcore::RunMigration(target.client(), info.name, BaseOptions(spec, target, table)));
  }
  return hrcore::Error(hrcore::ErrorKind::kInvalidArgument, "no migration " + spec.migration);
}

}  // namespace

hrcore::Result<MigrationScenarioRun> RunMigrationScenario(const MigrationScenarioSpec& spec,
                                                          Target& target) {
  MigrationScenarioRun run{.spec = spec, .where = target.Describe()};
  DDBEMU_ASSIGN_OR_RETURN(const std::string table, target.Fresh("migration"));
  DDBEMU_RETURN_IF_ERROR(hrcore::CreateHrTable(target.client(), table, false));
  DDBEMU_ASSIGN_OR_RETURN(auto orgs, Seed(spec, target, table));
  DDBEMU_RETURN_IF_ERROR(ApplyEarlier(spec, target, table));
  hrcore::MigrationOptions options = BaseOptions(spec, target, table);
  DDBEMU_ASSIGN_OR_RETURN(auto plan,
                          hrcore::PlanMigration(target.client(), spec.migration, options));
  run.read_budget = plan.read_rate;
  run.write_budget = plan.write_rate;
  // Every bucket full again: the run starts from a rested table, as the live service would.
  target.pacer().Pass(2.0);

  const ddbemu::Clock& clock = target.clock();
  SideMeter meter(clock);
  MeteringClient migration_client(target.client(), meter, kMigration);
  LiveLoad live(target.client(), meter, table, spec.live_ops_per_second, std::move(orgs));
  target.pacer().Restart();
  meter.Start();
  const std::int64_t t0 = meter.start_micros();
  live.Begin(t0);
  auto seconds_at = [&](std::int64_t micros) { return static_cast<double>(micros - t0) / 1e6; };
  // Waits until `micros` on the run's clock (the virtual one is moved there).
  auto wait_until = [&](std::int64_t micros) {
    if (target.is_virtual()) {
      target.pacer().WaitUntil(seconds_at(micros));
    } else if (micros > clock.NowMicros()) {
      std::this_thread::sleep_for(std::chrono::microseconds(micros - clock.NowMicros()));
    }
  };
  const auto lead = std::llround(spec.lead_seconds * 1e6);
  const auto tail = std::llround(spec.tail_seconds * 1e6);

  hrcore::Result<hrcore::MigrationRecord> record =
      hrcore::Error(hrcore::ErrorKind::kBackend, "not run");
  if (target.is_virtual()) {
    // One thread: the live operations due during each of the migration's waits run inside it.
    live.RunUntil(t0 + lead, wait_until);
    wait_until(t0 + lead);
    options.sleep = [&](std::int64_t us) {
      const std::int64_t wake = clock.NowMicros() + us;
      live.RunUntil(wake, wait_until);
      wait_until(wake);
    };
    run.migration_first = seconds_at(clock.NowMicros());
    record = hrcore::RunMigration(migration_client, spec.migration, options);
    const std::int64_t end = clock.NowMicros();
    run.migration_last = seconds_at(end);
    live.RunUntil(end + tail, wait_until);
    wait_until(end + tail);
  } else {
    // Two threads on the real clock: the live traffic at its own pace beside the migration.
    std::atomic<bool> stop{false};
    std::thread traffic([&] {
      while (!stop) live.RunUntil(live.next(), wait_until);
    });
    wait_until(t0 + lead);
    run.migration_first = seconds_at(clock.NowMicros());
    record = hrcore::RunMigration(migration_client, spec.migration, options);
    const std::int64_t end = clock.NowMicros();
    run.migration_last = seconds_at(end);
    wait_until(end + tail);
    stop = true;
    traffic.join();
  }
  meter.Stop();
  if (!record.ok()) return record.error();
  run.record = *record;
  std::tie(run.largest_read, run.largest_write) = meter.LargestRequest(kMigration);

  auto sides = meter.Snapshot();
  auto ops = live.ops();
  std::int64_t last = 0;
  for (const auto& [side, per_second] : sides)
    if (!per_second.empty()) last = std::max(last, per_second.rbegin()->first);
  if (!ops.empty()) last = std::max(last, ops.rbegin()->first);
  for (std::int64_t s = 0; s <= last; ++s) {
    MigrationSecond row{.second = s};
    if (auto it = sides[kLive].find(s); it != sides[kLive].end()) row.live = it->second;
    if (auto it = sides[kMigration].find(s); it != sides[kMigration].end())
      row.migration = it->second;
    if (auto it = ops.find(s); it != ops.end()) {
      row.live_offered = it->second.offered;
      row.live_done = it->second.done;
      row.live_throttled = it->second.throttled;
      row.live_failed = it->second.failed;
    }
    run.seconds.push_back(row);
  }
  run.live_failures = live.failures();
  DDBEMU_ASSIGN_OR_RETURN(auto verify, hrcore::VerifyMigration(target.client(), spec.migration,
                                                               BaseOptions(spec, target, table)));
  run.verified = verify.checked;
  run.mismatches = verify.mismatches;
  return run;
}

BudgetCheck CheckBudget(const MigrationScenarioRun& run) {
  BudgetCheck c;
  const double t = run.migration_last - run.migration_first;
  c.window_bound_read = 2 * run.read_budget + run.largest_read;
  c.window_bound_write = 2 * run.write_budget + run.largest_write;
  c.total_bound_read = run.read_budget * t + run.largest_read;
  c.total_bound_write = run.write_budget * t + run.largest_write;
  char line[200];
  for (const MigrationSecond& s : run.seconds) {
    c.total_read += s.migration.read_units;
    c.total_write += s.migration.write_units;
    c.peak_read = std::max(c.peak_read, s.migration.read_units);
    c.peak_write = std::max(c.peak_write, s.migration.write_units);
    c.live_offered += s.live_offered;
    c.live_done += s.live_done;
    c.live_throttled += s.live_throttled;
    c.live_failed += s.live_failed;
    c.live_requests_throttled += s.live.throttled;
    for (auto [kind, used, bound] :
         {std::tuple{"RCU", s.migration.read_units, c.window_bound_read},
          std::tuple{"WCU", s.migration.write_units, c.window_bound_write}}) {
      if (used > bound) {
        std::snprintf(line, sizeof line, "second %lld: migration %.1f %s > bound %.1f",
                      static_cast<long long>(s.second), used, kind, bound);
        c.breaches.push_back(line);
      }
    }
  }
  for (auto [kind, used, bound] : {std::tuple{"RCU", c.total_read, c.total_bound_read},
                                   std::tuple{"WCU", c.total_write, c.total_bound_write}}) {
    if (used > bound) {
      std::snprintf(line, sizeof line, "whole run: migration %.1f %s > bound %.1f", used, kind,
                    bound);
      c.breaches.push_back(line);
    }
  }
  if (c.live_throttled > 0)
    c.breaches.push_back(std::to_string(c.live_throttled) + " live operations throttled");
  return c;
}

std::string RenderMigrationCsv(const MigrationScenarioRun& run) {
  std::string out =
      "second,live_ops_offered,live_ops_done,live_ops_throttled,live_ops_failed,live_requests,"
      "live_requests_throttled,live_rcu,live_wcu,migration_requests,migration_requests_throttled,"
      "migration_rcu,migration_wcu,migration_rcu_budget,migration_wcu_budget\n";
  char line[400];
  for (const MigrationSecond& s : run.seconds) {
    std::snprintf(line, sizeof line,
                  "%lld,%lld,%lld,%lld,%lld,%lld,%lld,%.1f,%.1f,%lld,%lld,%.1f,%.1f,%.1f,%.1f\n",
                  static_cast<long long>(s.second), static_cast<long long>(s.live_offered),
                  static_cast<long long>(s.live_done), static_cast<long long>(s.live_throttled),
                  static_cast<long long>(s.live_failed), static_cast<long long>(s.live.requests),
                  static_cast<long long>(s.live.throttled), s.live.read_units, s.live.write_units,
                  static_cast<long long>(s.migration.requests),
                  static_cast<long long>(s.migration.throttled), s.migration.read_units,
                  s.migration.write_units, run.read_budget, run.write_budget);
    out += line;
  }
  return out;
}

std::string RenderMigrationChart(const MigrationScenarioRun& run, bool writes) {
  const char* unit = writes ? "WCU" : "RCU";
  LineChart chart{.title = std::string("hrctl migrate ") + run.spec.migration +
                           " beside live hrcore traffic: " + unit + " consumed per second",
                  .y_label = std::string(unit) + "/s"};
  Series live{.name = std::string("live traffic ") + unit, .colour = "#1f77b4"};
  Series migration{.name = std::string("migration ") + unit, .colour = "#ff7f0e"};
  for (const MigrationSecond& s : run.seconds) {
    live.values.push_back(writes ? s.live.write_units : s.live.read_units);
    migration.values.push_back(writes ? s.migration.write_units : s.migration.read_units);
  }
  chart.series = {live, migration};
  const double budget = writes ? run.write_budget : run.read_budget;
  const double largest = writes ? run.largest_write : run.largest_read;
  char label[120];
  std::snprintf(label, sizeof label, "migration budget %.0f %s/s (%.0f%% of a partition)", budget,
                unit, run.spec.capacity_fraction * 100);
  chart.rules.push_back({budget, label});
  std::snprintf(label, sizeof label, "bound for one second: 2 x budget + largest call = %.0f",
                2 * budget + largest);
  chart.rules.push_back({2 * budget + largest, label});
  return RenderLineChart(chart);
}

std::string RenderMigrationSummary(const MigrationScenarioRun& run, const BudgetCheck& c) {
  const double t = run.migration_last - run.migration_first;
  char buf[2000];
  std::snprintf(
      buf, sizeof buf,
      "migration: %s under live hrcore traffic (%s)\n"
      "  table: %d organisations x %d employees; live traffic %.0f operations/s offered\n"
      "  budget (plan): %.1f RCU/s, %.1f WCU/s = %.0f%% of one partition's 3,000 RCU / 1,000 WCU\n"
      "  migration ran s%.1f..s%.1f (%.1f s): %lld calls, %lld throttled; %lld items scanned, "
      "%lld written\n"
      "  migration consumed %.1f RCU (bound B*T + c = %.1f), %.1f WCU (bound %.1f): "
      "%.1f RCU/s, %.1f WCU/s on average\n"
      "  busiest second: %.1f RCU (bound 2B + c = %.1f), %.1f WCU (bound %.1f); largest call "
      "%.1f RCU, %.1f WCU\n"
      "  live: %lld operations offered, %lld done, %lld throttled, %lld failed; %lld requests "
      "throttled\n"
      "  verify after the run: %lld employees checked, %zu mismatches\n"
      "  verdict: %s\n",
      run.spec.migration.c_str(), run.where.c_str(), run.spec.orgs, run.spec.employees_per_org,
      run.spec.live_ops_per_second, run.read_budget, run.write_budget,
      run.spec.capacity_fraction * 100, run.migration_first, run.migration_last, t,
      static_cast<long long>(run.record.consumed.calls),
      static_cast<long long>(run.record.consumed.throttled),
      static_cast<long long>(run.record.tally.scanned),
      static_cast<long long>(run.record.tally.written), c.total_read, c.total_bound_read,
      c.total_write, c.total_bound_write, t > 0 ? c.total_read / t : 0,
      t > 0 ? c.total_write / t : 0, c.peak_read, c.window_bound_read, c.peak_write,
      c.window_bound_write, run.largest_read, run.largest_write,
      static_cast<long long>(c.live_offered), static_cast<long long>(c.live_done),
      static_cast<long long>(c.live_throttled), static_cast<long long>(c.live_failed),
      static_cast<long long>(c.live_requests_throttled), static_cast<long long>(run.verified),
      run.mismatches.size(),
      c.breaches.empty() ? "the migration kept to its budget and the live traffic was not "
                           "throttled"
                         : c.breaches.front().c_str());
  std::string out = buf;
  for (const auto& f : run.live_failures) out += "  live failure: " + f + "\n";
  return out;
}

}  // namespace hrhot
