// The open-loop driver (bench/hotspots/load_driver.h): every operation is offered until it is
// done, a throttled one again at a later tick, and on the real clock several workers offer
// ticks at once.
#include "load_driver.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>

namespace hrhot {
namespace load_driver_test {

// Throttled `refusals` times, then done.
Operation ThrottledThenDone(std::atomic<int>& refusals, std::atomic<int>& runs) {
  return {[&refusals, &runs] {
    ++runs;
    return refusals.fetch_sub(1) > 0 ? OpOutcome::kThrottled : OpOutcome::kDone;
  }};
}

TEST(LoadDriver, AThrottledOperationIsOfferedAgainUntilDone) {
  ddbemu::VirtualClock clock(0);
  auto pacer = MakeVirtualPacer(clock);
  std::atomic<int> refusals{3};
  std::atomic<int> runs{0};
  std::deque<Operation> ops;
  ops.push_back(ThrottledThenDone(refusals, runs));
  ops.push_back({[] { return OpOutcome::kDone; }});
  LoadStats stats;
  RunResult r = RunOpenLoop(ops, RunLimits{.ops_per_second = 10, .workers = 8}, *pacer, stats);
  EXPECT_EQ(r.completed, 2);
  EXPECT_EQ(r.offered, 5);  // 3 refusals, then the first op, then the second
  EXPECT_EQ(r.workers, 1);  // a virtual clock runs one worker, whatever the limits say
  EXPECT_EQ(runs.load(), 4);
  // Ticks at 10/s: the fifth offer is at 0.4 s of the virtual clock.
  EXPECT_EQ(clock.NowMicros(), 400'000);
  std::int64_t offered = 0, done = 0;
  for (const auto& [second, counts] : stats.operations()) {
    offered += counts.first;
    done += counts.second;
  }
  EXPECT_EQ(offered, 5);
  EXPECT_EQ(done, 2);
}

// On the real clock, operations of several workers are in flight at once: each of the first
// four operations waits until four are running (or gives up after 10 s and fails the run).
TEST(LoadDriver, WorkersOfferTicksConcurrentlyOnTheRealClock) {
  auto pacer = MakeRealPacer();
  std::mutex m;
  std::condition_variable cv;
  int running = 0;
  int most = 0;
  std::deque<Operation> ops;
  for (int i = 0; i < 4; ++i) {
    ops.push_back({[&] {
      std::unique_lock lock(m);
      ++running;
      most = std::max(most, running);
      cv.notify_all();
      const bool met = cv.wait_for(lock, std::chrono::seconds(10), [&] { return most >= 4; });
      return met ? OpOutcome::kDone : OpOutcome::kFailed;
    }});
  }
  std::atomic<int> refusals{5};
  std::atomic<int> runs{0};
  for (int i = 0; i < 20; ++i) ops.push_back(ThrottledThenDone(refusals, runs));
  LoadStats stats;
  RunResult r = RunOpenLoop(ops, RunLimits{.ops_per_second = 1000, .workers = 4}, *pacer, stats);
  EXPECT_EQ(r.workers, 4);
  EXPECT_EQ(r.failed, 0);
  EXPECT_EQ(r.completed, 24);
  EXPECT_EQ(r.offered, 29);  // the five refusals were offered again
  EXPECT_EQ(most, 4);
}

}  // namespace load_driver_test
}  // namespace hrhot
