// A fresh in-memory database per test, a virtual clock (throttling stays on: a throttled call
// is retried after advancing the virtual clock, never after a sleep), the HR table and a
// service on it.
//
// With HRCORE_BACKEND=http (CTest's hrcore.http), the same tests run over HTTP against one
// ddb-local ($DDB_LOCAL_BIN, in memory, on a free port) that the binary starts and stops, each
// test on its own table.
#pragma once

#include <gtest/gtest.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>

#include "ddbemu/database.h"
#include "ddbemu/embedded_client.h"
#include "hrcore/service.h"
#include "hrcore/table.h"
#include "ddbemu/http_client.h"

namespace hrcore::testing {

// The ddb-local of an HTTP run: started on first use, stopped at exit.
class LocalServer {
 public:
  static LocalServer& Get() {
    static LocalServer server;
    return server;
  }
  const std::string& endpoint() const { return endpoint_; }
  ~LocalServer() {
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
  }

 private:
  LocalServer() {
    const char* bin = std::getenv("DDB_LOCAL_BIN");
    if (bin == nullptr) {
      ADD_FAILURE() << "DDB_LOCAL_BIN is not set";
      return;
    }
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
    std::string port = std::to_string(ntohs(addr.sin_port));
    close(fd);
    pid_ = fork();
    if (pid_ == 0) {
      execl(bin, bin, "-port", port.c_str(), "-inMemory", static_cast<char*>(nullptr));
      _exit(127);
    }
    endpoint_ = "http://127.0.0.1:" + port;
    auto client = OpenClient(endpoint_);
    // Readiness: poll until the server answers (it is a separate process starting up).
    for (int i = 0; i < 600; ++i) {
      if (client->ListTables({}).ok()) return;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ADD_FAILURE() << "ddb-local did not answer on " << endpoint_;
  }
  pid_t pid_ = -1;
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
    if (!OverHttp()) options.backoff = [clock = clock_](int) { clock->AdvanceMicros(200'000); };
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
