// Employees: hire, move, terminate and rehire keep headcount == relationship items and the
// email constraint in one transaction; optimistic locking refuses stale writers.
#include <gtest/gtest.h>

#include "hr_fixture.h"
#include "hrcore/check.h"

namespace hrcore::testing {
namespace employees_test {

class EmployeesTest : public HrFixture {};

std::vector<std::string> DeptMembers(HrService& s, const TenantContext& ctx,
                                     const std::string& dept) {
  auto page = s.ListDepartmentEmployees(ctx, dept, {.limit = 1000});
  EXPECT_TRUE(page.ok()) << page.error().ToString();
  std::vector<std::string> ids;
  for (const auto& r : page->items) ids.push_back(r.emp_id);
  return ids;
}

TEST_F(EmployeesTest, HireWritesEmployeeRelationshipHeadcountAndEmailInOneTransaction) {
  Org org = NewOrg("Acme");
  Employee alice = HireOk(org, "  Alice@Acme.co ");
  EXPECT_EQ(alice.email, "alice@acme.co");
  EXPECT_EQ(alice.version, 1);
  EXPECT_EQ(service_->GetDepartment(org.ctx, org.dept)->headcount, 1);
  EXPECT_EQ(DeptMembers(*service_, org.ctx, org.dept), std::vector<std::string>{alice.emp_id});
  auto found = service_->FindEmployeeByEmail(org.ctx, "ALICE@acme.co");
  ASSERT_TRUE(found.ok());
  EXPECT_EQ(found->emp_id, alice.emp_id);
  auto report = CheckInvariants(*client_, service_->table_name());
  ASSERT_TRUE(report.ok());
  EXPECT_TRUE(report->violations.empty()) << report->violations[0].detail;
}

TEST_F(EmployeesTest, DuplicateEmailIsRejectedAtomicallyAcrossOrganisations) {
  Org a = NewOrg("A");
  Org b = NewOrg("B");
  HireOk(a, "sam@example.com");
  auto dup = service_->Hire(b.ctx, {.email = "Sam@Example.com",
                                    .first_name = "Sam",
                                    .last_name = "Other",
                                    .department_id = b.dept});
  ASSERT_FALSE(dup.ok());
  EXPECT_EQ(dup.error().kind(), ErrorKind::kEmailTaken);
  // Nothing of the cancelled hire was written.
  EXPECT_EQ(service_->GetDepartment(b.ctx, b.dept)->headcount, 0);
  EXPECT_TRUE(service_->ListEmployees(b.ctx, {})->items.empty());
  EXPECT_TRUE(DeptMembers(*service_, b.ctx, b.dept).empty());
}

TEST_F(EmployeesTest, StaleUpdateIsRejectedWithVersionConflict) {
  Org org = NewOrg("Acme");
  Employee e = HireOk(org, "v@acme.co");
  auto first = service_->UpdateEmployee(org.ctx, e.emp_id, 1, {.first_name = "Vera"});
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(first->version, 2);
  auto stale = service_->UpdateEmployee(org.ctx, e.emp_id, 1, {.last_name = "Stale"});
  ASSERT_FALSE(stale.ok());
  EXPECT_EQ(stale.error().kind(), ErrorKind::kVersionConflict);
  auto now = service_->GetEmployee(org.ctx, e.emp_id);
  EXPECT_EQ(now->first_name, "Vera");
  EXPECT_EQ(now->last_name, "Lovelace");
  EXPECT_EQ(service_->MoveEmployee(org.ctx, e.emp_id, org.dept, 1).error().kind(),
            ErrorKind::kVersionConflict);
}

TEST_F(EmployeesTest, EmailChangeMovesTheConstraintItem) {
  Org org = NewOrg("Acme");
  Employee e = HireOk(org, "old@acme.co");
  Employee other = HireOk(org, "taken@acme.co");
  EXPECT_EQ(
      service_->UpdateEmployee(org.ctx, e.emp_id, 1, {.email = "taken@acme.co"}).error().kind(),
      ErrorKind::kEmailTaken);
  auto moved = service_->UpdateEmployee(org.ctx, e.emp_id, 1, {.email = "new@acme.co"});
  ASSERT_TRUE(moved.ok()) << moved.error().ToString();
  EXPECT_EQ(moved->email, "new@acme.co");
  EXPECT_EQ(service_->FindEmployeeByEmail(org.ctx, "old@acme.co").error().kind(),
            ErrorKind::kNotFound);
  EXPECT_EQ(service_->FindEmployeeByEmail(org.ctx, "new@acme.co")->emp_id, e.emp_id);
  HireOk(org, "old@acme.co");  // the old email is free again
  EXPECT_TRUE(CheckInvariants(*client_, service_->table_name())->violations.empty());
  (void)other;
}

TEST_F(EmployeesTest, MoveTerminateRehireKeepHeadcountEqualToRelationshipItems) {
  Org org = NewOrg("Acme");
  auto sales = service_->CreateDepartment(org.ctx, "Sales");
  ASSERT_TRUE(sales.ok());
  Employee e = HireOk(org, "m@acme.co");
  auto moved = service_->MoveEmployee(org.ctx, e.emp_id, sales->dept_id, 1);
  ASSERT_TRUE(moved.ok()) << moved.error().ToString();
  EXPECT_EQ(service_->GetDepartment(org.ctx, org.dept)->headcount, 0);
  EXPECT_EQ(service_->GetDepartment(org.ctx, sales->dept_id)->headcount, 1);
  EXPECT_EQ(DeptMembers(*service_, org.ctx, sales->dept_id), std::vector<std::string>{e.emp_id});

  auto gone = service_->Terminate(org.ctx, e.emp_id, 2);
  ASSERT_TRUE(gone.ok()) << gone.error().ToString();
  EXPECT_EQ(service_->GetDepartment(org.ctx, sales->dept_id)->headcount, 0);
  EXPECT_TRUE(DeptMembers(*service_, org.ctx, sales->dept_id).empty());
  EXPECT_EQ(service_->ResolveLogin("m@acme.co").error().kind(), ErrorKind::kNotFound);
  EXPECT_EQ(service_->Terminate(org.ctx, e.emp_id, 3).error().kind(),
            ErrorKind::kInvalidTransition);

  auto back = service_->Rehire(org.ctx, e.emp_id, org.dept, 3);
  ASSERT_TRUE(back.ok()) << back.error().ToString();
  EXPECT_EQ(service_->GetDepartment(org.ctx, org.dept)->headcount, 1);
  EXPECT_EQ(service_->ResolveLogin("m@acme.co")->emp_id, e.emp_id);
  auto report = CheckInvariants(*client_, service_->table_name());
  ASSERT_TRUE(report.ok());
  EXPECT_TRUE(report->violations.empty()) << report->violations[0].detail;
}

TEST_F(EmployeesTest, HireIntoAMissingDepartmentOrSuspendedOrgChangesNothing) {
  Org org = NewOrg("Acme");
  auto missing = service_->Hire(
      org.ctx,
      {.email = "x@acme.co", .first_name = "X", .last_name = "Y", .department_id = ids_->Next()});
  EXPECT_EQ(missing.error().kind(), ErrorKind::kNotFound);
  ASSERT_TRUE(service_->SuspendOrganisation(org.ctx).ok());
  auto suspended = service_->Hire(
      org.ctx,
      {.email = "x@acme.co", .first_name = "X", .last_name = "Y", .department_id = org.dept});
  EXPECT_EQ(suspended.error().kind(), ErrorKind::kOrgSuspended);
  EXPECT_TRUE(service_->ListEmployees(org.ctx, {})->items.empty());
  EXPECT_TRUE(service_->ResolveLogin("x@acme.co").error().kind() == ErrorKind::kNotFound);
}

TEST_F(EmployeesTest, UuidIdsAreRefusedAtTheBoundary) {
  Org org = NewOrg("Acme");
  auto r = service_->GetEmployee(org.ctx, "123e4567-e89b-12d3-a456-426614174000");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().kind(), ErrorKind::kInvalidId);
  EXPECT_NE(r.error().message().find("UUID"), std::string::npos);
}

TEST_F(EmployeesTest, DepartmentRenameAndManagerAreVersionLocked) {
  Org org = NewOrg("Acme");
  Employee boss = HireOk(org, "boss@acme.co");
  auto renamed = service_->RenameDepartment(org.ctx, org.dept, "Platform", 1);
  ASSERT_TRUE(renamed.ok()) << renamed.error().ToString();
  EXPECT_EQ(renamed->version, 2);
  EXPECT_EQ(renamed->headcount, 1);  // hires do not bump the department's version
  EXPECT_EQ(service_->RenameDepartment(org.ctx, org.dept, "Stale", 1).error().kind(),
            ErrorKind::kVersionConflict);
  auto managed = service_->SetDepartmentManager(org.ctx, org.dept, boss.emp_id, 2);
  ASSERT_TRUE(managed.ok()) << managed.error().ToString();
  EXPECT_EQ(managed->manager_id, boss.emp_id);
  EXPECT_EQ(service_->SetDepartmentManager(org.ctx, org.dept, ids_->Next(), 3).error().kind(),
            ErrorKind::kNotFound);
}

}  // namespace employees_test
}  // namespace hrcore::testing
