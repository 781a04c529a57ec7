// A long randomized run of hires, moves, terminations and rehires by concurrent writers, with
// injected transaction cancellations: afterwards every department's headcount equals its
// relationship items, and every other invariant of the table holds.
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <random>
#include <thread>

#include "ddbemu/forwarding_client.h"
#include "hr_fixture.h"
#include "hrcore/check.h"

namespace hrcore::testing {
namespace concurrency_test {

// Forwards every call; cancels about one TransactWriteItems in five before it reaches the
// database, as a conflicting transaction elsewhere would (TransactionConflict reasons).
class CancellingClient final : public ddbemu::ForwardingClient {
 public:
  // The client forwarded to lives as long as this one: it is owned here.
  explicit CancellingClient(std::unique_ptr<ddbemu::Client> inner)
      : ForwardingClient(*inner), owned_(std::move(inner)) {}
  std::atomic<int> injected{0};

  ddbemu::Result<ddbemu::TransactWriteItemsResponse> TransactWriteItems(
      const ddbemu::TransactWriteItemsRequest& r) override {
    bool cancel;
    {
      std::lock_guard lock(mutex_);
      cancel = std::uniform_int_distribution<int>(0, 4)(rng_) == 0;
    }
    if (!cancel) return ForwardingClient::TransactWriteItems(r);
    ++injected;
    ddbemu::ApiError e(
        ddbemu::ErrorCode::kTransactionCanceled,
        "Transaction cancelled, please refer cancellation reasons for specific reasons");
    for (std::size_t i = 0; i < r.transact_items.size(); ++i) {
      e.cancellation_reasons.push_back({i == 0 ? "TransactionConflict" : "None", "", nullptr});
    }
    return e;
  }

 private:
  std::unique_ptr<ddbemu::Client> owned_;
  std::mutex mutex_;
  std::mt19937 rng_{12345};
};

class ConcurrencyTest : public HrFixture {
 protected:
  std::unique_ptr<ddbemu::Client> WrapClient(std::unique_ptr<ddbemu::Client> c) override {
    auto wrapped = std::make_unique<CancellingClient>(std::move(c));
    cancelling_ = wrapped.get();
    return wrapped;
  }
  CancellingClient* cancelling_ = nullptr;
};

TEST_F(ConcurrencyTest, HeadcountEqualsRelationshipItemsAfterRandomizedConcurrentRun) {
  Org org = NewOrg("Acme");
  std::vector<std::string> depts{org.dept};
  for (int i = 0; i < 2; ++i)
    depts.push_back(service_->CreateDepartment(org.ctx, "D" + std::to_string(i))->dept_id);

  std::mutex pool_mutex;
  std::vector<std::string> pool;  // employees any writer may pick
  std::atomic<int> succeeded{0}, refused{0}, email_seq{0};
  auto writer = [&](int seed) {
    std::mt19937 rng(seed);
    for (int op = 0; op < 300; ++op) {
      clock_->AdvanceMicros(500);
      int kind = std::uniform_int_distribution<int>(0, 3)(rng);
      std::string dept =
          depts[std::uniform_int_distribution<std::size_t>(0, depts.size() - 1)(rng)];
      std::string emp;
      {
        std::lock_guard lock(pool_mutex);
        if (!pool.empty())
          emp = pool[std::uniform_int_distribution<std::size_t>(0, pool.size() - 1)(rng)];
      }
      if (kind == 0 || emp.empty()) {
        auto e = service_->Hire(org.ctx, {.email = "w" + std::to_string(email_seq++) + "@acme.co",
                                          .first_name = "W",
                                          .last_name = "R",
                                          .department_id = dept});
        if (e.ok()) {
          std::lock_guard lock(pool_mutex);
          pool.push_back(e->emp_id);
        }
        (e.ok() ? succeeded : refused)++;
        continue;
      }
      auto current = service_->GetEmployee(org.ctx, emp);
      if (!current.ok()) continue;
      Status s;
      if (kind == 1) {
        auto r = service_->MoveEmployee(org.ctx, emp, dept, current->version);
        if (!r.ok()) s = std::move(r).error();
      } else if (kind == 2) {
        auto r = service_->Terminate(org.ctx, emp, current->version);
        if (!r.ok()) s = std::move(r).error();
      } else {
        auto r = service_->Rehire(org.ctx, emp, dept, current->version);
        if (!r.ok()) s = std::move(r).error();
      }
      if (s.ok()) {
        ++succeeded;
      } else {
        ++refused;
        // Only the domain's answers to a race or a wrong state: never a partial write.
        ErrorKind k = s.error().kind();
        EXPECT_TRUE(k == ErrorKind::kVersionConflict || k == ErrorKind::kInvalidTransition ||
                    k == ErrorKind::kInvalidArgument || k == ErrorKind::kBackend)
            << s.error().ToString();
      }
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) threads.emplace_back(writer, 100 + t);
  for (auto& t : threads) t.join();

  EXPECT_GT(cancelling_->injected.load(), 50);
  EXPECT_GT(succeeded.load(), 600);
  auto report = CheckInvariants(*client_, service_->table_name());
  ASSERT_TRUE(report.ok()) << report.error().ToString();
  for (const auto& v : report->violations) ADD_FAILURE() << v.rule << ": " << v.detail;
  std::int64_t headcount = 0;
  for (const auto& d : depts) headcount += service_->GetDepartment(org.ctx, d)->headcount;
  EXPECT_EQ(headcount, report->relationships);
}

}  // namespace concurrency_test
}  // namespace hrcore::testing
