// The HR mixes: AP1-AP12 at the review's calls per day, and hires / job closes / applications.
#include "workload.h"

#include <algorithm>
#include <random>

namespace hrbench {
namespace {

using hrcore::HrService;
using hrcore::PageRequest;
using hrcore::Result;
using hrcore::TenantContext;

// A well-mixed hash of a variant index: which employee, department or job a read names.
std::uint64_t Mixed(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

template <class V>
const auto& Pick(const V& v, std::uint64_t h) {
  return v[h % v.size()];
}

// A read pattern: `call(service, ctx, org, hash)` returns any Result; only success matters.
template <class F>
Pattern Read(const Dataset& d, std::string name, int weight, std::size_t variants, F call) {
  Pattern p{.name = std::move(name), .weight = weight, .variants = variants};
  p.invoke = [&d, call](HrService& s, std::size_t v, std::string_view) -> Result<CallIds> {
    const OrgData& org = d.orgs[v % d.orgs.size()];
    auto r = call(s, TenantContext{org.org_id}, org, Mixed(v));
    if (!r.ok()) return r.error();
    return CallIds{};
  };
  return p;
}

template <class T>
Result<CallIds> Ok(const Result<T>& r, CallIds ids) {
  if (!r.ok()) return r.error();
  return ids;
}

const PageRequest kPage{.limit = 50};  // a page as an app shows it

}  // namespace

Mix ParseMix(std::string_view name, bool* ok) {
  *ok = true;
  if (name == "read") return Mix::kRead;
  if (name == "write") return Mix::kWrite;
  if (name == "all") return Mix::kAll;
  *ok = false;
  return Mix::kRead;
}

std::string_view MixName(Mix mix) {
  switch (mix) {
    case Mix::kRead:
      return "read";
    case Mix::kWrite:
      return "write";
    case Mix::kAll:
      return "all";
  }
  return "?";
}

std::vector<Pattern> MakePatterns(const Dataset& d, const WorkloadOptions& o) {
  std::vector<Pattern> out;
  const std::size_t n = o.read_variants;
  if (o.mix != Mix::kWrite) {
    // Weights: calls per day / 1,000 (docs/hr-schema.md's baseline).
    out.push_back(Read(d, "AP1_GetOrganisation", 50, n,
                       [](HrService& s, auto ctx, auto&, auto) { return s.GetOrganisation(ctx); }));
    out.push_back(Read(d, "AP2_GetEmployee", 200, n, [](HrService& s, auto ctx, auto& org, auto h) {
      return s.GetEmployee(ctx, Pick(org.employees, h).emp_id);
    }));
    out.push_back(Read(d, "AP3_ListEmployees", 5, n, [](HrService& s, auto ctx, auto&, auto) {
      return s.ListEmployees(ctx, kPage);
    }));
    out.push_back(
        Read(d, "AP4_EmployeeByEmail", 100, n, [](HrService& s, auto ctx, auto& org, auto h) {
          return s.FindEmployeeByEmail(ctx, Pick(org.employees, h).email);
        }));
    out.push_back(Read(d, "AP5_ListDepartments", 10, n, [](HrService& s, auto ctx, auto&, auto) {
      return s.ListDepartments(ctx, kPage);
    }));
    out.push_back(
        Read(d, "AP6_GetDepartment", 20, n, [](HrService& s, auto ctx, auto& org, auto h) {
          return s.GetDepartment(ctx, Pick(org.departments, h).dept_id);
        }));
    out.push_back(
        Read(d, "AP7_DeptEmployees", 15, n, [](HrService& s, auto ctx, auto& org, auto h) {
          return s.ListDepartmentEmployees(ctx, Pick(org.departments, h).dept_id, kPage);
        }));
    out.push_back(Read(d, "AP8_OpenJobs", 30, n, [](HrService& s, auto ctx, auto&, auto) {
      return s.ListOpenJobs(ctx, kPage);
    }));
    out.push_back(Read(d, "AP9_GetJob", 25, n, [](HrService& s, auto ctx, auto& org, auto h) {
      return s.GetJob(ctx, Pick(org.all_jobs, h).job_id);
    }));
    out.push_back(
        Read(d, "AP10_JobApplications", 8, n, [](HrService& s, auto ctx, auto& org, auto h) {
          return s.ListJobApplications(ctx, Pick(org.open_jobs, h).job_id, kPage);
        }));
    out.push_back(
        Read(d, "AP11_EmpApplications", 5, n, [](HrService& s, auto ctx, auto& org, auto h) {
          return s.ListEmployeeApplications(ctx, Pick(org.employees, h).emp_id, kPage);
        }));
    out.push_back(Read(d, "AP12_ListJobs", 2, n,
                       [](HrService& s, auto ctx, auto&, auto) { return s.ListJobs(ctx, kPage); }));
  }
  if (o.mix == Mix::kRead) return out;

  // Writes. Weights per day / 500 in the write mix (hires 2,000, job closes 500, applications
  // 500); in the "all" mix ten times the review's share of writes, per day / 1,000.
  const int scale = o.mix == Mix::kWrite ? 2 : 10;
  const std::size_t orgs = d.orgs.size();
  const int conns = std::max(1, o.connections);
  // Connection c writes in organisation c % orgs; connections that share an organisation (c /
  // orgs apart) use different departments and jobs. The first 2 x `sharing` open jobs of each
  // org are closed and reopened (the first half by the write mix, the second by the all mix);
  // applications go to the others, which stay open.
  const std::size_t sharing = (static_cast<std::size_t>(conns) + orgs - 1) / orgs;
  auto org_of = [&d, orgs](std::size_t v, std::size_t per) -> const OrgData& {
    return d.orgs[(v / per) % orgs];
  };
  auto lane_of = [orgs](std::size_t v, std::size_t per) { return (v / per) / orgs; };

  Pattern hire{
      .name = "Hire", .weight = 2 * scale, .is_write = true, .per_connection = true, .variants = 4};
  hire.invoke = [&d, org_of, lane_of](HrService& s, std::size_t v,
                                      std::string_view unique) -> Result<CallIds> {
    const OrgData& org = org_of(v, 4);
    const auto& dept = org.departments[(lane_of(v, 4) * 4 + v % 4) % org.departments.size()];
    auto r =
        s.Hire(TenantContext{org.org_id}, {.email = "hb" + std::string(unique) + "@bench.example",
                                           .first_name = "Bench",
                                           .last_name = "Hire",
                                           .department_id = dept.dept_id});
    if (!r.ok()) return r.error();
    return CallIds{{r->emp_id}};
  };
  out.push_back(std::move(hire));

  Pattern close{.name = "JobCloseReopen",
                .weight = scale / 2 > 0 ? scale / 2 : 1,
                .is_write = true,
                .per_connection = true,
                .variants = 2};
  // The write and the all mix close different jobs: a run of one may leave its jobs closed.
  const std::size_t close_base = o.mix == Mix::kAll ? sharing : 0;
  close.invoke = [&d, org_of, lane_of, sharing, close_base](HrService& s, std::size_t v,
                                                            std::string_view) -> Result<CallIds> {
    const OrgData& org = org_of(v, 2);
    std::size_t n = org.open_jobs.size();
    const auto& job = org.open_jobs[std::min(close_base + lane_of(v, 2) % sharing, n - 2)];
    TenantContext ctx{org.org_id};
    // Alternately: each connection's job is closed, then reopened on its next turn.
    if (v % 2 == 0) return Ok(s.CloseJob(ctx, job.job_id), {});
    return Ok(s.ReopenJob(ctx, job.job_id), {});
  };
  out.push_back(std::move(close));

  Pattern apply{.name = "SubmitApplication",
                .weight = scale / 2 > 0 ? scale / 2 : 1,
                .is_write = true,
                .per_connection = true,
                .variants = 4};
  apply.invoke = [&d, org_of, lane_of, sharing](HrService& s, std::size_t v,
                                                std::string_view) -> Result<CallIds> {
    const OrgData& org = org_of(v, 4);
    std::size_t first = std::min(2 * sharing, org.open_jobs.size() - 1);
    std::size_t lane = lane_of(v, 4) * 4 + v % 4;
    const auto& job = org.open_jobs[first + lane % (org.open_jobs.size() - first)];
    const auto& emp = org.employees[(lane * 7 + 3) % org.employees.size()];
    auto r = s.SubmitApplication(TenantContext{org.org_id}, job.job_id, emp.emp_id);
    if (!r.ok()) return r.error();
    return CallIds{{r->submitted_at, r->app_id}};  // the order hrcore draws them
  };
  out.push_back(std::move(apply));
  return out;
}

std::size_t VariantFor(bool per_connection, std::size_t variants, int conn, std::uint64_t use,
                       int connections) {
  if (per_connection) {
    return static_cast<std::size_t>(conn) * variants + static_cast<std::size_t>(use % variants);
  }
  return static_cast<std::size_t>(
      (use * static_cast<std::uint64_t>(connections) + static_cast<std::uint64_t>(conn)) %
      variants);
}

std::vector<std::uint16_t> MakeSchedule(const std::vector<Pattern>& patterns) {
  std::vector<std::uint16_t> schedule;
  for (std::size_t i = 0; i < patterns.size(); ++i) {
    for (int k = 0; k < patterns[i].weight; ++k) schedule.push_back(static_cast<std::uint16_t>(i));
  }
  std::mt19937 rng(42);
  std::shuffle(schedule.begin(), schedule.end(), rng);
  return schedule;
}

Result<Dataset> Discover(HrService& service, const std::vector<std::string>& org_ids) {
  Dataset d;
  for (const std::string& id : org_ids) {
    TenantContext ctx{id};
    OrgData org{.org_id = id};
    PageRequest page{.limit = 1000};
    for (;;) {
      DDBEMU_ASSIGN_OR_RETURN(auto emps, service.ListEmployees(ctx, page));
      for (auto& e : emps.items) {
        if (e.status == hrcore::EmployeeStatus::kActive) org.employees.push_back(std::move(e));
      }
      if (!emps.next_cursor) break;
      page.cursor = emps.next_cursor;
    }
    DDBEMU_ASSIGN_OR_RETURN(auto depts, service.ListDepartments(ctx, {.limit = 1000}));
    org.departments = std::move(depts.items);
    DDBEMU_ASSIGN_OR_RETURN(auto jobs, service.ListJobs(ctx, {.limit = 1000}));
    org.all_jobs = std::move(jobs.items);
    for (const auto& j : org.all_jobs) {
      if (j.status == hrcore::JobStatus::kOpen) org.open_jobs.push_back(j);
    }
    if (org.employees.empty() || org.departments.empty() || org.open_jobs.size() < 2) {
      return hrcore::Error(hrcore::ErrorKind::kInvalidArgument,
                           "organisation " + id + " has too little data to benchmark");
    }
    d.orgs.push_back(std::move(org));
  }
  return d;
}

}  // namespace hrbench
