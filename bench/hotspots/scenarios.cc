#include "scenarios.h"
#include "ddbemu/document.h"

#include <algorithm>
#include <deque>
#include <map>
#include <memory>
#include <mutex>

#include "capacity_scenarios.h"
#include "hotspots_target.h"
#include "hrcore/keys.h"
#include "hrcore/service.h"
#include "hrcore/table.h"
#include "hrcore/ulid.h"
#include "recording_client.h"

namespace hrhot {
namespace {

namespace keys = hrcore::keys;
using ddbemu::AttributeValue;
using ddbemu::Item;

AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
AttributeValue N(std::int64_t n) { return AttributeValue::N(std::to_string(n)); }

// FNV-1a: which of N suffixes an id writes to (any stable hash of the id spreads the writes).
int ShardOf(const std::string& id, int shards) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : id) h = (h ^ c) * 1099511628211ull;
  return static_cast<int>(h % static_cast<std::uint64_t>(shards));
}

hrcore::Error Backend(const ddbemu::ApiError& e) { return hrcore::Error::Backend(e); }

// Everything a variant's seeding and operations share.
struct Run {
  Run(const VariantSpec& spec, Target& target, const std::string& table, LoadStats& stats)
      : spec(spec),
        target(target),
        table(table),
        rec(target.client(), stats, [&target] { return target.pacer().Second(); }),
        ids(target.clock(), hrcore::SeededRandomSource(7)),
        service(rec, target.clock(), ids,
                hrcore::ServiceOptions{.table_name = table, .retry = {.max_attempts = 1}}) {}

  // Seeding: a throttled call waits half a second of the run's clock and is sent again.
  template <class F>
  auto Seed(F call) {
    for (;;) {
      auto r = call();
      if (r.ok() || !rec.last_throttled()) return r;
      target.pacer().Pass(0.5);
    }
  }
  // An operation's outcome from a call's result.
  template <class R>
  OpOutcome Outcome(const R& r) {
    if (r.ok()) return OpOutcome::kDone;
    if (rec.last_throttled()) return OpOutcome::kThrottled;
    std::lock_guard lock(failure_mutex);  // the driver's workers (load_driver.h)
    if (failure.empty()) failure = ErrorText(r.error());
    return OpOutcome::kFailed;
  }
  static std::string ErrorText(const hrcore::Error& e) { return e.ToString(); }
  static std::string ErrorText(const ddbemu::ApiError& e) {
    return std::string(e.short_name()) + ": " + e.message();
  }

  const VariantSpec& spec;
  Target& target;
  std::string table;
  RecordingClient rec;
  hrcore::UlidGenerator ids;
  hrcore::HrService service;
  std::mutex failure_mutex;
  std::string failure;
  std::string org_id;
  std::vector<std::string> dept_ids;
};

std::string Email(int i) { return "emp" + std::to_string(i) + "@bigcorp.example"; }

// An employee item as hrcore writes it (docs/hr-schema.md), under partition key `pk`.
Item EmployeeItem(const std::string& pk, const std::string& org, const std::string& emp,
                  const std::string& dept, int i, const std::string& now) {
  return Item{{"PK", S(pk)},
              {"SK", S(keys::EmpSk(emp))},
              {"GSI1PK", S(keys::EmailGsiPk(Email(i)))},
              {"GSI1SK", S(keys::EmpSk(emp))},
              {"type", S("emp")},
              {"__edb_e__", S("employee")},
              {"__edb_v__", S("1")},
              {"empId", S(emp)},
              {"orgId", S(org)},
              {"email", S(Email(i))},
              {"firstName", S("First" + std::to_string(i))},
              {"lastName", S("Last" + std::to_string(i))},
              {"departmentId", S(dept)},
              {"role", S("employee")},
              {"status", S("active")},
              {"hiredAt", S(now)},
              {"version", N(1)}};
}

Item RelationshipItem(const std::string& org, const std::string& dept, const std::string& emp) {
  return Item{{"PK", S(keys::DeptPk(dept))}, {"SK", S(keys::EmpSk(emp))},
              {"type", S("dept_emp")},       {"__edb_e__", S("deptEmployee")},
              {"__edb_v__", S("1")},         {"orgId", S(org)},
              {"deptId", S(dept)},           {"empId", S(emp)}};
}

hrcore::Status SeedOrg(Run& r, int departments) {
  auto org =
      r.Seed([&] { return r.service.CreateOrganisation("BigCorp", hrcore::Plan::kEnterprise); });
  if (!org.ok()) return org.error();
  r.org_id = org->org_id;
  for (int d = 0; d < departments; ++d) {
    auto dept = r.Seed(
        [&] { return r.service.CreateDepartment({r.org_id}, "Department " + std::to_string(d)); });
    if (!dept.ok()) return dept.error();
    r.dept_ids.push_back(dept->dept_id);
  }
  return hrcore::Status();
}

// ---- org-import ----------------------------------------------------------------------------

hrcore::Status ImportBaseline(Run& r, std::deque<Operation>* ops) {
  if (auto s = SeedOrg(r, 10); !s.ok()) return s;
  for (int i = 0; i < r.spec.count; ++i) {
    ops->push_back({[&r, i] {
      return r.Outcome(r.service.Hire({r.org_id}, {.email = Email(i),
                                                   .first_name = "First" + std::to_string(i),
                                                   .last_name = "Last" + std::to_string(i),
                                                   .department_id = r.dept_ids[i % 10]}));
    }});
  }
  return hrcore::Status();
}

std::string ShardPk(const std::string& org, const std::string& tag, int n) {
  return keys::OrgPk(org) + "#" + tag + std::to_string(n);
}

hrcore::Status ImportSharded(Run& r, std::deque<Operation>* ops) {
  if (auto s = SeedOrg(r, 10); !s.ok()) return s;
  for (int i = 0; i < r.spec.count; ++i) {
    ops->push_back({[&r, i] {
      // The employee and its department's counter shard share the suffix, so a department's
      // headcount is the sum of its N counter shards (a scatter-gather read, like AP3).
      const std::string emp = r.ids.Next();
      const std::string& dept = r.dept_ids[i % 10];
      const std::string pk = ShardPk(r.org_id, "E", ShardOf(emp, r.spec.shards));
      ddbemu::TransactWriteItemsRequest t;
      t.transact_items.push_back(
          ddbemu::Update{.table_name = r.table,
                         .key = {{"PK", S(pk)}, {"SK", S("COUNT#" + keys::DeptSk(dept))}},
                         .update_expression = "ADD headcount :one",
                         .expression_attribute_values = {{":one", N(1)}}});
      t.transact_items.push_back(ddbemu::Put{.table_name = r.table,
                                             .item = {{"PK", S(keys::EmailUniquePk(Email(i)))},
                                                      {"SK", S(std::string(keys::kUniqueSk))},
                                                      {"type", S("email_unique")},
                                                      {"orgId", S(r.org_id)},
                                                      {"empId", S(emp)}},
                                             .condition_expression = "attribute_not_exists(PK)"});
      t.transact_items.push_back(
          ddbemu::Put{.table_name = r.table,
                      .item = EmployeeItem(pk, r.org_id, emp, dept, i, "2026-11-23T00:00:00.000Z"),
                      .condition_expression = "attribute_not_exists(PK)"});
      t.transact_items.push_back(
          ddbemu::Put{.table_name = r.table, .item = RelationshipItem(r.org_id, dept, emp)});
      return r.Outcome(r.rec.TransactWriteItems(t));
    }});
  }
  return hrcore::Status();
}

// AP3 after the import: every employee, by pages of 100, from each of `shards` partition keys.
std::string ListEmployeesCheck(Run& r, const std::vector<std::string>& pks) {
  std::int64_t items = 0, requests = 0;
  double units = 0;
  for (const std::string& pk : pks) {
    std::optional<Item> start;
    do {
      ddbemu::QueryRequest q{.table_name = r.table,
                             .key_condition_expression = "PK = :pk AND begins_with(SK, :e)",
                             .expression_attribute_values = {{":pk", S(pk)}, {":e", S("EMP#")}},
                             .limit = 100,
                             .return_consumed_capacity = ddbemu::ReturnConsumedCapacity::kTotal};
      q.exclusive_start_key = start;
      auto res = r.Seed([&] { return r.target.client().Query(q); });
      if (!res.ok()) return "AP3 failed: " + std::string(res.error().message());
      ++requests;
      items += static_cast<std::int64_t>(res->items.size());
      if (res->consumed_capacity) units += res->consumed_capacity->capacity_units;
      start = res->last_evaluated_key;
    } while (start);
  }
  return "AP3 (all employees, pages of 100): " + std::to_string(items) + " items in " +
         std::to_string(requests) + " queries over " + std::to_string(pks.size()) +
         " partition key(s), " + std::to_string(units) + " RCU";
}

// ---- dept-reorg ----------------------------------------------------------------------------

// 5 departments of count/5 employees, hired through hrcore (the baseline's layout).
hrcore::Status SeedReorgHrcore(Run& r, std::vector<std::string>* emps) {
  if (auto s = SeedOrg(r, 6); !s.ok()) return s;
  for (int i = 0; i < r.spec.count; ++i) {
    auto e = r.Seed([&] {
      return r.service.Hire({r.org_id}, {.email = Email(i),
                                         .first_name = "First" + std::to_string(i),
                                         .last_name = "Last" + std::to_string(i),
                                         .department_id = r.dept_ids[i % 5]});
    });
    if (!e.ok()) return e.error();
    emps->push_back(e->emp_id);
  }
  return hrcore::Status();
}

hrcore::Status ReorgBaseline(Run& r, std::deque<Operation>* ops) {
  auto emps = std::make_shared<std::vector<std::string>>();
  if (auto s = SeedReorgHrcore(r, emps.get()); !s.ok()) return s;
  for (int i = 0; i < r.spec.count; ++i) {
    ops->push_back({[&r, emps, i] {
      return r.Outcome(r.service.MoveEmployee({r.org_id}, (*emps)[i], r.dept_ids[5], 1));
    }});
  }
  return hrcore::Status();
}

// The department's partition key for employee `emp`: DEPT#<dept>, or with shards > 1 one of
// DEPT#<dept>#<n>, n < shards (the relationship item and its counter shard share it).
std::string DeptKey(const std::string& dept, const std::string& emp, int shards) {
  if (shards <= 1) return keys::DeptPk(dept);
  return keys::DeptPk(dept) + "#" + std::to_string(ShardOf(emp, shards));
}

hrcore::Status ReorgCountersOnDept(Run& r, std::deque<Operation>* ops, int shards) {
  if (auto s = SeedOrg(r, 6); !s.ok()) return s;
  auto emps = std::make_shared<std::vector<std::string>>();
  std::map<std::string, std::int64_t> counts;  // counter key -> headcount
  // The layout of the fix: employees on ORG# as before, relationships on DEPT#, and each
  // department's headcount on its own key DEPT#<dept> / #COUNT instead of the ORG# item.
  for (int i = 0; i < r.spec.count; ++i) {
    const std::string emp = r.ids.Next();
    const std::string& dept = r.dept_ids[i % 5];
    auto a = r.Seed([&] {
      return r.rec.PutItem({.table_name = r.table,
                            .item = EmployeeItem(keys::OrgPk(r.org_id), r.org_id, emp, dept, i,
                                                 "2026-11-23T00:00:00.000Z")});
    });
    if (!a.ok()) return Backend(a.error());
    Item rel = RelationshipItem(r.org_id, dept, emp);
    rel["PK"] = S(DeptKey(dept, emp, shards));
    auto b = r.Seed([&] { return r.rec.PutItem({.table_name = r.table, .item = rel}); });
    if (!b.ok()) return Backend(b.error());
    ++counts[DeptKey(dept, emp, shards)];
    emps->push_back(emp);
  }
  for (const auto& entry : counts) {  // not a structured binding: clang 14 cannot capture one
    auto c = r.Seed([&] {
      return r.rec.PutItem(
          {.table_name = r.table,
           .item = {{"PK", S(entry.first)}, {"SK", S("#COUNT")}, {"headcount", N(entry.second)}}});
    });
    if (!c.ok()) return Backend(c.error());
  }
  for (int i = 0; i < r.spec.count; ++i) {
    ops->push_back({[&r, emps, i, shards] {
      const std::string& emp = (*emps)[i];
      const std::string& from = r.dept_ids[i % 5];
      const std::string& to = r.dept_ids[5];
      // As MoveEmployee: read the employee (its version), then one transaction.
      auto read =
          r.rec.GetItem({.table_name = r.table,
                         .key = {{"PK", S(keys::OrgPk(r.org_id))}, {"SK", S(keys::EmpSk(emp))}},
                         .consistent_read = true});
      if (!read.ok()) return r.Outcome(read);
      ddbemu::TransactWriteItemsRequest t;
      t.transact_items.push_back(ddbemu::Update{
          .table_name = r.table,
          .key = {{"PK", S(keys::OrgPk(r.org_id))}, {"SK", S(keys::EmpSk(emp))}},
          .update_expression = "SET departmentId = :to, version = version + :one",
          .condition_expression = "version = :v",
          .expression_attribute_values = {{":to", S(to)}, {":one", N(1)}, {":v", N(1)}}});
      t.transact_items.push_back(ddbemu::Delete{
          .table_name = r.table,
          .key = {{"PK", S(DeptKey(from, emp, shards))}, {"SK", S(keys::EmpSk(emp))}}});
      Item rel = RelationshipItem(r.org_id, to, emp);
      rel["PK"] = S(DeptKey(to, emp, shards));
      t.transact_items.push_back(ddbemu::Put{.table_name = r.table, .item = rel});
      for (const auto& [dept, delta] : {std::pair{from, -1}, std::pair{to, 1}}) {
        t.transact_items.push_back(
            ddbemu::Update{.table_name = r.table,
                           .key = {{"PK", S(DeptKey(dept, emp, shards))}, {"SK", S("#COUNT")}},
                           .update_expression = "ADD headcount :d",
                           .expression_attribute_values = {{":d", N(delta)}}});
      }
      return r.Outcome(r.rec.TransactWriteItems(t));
    }});
  }
  return hrcore::Status();
}

// ---- open-jobs -----------------------------------------------------------------------------

hrcore::Status OpenJobsBaseline(Run& r, std::deque<Operation>* ops) {
  if (auto s = SeedOrg(r, 1); !s.ok()) return s;
  auto jobs = std::make_shared<std::vector<std::string>>();
  for (int i = 0; i < r.spec.count; ++i) {
    auto j = r.Seed(
        [&] { return r.service.DraftJob({r.org_id}, "Job " + std::to_string(i), r.dept_ids[0]); });
    if (!j.ok()) return j.error();
    jobs->push_back(j->job_id);
  }
  for (int i = 0; i < r.spec.count; ++i) {
    ops->push_back(
        {[&r, jobs, i] { return r.Outcome(r.service.OpenJob({r.org_id}, (*jobs)[i])); }});
  }
  return hrcore::Status();
}

// Jobs on their own partition key JOB#<job> / #JOB; opening one puts it in GSI1 under
// ORG#<org>#OPEN (gsi_shards 1) or ORG#<org>#OPEN#<n>.
hrcore::Status OpenJobsOwnKey(Run& r, std::deque<Operation>* ops, int gsi_shards) {
  if (auto s = SeedOrg(r, 1); !s.ok()) return s;
  auto jobs = std::make_shared<std::vector<std::string>>();
  for (int i = 0; i < r.spec.count; ++i) {
    const std::string job = r.ids.Next();
    auto put = r.Seed([&] {
      return r.rec.PutItem({.table_name = r.table,
                            .item = {{"PK", S(keys::JobPk(job))},
                                     {"SK", S("#JOB")},
                                     {"type", S("job")},
                                     {"jobId", S(job)},
                                     {"orgId", S(r.org_id)},
                                     {"departmentId", S(r.dept_ids[0])},
                                     {"title", S("Job " + std::to_string(i))},
                                     {"status", S("draft")},
                                     {"postedAt", S(job)}}});
    });
    if (!put.ok()) return Backend(put.error());
    jobs->push_back(job);
  }
  for (int i = 0; i < r.spec.count; ++i) {
    ops->push_back({[&r, jobs, i, gsi_shards] {
      const std::string& job = (*jobs)[i];
      std::string gsi = keys::OpenJobsGsiPk(r.org_id);
      if (gsi_shards > 1) gsi += "#" + std::to_string(ShardOf(job, gsi_shards));
      return r.Outcome(
          r.rec.UpdateItem({.table_name = r.table,
                            .key = {{"PK", S(keys::JobPk(job))}, {"SK", S("#JOB")}},
                            .update_expression = "SET #s = :open, GSI1PK = :gpk, GSI1SK = :gsk",
                            .condition_expression = "#s = :draft",
                            .expression_attribute_names = {{"#s", "status"}},
                            .expression_attribute_values = {{":open", S("open")},
                                                            {":draft", S("draft")},
                                                            {":gpk", S(gsi)},
                                                            {":gsk", S(keys::JobSk(job, job))}}}));
    }});
  }
  return hrcore::Status();
}

// AP8 after the spike: the 20 newest open jobs, from each GSI1 key, merged newest first.
std::string OpenJobsCheck(Run& r, const std::vector<std::string>& gsi_keys) {
  std::vector<std::string> newest;
  std::int64_t requests = 0;
  double units = 0;
  for (const std::string& pk : gsi_keys) {
    ddbemu::QueryRequest q{.table_name = r.table,
                           .index_name = std::string(keys::kGsi1),
                           .key_condition_expression = "GSI1PK = :pk",
                           .expression_attribute_values = {{":pk", S(pk)}},
                           .limit = 20,
                           .scan_index_forward = false,
                           .return_consumed_capacity = ddbemu::ReturnConsumedCapacity::kTotal};
    auto res = r.Seed([&] { return r.target.client().Query(q); });
    if (!res.ok()) return "AP8 failed: " + std::string(res.error().message());
    ++requests;
    if (res->consumed_capacity) units += res->consumed_capacity->capacity_units;
    for (const Item& it : res->items) newest.push_back(ddbemu::GetOr<std::string>(it, "GSI1SK"));
  }
  std::sort(newest.rbegin(), newest.rend());
  if (newest.size() > 20) newest.resize(20);
  return "AP8 (20 newest open jobs): " + std::to_string(newest.size()) + " jobs from " +
         std::to_string(requests) + " queries, " + std::to_string(units) + " RCU";
}

// ---- login-storm ---------------------------------------------------------------------------

hrcore::Status LoginStorm(Run& r, std::deque<Operation>* ops, bool consistent) {
  if (auto s = SeedOrg(r, 1); !s.ok()) return s;
  const int employees = 1000;
  for (int i = 0; i < employees; ++i) {
    auto e = r.Seed([&] {
      return r.service.Hire({r.org_id}, {.email = Email(i),
                                         .first_name = "First" + std::to_string(i),
                                         .last_name = "Last" + std::to_string(i),
                                         .department_id = r.dept_ids[0]});
    });
    if (!e.ok()) return e.error();
  }
  for (int i = 0; i < r.spec.count; ++i) {
    ops->push_back({[&r, i, consistent, employees] {
      // AP4: the employee by email (GSI1: eventually consistent by nature), then AP1: the
      // organisation (plan, status) for the session.
      auto who = r.rec.Query(
          {.table_name = r.table,
           .index_name = std::string(keys::kGsi1),
           .key_condition_expression = "GSI1PK = :pk",
           .expression_attribute_values = {{":pk", S(keys::EmailGsiPk(Email(i % employees)))}}});
      if (!who.ok()) return r.Outcome(who);
      auto org = r.rec.GetItem(
          {.table_name = r.table,
           .key = {{"PK", S(keys::OrgPk(r.org_id))}, {"SK", S(std::string(keys::kOrgMetaSk))}},
           .consistent_read = consistent});
      return r.Outcome(org);
    }});
  }
  return hrcore::Status();
}

}  // namespace

std::vector<std::string> ScenarioNames() {
  return {"org-import", "dept-reorg", "open-jobs", "login-storm", "launch-day", "viral-tenant"};
}

std::vector<VariantSpec> ScenarioVariants(const std::string& scenario) {
  return ScenarioVariants(scenario, true);
}

std::vector<VariantSpec> ScenarioVariants(const std::string& scenario, bool virtual_clock) {
  if (IsCapacityScenario(scenario)) return CapacityScenarioVariants(scenario, virtual_clock);
  auto spec = [&](std::string variant, std::string title, double rate, int count, bool reads) {
    VariantSpec s;
    s.scenario = scenario;
    s.variant = std::move(variant);
    s.title = std::move(title);
    s.limits = RunLimits{rate, 60};
    s.count = count;
    s.read_heavy = reads;
    return s;
  };
  if (scenario == "org-import") {
    return {spec("baseline", "hrcore Hire: ORG# takes 6 WCU per hire", 300, 1000, false),
            spec("sharded", "employees + counters on ORG#<org>#E<n>, n < 8", 300, 1000, false)};
  }
  if (scenario == "dept-reorg") {
    return {spec("baseline", "hrcore MoveEmployee: counters on ORG#", 300, 2000, false),
            spec("counters-on-dept", "counters on DEPT#<dept>/#COUNT", 300, 2000, false),
            spec("dept-sharded", "relationships + counters on DEPT#<dept>#<n>, n < 8", 300, 2000,
                 false)};
  }
  if (scenario == "open-jobs") {
    return {
        spec("baseline", "hrcore OpenJob: ORG# + GSI1 ORG#…#OPEN", 2000, 8000, false),
        spec("own-key", "jobs on JOB#<job>, GSI1 still ORG#…#OPEN", 2000, 8000, false),
        spec("gsi-sharded", "jobs on JOB#<job>, GSI1 ORG#…#OPEN#<n>, n < 8", 2000, 8000, false)};
  }
  if (scenario == "login-storm") {
    // Logins are independent of each other, so on the real clock 16 workers offer them (one
    // client thread reaches about 1,200 logins/s over HTTP here, under the cap).
    std::vector<VariantSpec> out{
        spec("baseline", "AP4 + AP1 strongly consistent (1 RCU)", 5000, 20000, true),
        spec("eventual", "AP4 + AP1 eventually consistent (0.5 RCU)", 5000, 20000, true)};
    for (VariantSpec& s : out) s.limits.workers = 16;
    return out;
  }
  return {};
}

hrcore::Result<VariantRun> RunVariant(const VariantSpec& spec, Target& target) {
  if (IsCapacityScenario(spec.scenario)) return RunCapacityVariant(spec, target);
  auto table = target.Fresh(spec.scenario + "-" + spec.variant);
  if (!table.ok()) return table.error();
  VariantRun out;
  out.spec = spec;
  Run r(spec, target, *table, out.stats);
  r.rec.set_recording(false);
  if (auto s = hrcore::CreateHrTable(target.client(), *table, false); !s.ok()) return s.error();
  std::deque<Operation> ops;
  hrcore::Status seeded = hrcore::Status();
  const std::string& v = spec.variant;
  if (spec.scenario == "org-import") {
    seeded = v == "baseline" ? ImportBaseline(r, &ops) : ImportSharded(r, &ops);
  } else if (spec.scenario == "dept-reorg") {
    seeded = v == "baseline"           ? ReorgBaseline(r, &ops)
             : v == "counters-on-dept" ? ReorgCountersOnDept(r, &ops, 1)
                                       : ReorgCountersOnDept(r, &ops, spec.shards);
  } else if (spec.scenario == "open-jobs") {
    seeded = v == "baseline"  ? OpenJobsBaseline(r, &ops)
             : v == "own-key" ? OpenJobsOwnKey(r, &ops, 1)
                              : OpenJobsOwnKey(r, &ops, spec.shards);
  } else if (spec.scenario == "login-storm") {
    seeded = LoginStorm(r, &ops, v == "baseline");
  } else {
    return hrcore::Error(hrcore::ErrorKind::kInvalidArgument, "no scenario " + spec.scenario);
  }
  if (!seeded.ok()) return seeded.error();
  out.org_key = keys::OrgPk(r.org_id);
  // Past the usage window of the capacity report (60 s) and with every bucket full again, so
  // the run starts from an idle table.
  target.pacer().Pass(target.is_virtual() ? 120 : 1.5);
  r.rec.set_recording(true);
  out.result = RunOpenLoop(std::move(ops), spec.limits, target.pacer(), out.stats);
  r.rec.set_recording(false);
  if (out.result.failed > 0) {
    return hrcore::Error(hrcore::ErrorKind::kBackend, spec.scenario + "/" + spec.variant + ": " +
                                                          std::to_string(out.result.failed) +
                                                          " operations failed: " + r.failure);
  }
  target.pacer().Pass(target.is_virtual() ? 2 : 1.1);
  if (spec.scenario == "org-import") {
    std::vector<std::string> pks;
    if (v == "baseline") {
      pks.push_back(keys::OrgPk(r.org_id));
    } else {
      for (int n = 0; n < spec.shards; ++n) pks.push_back(ShardPk(r.org_id, "E", n));
    }
    out.read_check = ListEmployeesCheck(r, pks);
  } else if (spec.scenario == "open-jobs") {
    std::vector<std::string> pks;
    if (v == "gsi-sharded") {
      for (int n = 0; n < spec.shards; ++n)
        pks.push_back(keys::OpenJobsGsiPk(r.org_id) + "#" + std::to_string(n));
    } else {
      pks.push_back(keys::OpenJobsGsiPk(r.org_id));
    }
    out.read_check = OpenJobsCheck(r, pks);
  }
  return out;
}

}  // namespace hrhot
