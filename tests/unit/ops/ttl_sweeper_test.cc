// TtlSweeper (ops/ttl/time_to_live.h): the background thread of a database on a real clock
// sweeps once every interval, and destroying it stops the thread at once, even in the middle
// of a long interval, without one more sweep.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>

#include "ops/ttl/time_to_live.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::ttl {
namespace ttl_sweeper_test {

using std::chrono::milliseconds;

// The sweeps the sweeper ran, and a way to wait for the next ones.
class SweepLog {
 public:
  void Sweep() {
    std::lock_guard lock(mu_);
    ++sweeps_;
    changed_.notify_all();
  }
  // Whether `n` sweeps ran within `timeout` (generous: a bound, not a pace).
  bool WaitFor(int n, milliseconds timeout) {
    std::unique_lock lock(mu_);
    return changed_.wait_for(lock, timeout, [&] { return sweeps_ >= n; });
  }
  int sweeps() {
    std::lock_guard lock(mu_);
    return sweeps_;
  }

 private:
  std::mutex mu_;
  std::condition_variable changed_;
  int sweeps_ = 0;
};

TEST(TtlSweeperTest, SweepsAgainEveryInterval) {
  SweepLog log;
  {
    TtlSweeper sweeper([&] { log.Sweep(); }, milliseconds(1));
    EXPECT_TRUE(log.WaitFor(3, milliseconds(30'000)));
  }
  const int after_destruction = log.sweeps();
  EXPECT_GE(after_destruction, 3);
  EXPECT_EQ(log.sweeps(), after_destruction);  // the thread is gone: no sweep after it
}

TEST(TtlSweeperTest, DestructionStopsTheWaitWithoutSweeping) {
  SweepLog log;
  const auto start = std::chrono::steady_clock::now();
  {
    TtlSweeper sweeper([&] { log.Sweep(); }, std::chrono::hours(1));
  }
  // Were the wait not interrupted, destruction would take the hour.
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::minutes(1));
  EXPECT_EQ(log.sweeps(), 0);
}

}  // namespace ttl_sweeper_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::ttl
