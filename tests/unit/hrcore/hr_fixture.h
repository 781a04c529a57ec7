// A fresh in-memory database per test, a virtual clock (throttling stays on: a throttled call
// is retried after advancing the virtual clock, never after a sleep), the HR table and a
// service on it.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "ddbemu/database.h"
#include "hrcore/json_call_client.h"
#include "hrcore/service.h"
#include "hrcore/table.h"

namespace hrcore::testing {

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
    client_ = WrapClient(MakeDatabaseJsonClient(*db_));
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
    options.backoff = [clock = clock_](int) { clock->AdvanceMicros(200'000); };
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

  std::shared_ptr<ddbemu::VirtualClock> clock_;
  std::unique_ptr<ddbemu::Database> db_;
  std::unique_ptr<ddbemu::Client> client_;
  std::unique_ptr<UlidGenerator> ids_;
  std::unique_ptr<HrService> service_;
};

}  // namespace hrcore::testing
