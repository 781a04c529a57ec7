// Organisations (create, suspend) and departments (create, rename, set manager).
#include "service_internals.h"

namespace hrcore {
namespace {

using ddbemu::AttributeValue;

using I = HrService::Internals;
using codec::Key;

// Condition that an org is active, and what its failure means.
I::Action OrgIsActive(const std::string& org_id) {
  return {ddbemu::ConditionCheck{
              .key = Key(keys::OrgPk(org_id), std::string(keys::kOrgMetaSk)),
              .condition_expression = "#status = :active",
              .expression_attribute_names = {{"#status", "status"}},
              .expression_attribute_values = {{":active", AttributeValue::S("active")}}},
          [org_id](const Item* old) {
            if (old == nullptr) return I::NotFound("organisation " + org_id);
            return Error(ErrorKind::kOrgSuspended, "organisation " + org_id + " is suspended");
          }};
}

Error VersionFailure(const std::string& what, std::int64_t expected, const Item* old) {
  if (old == nullptr) return I::NotFound(what);
  return Error(ErrorKind::kVersionConflict,
               what + " changed since it was read: expected version " + std::to_string(expected) +
                   ", found " + std::to_string(GetOr<std::int64_t>(*old, "version")));
}

}  // namespace

// The optimistic-lock condition: the stored version is the one the caller read. Items written
// without a version (by ElectroDB) count as version 0.
std::string VersionCondition(std::int64_t expected) {
  return expected == 0
             ? "attribute_exists(#PK) AND (attribute_not_exists(#version) OR #version = :expected)"
             : "attribute_exists(#PK) AND #version = :expected";
}
I::Action OrgIsActiveAction(const std::string& org_id) { return OrgIsActive(org_id); }
Error VersionFailureError(const std::string& what, std::int64_t expected, const Item* old) {
  return VersionFailure(what, expected, old);
}

Result<Organisation> HrService::CreateOrganisation(const std::string& name, Plan plan) {
  if (name.empty()) return Error(ErrorKind::kInvalidArgument, "organisation name is empty");
  Organisation org{
      .org_id = ids_.Next(), .name = name, .plan = plan, .created_at = I::NowIso(*this)};
  DDBEMU_RETURN_IF_ERROR(
      I::Put(*this,
             {.item = codec::ToItem(org),
              .condition_expression = "attribute_not_exists(#PK)",
              .expression_attribute_names = {{"#PK", "PK"}}},
             [&](const Item*) { return Error(ErrorKind::kBackend, "organisation id collision"); }));
  return org;
}

Result<Organisation> HrService::SuspendOrganisation(const TenantContext& ctx) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  DDBEMU_ASSIGN_OR_RETURN(
      Item updated,
      I::Update(*this,
                {.key = Key(keys::OrgPk(ctx.org_id), std::string(keys::kOrgMetaSk)),
                 .update_expression = "SET #status = :suspended",
                 .condition_expression = "#status = :active",
                 .expression_attribute_names = {{"#status", "status"}},
                 .expression_attribute_values = {{":suspended", AttributeValue::S("suspended")},
                                                 {":active", AttributeValue::S("active")}}},
                [&](const Item* old) {
                  if (old == nullptr) return I::NotFound("organisation " + ctx.org_id);
                  return Error(ErrorKind::kInvalidTransition,
                               "organisation " + ctx.org_id + " is already suspended");
                }));
  return codec::OrganisationFrom(updated);
}

Result<Department> HrService::CreateDepartment(const TenantContext& ctx, const std::string& name) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  if (name.empty()) return Error(ErrorKind::kInvalidArgument, "department name is empty");
  Department dept{.dept_id = ids_.Next(), .org_id = ctx.org_id, .name = name, .version = 1};
  std::vector<I::Action> actions;
  actions.push_back(OrgIsActive(ctx.org_id));
  actions.push_back(
      {ddbemu::Put{.item = codec::ToItem(dept),
                   .condition_expression = "attribute_not_exists(#PK)",
                   .expression_attribute_names = {{"#PK", "PK"}}},
       [](const Item*) { return Error(ErrorKind::kBackend, "department id collision"); }});
  DDBEMU_RETURN_IF_ERROR(I::Transact(*this, std::move(actions)));
  return dept;
}

Result<Department> HrService::RenameDepartment(const TenantContext& ctx, const std::string& dept_id,
                                               const std::string& name,
                                               std::int64_t expected_version) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  DDBEMU_RETURN_IF_ERROR(I::CheckId(dept_id, "deptId"));
  if (name.empty()) return Error(ErrorKind::kInvalidArgument, "department name is empty");
  DDBEMU_ASSIGN_OR_RETURN(
      Item updated,
      I::Update(
          *this,
          {.key = Key(keys::OrgPk(ctx.org_id), keys::DeptSk(dept_id)),
           .update_expression =
               "SET #name = :name, #version = if_not_exists(#version, :zero) + :one",
           .condition_expression = VersionCondition(expected_version),
           .expression_attribute_names = {{"#name", "name"},
                                          {"#version", "version"},
                                          {"#PK", "PK"}},
           .expression_attribute_values = {{":name", AttributeValue::S(name)},
                                           {":zero", AttributeValue::N(0)},
                                           {":one", AttributeValue::N(1)},
                                           {":expected", AttributeValue::N(expected_version)}}},
          [&](const Item* old) {
            return VersionFailure("department " + dept_id, expected_version, old);
          }));
  return codec::DepartmentFrom(updated);
}

Result<Department> HrService::SetDepartmentManager(const TenantContext& ctx,
                                                   const std::string& dept_id,
                                                   const std::string& manager_emp_id,
                                                   std::int64_t expected_version) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  DDBEMU_RETURN_IF_ERROR(I::CheckId(dept_id, "deptId"));
  DDBEMU_RETURN_IF_ERROR(I::CheckId(manager_emp_id, "managerId"));
  Item key = Key(keys::OrgPk(ctx.org_id), keys::DeptSk(dept_id));
  // The employee item reads come from (re-keyed by migration 3: found through EMPREF#).
  DDBEMU_ASSIGN_OR_RETURN(SchemaState schema, I::Schema(*this));
  DDBEMU_ASSIGN_OR_RETURN(Item emp_key,
                          I::EmployeeReadKey(*this, schema, ctx.org_id, manager_emp_id));
  std::vector<I::Action> actions;
  actions.push_back(
      {ddbemu::Update{
           .key = key,
           .update_expression =
               "SET managerId = :m, #version = if_not_exists(#version, :zero) + :one",
           .condition_expression = VersionCondition(expected_version),
           .expression_attribute_names = {{"#version", "version"}, {"#PK", "PK"}},
           .expression_attribute_values = {{":m", AttributeValue::S(manager_emp_id)},
                                           {":zero", AttributeValue::N(0)},
                                           {":one", AttributeValue::N(1)},
                                           {":expected", AttributeValue::N(expected_version)}}},
       [&](const Item* old) {
         return VersionFailure("department " + dept_id, expected_version, old);
       }});
  // The manager must be an active employee of this organisation, at commit time.
  actions.push_back({ddbemu::ConditionCheck{
                         .key = emp_key,
                         .condition_expression = "#status = :active",
                         .expression_attribute_names = {{"#status", "status"}},
                         .expression_attribute_values = {{":active", AttributeValue::S("active")}}},
                     [&](const Item* old) {
                       if (old == nullptr) return I::NotFound("employee " + manager_emp_id);
                       return Error(ErrorKind::kInvalidArgument,
                                    "employee " + manager_emp_id + " is not active");
                     }});
  DDBEMU_RETURN_IF_ERROR(I::Transact(*this, std::move(actions)));
  return GetDepartment(ctx, dept_id);
}

}  // namespace hrcore
