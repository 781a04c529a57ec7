// Entity <-> item encoding (see item_codec.h).
#include "item_codec.h"

#include <cstdlib>

#include "hrcore/keys.h"

namespace hrcore::codec {
namespace {

using ddbemu::AttributeType;
using ddbemu::Item;

void Identify(Item& item, std::string_view type, std::string_view entity) {
  item[std::string(keys::kType)] = S(type);
  item[std::string(keys::kEdbEntity)] = S(entity);
  item[std::string(keys::kEdbVersion)] = S(keys::kEdbModelVersion);
}
void PutIfSet(Item& item, std::string_view name, const std::string& value) {
  if (!value.empty()) item[std::string(name)] = S(value);
}
Error Corrupt(std::string_view what, const Item& item) {
  return Error(ErrorKind::kBackend, "stored " + std::string(what) + " item " +
                                        GetS(item, keys::kPK) + " / " + GetS(item, keys::kSK) +
                                        " is malformed");
}

}  // namespace

Item Key(std::string pk, std::string sk) {
  Item key;
  key[std::string(keys::kPK)] = ddbemu::AttributeValue::S(std::move(pk));
  key[std::string(keys::kSK)] = ddbemu::AttributeValue::S(std::move(sk));
  return key;
}

std::string GetS(const Item& item, std::string_view name) {
  auto it = item.find(name);
  if (it == item.end() || !it->second.is(AttributeType::kS)) return "";
  return it->second.scalar();
}

std::int64_t GetN(const Item& item, std::string_view name, std::int64_t fallback) {
  auto it = item.find(name);
  if (it == item.end() || !it->second.is(AttributeType::kN)) return fallback;
  return std::strtoll(it->second.scalar().c_str(), nullptr, 10);
}

Item ToItem(const Organisation& org) {
  Item item = Key(keys::OrgPk(org.org_id), std::string(keys::kOrgMetaSk));
  Identify(item, keys::kOrgType, keys::kOrgEntity);
  item["orgId"] = S(org.org_id);
  item["name"] = S(org.name);
  item["plan"] = S(ToString(org.plan));
  item["status"] = S(ToString(org.status));
  PutIfSet(item, "createdAt", org.created_at);
  return item;
}

Item ToItem(const Department& dept) {
  Item item = Key(keys::OrgPk(dept.org_id), keys::DeptSk(dept.dept_id));
  Identify(item, keys::kDeptType, keys::kDeptEntity);
  item["deptId"] = S(dept.dept_id);
  item["orgId"] = S(dept.org_id);
  item["name"] = S(dept.name);
  PutIfSet(item, "managerId", dept.manager_id);
  item["headcount"] = N(dept.headcount);
  item["version"] = N(dept.version);
  return item;
}

Item ToItem(const Employee& emp) {
  Item item = Key(keys::OrgPk(emp.org_id), keys::EmpSk(emp.emp_id));
  Identify(item, keys::kEmpType, keys::kEmpEntity);
  item["empId"] = S(emp.emp_id);
  item["orgId"] = S(emp.org_id);
  item["email"] = S(emp.email);
  item["firstName"] = S(emp.first_name);
  item["lastName"] = S(emp.last_name);
  PutIfSet(item, "departmentId", emp.department_id);
  item["role"] = S(ToString(emp.role));
  item["status"] = S(ToString(emp.status));
  PutIfSet(item, "hiredAt", emp.hired_at);
  PutIfSet(item, "terminatedAt", emp.terminated_at);
  item["version"] = N(emp.version);
  // An inactive employee leaves GSI1: the email is the SSO identity, and a terminated
  // employee must not sign in (and frees the email, see invariant 2).
  if (emp.status == EmployeeStatus::kActive) {
    item[std::string(keys::kGsi1Pk)] = S(keys::EmailGsiPk(emp.email));
    item[std::string(keys::kGsi1Sk)] = S(keys::EmpSk(emp.emp_id));
  }
  return item;
}

Item ToItem(const DeptEmployee& rel) {
  Item item = Key(keys::DeptPk(rel.dept_id), keys::EmpSk(rel.emp_id));
  Identify(item, keys::kDeptEmpType, keys::kDeptEmpEntity);
  item["deptId"] = S(rel.dept_id);
  item["empId"] = S(rel.emp_id);
  item["orgId"] = S(rel.org_id);
  return item;
}

Item ToItem(const JobPosting& job) {
  Item item = Key(keys::OrgPk(job.org_id), keys::JobSk(job.posted_at, job.job_id));
  Identify(item, keys::kJobType, keys::kJobEntity);
  item["jobId"] = S(job.job_id);
  item["orgId"] = S(job.org_id);
  PutIfSet(item, "departmentId", job.department_id);
  item["title"] = S(job.title);
  item["status"] = S(ToString(job.status));
  item["postedAt"] = S(job.posted_at);
  PutIfSet(item, "closedAt", job.closed_at);
  if (job.status == JobStatus::kOpen) {  // the sparse GSI1: open jobs only (invariant 4)
    item[std::string(keys::kGsi1Pk)] = S(keys::OpenJobsGsiPk(job.org_id));
    item[std::string(keys::kGsi1Sk)] = S(keys::JobSk(job.posted_at, job.job_id));
  }
  return item;
}

Item ToItem(const Application& app) {
  Item item = Key(keys::JobPk(app.job_id), keys::AppSk(app.submitted_at, app.app_id));
  Identify(item, keys::kAppType, keys::kAppEntity);
  item["appId"] = S(app.app_id);
  item["jobId"] = S(app.job_id);
  item["empId"] = S(app.emp_id);
  item["status"] = S(ToString(app.status));
  item["submittedAt"] = S(app.submitted_at);
  item[std::string(keys::kGsi1Pk)] = S(keys::EmpGsiPk(app.emp_id));
  item[std::string(keys::kGsi1Sk)] = S(keys::AppSk(app.submitted_at, app.app_id));
  return item;
}

Item EmailUniqueItem(std::string_view email, std::string_view org_id, std::string_view emp_id) {
  Item item = Key(keys::EmailUniquePk(email), std::string(keys::kUniqueSk));
  Identify(item, keys::kEmailUniqueType, keys::kEmailUniqueEntity);
  item["email"] = S(email);
  item["orgId"] = S(org_id);
  item["empId"] = S(emp_id);
  return item;
}

Item JobRefItem(const JobPosting& job) {
  Item item = Key(keys::JobPk(job.job_id), std::string(keys::kJobRefSk));
  Identify(item, keys::kJobRefType, keys::kJobRefEntity);
  item["jobId"] = S(job.job_id);
  item["orgId"] = S(job.org_id);
  item["postedAt"] = S(job.posted_at);
  return item;
}

Result<Organisation> OrganisationFrom(const Item& item) {
  Organisation org{.org_id = GetS(item, "orgId"),
                   .name = GetS(item, "name"),
                   .created_at = GetS(item, "createdAt")};
  auto plan = ParsePlan(GetS(item, "plan"));
  auto status = ParseOrgStatus(GetS(item, "status"));
  if (org.org_id.empty() || !plan) return Corrupt("organisation", item);
  org.plan = *plan;
  org.status = status.value_or(OrgStatus::kActive);
  return org;
}

Result<Department> DepartmentFrom(const Item& item) {
  Department d{.dept_id = GetS(item, "deptId"),
               .org_id = GetS(item, "orgId"),
               .name = GetS(item, "name"),
               .manager_id = GetS(item, "managerId"),
               .headcount = GetN(item, "headcount"),
               .version = GetN(item, "version")};
  if (d.dept_id.empty() || d.org_id.empty()) return Corrupt("department", item);
  return d;
}

Result<Employee> EmployeeFrom(const Item& item) {
  Employee e{.emp_id = GetS(item, "empId"),
             .org_id = GetS(item, "orgId"),
             .email = GetS(item, "email"),
             .first_name = GetS(item, "firstName"),
             .last_name = GetS(item, "lastName"),
             .department_id = GetS(item, "departmentId"),
             .hired_at = GetS(item, "hiredAt"),
             .terminated_at = GetS(item, "terminatedAt"),
             .version = GetN(item, "version")};
  if (e.emp_id.empty() || e.org_id.empty()) return Corrupt("employee", item);
  e.role = ParseRole(GetS(item, "role")).value_or(Role::kEmployee);
  e.status = ParseEmployeeStatus(GetS(item, "status")).value_or(EmployeeStatus::kActive);
  return e;
}

Result<DeptEmployee> DeptEmployeeFrom(const Item& item) {
  std::string pk = GetS(item, keys::kPK), sk = GetS(item, keys::kSK);
  if (pk.rfind(keys::kDeptPrefix, 0) != 0 || sk.rfind(keys::kEmpPrefix, 0) != 0) {
    return Corrupt("dept_emp", item);
  }
  return DeptEmployee{.dept_id = pk.substr(keys::kDeptPrefix.size()),
                      .emp_id = sk.substr(keys::kEmpPrefix.size()),
                      .org_id = GetS(item, "orgId")};
}

Result<JobPosting> JobPostingFrom(const Item& item) {
  JobPosting j{.job_id = GetS(item, "jobId"),
               .org_id = GetS(item, "orgId"),
               .department_id = GetS(item, "departmentId"),
               .title = GetS(item, "title"),
               .posted_at = GetS(item, "postedAt"),
               .closed_at = GetS(item, "closedAt")};
  if (j.job_id.empty() || j.org_id.empty()) return Corrupt("job", item);
  j.status = ParseJobStatus(GetS(item, "status")).value_or(JobStatus::kDraft);
  return j;
}

Result<Application> ApplicationFrom(const Item& item) {
  Application a{.app_id = GetS(item, "appId"),
                .job_id = GetS(item, "jobId"),
                .emp_id = GetS(item, "empId"),
                .submitted_at = GetS(item, "submittedAt")};
  if (a.app_id.empty() || a.job_id.empty()) return Corrupt("application", item);
  a.status = ParseApplicationStatus(GetS(item, "status")).value_or(ApplicationStatus::kApplied);
  return a;
}

}  // namespace hrcore::codec
