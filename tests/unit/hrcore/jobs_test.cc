// Jobs and applications: the sparse-GSI lifecycle (open -> in AP8; closed -> gone from AP8,
// still in AP12; reopened -> back) and the allowed status transitions.
#include <gtest/gtest.h>

#include "hr_fixture.h"
#include "hrcore/check.h"

namespace hrcore::testing {
namespace jobs_test {

class JobsTest : public HrFixture {};

std::vector<std::string> Ids(const Result<Page<JobPosting>>& page) {
  EXPECT_TRUE(page.ok()) << page.error().ToString();
  std::vector<std::string> ids;
  for (const auto& j : page->items) ids.push_back(j.job_id);
  return ids;
}

TEST_F(JobsTest, SparseGsiLifecycle) {
  Org org = NewOrg("Acme");
  auto job = service_->DraftJob(org.ctx, "Senior Engineer", org.dept);
  ASSERT_TRUE(job.ok()) << job.error().ToString();
  const std::string id = job->job_id;
  EXPECT_TRUE(Ids(service_->ListOpenJobs(org.ctx, {})).empty());  // a draft is not open
  EXPECT_EQ(Ids(service_->ListJobs(org.ctx, {})), std::vector<std::string>{id});

  ASSERT_TRUE(service_->OpenJob(org.ctx, id).ok());
  EXPECT_EQ(Ids(service_->ListOpenJobs(org.ctx, {})), std::vector<std::string>{id});

  auto closed = service_->CloseJob(org.ctx, id);
  ASSERT_TRUE(closed.ok());
  EXPECT_EQ(closed->status, JobStatus::kClosed);
  EXPECT_FALSE(closed->closed_at.empty());
  EXPECT_TRUE(Ids(service_->ListOpenJobs(org.ctx, {})).empty());
  EXPECT_EQ(Ids(service_->ListJobs(org.ctx, {})), std::vector<std::string>{id});

  auto reopened = service_->ReopenJob(org.ctx, id);
  ASSERT_TRUE(reopened.ok());
  EXPECT_TRUE(reopened->closed_at.empty());
  EXPECT_EQ(Ids(service_->ListOpenJobs(org.ctx, {})), std::vector<std::string>{id});
  EXPECT_TRUE(CheckInvariants(*client_, service_->table_name())->violations.empty());
}

TEST_F(JobsTest, JobTransitionsOutsideTheAllowedOnesAreRefused) {
  Org org = NewOrg("Acme");
  auto job = service_->DraftJob(org.ctx, "Designer", "");
  ASSERT_TRUE(job.ok());
  EXPECT_EQ(service_->CloseJob(org.ctx, job->job_id).error().kind(), ErrorKind::kInvalidTransition);
  EXPECT_EQ(service_->ReopenJob(org.ctx, job->job_id).error().kind(),
            ErrorKind::kInvalidTransition);
  ASSERT_TRUE(service_->OpenJob(org.ctx, job->job_id).ok());
  EXPECT_EQ(service_->OpenJob(org.ctx, job->job_id).error().kind(), ErrorKind::kInvalidTransition);
  EXPECT_EQ(service_->CloseJob(org.ctx, ids_->Next()).error().kind(), ErrorKind::kNotFound);
  auto edited = service_->EditJob(org.ctx, job->job_id, "Lead Designer", org.dept);
  ASSERT_TRUE(edited.ok()) << edited.error().ToString();
  EXPECT_EQ(edited->title, "Lead Designer");
  EXPECT_EQ(edited->status, JobStatus::kOpen);
}

TEST_F(JobsTest, OpenJobsAndAllJobsAreNewestFirst) {
  Org org = NewOrg("Acme");
  std::vector<std::string> opened, all;
  for (int i = 0; i < 5; ++i) {
    clock_->AdvanceMicros(1000);
    auto job = service_->DraftJob(org.ctx, "Job " + std::to_string(i), "");
    ASSERT_TRUE(job.ok());
    all.insert(all.begin(), job->job_id);
    if (i % 2 == 0) {
      ASSERT_TRUE(service_->OpenJob(org.ctx, job->job_id).ok());
      opened.insert(opened.begin(), job->job_id);
    }
  }
  EXPECT_EQ(Ids(service_->ListOpenJobs(org.ctx, {})), opened);
  EXPECT_EQ(Ids(service_->ListJobs(org.ctx, {})), all);
  // Paged by two: the same order, each once.
  std::vector<std::string> paged;
  PageRequest page{.limit = 2};
  for (;;) {
    auto p = service_->ListJobs(org.ctx, page);
    ASSERT_TRUE(p.ok());
    for (const auto& j : p->items) paged.push_back(j.job_id);
    if (!p->next_cursor) break;
    page.cursor = p->next_cursor;
  }
  EXPECT_EQ(paged, all);
}

TEST_F(JobsTest, ApplicationsMoveOnlyAlongAllowedTransitions) {
  Org org = NewOrg("Acme");
  Employee e = HireOk(org, "applicant@acme.co");
  auto job = service_->DraftJob(org.ctx, "Engineer", "");
  ASSERT_TRUE(job.ok());
  EXPECT_EQ(service_->SubmitApplication(org.ctx, job->job_id, e.emp_id).error().kind(),
            ErrorKind::kInvalidTransition);  // a draft takes no applications
  ASSERT_TRUE(service_->OpenJob(org.ctx, job->job_id).ok());
  auto app = service_->SubmitApplication(org.ctx, job->job_id, e.emp_id);
  ASSERT_TRUE(app.ok()) << app.error().ToString();
  ApplicationRef ref{job->job_id, app->submitted_at, app->app_id};
  EXPECT_EQ(service_->AdvanceApplication(org.ctx, ref, ApplicationStatus::kAccepted).error().kind(),
            ErrorKind::kInvalidTransition);
  ASSERT_TRUE(service_->AdvanceApplication(org.ctx, ref, ApplicationStatus::kReviewing).ok());
  auto accepted = service_->AdvanceApplication(org.ctx, ref, ApplicationStatus::kAccepted);
  ASSERT_TRUE(accepted.ok());
  EXPECT_EQ(accepted->status, ApplicationStatus::kAccepted);
  EXPECT_EQ(service_->AdvanceApplication(org.ctx, ref, ApplicationStatus::kRejected).error().kind(),
            ErrorKind::kInvalidTransition);
  auto mine = service_->ListEmployeeApplications(org.ctx, e.emp_id, {});
  ASSERT_TRUE(mine.ok());
  ASSERT_EQ(mine->items.size(), 1u);
  EXPECT_EQ(mine->items[0].status, ApplicationStatus::kAccepted);
  auto by_job = service_->ListJobApplications(org.ctx, job->job_id, {});
  ASSERT_EQ(by_job->items.size(), 1u);
  EXPECT_EQ(by_job->items[0].app_id, app->app_id);
}

}  // namespace jobs_test
}  // namespace hrcore::testing
