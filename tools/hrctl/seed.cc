// The deterministic data generator behind `hrctl seed`.
#include "seed.h"

#include <array>
#include <random>

namespace hrctl {
namespace {

using namespace hrcore;

constexpr std::array<const char*, 24> kFirst{"Alice", "Bob",   "Chidi", "Dana",  "Elif",  "Farah",
                                             "Goran", "Hana",  "Ivan",  "Jun",   "Kemi",  "Lars",
                                             "Maya",  "Noor",  "Omar",  "Priya", "Quinn", "Rosa",
                                             "Sven",  "Tariq", "Uma",   "Vera",  "Wei",   "Yara"};
constexpr std::array<const char*, 20> kLast{"Nguyen", "Okafor",  "Schmidt", "Rossi",  "Kowalski",
                                            "Haddad", "Tanaka",  "Silva",   "Jensen", "Murphy",
                                            "Dubois", "Novak",   "Singh",   "Garcia", "Cohen",
                                            "Larsen", "Ivanova", "Moreau",  "Chen",   "Adeyemi"};
constexpr std::array<const char*, 12> kOrgA{"Blue",  "North", "Bright", "Iron",  "Silver", "Green",
                                            "Swift", "Clear", "Solid",  "Polar", "Amber",  "Cedar"};
constexpr std::array<const char*, 10> kOrgB{"Harbor",    "Labs",   "Works", "Systems", "Foods",
                                            "Logistics", "Health", "Media", "Energy",  "Studio"};
constexpr std::array<const char*, 8> kDepts{"Engineering", "Sales",   "People Ops", "Finance",
                                            "Marketing",   "Support", "Legal",      "Design"};
constexpr std::array<const char*, 10> kTitles{
    "Senior Engineer",  "Account Executive",  "HR Coordinator", "Financial Analyst",
    "Product Marketer", "Support Specialist", "Counsel",        "Product Designer",
    "Data Engineer",    "Engineering Manager"};

std::string Lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

std::int64_t SeedStartMicros() { return 1'735'689'600'000'000; }  // 2025-01-01T00:00:00Z

Result<SeedResult> Seed(HrService& service, ddbemu::VirtualClock& clock, const SeedOptions& o,
                        const std::function<void(int)>& progress) {
  std::mt19937_64 rng(o.seed);
  auto pick = [&](auto& list) { return std::string(list[rng() % list.size()]); };
  auto later = [&](std::int64_t max_minutes) {
    clock.AdvanceMicros(static_cast<std::int64_t>(rng() % (max_minutes * 60'000'000 + 1)) + 1000);
  };
  SeedResult out;
  for (int org_index = 0; org_index < o.orgs; ++org_index) {
    std::string org_name = pick(kOrgA) + " " + pick(kOrgB) + " " + std::to_string(org_index);
    Plan plan = static_cast<Plan>(rng() % 3);
    DDBEMU_ASSIGN_OR_RETURN(Organisation org, service.CreateOrganisation(org_name, plan));
    TenantContext ctx{org.org_id};
    out.org_ids.push_back(org.org_id);
    std::string domain = Lower(org_name);
    for (char& c : domain) {
      if (c == ' ') c = '-';
    }
    domain += ".example";
    std::vector<std::string> depts;
    for (int d = 0; d < o.departments_per_org; ++d) {
      std::string name = kDepts[d % kDepts.size()];
      if (d >= static_cast<int>(kDepts.size())) name += " " + std::to_string(d);
      DDBEMU_ASSIGN_OR_RETURN(Department dept, service.CreateDepartment(ctx, name));
      depts.push_back(dept.dept_id);
    }
    std::vector<Employee> staff;
    for (int e = 0; e < o.employees_per_org; ++e) {
      later(600);
      std::string first = pick(kFirst), last = pick(kLast);
      Role role =
          e == 0 ? Role::kAdmin : (e <= o.departments_per_org ? Role::kManager : Role::kEmployee);
      DDBEMU_ASSIGN_OR_RETURN(
          Employee hired,
          service.Hire(ctx, {.email = Lower(first) + "." + Lower(last) + "." + std::to_string(e) +
                                      "@" + domain,
                             .first_name = first,
                             .last_name = last,
                             .department_id = depts.empty() ? "" : depts[rng() % depts.size()],
                             .role = role}));
      staff.push_back(std::move(hired));
      ++out.employees;
    }
    for (int d = 0; d < static_cast<int>(depts.size()) && d + 1 < static_cast<int>(staff.size());
         ++d) {
      DDBEMU_RETURN_IF_ERROR(service.SetDepartmentManager(ctx, depts[d], staff[d + 1].emp_id, 1));
    }
    for (int t = 0; t < o.terminated_per_org && t + 10 < static_cast<int>(staff.size()); ++t) {
      Employee& leaver = staff[staff.size() - 1 - t];
      later(60);
      DDBEMU_ASSIGN_OR_RETURN(leaver, service.Terminate(ctx, leaver.emp_id, leaver.version));
    }
    int jobs = o.open_jobs_per_org + o.closed_jobs_per_org + o.draft_jobs_per_org;
    for (int j = 0; j < jobs; ++j) {
      later(1440);
      DDBEMU_ASSIGN_OR_RETURN(
          JobPosting job,
          service.DraftJob(ctx, pick(kTitles), depts.empty() ? "" : depts[rng() % depts.size()]));
      ++out.jobs;
      if (j >= o.open_jobs_per_org + o.closed_jobs_per_org) continue;  // stays a draft
      DDBEMU_RETURN_IF_ERROR(service.OpenJob(ctx, job.job_id));
      int apps = staff.empty() ? 0 : o.applications_per_open_job;
      for (int a = 0; a < apps; ++a) {
        later(240);
        const Employee& applicant = staff[rng() % staff.size()];
        if (applicant.status != EmployeeStatus::kActive) continue;
        DDBEMU_ASSIGN_OR_RETURN(Application app,
                                service.SubmitApplication(ctx, job.job_id, applicant.emp_id));
        ++out.applications;
        ApplicationRef ref{job.job_id, app.submitted_at, app.app_id};
        int stage = static_cast<int>(rng() % 4);
        if (stage >= 1)
          DDBEMU_RETURN_IF_ERROR(
              service.AdvanceApplication(ctx, ref, ApplicationStatus::kReviewing));
        if (stage >= 2) {
          DDBEMU_RETURN_IF_ERROR(service.AdvanceApplication(
              ctx, ref, stage == 2 ? ApplicationStatus::kRejected : ApplicationStatus::kAccepted));
        }
      }
      if (j >= o.open_jobs_per_org) DDBEMU_RETURN_IF_ERROR(service.CloseJob(ctx, job.job_id));
    }
    if (progress) progress(org_index + 1);
  }
  return out;
}

}  // namespace hrctl
