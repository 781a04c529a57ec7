// Employees: hire, update (optimistic locking), move department, terminate, rehire. Each is
// one TransactWriteItems (or one conditional UpdateItem) that keeps, at every instant:
//   - headcount of a department == its DeptEmployee items (invariant 1);
//   - one EMAIL#<email>/#UNIQUE item per active employee, across all orgs (invariant 2);
//   - the version the caller read (invariant 3).
// A read before a transaction only learns the values the transaction then conditions on.
#include <algorithm>

#include "employee_shape.h"
#include "service_internals.h"

namespace hrcore {
namespace {

using ddbemu::AttributeValue;

using I = HrService::Internals;
using codec::Key;

Item EmpKey(const std::string& org, const std::string& emp) {
  return Key(keys::OrgPk(org), keys::EmpSk(emp));
}

I::Action Headcount(const std::string& org, const std::string& dept, int delta) {
  return {ddbemu::Update{.key = Key(keys::OrgPk(org), keys::DeptSk(dept)),
                         .update_expression = "ADD headcount :d",
                         .condition_expression = "attribute_exists(#PK)",
                         .expression_attribute_names = {{"#PK", "PK"}},
                         .expression_attribute_values = {{":d", AttributeValue::N(delta)}}},
          [dept](const Item*) { return I::NotFound("department " + dept); }};
}

I::Action PutRelationship(const std::string& org, const std::string& dept, const std::string& emp) {
  return {ddbemu::Put{.item = codec::ToItem(DeptEmployee{dept, emp, org}),
                      .condition_expression = "attribute_not_exists(#PK)",
                      .expression_attribute_names = {{"#PK", "PK"}}},
          [emp, dept](const Item*) {
            return Error(ErrorKind::kBackend,
                         "employee " + emp + " is already listed in department " + dept);
          }};
}

I::Action DeleteRelationship(const std::string& dept, const std::string& emp) {
  return {ddbemu::Delete{.key = Key(keys::DeptPk(dept), keys::EmpSk(emp)),
                         .condition_expression = "attribute_exists(#PK)",
                         .expression_attribute_names = {{"#PK", "PK"}}},
          [emp, dept](const Item*) {
            return Error(ErrorKind::kBackend,
                         "employee " + emp + " is missing from department " + dept);
          }};
}

I::Action PutEmailConstraint(const std::string& email, const std::string& org,
                             const std::string& emp) {
  return {ddbemu::Put{.item = codec::EmailUniqueItem(email, org, emp),
                      .condition_expression = "attribute_not_exists(#PK)",
                      .expression_attribute_names = {{"#PK", "PK"}}},
          [email](const Item*) {
            return Error(ErrorKind::kEmailTaken, "the email " + email + " is already in use");
          }};
}

I::Action DeleteEmailConstraint(const std::string& email, const std::string& emp) {
  return {ddbemu::Delete{.key = Key(keys::EmailUniquePk(email), std::string(keys::kUniqueSk)),
                         .condition_expression = "empId = :emp",
                         .expression_attribute_values = {{":emp", AttributeValue::S(emp)}}},
          [email](const Item*) {
            return Error(ErrorKind::kBackend,
                         "the constraint item of " + email + " is not this employee's");
          }};
}

// What a failed condition on the employee item means, given the status it required.
Error EmployeeFailure(const std::string& emp, std::int64_t expected, EmployeeStatus required,
                      const Item* old) {
  if (old == nullptr) return I::NotFound("employee " + emp);
  if (GetOr<std::string>(*old, "status") != ToString(required)) {
    return Error(ErrorKind::kInvalidTransition,
                 "employee " + emp + " is " + GetOr<std::string>(*old, "status"));
  }
  return VersionFailureError("employee " + emp, expected, old);
}

// Reads the employee the caller means to change, consistently, and checks the version the
// caller read before sending a transaction that conditions on it again.
Result<Employee> ReadForChange(HrService& s, const SchemaState& state, const TenantContext& ctx,
                               const std::string& emp_id, std::int64_t expected_version) {
  DDBEMU_ASSIGN_OR_RETURN(Item key, I::EmployeeReadKey(s, state, ctx.org_id, emp_id));
  DDBEMU_ASSIGN_OR_RETURN(auto item, I::Get(s, std::move(key), true));
  if (!item) return I::NotFound("employee " + emp_id);
  DDBEMU_ASSIGN_OR_RETURN(Employee e, codec::EmployeeFrom(*item));
  if (e.version != expected_version)
    return VersionFailureError("employee " + emp_id, expected_version, &*item);
  return e;
}

void Append(std::vector<I::Action>& to, std::vector<I::Action> more) {
  for (auto& a : more) to.push_back(std::move(a));
}

// In kV1 with the status index (migration 2): the GSI2 keys a status change writes.
std::string StatusIndexSet(const SchemaState& state, ddbemu::ExpressionAttributeValues& values,
                           const std::string& org, const std::string& emp, EmployeeStatus to) {
  if (!state.status_index) return "";
  values[":g2pk"] = AttributeValue::S(keys::StatusGsiPk(org));
  values[":g2sk"] = AttributeValue::S(keys::StatusGsiSk(ToString(to), emp));
  return ", GSI2PK = :g2pk, GSI2SK = :g2sk";
}

}  // namespace

Result<std::string> NormaliseEmail(const std::string& raw) {
  std::string email = raw;
  email.erase(0, email.find_first_not_of(" \t"));
  email.erase(email.find_last_not_of(" \t") + 1);
  std::transform(email.begin(), email.end(), email.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  auto at = email.find('@');
  if (email.empty() || at == 0 || at == std::string::npos || at + 1 == email.size() ||
      email.find_first_of(" #") != std::string::npos) {
    return Error(ErrorKind::kInvalidArgument, "'" + raw + "' is not an email address");
  }
  return email;
}

Result<Employee> HrService::Hire(const TenantContext& ctx, const NewEmployee& in) {
  return I::WithSchemaRetry(*this, [&] { return HireOnce(ctx, in); });
}

Result<Employee> HrService::HireOnce(const TenantContext& ctx, const NewEmployee& in) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  DDBEMU_RETURN_IF_ERROR(I::CheckId(in.department_id, "departmentId"));
  DDBEMU_ASSIGN_OR_RETURN(std::string email, NormaliseEmail(in.email));
  if (in.first_name.empty() || in.last_name.empty()) {
    return Error(ErrorKind::kInvalidArgument, "first and last name are required");
  }
  Employee e{.emp_id = ids_.Next(),
             .org_id = ctx.org_id,
             .email = email,
             .first_name = in.first_name,
             .last_name = in.last_name,
             .department_id = in.department_id,
             .role = in.role,
             .status = EmployeeStatus::kActive,
             .hired_at = I::NowIso(*this),
             .version = 1};
  std::vector<I::Action> actions;
  actions.push_back(OrgIsActiveAction(ctx.org_id));
  actions.push_back(Headcount(ctx.org_id, e.department_id, +1));
  actions.push_back(PutEmailConstraint(email, ctx.org_id, e.emp_id));
  DDBEMU_ASSIGN_OR_RETURN(SchemaState schema, I::Schema(*this));
  if (schema.employee_keys == EmployeeKeyMode::kV1) {
    actions.push_back(
        {ddbemu::Put{.item = shape::OldItem(e, schema.status_index),
                     .condition_expression = "attribute_not_exists(#PK)",
                     .expression_attribute_names = {{"#PK", "PK"}}},
         [](const Item*) { return Error(ErrorKind::kBackend, "employee id collision"); }});
  } else {
    Append(actions, I::EmployeeWrites(schema, nullptr, e, 0));
  }
  actions.push_back(PutRelationship(ctx.org_id, e.department_id, e.emp_id));
  DDBEMU_RETURN_IF_ERROR(I::Transact(*this, std::move(actions)));
  return e;
}

Result<Employee> HrService::UpdateEmployee(const TenantContext& ctx, const std::string& emp_id,
                                           std::int64_t expected_version,
                                           const EmployeeChanges& changes) {
  return I::WithSchemaRetry(
      *this, [&] { return UpdateEmployeeOnce(ctx, emp_id, expected_version, changes); });
}

Result<Employee> HrService::UpdateEmployeeOnce(const TenantContext& ctx, const std::string& emp_id,
                                               std::int64_t expected_version,
                                               const EmployeeChanges& changes) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  DDBEMU_RETURN_IF_ERROR(I::CheckId(emp_id, "empId"));
  DDBEMU_ASSIGN_OR_RETURN(SchemaState schema, I::Schema(*this));
  if (schema.employee_keys != EmployeeKeyMode::kV1) {
    // Two shapes (or the re-keyed one): read, then write every shape whole in one
    // transaction conditioned on the version read.
    if ((changes.first_name && changes.first_name->empty()) ||
        (changes.last_name && changes.last_name->empty())) {
      return Error(ErrorKind::kInvalidArgument, "empty name");
    }
    DDBEMU_ASSIGN_OR_RETURN(Employee before,
                            ReadForChange(*this, schema, ctx, emp_id, expected_version));
    Employee after = before;
    if (changes.first_name) after.first_name = *changes.first_name;
    if (changes.last_name) after.last_name = *changes.last_name;
    if (changes.role) after.role = *changes.role;
    if (changes.email) {
      DDBEMU_ASSIGN_OR_RETURN(after.email, NormaliseEmail(*changes.email));
    }
    after.version = expected_version + 1;
    std::vector<I::Action> actions = I::EmployeeWrites(schema, &before, after, expected_version);
    if (after.email != before.email && before.status == EmployeeStatus::kActive) {
      actions.push_back(PutEmailConstraint(after.email, ctx.org_id, emp_id));
      actions.push_back(DeleteEmailConstraint(before.email, emp_id));
    }
    DDBEMU_RETURN_IF_ERROR(I::Transact(*this, std::move(actions)));
    return after;
  }
  std::string set = "SET #version = if_not_exists(#version, :zero) + :one";
  ddbemu::ExpressionAttributeNames names{{"#version", "version"}, {"#PK", "PK"}};
  ddbemu::ExpressionAttributeValues values{{":zero", AttributeValue::N(0)},
                                           {":one", AttributeValue::N(1)},
                                           {":expected", AttributeValue::N(expected_version)}};
  if (changes.first_name) {
    if (changes.first_name->empty()) return Error(ErrorKind::kInvalidArgument, "empty first name");
    set += ", firstName = :fn";
    values[":fn"] = AttributeValue::S(*changes.first_name);
  }
  if (changes.last_name) {
    if (changes.last_name->empty()) return Error(ErrorKind::kInvalidArgument, "empty last name");
    set += ", lastName = :ln";
    values[":ln"] = AttributeValue::S(*changes.last_name);
  }
  if (changes.role) {
    set += ", #role = :role";
    names["#role"] = "role";
    values[":role"] = AttributeValue::S(ToString(*changes.role));
  }
  auto on_fail = [&](const Item* old) {
    return VersionFailureError("employee " + emp_id, expected_version, old);
  };
  if (!changes.email) {  // one conditional write
    DDBEMU_ASSIGN_OR_RETURN(Item updated,
                            I::Update(*this,
                                      {.key = EmpKey(ctx.org_id, emp_id),
                                       .update_expression = set,
                                       .condition_expression = VersionCondition(expected_version),
                                       .expression_attribute_names = names,
                                       .expression_attribute_values = values},
                                      on_fail));
    return codec::EmployeeFrom(updated);
  }
  // A new email moves the constraint item in the same transaction.
  DDBEMU_ASSIGN_OR_RETURN(std::string email, NormaliseEmail(*changes.email));
  DDBEMU_ASSIGN_OR_RETURN(Employee current,
                          ReadForChange(*this, schema, ctx, emp_id, expected_version));
  if (email == current.email)
    return UpdateEmployee(
        ctx, emp_id, expected_version,
        {.first_name = changes.first_name, .last_name = changes.last_name, .role = changes.role});
  bool active = current.status == EmployeeStatus::kActive;
  set += ", email = :email";
  values[":email"] = AttributeValue::S(email);
  values[":old_email"] = AttributeValue::S(current.email);
  if (active) {
    set += ", GSI1PK = :gpk";
    values[":gpk"] = AttributeValue::S(keys::EmailGsiPk(email));
  }
  std::vector<I::Action> actions;
  actions.push_back({ddbemu::Update{.key = EmpKey(ctx.org_id, emp_id),
                                    .update_expression = set,
                                    .condition_expression = VersionCondition(expected_version) +
                                                            " AND email = :old_email",
                                    .expression_attribute_names = names,
                                    .expression_attribute_values = values},
                     on_fail});
  if (active) {
    actions.push_back(PutEmailConstraint(email, ctx.org_id, emp_id));
    actions.push_back(DeleteEmailConstraint(current.email, emp_id));
  }
  DDBEMU_RETURN_IF_ERROR(I::Transact(*this, std::move(actions)));
  return GetEmployee(ctx, emp_id);
}

Result<Employee> HrService::MoveEmployee(const TenantContext& ctx, const std::string& emp_id,
                                         const std::string& new_dept_id,
                                         std::int64_t expected_version) {
  return I::WithSchemaRetry(
      *this, [&] { return MoveEmployeeOnce(ctx, emp_id, new_dept_id, expected_version); });
}

Result<Employee> HrService::MoveEmployeeOnce(const TenantContext& ctx, const std::string& emp_id,
                                             const std::string& new_dept_id,
                                             std::int64_t expected_version) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  DDBEMU_RETURN_IF_ERROR(I::CheckId(emp_id, "empId"));
  DDBEMU_RETURN_IF_ERROR(I::CheckId(new_dept_id, "departmentId"));
  DDBEMU_ASSIGN_OR_RETURN(SchemaState schema, I::Schema(*this));
  DDBEMU_ASSIGN_OR_RETURN(Employee e, ReadForChange(*this, schema, ctx, emp_id, expected_version));
  if (e.status != EmployeeStatus::kActive) {
    return Error(ErrorKind::kInvalidTransition, "employee " + emp_id + " is inactive");
  }
  if (e.department_id == new_dept_id) {
    return Error(ErrorKind::kInvalidArgument,
                 "employee " + emp_id + " is already in " + new_dept_id);
  }
  std::string condition =
      VersionCondition(expected_version) + " AND #status = :active AND " +
      (e.department_id.empty() ? "attribute_not_exists(departmentId)" : "departmentId = :old");
  ddbemu::ExpressionAttributeValues values{{":zero", AttributeValue::N(0)},
                                           {":one", AttributeValue::N(1)},
                                           {":expected", AttributeValue::N(expected_version)},
                                           {":active", AttributeValue::S("active")},
                                           {":new", AttributeValue::S(new_dept_id)}};
  if (!e.department_id.empty()) values[":old"] = AttributeValue::S(e.department_id);
  Employee after = e;
  after.department_id = new_dept_id;
  after.version = expected_version + 1;
  std::vector<I::Action> actions;
  if (schema.employee_keys != EmployeeKeyMode::kV1) {
    actions = I::EmployeeWrites(schema, &e, after, expected_version);
  } else {
    actions.push_back(
        {ddbemu::Update{
             .key = EmpKey(ctx.org_id, emp_id),
             .update_expression =
                 "SET departmentId = :new, #version = if_not_exists(#version, :zero) + :one",
             .condition_expression = condition,
             .expression_attribute_names = {{"#version", "version"},
                                            {"#PK", "PK"},
                                            {"#status", "status"}},
             .expression_attribute_values = values},
         [=](const Item* old) {
           return EmployeeFailure(emp_id, expected_version, EmployeeStatus::kActive, old);
         }});
  }
  actions.push_back(Headcount(ctx.org_id, new_dept_id, +1));
  actions.push_back(PutRelationship(ctx.org_id, new_dept_id, emp_id));
  if (!e.department_id.empty()) {
    actions.push_back(Headcount(ctx.org_id, e.department_id, -1));
    actions.push_back(DeleteRelationship(e.department_id, emp_id));
  }
  DDBEMU_RETURN_IF_ERROR(I::Transact(*this, std::move(actions)));
  e.department_id = new_dept_id;
  e.version = expected_version + 1;
  return e;
}

Result<Employee> HrService::Terminate(const TenantContext& ctx, const std::string& emp_id,
                                      std::int64_t expected_version) {
  return I::WithSchemaRetry(*this, [&] { return TerminateOnce(ctx, emp_id, expected_version); });
}

Result<Employee> HrService::TerminateOnce(const TenantContext& ctx, const std::string& emp_id,
                                          std::int64_t expected_version) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  DDBEMU_RETURN_IF_ERROR(I::CheckId(emp_id, "empId"));
  DDBEMU_ASSIGN_OR_RETURN(SchemaState schema, I::Schema(*this));
  DDBEMU_ASSIGN_OR_RETURN(Employee e, ReadForChange(*this, schema, ctx, emp_id, expected_version));
  if (e.status != EmployeeStatus::kActive) {
    return Error(ErrorKind::kInvalidTransition, "employee " + emp_id + " is already inactive");
  }
  std::string now = I::NowIso(*this);
  ddbemu::ExpressionAttributeValues values{{":zero", AttributeValue::N(0)},
                                           {":one", AttributeValue::N(1)},
                                           {":expected", AttributeValue::N(expected_version)},
                                           {":active", AttributeValue::S("active")},
                                           {":inactive", AttributeValue::S("inactive")},
                                           {":now", AttributeValue::S(now)},
                                           {":email", AttributeValue::S(e.email)}};
  std::string condition =
      VersionCondition(expected_version) + " AND #status = :active AND email = :email AND " +
      (e.department_id.empty() ? "attribute_not_exists(departmentId)" : "departmentId = :old");
  if (!e.department_id.empty()) values[":old"] = AttributeValue::S(e.department_id);
  Employee after = e;
  after.status = EmployeeStatus::kInactive;
  after.terminated_at = now;
  after.department_id.clear();
  after.version = expected_version + 1;
  std::vector<I::Action> actions;
  // Leaving GSI1 (REMOVE GSI1PK, GSI1SK): a terminated employee cannot sign in by email.
  if (schema.employee_keys != EmployeeKeyMode::kV1) {
    actions = I::EmployeeWrites(schema, &e, after, expected_version);
  } else {
    std::string g2 = StatusIndexSet(schema, values, ctx.org_id, emp_id, EmployeeStatus::kInactive);
    actions.push_back(
        {ddbemu::Update{.key = EmpKey(ctx.org_id, emp_id),
                        .update_expression = "SET #status = :inactive, terminatedAt = :now, "
                                             "#version = if_not_exists(#version, :zero) + :one" +
                                             g2 + " REMOVE departmentId, GSI1PK, GSI1SK",
                        .condition_expression = condition,
                        .expression_attribute_names = {{"#version", "version"},
                                                       {"#PK", "PK"},
                                                       {"#status", "status"}},
                        .expression_attribute_values = values},
         [=](const Item* old) {
           return EmployeeFailure(emp_id, expected_version, EmployeeStatus::kActive, old);
         }});
  }
  if (!e.department_id.empty()) {
    actions.push_back(Headcount(ctx.org_id, e.department_id, -1));
    actions.push_back(DeleteRelationship(e.department_id, emp_id));
  }
  actions.push_back(DeleteEmailConstraint(e.email, emp_id));
  DDBEMU_RETURN_IF_ERROR(I::Transact(*this, std::move(actions)));
  e.status = EmployeeStatus::kInactive;
  e.terminated_at = now;
  e.department_id.clear();
  e.version = expected_version + 1;
  return e;
}

Result<Employee> HrService::Rehire(const TenantContext& ctx, const std::string& emp_id,
                                   const std::string& dept_id, std::int64_t expected_version) {
  return I::WithSchemaRetry(*this,
                            [&] { return RehireOnce(ctx, emp_id, dept_id, expected_version); });
}

Result<Employee> HrService::RehireOnce(const TenantContext& ctx, const std::string& emp_id,
                                       const std::string& dept_id, std::int64_t expected_version) {
  DDBEMU_RETURN_IF_ERROR(I::CheckId(ctx.org_id, "orgId"));
  DDBEMU_RETURN_IF_ERROR(I::CheckId(emp_id, "empId"));
  DDBEMU_RETURN_IF_ERROR(I::CheckId(dept_id, "departmentId"));
  DDBEMU_ASSIGN_OR_RETURN(SchemaState schema, I::Schema(*this));
  DDBEMU_ASSIGN_OR_RETURN(Employee e, ReadForChange(*this, schema, ctx, emp_id, expected_version));
  if (e.status != EmployeeStatus::kInactive) {
    return Error(ErrorKind::kInvalidTransition, "employee " + emp_id + " is active");
  }
  Employee after = e;
  after.status = EmployeeStatus::kActive;
  after.department_id = dept_id;
  after.terminated_at.clear();
  after.version = expected_version + 1;
  std::vector<I::Action> actions;
  actions.push_back(OrgIsActiveAction(ctx.org_id));
  if (schema.employee_keys != EmployeeKeyMode::kV1) {
    Append(actions, I::EmployeeWrites(schema, &e, after, expected_version));
  } else {
    ddbemu::ExpressionAttributeValues values{{":zero", AttributeValue::N(0)},
                                             {":one", AttributeValue::N(1)},
                                             {":expected", AttributeValue::N(expected_version)},
                                             {":active", AttributeValue::S("active")},
                                             {":inactive", AttributeValue::S("inactive")},
                                             {":d", AttributeValue::S(dept_id)},
                                             {":email", AttributeValue::S(e.email)},
                                             {":gpk", AttributeValue::S(keys::EmailGsiPk(e.email))},
                                             {":gsk", AttributeValue::S(keys::EmpSk(emp_id))}};
    std::string g2 = StatusIndexSet(schema, values, ctx.org_id, emp_id, EmployeeStatus::kActive);
    actions.push_back(
        {ddbemu::Update{.key = EmpKey(ctx.org_id, emp_id),
                        .update_expression = "SET #status = :active, departmentId = :d, "
                                             "GSI1PK = :gpk, GSI1SK = :gsk, "
                                             "#version = if_not_exists(#version, :zero) + :one" +
                                             g2 + " REMOVE terminatedAt",
                        .condition_expression = VersionCondition(expected_version) +
                                                " AND #status = :inactive AND email = :email",
                        .expression_attribute_names = {{"#version", "version"},
                                                       {"#PK", "PK"},
                                                       {"#status", "status"}},
                        .expression_attribute_values = values},
         [=](const Item* old) {
           return EmployeeFailure(emp_id, expected_version, EmployeeStatus::kInactive, old);
         }});
  }
  actions.push_back(Headcount(ctx.org_id, dept_id, +1));
  actions.push_back(PutEmailConstraint(e.email, ctx.org_id, emp_id));
  actions.push_back(PutRelationship(ctx.org_id, dept_id, emp_id));
  DDBEMU_RETURN_IF_ERROR(I::Transact(*this, std::move(actions)));
  e.status = EmployeeStatus::kActive;
  e.department_id = dept_id;
  e.terminated_at.clear();
  e.version = expected_version + 1;
  return e;
}

}  // namespace hrcore
