// AP1-AP12 (docs/hr-schema.md "The twelve access patterns"). Lists are one Query page each, bound
// to tenant and pattern by the cursor. Patterns whose partition is not the org's (AP7 DEPT#,
// AP10 JOB#, AP11 EMP#) first prove that the department, job or employee belongs to the
// caller's organisation, so that no list of another tenant is ever read.
#include "employee_shape.h"
#include "service_internals.h"

namespace hrcore {
namespace {

using ddbemu::AttributeValue;

using I = HrService::Internals;
using codec::Key;

ddbemu::QueryRequest PrefixQuery(std::string pk, std::string_view prefix, bool forward) {
  return ddbemu::QueryRequest{
      .key_condition_expression = "#PK = :pk AND begins_with(#SK, :prefix)",
      .expression_attribute_names = {{"#PK", "PK"}, {"#SK", "SK"}},
      .expression_attribute_values = {{":pk", AttributeValue::S(pk)},
                                      {":prefix", AttributeValue::S(prefix)}},
      .scan_index_forward = forward,
  };
}

ddbemu::QueryRequest GsiQuery(std::string pk, std::string_view prefix, bool forward) {
  return ddbemu::QueryRequest{
      .index_name = std::string(keys::kGsi1),
      .key_condition_expression = "#PK = :pk AND begins_with(#SK, :prefix)",
      .expression_attribute_names = {{"#PK", "GSI1PK"}, {"#SK", "GSI1SK"}},
      .expression_attribute_values = {{":pk", AttributeValue::S(pk)},
                                      {":prefix", AttributeValue::S(prefix)}},
      .scan_index_forward = forward,
  };
}

// Keeps the Employee shape reads come from (migration 3), when two may coexist.
void ShapeFilter(const SchemaState& state, ddbemu::QueryRequest& q) {
  std::string f = shape::ReadShapeFilter(state.employee_keys);
  if (f.empty()) return;
  q.filter_expression = f;
  q.expression_attribute_names["#kv"] = std::string(keys::kKeyVersion);
  if (ReadsNewShape(state.employee_keys))
    q.expression_attribute_values[":kv2"] = AttributeValue::N(2);
}

}  // namespace

Result<Organisation> HrService::GetOrganisation(const TenantContext& ctx) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  DDBEMU_ASSIGN_OR_RETURN(
      auto item, I::Get(*this, Key(keys::OrgPk(ctx.org_id), std::string(keys::kOrgMetaSk))));
  if (!item) return I::NotFound("organisation " + ctx.org_id);
  return codec::OrganisationFrom(*item);
}

Result<Employee> HrService::GetEmployee(const TenantContext& ctx, const std::string& emp_id) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  DDBEMU_RETURN_IF_ERROR(I::CheckId(emp_id, "empId"));
  DDBEMU_ASSIGN_OR_RETURN(SchemaState state, I::Schema(*this));
  // Re-keyed (migration 3): the EMPREF# item gives the lastName of the key first.
  DDBEMU_ASSIGN_OR_RETURN(Item key, I::EmployeeReadKey(*this, state, ctx.org_id, emp_id));
  DDBEMU_ASSIGN_OR_RETURN(auto item, I::Get(*this, std::move(key)));
  if (!item) return I::NotFound("employee " + emp_id);
  return codec::EmployeeFrom(*item);
}

Result<Page<Employee>> HrService::ListEmployees(const TenantContext& ctx, const PageRequest& page) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  // Ascending: empIds are ULIDs minted at hire, so key order is hire order (by last name
  // once re-keyed, migration 3).
  DDBEMU_ASSIGN_OR_RETURN(SchemaState state, I::Schema(*this));
  ddbemu::QueryRequest q = PrefixQuery(keys::OrgPk(ctx.org_id), keys::kEmpPrefix, true);
  ShapeFilter(state, q);
  // A cursor positions the Query in one key order: one issued before the cut-over means
  // nothing after it, and is refused (kInvalidCursor) rather than followed to a wrong page.
  std::string order = ReadsNewShape(state.employee_keys) ? "by-last-name" : "";
  return I::List<Employee>(*this, {ctx.org_id, "AP3", std::move(order)}, std::move(q),
                           &codec::EmployeeFrom, page);
}

Result<Employee> HrService::ResolveLogin(const std::string& raw_email) {
  std::string email = raw_email;
  for (char& c : email) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  ddbemu::QueryRequest q{
      .index_name = std::string(keys::kGsi1),
      .key_condition_expression = "#PK = :pk",
      .expression_attribute_names = {{"#PK", "GSI1PK"}},
      .expression_attribute_values = {{":pk", AttributeValue::S(keys::EmailGsiPk(email))}},
      .limit = 2,
  };
  DDBEMU_ASSIGN_OR_RETURN(SchemaState state, I::Schema(*this));
  if (state.employee_keys != EmployeeKeyMode::kV1) {
    // Both shapes are in GSI1 while they coexist (and stale old ones until the cleanup).
    ShapeFilter(state, q);
    q.limit = 8;
  }
  DDBEMU_ASSIGN_OR_RETURN(auto response, I::Query(*this, std::move(q)));
  if (response.items.empty()) {
    return Error(ErrorKind::kNotFound, "no active employee has the email " + email);
  }
  return codec::EmployeeFrom(response.items.front());
}

Result<Employee> HrService::FindEmployeeByEmail(const TenantContext& ctx,
                                                const std::string& email) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  DDBEMU_ASSIGN_OR_RETURN(Employee e, ResolveLogin(email));
  // The email is global (SSO); an employee of another org is reported as not found here.
  if (e.org_id != ctx.org_id) return I::NotFound("employee with email " + email);
  return e;
}

Result<Page<Department>> HrService::ListDepartments(const TenantContext& ctx,
                                                    const PageRequest& page) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  return I::List<Department>(*this, {ctx.org_id, "AP5", ""},
                             PrefixQuery(keys::OrgPk(ctx.org_id), keys::kDeptPrefix, true),
                             &codec::DepartmentFrom, page);
}

Result<Department> HrService::GetDepartment(const TenantContext& ctx, const std::string& dept_id) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  DDBEMU_RETURN_IF_ERROR(I::CheckId(dept_id, "deptId"));
  DDBEMU_ASSIGN_OR_RETURN(auto item,
                          I::Get(*this, Key(keys::OrgPk(ctx.org_id), keys::DeptSk(dept_id))));
  if (!item) return I::NotFound("department " + dept_id);
  return codec::DepartmentFrom(*item);
}

Result<Page<DeptEmployee>> HrService::ListDepartmentEmployees(const TenantContext& ctx,
                                                              const std::string& dept_id,
                                                              const PageRequest& page) {
  // The DEPT# partition is not the org's: the department must be this org's first.
  DDBEMU_RETURN_IF_ERROR(GetDepartment(ctx, dept_id));
  return I::List<DeptEmployee>(*this, {ctx.org_id, "AP7", dept_id},
                               PrefixQuery(keys::DeptPk(dept_id), keys::kEmpPrefix, true),
                               &codec::DeptEmployeeFrom, page);
}

Result<Page<JobPosting>> HrService::ListOpenJobs(const TenantContext& ctx,
                                                 const PageRequest& page) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  // The sparse GSI1 holds open jobs only: no FilterExpression.
  return I::List<JobPosting>(*this, {ctx.org_id, "AP8", ""},
                             GsiQuery(keys::OpenJobsGsiPk(ctx.org_id), keys::kJobPrefix, false),
                             &codec::JobPostingFrom, page);
}

Result<JobPosting> HrService::GetJobAt(const TenantContext& ctx, const std::string& posted_at,
                                       const std::string& job_id) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  DDBEMU_RETURN_IF_ERROR(I::CheckId(posted_at, "postedAt"));
  DDBEMU_RETURN_IF_ERROR(I::CheckId(job_id, "jobId"));
  DDBEMU_ASSIGN_OR_RETURN(
      auto item, I::Get(*this, Key(keys::OrgPk(ctx.org_id), keys::JobSk(posted_at, job_id))));
  if (!item) return I::NotFound("job " + job_id);
  return codec::JobPostingFrom(*item);
}

Result<JobPosting> HrService::GetJob(const TenantContext& ctx, const std::string& job_id) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  DDBEMU_RETURN_IF_ERROR(I::CheckId(job_id, "jobId"));
  // The review's option (b): JOB#<jobId>/#META holds orgId and postedAt (both immutable).
  DDBEMU_ASSIGN_OR_RETURN(auto ref,
                          I::Get(*this, Key(keys::JobPk(job_id), std::string(keys::kJobRefSk))));
  if (!ref) return I::NotFound("job " + job_id);
  if (GetOr<std::string>(*ref, "orgId") != ctx.org_id) {
    return Error(ErrorKind::kOtherTenant, "job " + job_id + " belongs to another organisation");
  }
  return GetJobAt(ctx, GetOr<std::string>(*ref, "postedAt"), job_id);
}

Result<Page<Application>> HrService::ListJobApplications(const TenantContext& ctx,
                                                         const std::string& job_id,
                                                         const PageRequest& page) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  DDBEMU_RETURN_IF_ERROR(I::CheckId(job_id, "jobId"));
  DDBEMU_ASSIGN_OR_RETURN(auto ref,
                          I::Get(*this, Key(keys::JobPk(job_id), std::string(keys::kJobRefSk))));
  if (!ref) return I::NotFound("job " + job_id);
  if (GetOr<std::string>(*ref, "orgId") != ctx.org_id) {
    return Error(ErrorKind::kOtherTenant, "job " + job_id + " belongs to another organisation");
  }
  return I::List<Application>(*this, {ctx.org_id, "AP10", job_id},
                              PrefixQuery(keys::JobPk(job_id), keys::kAppPrefix, false),
                              &codec::ApplicationFrom, page);
}

Result<Page<Application>> HrService::ListEmployeeApplications(const TenantContext& ctx,
                                                              const std::string& emp_id,
                                                              const PageRequest& page) {
  // The EMP# partition of GSI1 is not the org's: the employee must be this org's first.
  DDBEMU_RETURN_IF_ERROR(GetEmployee(ctx, emp_id));
  return I::List<Application>(*this, {ctx.org_id, "AP11", emp_id},
                              GsiQuery(keys::EmpGsiPk(emp_id), keys::kAppPrefix, false),
                              &codec::ApplicationFrom, page);
}

Result<Page<JobPosting>> HrService::ListJobs(const TenantContext& ctx, const PageRequest& page) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  return I::List<JobPosting>(*this, {ctx.org_id, "AP12", ""},
                             PrefixQuery(keys::OrgPk(ctx.org_id), keys::kJobPrefix, false),
                             &codec::JobPostingFrom, page);
}

}  // namespace hrcore
