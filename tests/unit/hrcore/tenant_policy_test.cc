// Tenant isolation under access policies (ddbemu/access_policy.h), in process: each
// organisation's credentials may touch only partitions ORG#<its id> (IAM's dynamodb:LeadingKeys
// idea). hrcore scopes every call by TenantContext; here the database enforces it too, so that
// an application bug that passes one tenant's context on another tenant's connection is
// refused with AccessDeniedException and changes nothing.
//
// With HRCORE_BACKEND=http (CTest's hrcore.http), the same tests run over HTTP: ddb-local on the
// same data directory with --access-policy-file and -sharedDb, each tenant's connection an
// ddbemu::OpenHttpClient signed with its own access key.
//
// The schema's other partitions (DEPT#, JOB#, EMAIL#, EMP#) do not carry the organisation, so
// a LeadingKeys policy on ORG# refuses the patterns that read them (AP4, AP7, AP10, AP11) even
// for the tenant itself: isolating those needs keys that start with the tenant.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "ddbemu/access_policy.h"
#include "ddbemu/embedded_client.h"
#include "hr_fixture.h"

namespace hrcore::testing {
namespace tenant_policy_test {

class TenantPolicyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    // Policies are fixed when the database opens, and the organisations' ids are known only
    // once they exist: set up without policies, then reopen the same data with them.
    dir_ = std::filesystem::temp_directory_path() /
           ("hrcore-policy-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    Open(nullptr);
    auto admin = ddbemu::MakeEmbeddedClient(*db_, {"hradmin", "us-east-1"});
    ASSERT_TRUE(CreateHrTable(*admin, kTable, false).ok());
    HrService setup = Service(*admin);
    auto org_a = setup.CreateOrganisation("A", Plan::kPro);
    auto org_b = setup.CreateOrganisation("B", Plan::kPro);
    ASSERT_TRUE(org_a.ok() && org_b.ok());
    a_ = TenantContext{org_a->org_id};
    b_ = TenantContext{org_b->org_id};
    auto dept = setup.CreateDepartment(a_, "Engineering");
    ASSERT_TRUE(dept.ok());
    dept_a_ = dept->dept_id;
    clock_->AdvanceMicros(1000);
    auto hired = setup.Hire(a_, {.email = "a@a.co",
                                 .first_name = "Ada",
                                 .last_name = "Lovelace",
                                 .department_id = dept_a_});
    ASSERT_TRUE(hired.ok()) << hired.error().ToString();
    emp_a_ = hired->emp_id;
    admin.reset();

    auto policies = std::make_shared<ddbemu::AccessPolicies>();
    policies->Add(
        {.access_key_id = "hradmin", .user = "hradmin", .actions = {"*"}, .tables = {"*"}});
    // Besides its own ORG# partitions, a tenant reads the `#MIGRATION` partition: hrcore reads
    // its schema switch there (hrcore/migrations.h), so a tenant's role must be granted it.
    for (const auto& [key, org] : {std::pair{"key-a", org_a->org_id}, {"key-b", org_b->org_id}}) {
      policies->Add({.access_key_id = key,
                     .user = std::string("tenant-") + key,
                     .actions = {"*"},
                     .tables = {kTable},
                     .leading_keys = std::vector<std::string>{"ORG#" + org, "ORG#" + org + "#*",
                                                              "#MIGRATION"}});
    }
    if (OverHttp()) {
      db_.reset();
      ASSERT_NO_FATAL_FAILURE(StartServer(*policies));
      client_a_ = HttpClient("key-a");
      client_b_ = HttpClient("key-b");
      return;
    }
    Open(std::move(policies));
    client_a_ = ddbemu::MakeEmbeddedClient(*db_, {"key-a", "us-east-1"});
    client_b_ = ddbemu::MakeEmbeddedClient(*db_, {"key-b", "us-east-1"});
  }
  void TearDown() override {
    client_a_.reset();
    client_b_.reset();
    db_.reset();
    server_.reset();
    std::filesystem::remove_all(dir_);
  }

  // ddb-local on the data directory with `policies` written as its policy file.
  void StartServer(const ddbemu::AccessPolicies& policies) {
    const char* bin = std::getenv("DDB_LOCAL_BIN");
    ASSERT_NE(bin, nullptr) << "DDB_LOCAL_BIN is not set";
    std::string json = R"({"Policies":[)";
    for (const char* key : {"hradmin", "key-a", "key-b"}) {
      const ddbemu::AccessPolicy* p = policies.Find(key);
      auto list = [](const std::vector<std::string>& v) {
        std::string out = "[";
        for (const std::string& s : v) out += (out.size() > 1 ? ",\"" : "\"") + s + "\"";
        return out + "]";
      };
      json += std::string(key == std::string("hradmin") ? "" : ",") + R"({"AccessKeyId":")" +
              p->access_key_id + R"(","User":")" + p->user + R"(","Actions":)" + list(p->actions) +
              R"(,"Tables":)" + list(p->tables) +
              (p->leading_keys ? R"(,"LeadingKeys":)" + list(*p->leading_keys) : "") + "}";
    }
    json += "]}";
    const std::string file = (dir_ / "policies.json").string();
    std::ofstream(file) << json;
    server_ = std::make_unique<ddbemu::testing::DdbLocalServer>(
        bin, std::vector<std::string>{"-dbPath", dir_.string(), "-sharedDb", "--durability", "none",
                                      "--access-policy-file", file});
    ASSERT_TRUE(server_->started()) << "ddb-local did not start: " << bin;
    endpoint_ = server_->url();
  }
  std::unique_ptr<ddbemu::Client> HttpClient(const std::string& key) {
    auto client = ddbemu::OpenHttpClient({.endpoint = endpoint_,
                                          .region = "us-east-1",
                                          .credentials = ddbemu::AwsCredentials{key, "x", ""},
                                          .max_attempts = 1});
    if (!client.ok()) std::abort();
    return std::move(client).value();
  }

  void Open(std::shared_ptr<const ddbemu::AccessPolicies> policies) {
    db_.reset();
    ddbemu::Options options;
    options.path = dir_.string();
    options.durability = ddbemu::Durability::kNone;
    options.shared_db = true;  // the tenants share the table, as in production
    options.clock = clock_;
    options.access_policies = std::move(policies);
    auto db = ddbemu::Database::Open(options);
    ASSERT_TRUE(db.ok()) << db.error().message();
    db_ = std::move(db).value();
  }
  HrService Service(ddbemu::Client& client) {
    ServiceOptions options;
    options.table_name = kTable;
    options.retry.sleep = [clock = clock_](auto) { clock->AdvanceMicros(200'000); };
    return HrService(client, *clock_, ids_, options);
  }
  // The error is the database's AccessDeniedException, as the service words it.
  template <class T>
  static void ExpectDenied(const Result<T>& r, const std::string& user) {
    ASSERT_FALSE(r.ok());
    ASSERT_EQ(r.error().kind(), ErrorKind::kBackend) << r.error().ToString();
    ASSERT_TRUE(r.error().cause().has_value());
    EXPECT_EQ(r.error().cause()->code(), ddbemu::ErrorCode::kAccessDenied);
    EXPECT_EQ(r.error().cause()->message().rfind("User: arn:aws:iam::000000000000:user/" + user +
                                                     " is not authorized to perform: dynamodb:",
                                                 0),
              0u)
        << r.error().cause()->message();
    EXPECT_NE(
        r.error().cause()->message().find(" because no identity-based policy allows the dynamodb:"),
        std::string::npos);
  }

  static constexpr const char* kTable = "acme-hr-policy";
  std::filesystem::path dir_;
  std::unique_ptr<ddbemu::testing::DdbLocalServer> server_;
  std::string endpoint_;
  std::shared_ptr<ddbemu::VirtualClock> clock_ =
      std::make_shared<ddbemu::VirtualClock>(1'750'000'000'000'000);
  UlidGenerator ids_{*clock_, SeededRandomSource(7)};
  std::unique_ptr<ddbemu::Database> db_;
  std::unique_ptr<ddbemu::Client> client_a_, client_b_;
  TenantContext a_, b_;
  std::string dept_a_, emp_a_;
};

TEST_F(TenantPolicyTest, ATenantsOwnCredentialsServeItsOrgPartition) {
  HrService service = Service(*client_a_);
  ASSERT_TRUE(service.GetOrganisation(a_).ok());    // AP1
  auto employee = service.GetEmployee(a_, emp_a_);  // AP2
  ASSERT_TRUE(employee.ok()) << employee.error().ToString();
  auto employees = service.ListEmployees(a_, {});  // AP3
  ASSERT_TRUE(employees.ok()) << employees.error().ToString();
  EXPECT_EQ(employees->items.size(), 1u);
  EXPECT_TRUE(service.ListDepartments(a_, {}).ok());     // AP5
  EXPECT_TRUE(service.GetDepartment(a_, dept_a_).ok());  // AP6
  auto updated = service.UpdateEmployee(a_, emp_a_, 1, {.first_name = "Augusta"});
  ASSERT_TRUE(updated.ok()) << updated.error().ToString();
  // AP4 reads the EMAIL# partition of GSI1, which no organisation owns.
  ExpectDenied(service.FindEmployeeByEmail(a_, "a@a.co"), "tenant-key-a");
}

TEST_F(TenantPolicyTest, AnotherTenantsCredentialsCannotReachItEvenWithItsContext) {
  // The application bug the policy guards against: tenant B's connection, tenant A's context.
  HrService wrong = Service(*client_b_);
  ExpectDenied(wrong.GetOrganisation(a_), "tenant-key-b");
  ExpectDenied(wrong.GetEmployee(a_, emp_a_), "tenant-key-b");
  ExpectDenied(wrong.ListEmployees(a_, {}), "tenant-key-b");
  ExpectDenied(wrong.ListDepartments(a_, {}), "tenant-key-b");
  ExpectDenied(wrong.GetDepartment(a_, dept_a_), "tenant-key-b");
  ExpectDenied(wrong.UpdateEmployee(a_, emp_a_, 1, {.first_name = "X"}), "tenant-key-b");
  ExpectDenied(wrong.RenameDepartment(a_, dept_a_, "X", 1), "tenant-key-b");
  ExpectDenied(wrong.SuspendOrganisation(a_), "tenant-key-b");
  // Nothing of A's changed.
  HrService own = Service(*client_a_);
  auto employee = own.GetEmployee(a_, emp_a_);
  ASSERT_TRUE(employee.ok());
  EXPECT_EQ(employee->first_name, "Ada");
  EXPECT_EQ(employee->version, 1);
  EXPECT_EQ(own.GetDepartment(a_, dept_a_)->name, "Engineering");
  // And B's own organisation is B's to read.
  EXPECT_TRUE(wrong.GetOrganisation(b_).ok());
}

}  // namespace tenant_policy_test
}  // namespace hrcore::testing
