// Entity <-> item encoding (see item_codec.h).
#include "item_codec.h"

#include <cstdlib>

#include "hrcore/keys.h"

namespace hrcore::codec {
namespace {

using ddbemu::AttributeValue;

using ddbemu::AttributeType;
using ddbemu::Item;

void Identify(Item& item, std::string_view type, std::string_view entity) {
  item[std::string(keys::kType)] = AttributeValue::S(type);
  item[std::string(keys::kEdbEntity)] = AttributeValue::S(entity);
  item[std::string(keys::kEdbVersion)] = AttributeValue::S(keys::kEdbModelVersion);
}
void PutIfSet(Item& item, std::string_view name, const std::string& value) {
  if (!value.empty()) item[std::string(name)] = AttributeValue::S(value);
}
Error Corrupt(std::string_view what, const Item& item) {
  return Error(ErrorKind::kBackend, "stored " + std::string(what) + " item " +
                                        GetOr<std::string>(item, keys::kPK) + " / " +
                                        GetOr<std::string>(item, keys::kSK) + " is malformed");
}

}  // namespace

Item Key(std::string pk, std::string sk) {
  Item key;
  key[std::string(keys::kPK)] = AttributeValue::S(std::move(pk));
  key[std::string(keys::kSK)] = AttributeValue::S(std::move(sk));
  return key;
}

Item ToItem(const Organisation& org) {
  Item item = Key(keys::OrgPk(org.org_id), std::string(keys::kOrgMetaSk));
  Identify(item, keys::kOrgType, keys::kOrgEntity);
  item["orgId"] = AttributeValue::S(org.org_id);
  item["name"] = AttributeValue::S(org.name);
  item["plan"] = AttributeValue::S(ToString(org.plan));
  item["status"] = AttributeValue::S(ToString(org.status));
  PutIfSet(item, "createdAt", org.created_at);
  return item;
}

Item ToItem(const Department& dept) {
  Item item = Key(keys::OrgPk(dept.org_id), keys::DeptSk(dept.dept_id));
  Identify(item, keys::kDeptType, keys::kDeptEntity);
  item["deptId"] = AttributeValue::S(dept.dept_id);
  item["orgId"] = AttributeValue::S(dept.org_id);
  item["name"] = AttributeValue::S(dept.name);
  PutIfSet(item, "managerId", dept.manager_id);
  item["headcount"] = AttributeValue::N(dept.headcount);
  item["version"] = AttributeValue::N(dept.version);
  return item;
}

Item ToItem(const Employee& emp) {
  Item item = Key(keys::OrgPk(emp.org_id), keys::EmpSk(emp.emp_id));
  Identify(item, keys::kEmpType, keys::kEmpEntity);
  item["empId"] = AttributeValue::S(emp.emp_id);
  item["orgId"] = AttributeValue::S(emp.org_id);
  item["email"] = AttributeValue::S(emp.email);
  item["firstName"] = AttributeValue::S(emp.first_name);
  item["lastName"] = AttributeValue::S(emp.last_name);
  PutIfSet(item, "departmentId", emp.department_id);
  item["role"] = AttributeValue::S(ToString(emp.role));
  item["status"] = AttributeValue::S(ToString(emp.status));
  PutIfSet(item, "hiredAt", emp.hired_at);
  PutIfSet(item, "terminatedAt", emp.terminated_at);
  item["version"] = AttributeValue::N(emp.version);
  // An inactive employee leaves GSI1: the email is the SSO identity, and a terminated
  // employee must not sign in (and frees the email, see invariant 2).
  if (emp.status == EmployeeStatus::kActive) {
    item[std::string(keys::kGsi1Pk)] = AttributeValue::S(keys::EmailGsiPk(emp.email));
    item[std::string(keys::kGsi1Sk)] = AttributeValue::S(keys::EmpSk(emp.emp_id));
  }
  return item;
}

Item ToItem(const DeptEmployee& rel) {
  Item item = Key(keys::DeptPk(rel.dept_id), keys::EmpSk(rel.emp_id));
  Identify(item, keys::kDeptEmpType, keys::kDeptEmpEntity);
  item["deptId"] = AttributeValue::S(rel.dept_id);
  item["empId"] = AttributeValue::S(rel.emp_id);
  item["orgId"] = AttributeValue::S(rel.org_id);
  return item;
}

Item ToItem(const JobPosting& job) {
  Item item = Key(keys::OrgPk(job.org_id), keys::JobSk(job.posted_at, job.job_id));
  Identify(item, keys::kJobType, keys::kJobEntity);
  item["jobId"] = AttributeValue::S(job.job_id);
  item["orgId"] = AttributeValue::S(job.org_id);
  PutIfSet(item, "departmentId", job.department_id);
  item["title"] = AttributeValue::S(job.title);
  item["status"] = AttributeValue::S(ToString(job.status));
  item["postedAt"] = AttributeValue::S(job.posted_at);
  PutIfSet(item, "closedAt", job.closed_at);
  if (job.status == JobStatus::kOpen) {  // the sparse GSI1: open jobs only (invariant 4)
    item[std::string(keys::kGsi1Pk)] = AttributeValue::S(keys::OpenJobsGsiPk(job.org_id));
    item[std::string(keys::kGsi1Sk)] = AttributeValue::S(keys::JobSk(job.posted_at, job.job_id));
  }
  return item;
}

Item ToItem(const Application& app) {
  Item item = Key(keys::JobPk(app.job_id), keys::AppSk(app.submitted_at, app.app_id));
  Identify(item, keys::kAppType, keys::kAppEntity);
  item["appId"] = AttributeValue::S(app.app_id);
  item["jobId"] = AttributeValue::S(app.job_id);
  item["empId"] = AttributeValue::S(app.emp_id);
  item["status"] = AttributeValue::S(ToString(app.status));
  item["submittedAt"] = AttributeValue::S(app.submitted_at);
  item[std::string(keys::kGsi1Pk)] = AttributeValue::S(keys::EmpGsiPk(app.emp_id));
  item[std::string(keys::kGsi1Sk)] = AttributeValue::S(keys::AppSk(app.submitted_at, app.app_id));
  return item;
}

Item EmailUniqueItem(std::string_view email, std::string_view org_id, std::string_view emp_id) {
  Item item = Key(keys::EmailUniquePk(email), std::string(keys::kUniqueSk));
  Identify(item, keys::kEmailUniqueType, keys::kEmailUniqueEntity);
  item["email"] = AttributeValue::S(email);
  item["orgId"] = AttributeValue::S(org_id);
  item["empId"] = AttributeValue::S(emp_id);
  return item;
}

Item JobRefItem(const JobPosting& job) {
  Item item = Key(keys::JobPk(job.job_id), std::string(keys::kJobRefSk));
  Identify(item, keys::kJobRefType, keys::kJobRefEntity);
  item["jobId"] = AttributeValue::S(job.job_id);
  item["orgId"] = AttributeValue::S(job.org_id);
  item["postedAt"] = AttributeValue::S(job.posted_at);
  return item;
}

Result<Organisation> OrganisationFrom(const Item& item) {
  Organisation org{.org_id = GetOr<std::string>(item, "orgId"),
                   .name = GetOr<std::string>(item, "name"),
                   .created_at = GetOr<std::string>(item, "createdAt")};
  auto plan = ParsePlan(GetOr<std::string>(item, "plan"));
  auto status = ParseOrgStatus(GetOr<std::string>(item, "status"));
  if (org.org_id.empty() || !plan) return Corrupt("organisation", item);
  org.plan = *plan;
  org.status = status.value_or(OrgStatus::kActive);
  return org;
}

Result<Department> DepartmentFrom(const Item& item) {
  Department d{.dept_id = GetOr<std::string>(item, "deptId"),
               .org_id = GetOr<std::string>(item, "orgId"),
               .name = GetOr<std::string>(item, "name"),
               .manager_id = GetOr<std::string>(item, "managerId"),
               .headcount = GetOr<std::int64_t>(item, "headcount"),
               .version = GetOr<std::int64_t>(item, "version")};
  if (d.dept_id.empty() || d.org_id.empty()) return Corrupt("department", item);
  return d;
}

Result<Employee> EmployeeFrom(const Item& item) {
  Employee e{.emp_id = GetOr<std::string>(item, "empId"),
             .org_id = GetOr<std::string>(item, "orgId"),
             .email = GetOr<std::string>(item, "email"),
             .first_name = GetOr<std::string>(item, "firstName"),
             .last_name = GetOr<std::string>(item, "lastName"),
             .department_id = GetOr<std::string>(item, "departmentId"),
             .hired_at = GetOr<std::string>(item, "hiredAt"),
             .terminated_at = GetOr<std::string>(item, "terminatedAt"),
             .version = GetOr<std::int64_t>(item, "version")};
  if (e.emp_id.empty() || e.org_id.empty()) return Corrupt("employee", item);
  e.role = ParseRole(GetOr<std::string>(item, "role")).value_or(Role::kEmployee);
  e.status =
      ParseEmployeeStatus(GetOr<std::string>(item, "status")).value_or(EmployeeStatus::kActive);
  return e;
}

Result<DeptEmployee> DeptEmployeeFrom(const Item& item) {
  std::string pk = GetOr<std::string>(item, keys::kPK), sk = GetOr<std::string>(item, keys::kSK);
  if (pk.rfind(keys::kDeptPrefix, 0) != 0 || sk.rfind(keys::kEmpPrefix, 0) != 0) {
    return Corrupt("dept_emp", item);
  }
  return DeptEmployee{.dept_id = pk.substr(keys::kDeptPrefix.size()),
                      .emp_id = sk.substr(keys::kEmpPrefix.size()),
                      .org_id = GetOr<std::string>(item, "orgId")};
}

Result<JobPosting> JobPostingFrom(const Item& item) {
  JobPosting j{.job_id = GetOr<std::string>(item, "jobId"),
               .org_id = GetOr<std::string>(item, "orgId"),
               .department_id = GetOr<std::string>(item, "departmentId"),
               .title = GetOr<std::string>(item, "title"),
               .posted_at = GetOr<std::string>(item, "postedAt"),
               .closed_at = GetOr<std::string>(item, "closedAt")};
  if (j.job_id.empty() || j.org_id.empty()) return Corrupt("job", item);
  j.status = ParseJobStatus(GetOr<std::string>(item, "status")).value_or(JobStatus::kDraft);
  return j;
}

Result<Application> ApplicationFrom(const Item& item) {
  Application a{.app_id = GetOr<std::string>(item, "appId"),
                .job_id = GetOr<std::string>(item, "jobId"),
                .emp_id = GetOr<std::string>(item, "empId"),
                .submitted_at = GetOr<std::string>(item, "submittedAt")};
  if (a.app_id.empty() || a.job_id.empty()) return Corrupt("application", item);
  a.status = ParseApplicationStatus(GetOr<std::string>(item, "status"))
                 .value_or(ApplicationStatus::kApplied);
  return a;
}

}  // namespace hrcore::codec
