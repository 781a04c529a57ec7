// GoogleTest fixtures for code that uses ddbemu: every test gets its own fresh in-memory
// Database on a VirtualClock, so tests never share tables and time (token buckets, table
// timers) moves only when the test says so. Opening one takes well under a millisecond.
// Link `ddbemu::gtest` (CMake); see docs/testing.md.
//
//   class OrdersTest : public ddbemu::testing::DatabaseTest {};
//
//   TEST_F(OrdersTest, SecondWriteInTheSameSecondIsThrottled) {
//     ASSERT_TRUE(client().CreateTable(kOrdersTable).ok());   // typed: ddbemu::Client
//     ...                                                     // or JSON: db().Call(...)
//     AdvanceClock(std::chrono::seconds(1));  // the buckets refill by exactly one second
//   }
//
// client() retries throttled calls as the AWS SDKs do (ddbemu/retrying_client.h), and its waits
// move the virtual clock, so set-up code that writes faster than a partition takes (easy here:
// a call takes microseconds, against AWS tens of milliseconds) still goes through, and the
// time it took shows on clock(). A test that asserts a throttle calls client_without_retries(),
// as a suite against AWS would turn its SDK's retries off.
//
// Header only, so it compiles with the test's own GoogleTest and flags.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <random>
#include <string_view>
#include <utility>

#include "ddbemu/client.h"
#include "ddbemu/clock.h"
#include "ddbemu/database.h"
#include "ddbemu/embedded_client.h"
#include "ddbemu/options.h"
#include "ddbemu/retrying_client.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {

// The options of a test database: in memory, no fsync (nothing survives the test anyway),
// throttling on as on AWS, and `clock` for every timer and bucket.
inline Options TestDatabaseOptions(std::shared_ptr<VirtualClock> clock) {
  Options options;
  options.in_memory = true;
  options.durability = Durability::kNone;
  options.clock = std::move(clock);
  return options;
}

// The AWS SDKs' retry policy (RetryPolicy's defaults) with its waits on `clock`: a wait moves
// the clock forward instead of sleeping, and the jitter is drawn from a fixed seed, so a test
// that retries takes the same virtual time on every run.
inline RetryPolicy VirtualTimeRetryPolicy(std::shared_ptr<VirtualClock> clock) {
  RetryPolicy policy;
  policy.clock = clock;
  policy.sleep = [clock](std::chrono::microseconds wait) { clock->AdvanceMicros(wait.count()); };
  policy.random = [engine = std::make_shared<std::mt19937_64>(20120810)] {
    return std::uniform_real_distribution<double>(0.0, 1.0)(*engine);
  };
  return policy;
}

// One in-memory database and its virtual clock, for tests that cannot derive from
// DatabaseTest (a parameterized fixture of their own, a helper class, a benchmark). Open()
// reports a failure to open as a GoogleTest failure; use ASSERT_NO_FATAL_FAILURE around it.
class TestDatabase {
 public:
  // The virtual clock starts at `start_micros` (default: 2023-11-14, a fixed, realistic time
  // so that creation timestamps are stable from run to run).
  explicit TestDatabase(std::int64_t start_micros = 1'700'000'000'000'000)
      : clock_(std::make_shared<VirtualClock>(start_micros)) {}

  // Opens the database with TestDatabaseOptions(clock()), changed first by `configure` (e.g.
  // [](ddbemu::Options& o) { o.throttle = false; }). Replaces a database opened before.
  template <class Configure>
  void Open(Configure&& configure) {
    Options options = TestDatabaseOptions(clock_);
    std::forward<Configure>(configure)(options);
    Close();
    auto opened = Database::Open(std::move(options));
    ASSERT_TRUE(opened.ok()) << "ddbemu::Database::Open failed: " << opened.error().message();
    db_ = std::move(opened).value();
    client_ = MakeEmbeddedClient(*db_);
    retrying_client_ = std::make_unique<RetryingClient>(*client_, VirtualTimeRetryPolicy(clock_));
  }
  void Open() {
    Open([](Options&) {});
  }

  bool is_open() const { return db_ != nullptr; }
  Database& db() const { return *db_; }
  // The typed API over db() (ddbemu/client.h), in this process: no JSON, no server. Throttled
  // calls are retried as the SDKs retry them, the waits on the virtual clock.
  Client& client() const { return *retrying_client_; }
  // The same API without retries: every throttle comes back, for tests that assert them.
  Client& client_without_retries() const { return *client_; }
  VirtualClock& clock() const { return *clock_; }
  const std::shared_ptr<VirtualClock>& shared_clock() const { return clock_; }

  // Moves the virtual clock forward: the only way time passes for the database.
  void AdvanceClock(std::chrono::microseconds delta) const { clock_->AdvanceMicros(delta.count()); }

  // Closes the database (and removes its temporary directory) before the end of the test.
  void Close() {
    retrying_client_.reset();  // before the client it wraps
    client_.reset();           // before the database it points into
    db_.reset();
  }

 private:
  std::shared_ptr<VirtualClock> clock_;
  std::unique_ptr<Database> db_;
  std::unique_ptr<Client> client_;
  std::unique_ptr<RetryingClient> retrying_client_;
};

// A fixture whose every test starts with an empty database opened in SetUp. To change the
// options, override ConfigureOptions; it runs before each open.
class DatabaseTest : public ::testing::Test {
 protected:
  // Called in SetUp with TestDatabaseOptions(...) already filled in.
  virtual void ConfigureOptions(Options& /*options*/) {}

  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(database_.Open([this](Options& o) { ConfigureOptions(o); }));
  }
  void TearDown() override { database_.Close(); }

  Database& db() const { return database_.db(); }
  Client& client() const { return database_.client(); }
  Client& client_without_retries() const { return database_.client_without_retries(); }
  VirtualClock& clock() const { return database_.clock(); }
  void AdvanceClock(std::chrono::microseconds delta) const { database_.AdvanceClock(delta); }

  // Database::Call, with a GoogleTest failure naming the operation and the error when the
  // response is not HTTP 200. Returns the response either way.
  Response CallOk(std::string_view operation, std::string_view json_body,
                  const RequestContext& context = {}) {
    Response r = db().Call(operation, json_body, context);
    EXPECT_EQ(r.http_status, 200) << operation << " " << json_body << "\n -> " << r.body;
    return r;
  }

  // The fixture's database, to reopen with other options in the middle of a test.
  TestDatabase& test_database() { return database_; }

 private:
  TestDatabase database_;
};

// A fixture whose tests share one database per test suite: LoadFixtures() fills it once, before
// the suite's first test, and every test starts from what it loaded (Database::Restore of the
// snapshot "fixtures", a copy of LMDB's records, not a reload), so a suite pays for a large data
// set once. The clock is not turned back between tests; the capacity model's buckets start full.
//
//   class OrdersTest : public ddbemu::testing::FixturesTest<OrdersTest> {
//    protected:
//     void LoadFixtures() override { ... client().CreateTable(...); 10,000 PutItems ... }
//   };
//   TEST_F(OrdersTest, ...) { ... }   // sees exactly the loaded data, whatever earlier tests did
//
// `Suite` is the deriving class itself: each suite has its own database. ConfigureOptions opens it
// differently, as for DatabaseTest.
template <class Suite>
class FixturesTest : public ::testing::Test {
 protected:
  // Fills the suite's database; runs once, before the suite's first test. A failure in it fails
  // that test and every later one of the suite.
  virtual void LoadFixtures() {}
  virtual void ConfigureOptions(Options& /*options*/) {}

  static void TearDownTestSuite() { shared().reset(); }

  void SetUp() override {
    if (shared() == nullptr) {
      auto database = std::make_unique<TestDatabase>();
      ASSERT_NO_FATAL_FAILURE(database->Open([this](Options& o) { ConfigureOptions(o); }));
      shared() = std::move(database);
      ASSERT_NO_FATAL_FAILURE(LoadFixtures());
      loaded() = !HasFailure();
      ASSERT_TRUE(loaded()) << "LoadFixtures failed";
      auto taken = db().Snapshot(kSnapshot);
      ASSERT_TRUE(taken.ok()) << "Snapshot failed: " << taken.error().message();
      return;
    }
    ASSERT_TRUE(loaded()) << "LoadFixtures failed in an earlier test of this suite";
    Status restored = db().Restore(kSnapshot);
    ASSERT_TRUE(restored.ok()) << "Restore failed: " << restored.error().message();
  }

  Database& db() const { return shared()->db(); }
  Client& client() const { return shared()->client(); }
  Client& client_without_retries() const { return shared()->client_without_retries(); }
  VirtualClock& clock() const { return shared()->clock(); }
  void AdvanceClock(std::chrono::microseconds delta) const { shared()->AdvanceClock(delta); }

  // The snapshot every test starts from.
  static constexpr std::string_view kSnapshot = "fixtures";

 private:
  static std::unique_ptr<TestDatabase>& shared() {
    static std::unique_ptr<TestDatabase> database;
    return database;
  }
  static bool& loaded() {
    static bool done = false;
    return done;
  }
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
