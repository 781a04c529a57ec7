// Tenant isolation: no function reaches another organisation's data, and pagination cursors are
// bound to tenant and pattern (forged, altered, other-org, other-pattern and expired cursors
// are refused). AP3 over 1,000 employees returns each exactly once, in hire order.
#include <gtest/gtest.h>

#include <set>

#include "hr_fixture.h"

namespace hrcore::testing {
namespace tenancy_test {

class TenancyTest : public HrFixture {};

TEST_F(TenancyTest, NoFunctionReachesAnotherTenant) {
  Org a = NewOrg("A");
  Org b = NewOrg("B");
  Employee ea = HireOk(a, "a@a.co");
  auto job = service_->DraftJob(a.ctx, "A's job", "");
  ASSERT_TRUE(job.ok());
  ASSERT_TRUE(service_->OpenJob(a.ctx, job->job_id).ok());
  auto app = service_->SubmitApplication(a.ctx, job->job_id, ea.emp_id);
  ASSERT_TRUE(app.ok());

  // Reads with B's context.
  EXPECT_EQ(service_->GetEmployee(b.ctx, ea.emp_id).error().kind(), ErrorKind::kNotFound);
  EXPECT_EQ(service_->FindEmployeeByEmail(b.ctx, "a@a.co").error().kind(), ErrorKind::kNotFound);
  EXPECT_EQ(service_->GetDepartment(b.ctx, a.dept).error().kind(), ErrorKind::kNotFound);
  EXPECT_EQ(service_->ListDepartmentEmployees(b.ctx, a.dept, {}).error().kind(),
            ErrorKind::kNotFound);
  EXPECT_EQ(service_->GetJob(b.ctx, job->job_id).error().kind(), ErrorKind::kOtherTenant);
  EXPECT_EQ(service_->ListJobApplications(b.ctx, job->job_id, {}).error().kind(),
            ErrorKind::kOtherTenant);
  EXPECT_EQ(service_->ListEmployeeApplications(b.ctx, ea.emp_id, {}).error().kind(),
            ErrorKind::kNotFound);
  EXPECT_TRUE(service_->ListEmployees(b.ctx, {})->items.empty());
  EXPECT_TRUE(service_->ListOpenJobs(b.ctx, {})->items.empty());
  // Writes with B's context change nothing of A's.
  EXPECT_EQ(service_->UpdateEmployee(b.ctx, ea.emp_id, 1, {.first_name = "X"}).error().kind(),
            ErrorKind::kNotFound);
  EXPECT_FALSE(service_->MoveEmployee(b.ctx, ea.emp_id, b.dept, 1).ok());
  EXPECT_FALSE(service_->Terminate(b.ctx, ea.emp_id, 1).ok());
  EXPECT_EQ(service_->CloseJob(b.ctx, job->job_id).error().kind(), ErrorKind::kOtherTenant);
  EXPECT_EQ(service_->EditJob(b.ctx, job->job_id, "mine", std::nullopt).error().kind(),
            ErrorKind::kOtherTenant);
  EXPECT_EQ(service_->SubmitApplication(b.ctx, job->job_id, ea.emp_id).error().kind(),
            ErrorKind::kOtherTenant);
  EXPECT_EQ(service_
                ->AdvanceApplication(b.ctx, {job->job_id, app->submitted_at, app->app_id},
                                     ApplicationStatus::kReviewing)
                .error()
                .kind(),
            ErrorKind::kOtherTenant);
  EXPECT_EQ(service_->RenameDepartment(b.ctx, a.dept, "X", 1).error().kind(), ErrorKind::kNotFound);
  // A hire in B into A's department: the department is not B's.
  EXPECT_EQ(
      service_
          ->Hire(b.ctx,
                 {.email = "b@b.co", .first_name = "B", .last_name = "B", .department_id = a.dept})
          .error()
          .kind(),
      ErrorKind::kNotFound);
  auto still = service_->GetEmployee(a.ctx, ea.emp_id);
  EXPECT_EQ(still->version, 1);
  EXPECT_EQ(service_->GetDepartment(a.ctx, a.dept)->headcount, 1);
  EXPECT_EQ(service_->GetJob(a.ctx, job->job_id)->status, JobStatus::kOpen);
}

TEST_F(TenancyTest, CursorsAreBoundToTenantAndPatternAndCannotBeForged) {
  Org a = NewOrg("A");
  Org b = NewOrg("B");
  for (int i = 0; i < 3; ++i) HireOk(a, "p" + std::to_string(i) + "@a.co");
  for (int i = 0; i < 3; ++i) HireOk(b, "q" + std::to_string(i) + "@b.co");
  auto first = service_->ListEmployees(a.ctx, {.limit = 1});
  ASSERT_TRUE(first.ok());
  ASSERT_TRUE(first->next_cursor);
  const std::string cursor = *first->next_cursor;
  // The rightful next page works.
  EXPECT_TRUE(service_->ListEmployees(a.ctx, {.limit = 1, .cursor = cursor}).ok());
  // Org B replaying A's cursor.
  EXPECT_EQ(service_->ListEmployees(b.ctx, {.limit = 1, .cursor = cursor}).error().kind(),
            ErrorKind::kOtherTenant);
  // Another pattern of the same org.
  EXPECT_EQ(service_->ListDepartments(a.ctx, {.limit = 1, .cursor = cursor}).error().kind(),
            ErrorKind::kInvalidCursor);
  // One altered character.
  std::string altered = cursor;
  altered[altered.size() / 2] = altered[altered.size() / 2] == 'A' ? 'B' : 'A';
  EXPECT_EQ(service_->ListEmployees(a.ctx, {.limit = 1, .cursor = altered}).error().kind(),
            ErrorKind::kInvalidCursor);
  EXPECT_EQ(service_->ListEmployees(a.ctx, {.limit = 1, .cursor = "garbage!"}).error().kind(),
            ErrorKind::kInvalidCursor);
  // Signed with another secret (another deployment, or a guessed key).
  auto other = MakeService("another-secret");
  auto foreign = other->ListEmployees(a.ctx, {.limit = 1});
  EXPECT_EQ(
      service_->ListEmployees(a.ctx, {.limit = 1, .cursor = *foreign->next_cursor}).error().kind(),
      ErrorKind::kInvalidCursor);
  // Replayed after its time to live.
  clock_->AdvanceMicros(int64_t{3601} * 1'000'000);
  EXPECT_EQ(service_->ListEmployees(a.ctx, {.limit = 1, .cursor = cursor}).error().kind(),
            ErrorKind::kInvalidCursor);
}

TEST_F(TenancyTest, Ap3Over1000EmployeesReturnsEachOnceInHireOrder) {
  Org org = NewOrg("Big");
  std::vector<std::string> hired;
  for (int i = 0; i < 1000; ++i) {
    hired.push_back(HireOk(org, "e" + std::to_string(i) + "@big.co").emp_id);
    if (i % 7 == 0) continue;  // several hires within one millisecond too
    clock_->AdvanceMicros(5000);
  }
  std::vector<std::string> listed;
  PageRequest page{.limit = 97};
  int pages = 0;
  for (;;) {
    auto p = service_->ListEmployees(org.ctx, page);
    ASSERT_TRUE(p.ok()) << p.error().ToString();
    ++pages;
    for (const auto& e : p->items) listed.push_back(e.emp_id);
    if (!p->next_cursor) break;
    page.cursor = p->next_cursor;
  }
  EXPECT_EQ(listed, hired);
  EXPECT_EQ(std::set<std::string>(listed.begin(), listed.end()).size(), 1000u);
  EXPECT_GE(pages, 11);
  EXPECT_EQ(service_->GetDepartment(org.ctx, org.dept)->headcount, 1000);
}

}  // namespace tenancy_test
}  // namespace hrcore::testing
