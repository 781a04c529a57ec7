// `hrctl cost` (docs/capacity.md §6): runs the review's daily mix (docs/hr-schema.md, "The
// reviewed cost"), scaled to --fraction of a day, on the data set in the table (seed the
// baseline first: `hrctl seed`), takes RCU and WCU per call from ConsumedCapacity, and prints
// the review's cost table beside the measured one with the monthly total at baseline and at
// 10x, explaining each row where they differ.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <map>
#include <random>

#include "commands.h"
#include "ddbemu/document.h"
#include "ddbemu/paginate.h"
#include "hrcore/keys.h"
#include "hrcore/service.h"
#include "output.h"

namespace hrctl {
namespace {

using namespace hrcore;

// One row of the review's cost table.
struct ReviewRow {
  std::string name;
  double rcu, wcu;  // per call, as the review estimated
  double calls_per_day;
  const char* why_different;  // printed when the measurement differs
};

const std::vector<ReviewRow>& ReviewTable() {
  static const std::vector<ReviewRow> rows = {
      {"AP1 get org", 0.5, 0, 50000, ""},
      {"AP2 get employee", 0.5, 0, 200000, ""},
      {"AP3 list employees", 4, 0, 5000,
       "the whole directory in one Query: the review's 4 RCU is 32 KB, ~160 B an item; stored "
       "employees also carry PK, SK, GSI1PK, GSI1SK, type, __edb_e__, __edb_v__ and version "
       "(~400 B), so 200 of them read ~80 KB = ~10 RCU (and 10x that at 2,000 per org)"},
      {"AP4 employee by email", 0.5, 0, 100000, ""},
      {"AP5 list departments", 0.5, 0, 10000, ""},
      {"AP6 get department", 0.5, 0, 20000, ""},
      {"AP7 list dept employees", 1, 0, 15000,
       "+0.5: the department is read first, so a DEPT# list of another tenant is never read"},
      {"AP8 list open jobs", 1, 0, 30000, ""},
      {"AP9 get job", 0.5, 0, 25000,
       "two GetItems: JOB#<jobId>/#META gives orgId and postedAt, then the job (review option b)"},
      {"AP10 list applications (job)", 0.5, 0, 8000,
       "+0.5: the job's lookup item proves the job is the caller's org's"},
      {"AP11 list applications (emp)", 0.5, 0, 5000,
       "+0.5: the employee is read first (the EMP# GSI partition is not the org's)"},
      {"AP12 list all jobs", 1.5, 0, 2000, ""},
      {"employee create/update", 0, 2, 2000,
       "hire is one TransactWriteItems of 5 items (org check, headcount, email constraint, "
       "employee, relationship): transactions cost 2x per item and GSI1 writes cost extra; an "
       "update is one conditional write plus its GSI1 write"},
      {"job close", 0, 1, 500,
       "removing GSI1PK deletes the GSI1 entry (+1 WCU), and the JOB#<jobId>/#META read finds "
       "the key"},
      {"application submit", 0, 1, 500,
       "one transaction: condition checks on job (open) and employee (active) + the put, each "
       "2x, plus the GSI1 (EMP#) write and the lookup read"},
  };
  return rows;
}

struct Measured {
  double rcu = 0, wcu = 0;
  int calls = 0;
  int errors = 0;
};

}  // namespace

int RunCost(Backend& b, const Args& a, const ServiceOptions& so, bool json) {
  const double fraction = a.GetDouble("fraction", 0.01);
  const double read_price = a.GetDouble("read-price", 0.25);    // $ per million read units
  const double write_price = a.GetDouble("write-price", 1.25);  // $ per million write units
  std::mt19937_64 rng(static_cast<std::uint64_t>(a.GetInt("seed", 1)));

  // The organisations of the data set (one Scan pass, filtered to the org items).
  std::vector<std::string> orgs;
  auto org_items = ddbemu::ScanItems(
      *b.client, {.table_name = so.table_name,
                  .filter_expression = "SK = :m",
                  .expression_attribute_values = {{":m", ddbemu::AttributeValue::S("#METADATA")}}});
  for (const ddbemu::Item& item : org_items)
    orgs.push_back(ddbemu::GetOr<std::string>(item, "orgId"));
  if (!org_items.status().ok()) {
    std::cerr << "hrctl: " << org_items.status().error().message() << "\n";
    return 1;
  }
  if (orgs.empty()) {
    std::cerr << "hrctl: the table has no organisations: run `hrctl seed` first\n";
    return 1;
  }

  ddbemu::SystemClock clock;
  UlidGenerator ids(clock, SeededRandomSource(static_cast<std::uint64_t>(a.GetInt("seed", 1))));
  HrService s(*b.client, clock, ids, so);
  // Per org: its employees, departments and jobs, read once before measuring.
  struct OrgData {
    std::vector<Employee> emps;
    std::vector<Department> depts;
    std::vector<JobPosting> jobs, open;
  };
  std::map<std::string, OrgData> data;
  auto org_data = [&](const std::string& org) -> OrgData& {
    auto it = data.find(org);
    if (it != data.end()) return it->second;
    OrgData d;
    TenantContext ctx{org};
    if (auto r = s.ListEmployees(ctx, {.limit = 1000}); r.ok()) {
      for (auto& e : r->items) {
        if (e.status == EmployeeStatus::kActive) d.emps.push_back(e);
      }
    }
    if (auto r = s.ListDepartments(ctx, {.limit = 1000}); r.ok()) d.depts = r->items;
    if (auto r = s.ListJobs(ctx, {.limit = 1000}); r.ok()) {
      d.jobs = r->items;
      for (auto& j : d.jobs) {
        if (j.status == JobStatus::kOpen) d.open.push_back(j);
      }
    }
    s.TakeConsumed();  // preparation is not part of the mix
    return data.emplace(org, std::move(d)).first->second;
  };
  auto any = [&](auto& v) -> auto& { return v[rng() % v.size()]; };

  std::vector<Measured> measured(ReviewTable().size());
  int sequence = 0;
  // Runs one call of row `i` on a random org.
  auto run = [&](std::size_t i) {
    std::string org = any(orgs);
    OrgData& d = org_data(org);
    TenantContext ctx{org};
    PageRequest all{.limit = 1000};
    bool ok = true;
    switch (i) {
      case 0:
        ok = s.GetOrganisation(ctx).ok();
        break;
      case 1:
        ok = !d.emps.empty() && s.GetEmployee(ctx, any(d.emps).emp_id).ok();
        break;
      case 2:
        ok = s.ListEmployees(ctx, all).ok();
        break;
      case 3:
        ok = !d.emps.empty() && s.FindEmployeeByEmail(ctx, any(d.emps).email).ok();
        break;
      case 4:
        ok = s.ListDepartments(ctx, all).ok();
        break;
      case 5:
        ok = !d.depts.empty() && s.GetDepartment(ctx, any(d.depts).dept_id).ok();
        break;
      case 6:
        ok = !d.depts.empty() && s.ListDepartmentEmployees(ctx, any(d.depts).dept_id, all).ok();
        break;
      case 7:
        ok = s.ListOpenJobs(ctx, all).ok();
        break;
      case 8:
        ok = !d.jobs.empty() && s.GetJob(ctx, any(d.jobs).job_id).ok();
        break;
      case 9:
        ok = !d.jobs.empty() && s.ListJobApplications(ctx, any(d.jobs).job_id, all).ok();
        break;
      case 10:
        ok = !d.emps.empty() && s.ListEmployeeApplications(ctx, any(d.emps).emp_id, all).ok();
        break;
      case 11:
        ok = s.ListJobs(ctx, all).ok();
        break;
      case 12:
        if (d.depts.empty()) {
          ok = false;
          break;
        }
        if (++sequence % 2 == 0 && !d.emps.empty()) {  // half updates (version-locked) ...
          Employee& e = any(d.emps);
          auto r = s.UpdateEmployee(ctx, e.emp_id, e.version, {.last_name = e.last_name + "-x"});
          ok = r.ok();
          if (ok) e = *r;
        } else {  // ... half hires
          auto r = s.Hire(ctx, {.email = "cost." + ids.Next() + "@cost.example",
                                .first_name = "Cost",
                                .last_name = "Run",
                                .department_id = any(d.depts).dept_id});
          ok = r.ok();
          if (ok) d.emps.push_back(*r);
        }
        break;
      case 13: {
        if (d.open.empty()) {
          ok = false;
          break;
        }
        std::size_t k = rng() % d.open.size();
        ok = s.CloseJob(ctx, d.open[k].job_id).ok();
        d.open.erase(d.open.begin() + static_cast<long>(k));
        break;
      }
      case 14:
        ok = !d.open.empty() && !d.emps.empty() &&
             s.SubmitApplication(ctx, any(d.open).job_id, any(d.emps).emp_id).ok();
        break;
    }
    Consumed c = s.TakeConsumed();
    Measured& m = measured[i];
    if (!ok) {
      ++m.errors;
      return;
    }
    m.rcu += c.read_units;
    m.wcu += c.write_units;
    ++m.calls;
  };
  // The scaled day, interleaved: each row's calls spread evenly over the run.
  std::vector<std::pair<double, std::size_t>> schedule;
  for (std::size_t i = 0; i < ReviewTable().size(); ++i) {
    int n = std::max(1, static_cast<int>(std::lround(ReviewTable()[i].calls_per_day * fraction)));
    for (int k = 0; k < n; ++k) schedule.emplace_back((k + 0.5) / n, i);
  }
  std::sort(schedule.begin(), schedule.end());
  for (const auto& [when, i] : schedule) run(i);

  auto dollars = [&](double rcu, double wcu, double calls) {
    return calls * (rcu * read_price + wcu * write_price) / 1e6;
  };
  double review_day = 0, measured_day = 0;
  std::string out_json = "{\"fraction\":" + std::to_string(fraction) + ",\"rows\":[";
  if (!json) {
    std::printf(
        "cost of the review's daily mix (%g of a day measured, %zu orgs; $%g per million "
        "RCU, $%g per million WCU)\n\n",
        fraction, orgs.size(), read_price, write_price);
    std::printf("%-30s %9s %9s | %9s %9s | %8s | %10s %10s\n", "pattern", "rev RCU", "rev WCU",
                "meas RCU", "meas WCU", "calls/d", "rev $/d", "meas $/d");
  }
  std::vector<std::string> notes;
  for (std::size_t i = 0; i < ReviewTable().size(); ++i) {
    const ReviewRow& r = ReviewTable()[i];
    const Measured& m = measured[i];
    double rcu = m.calls ? m.rcu / m.calls : 0, wcu = m.calls ? m.wcu / m.calls : 0;
    double rev = dollars(r.rcu, r.wcu, r.calls_per_day), mea = dollars(rcu, wcu, r.calls_per_day);
    review_day += rev;
    measured_day += mea;
    bool differs = std::fabs(rcu - r.rcu) > 0.05 * std::max(r.rcu, 0.5) ||
                   std::fabs(wcu - r.wcu) > 0.05 * std::max(r.wcu, 0.5);
    if (json) {
      char buf[512];
      std::snprintf(buf, sizeof buf,
                    "%s{\"pattern\":%s,\"reviewRcu\":%g,\"reviewWcu\":%g,\"measuredRcu\":%.3f,"
                    "\"measuredWcu\":%.3f,\"callsPerDay\":%g,\"reviewDollarsPerDay\":%.5f,"
                    "\"measuredDollarsPerDay\":%.5f,\"callsMeasured\":%d,\"errors\":%d}",
                    i ? "," : "", JsonString(r.name).c_str(), r.rcu, r.wcu, rcu, wcu,
                    r.calls_per_day, rev, mea, m.calls, m.errors);
      out_json += buf;
    } else {
      std::printf("%-30s %9g %9g | %9.3f %9.3f | %8g | %10.5f %10.5f%s\n", r.name.c_str(), r.rcu,
                  r.wcu, rcu, wcu, r.calls_per_day, rev, mea, differs ? "  *" : "");
      if (differs) {
        notes.push_back("* " + r.name + ": " +
                        (*r.why_different ? r.why_different : "measured from ConsumedCapacity"));
      }
      if (m.errors)
        notes.push_back("  (" + r.name + ": " + std::to_string(m.errors) + " calls failed)");
    }
  }
  // The one-off price of the table's warm throughput, beside the request costs (docs/capacity.md
  // §6, §8).
  const WarmFlags warm_flags = WarmFlagsOf(a);
  auto warm = PriceWarmThroughput(*b.client, so.table_name, warm_flags.target, warm_flags.prices);
  if (!warm.ok()) {
    std::cerr << "hrctl: " << warm.error().message() << "\n";
    return 1;
  }
  if (json) {
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "],\"reviewDollarsPerDay\":%.4f,\"measuredDollarsPerDay\":%.4f,"
                  "\"reviewDollarsPerMonth\":%.2f,\"measuredDollarsPerMonth\":%.2f,"
                  "\"measuredDollarsPerMonthAt10x\":%.2f,\"warmThroughput\":",
                  review_day, measured_day, review_day * 30, measured_day * 30, measured_day * 300);
    std::cout << out_json << buf << WarmThroughputCostJson(*warm) << "}\n";
    return 0;
  }
  std::printf("%-30s %9s %9s | %9s %9s | %8s | %10.4f %10.4f\n", "total per day", "", "", "", "",
              "", review_day, measured_day);
  std::printf("\nper month (30 days): review $%.2f, measured $%.2f\n", review_day * 30,
              measured_day * 30);
  std::printf("at 10x (calls x10, per-call cost as measured): review $%.2f, measured $%.2f\n",
              review_day * 300, measured_day * 300);
  std::printf(
      "(the review rounded: its rows sum to $%.3f/day, it quotes $0.071/day, $2.15/month, "
      "~$21/month at 10x)\n\n",
      review_day);
  for (const auto& n : notes) std::printf("%s\n", n.c_str());
  std::printf("\n%s", WarmThroughputCostText(*warm, warm_flags.prices, "").c_str());
  return 0;
}

}  // namespace hrctl
