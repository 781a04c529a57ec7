// A fresh in-memory database per test, a virtual clock (throttling stays on: a throttled call
// is retried after advancing the virtual clock, never after a sleep), the HR table and a
// service on it.
//
// With HRCORE_BACKEND=http (CTest's hrcore.http), the same tests run over HTTP against one
// ddb-local ($DDB_LOCAL_BIN, in memory, on a free port) that the binary starts and stops, each
// test on its own table.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "ddbemu/database.h"
#include "ddbemu/embedded_client.h"
#include "ddbemu/http_client.h"
#include "ddbemu/testing/ddb_local_server.h"
#include "hrcore/service.h"
#include "hrcore/table.h"

namespace hrcore::testing {

// The ddb-local of an HTTP run: started on first use (its port read from its banner, so no
// free-port race and no polling), stopped at exit.
class LocalServer {
 public:
  static LocalServer& Get() {
    static LocalServer server;
    return server;
  }
  const std::string& endpoint() const { return endpoint_; }

 private:
  LocalServer() {
    const char* bin = std::getenv("DDB_LOCAL_BIN");
    if (bin == nullptr) {
      ADD_FAILURE() << "DDB_LOCAL_BIN is not set";
      return;
    }
    process_ = std::make_unique<ddbemu::testing::DdbLocalServer>(
        bin, std::vector<std::string>{"-inMemory"});
    if (!process_->started()) {
      ADD_FAILURE() << "ddb-local did not start: " << bin;
      return;
    }
    endpoint_ = process_->url();
  }
  std::unique_ptr<ddbemu::testing::DdbLocalServer> process_;
  std::string endpoint_;

 public:
  // ddbemu's HTTP client to `endpoint`, one attempt per call so errors arrive as sent.
  static std::unique_ptr<ddbemu::Client> OpenClient(const std::string& endpoint) {
    auto client = ddbemu::OpenHttpClient({.endpoint = endpoint,
                                          .region = "us-east-1",
                                          .credentials = ddbemu::AwsCredentials{"hrtest", "x", ""},
                                          .max_attempts = 1});
    if (!client.ok()) std::abort();
    return std::move(client).value();
  }
};

inline bool OverHttp() {
  const char* b = std::getenv("HRCORE_BACKEND");
  return b != nullptr && std::string(b) == "http";
}

class HrFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    clock_ = std::make_shared<ddbemu::VirtualClock>(1'750'000'000'000'000);
    ddbemu::Options options;
    options.in_memory = true;
    options.durability = ddbemu::Durability::kNone;
    options.clock = clock_;
    auto db = ddbemu::Database::Open(options);
    ASSERT_TRUE(db.ok()) << db.error().message();
    db_ = std::move(db).value();
    if (OverHttp()) {
      client_ = WrapClient(LocalServer::OpenClient(LocalServer::Get().endpoint()));
      const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
      table_ = std::string("acme-hr-") + info->test_suite_name() + "-" + info->name();
    } else {
      client_ = WrapClient(ddbemu::MakeEmbeddedClient(*db_));
    }
    ids_ = std::make_unique<UlidGenerator>(*clock_, SeededRandomSource(1));
    service_ = MakeService("secret-1");
    ASSERT_TRUE(CreateHrTable(*client_, service_->table_name(), false).ok());
  }

  // Tests that inject faults wrap the client here.
  virtual std::unique_ptr<ddbemu::Client> WrapClient(std::unique_ptr<ddbemu::Client> c) {
    return c;
  }

  std::unique_ptr<HrService> MakeService(std::string secret) {
    ServiceOptions options;
    options.cursor_secret = std::move(secret);
    options.table_name = table_;
    // Embedded: the database's clock is ours, so a throttled call waits in virtual time. Over
    // HTTP the server keeps real time: the default backoff (a short sleep) applies.
    if (!OverHttp())
      options.retry.sleep = [clock = clock_](auto) { clock->AdvanceMicros(200'000); };
    return std::make_unique<HrService>(*client_, *clock_, *ids_, options);
  }

  // One org with one department, ready for hires.
  struct Org {
    TenantContext ctx;
    std::string dept;
  };
  Org NewOrg(const std::string& name) {
    auto org = service_->CreateOrganisation(name, Plan::kPro);
    EXPECT_TRUE(org.ok());
    TenantContext ctx{org->org_id};
    auto dept = service_->CreateDepartment(ctx, "Engineering");
    EXPECT_TRUE(dept.ok()) << dept.error().ToString();
    return {ctx, dept->dept_id};
  }
  Employee HireOk(const Org& org, const std::string& email, const std::string& dept = "") {
    clock_->AdvanceMicros(1000);
    auto e = service_->Hire(org.ctx, {.email = email,
                                      .first_name = "Ada",
                                      .last_name = "Lovelace",
                                      .department_id = dept.empty() ? org.dept : dept});
    EXPECT_TRUE(e.ok()) << e.error().ToString();
    return e.ok() ? e.value() : Employee{};
  }

  std::string table_ = "acme-hr-dev";
  std::shared_ptr<ddbemu::VirtualClock> clock_;
  std::unique_ptr<ddbemu::Database> db_;
  std::unique_ptr<ddbemu::Client> client_;
  std::unique_ptr<UlidGenerator> ids_;
  std::unique_ptr<HrService> service_;
};

}  // namespace hrcore::testing
