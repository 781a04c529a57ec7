// AP1-AP12 with exact contents and order on a small organisation, and the stored items' exact
// key strings and ElectroDB identifiers (the review's templates, upper case).
#include <gtest/gtest.h>

#include "hr_fixture.h"
#include "hrcore/keys.h"
#include "item_codec.h"

namespace hrcore::testing {
namespace access_patterns_test {

class AccessPatternsTest : public HrFixture {};

template <class T, class F>
std::vector<std::string> Map(const Result<Page<T>>& page, F f) {
  EXPECT_TRUE(page.ok()) << page.error().ToString();
  std::vector<std::string> out;
  if (page.ok()) {
    for (const auto& v : page->items) out.push_back(f(v));
  }
  return out;
}

TEST_F(AccessPatternsTest, EveryPatternReturnsExactlyItsItemsInOrder) {
  Org org = NewOrg("Acme Corp");
  auto people = service_->CreateDepartment(org.ctx, "People Ops");
  ASSERT_TRUE(people.ok());
  Employee alice = HireOk(org, "alice@acme.co");
  Employee bob = HireOk(org, "bob@acme.co", people->dept_id);
  Employee carol = HireOk(org, "carol@acme.co");
  Org other = NewOrg("Other");  // noise in another tenant
  HireOk(other, "dave@other.co");
  clock_->AdvanceMicros(1000);
  auto senior = service_->DraftJob(org.ctx, "Senior Engineer", org.dept);
  clock_->AdvanceMicros(1000);
  auto coordinator = service_->DraftJob(org.ctx, "HR Coordinator", people->dept_id);
  ASSERT_TRUE(senior.ok() && coordinator.ok());
  ASSERT_TRUE(service_->OpenJob(org.ctx, senior->job_id).ok());
  ASSERT_TRUE(service_->OpenJob(org.ctx, coordinator->job_id).ok());
  ASSERT_TRUE(service_->CloseJob(org.ctx, coordinator->job_id).ok());
  clock_->AdvanceMicros(1000);
  auto a1 = service_->SubmitApplication(org.ctx, senior->job_id, alice.emp_id);
  clock_->AdvanceMicros(1000);
  auto a2 = service_->SubmitApplication(org.ctx, senior->job_id, bob.emp_id);
  ASSERT_TRUE(a1.ok() && a2.ok());

  auto ap1 = service_->GetOrganisation(org.ctx);
  ASSERT_TRUE(ap1.ok());
  EXPECT_EQ(ap1->name, "Acme Corp");
  EXPECT_EQ(ap1->plan, Plan::kPro);
  EXPECT_EQ(service_->GetEmployee(org.ctx, bob.emp_id)->email, "bob@acme.co");  // AP2
  auto emp_id = [](const auto& e) { return e.emp_id; };
  EXPECT_EQ(Map(service_->ListEmployees(org.ctx, {}), emp_id),
            (std::vector<std::string>{alice.emp_id, bob.emp_id, carol.emp_id}));             // AP3
  EXPECT_EQ(service_->FindEmployeeByEmail(org.ctx, "carol@acme.co")->emp_id, carol.emp_id);  // AP4
  EXPECT_EQ(Map(service_->ListDepartments(org.ctx, {}),
                [](const Department& d) { return d.name + "=" + std::to_string(d.headcount); }),
            (std::vector<std::string>{"Engineering=2", "People Ops=1"}));      // AP5 (ULID order)
  EXPECT_EQ(service_->GetDepartment(org.ctx, people->dept_id)->headcount, 1);  // AP6
  EXPECT_EQ(Map(service_->ListDepartmentEmployees(org.ctx, org.dept, {}), emp_id),
            (std::vector<std::string>{alice.emp_id, carol.emp_id}));  // AP7
  auto job_id = [](const JobPosting& j) { return j.job_id; };
  EXPECT_EQ(Map(service_->ListOpenJobs(org.ctx, {}), job_id),
            std::vector<std::string>{senior->job_id});                                    // AP8
  EXPECT_EQ(service_->GetJob(org.ctx, coordinator->job_id)->status, JobStatus::kClosed);  // AP9
  EXPECT_EQ(service_->GetJobAt(org.ctx, senior->posted_at, senior->job_id)->title,
            "Senior Engineer");
  auto app_id = [](const Application& a) { return a.app_id; };
  EXPECT_EQ(Map(service_->ListJobApplications(org.ctx, senior->job_id, {}), app_id),
            (std::vector<std::string>{a2->app_id, a1->app_id}));  // AP10 newest first
  EXPECT_EQ(Map(service_->ListEmployeeApplications(org.ctx, bob.emp_id, {}), app_id),
            std::vector<std::string>{a2->app_id});  // AP11
  EXPECT_EQ(Map(service_->ListJobs(org.ctx, {}), job_id),
            (std::vector<std::string>{coordinator->job_id, senior->job_id}));  // AP12
}

TEST(ItemCodec, KeysAndIdentifiersAreTheReviewsTemplates) {
  Employee e{.emp_id = "01HXAD0000000000000000000A",
             .org_id = "01HXAA0000000000000000000A",
             .email = "alice@acme.co",
             .first_name = "Alice",
             .last_name = "L",
             .department_id = "01HXAB0000000000000000000A",
             .version = 3};
  ddbemu::Item item = codec::ToItem(e);
  EXPECT_EQ(GetOr<std::string>(item, "PK"), "ORG#01HXAA0000000000000000000A");
  EXPECT_EQ(GetOr<std::string>(item, "SK"), "EMP#01HXAD0000000000000000000A");
  EXPECT_EQ(GetOr<std::string>(item, "GSI1PK"), "EMAIL#alice@acme.co");
  EXPECT_EQ(GetOr<std::string>(item, "GSI1SK"), "EMP#01HXAD0000000000000000000A");
  EXPECT_EQ(GetOr<std::string>(item, "__edb_e__"), "employee");
  EXPECT_EQ(GetOr<std::string>(item, "__edb_v__"), "1");
  EXPECT_EQ(GetOr<std::string>(item, "type"), "emp");
  EXPECT_EQ(GetOr<std::int64_t>(item, "version"), 3);

  JobPosting open{
      .job_id = "J", .org_id = "O", .title = "T", .status = JobStatus::kOpen, .posted_at = "P"};
  ddbemu::Item job = codec::ToItem(open);
  EXPECT_EQ(GetOr<std::string>(job, "SK"), "JOB#P#J");
  EXPECT_EQ(GetOr<std::string>(job, "GSI1PK"), "ORG#O#OPEN");
  EXPECT_EQ(GetOr<std::string>(job, "GSI1SK"), "JOB#P#J");
  open.status = JobStatus::kClosed;
  EXPECT_EQ(codec::ToItem(open).count("GSI1PK"), 0u);  // sparse: closed jobs are not indexed

  Application app{.app_id = "A", .job_id = "J", .emp_id = "E", .submitted_at = "S"};
  ddbemu::Item a = codec::ToItem(app);
  EXPECT_EQ(GetOr<std::string>(a, "PK"), "JOB#J");
  EXPECT_EQ(GetOr<std::string>(a, "SK"), "APP#S#A");
  EXPECT_EQ(GetOr<std::string>(a, "GSI1PK"), "EMP#E");
  EXPECT_EQ(GetOr<std::string>(codec::ToItem(Organisation{.org_id = "O", .name = "n"}), "SK"),
            "#METADATA");
  EXPECT_EQ(GetOr<std::string>(codec::ToItem(DeptEmployee{"D", "E", "O"}), "PK"), "DEPT#D");
  EXPECT_EQ(GetOr<std::string>(codec::EmailUniqueItem("x@y.z", "O", "E"), "SK"), "#UNIQUE");
  EXPECT_EQ(GetOr<std::string>(codec::JobRefItem(open), "SK"), "#META");
}

}  // namespace access_patterns_test
}  // namespace hrcore::testing
