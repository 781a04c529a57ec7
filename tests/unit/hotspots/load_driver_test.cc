// The open-loop driver (bench/hotspots/load_driver.h): every operation is offered until it is
// done, a throttled one again at a later tick, and on the real clock several workers offer
// ticks at once.
#include "load_driver.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
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

// The schedule of a ramp, written independently of the driver's root: the count offered by
// instant t is the integral of the rate, r0 t + (r1 - r0) t^2 / (2 T) over the ramp, then r1
// a second. Boundaries here are not whole ticks, so each second's count is exact.
double ScheduledBy(double r0, double r1, double ramp, double t) {
  if (t <= ramp) return r0 * t + (r1 - r0) * t * t / (2 * ramp);
  return (r0 + r1) / 2 * ramp + r1 * (t - ramp);
}

TEST(LoadDriver, ARampOffersTheScheduledCountInEachSecond) {
  ddbemu::VirtualClock clock(0);
  auto pacer = MakeVirtualPacer(clock);
  RunLimits limits{.ops_per_second = 100.25, .max_seconds = 4.5};
  limits.ramp_to_ops_per_second = 300.75;
  limits.ramp_seconds = 3;
  std::deque<Operation> ops;
  for (int i = 0; i < 5000; ++i) ops.push_back({[] { return OpOutcome::kDone; }});
  LoadStats stats;
  RunResult r = RunOpenLoop(ops, limits, *pacer, stats);
  const double boundaries[] = {0, 1, 2, 3, 4, 4.5};
  std::int64_t total = 0;
  for (int s = 0; s < 5; ++s) {
    const auto expected =
        static_cast<std::int64_t>(std::ceil(ScheduledBy(100.25, 300.75, 3, boundaries[s + 1]))) -
        static_cast<std::int64_t>(std::ceil(ScheduledBy(100.25, 300.75, 3, boundaries[s])));
    ASSERT_TRUE(stats.operations().count(s)) << "second " << s;
    EXPECT_EQ(stats.operations().at(s).first, expected) << "second " << s;
    total += expected;
  }
  EXPECT_EQ(r.offered, total);  // 134 + 201 + 267 + 301 + 150
  EXPECT_EQ(total, 1053);
}

TEST(LoadDriver, WithoutARampTickInstantsAreTheFixedRates) {
  const RunLimits fixed{.ops_per_second = 300};
  for (std::int64_t k : {0, 1, 299, 300, 12345}) {
    EXPECT_EQ(TickInstant(fixed, k), static_cast<double>(k) / 300);
  }
  RunLimits flat{.ops_per_second = 300};
  flat.ramp_to_ops_per_second = 300;
  flat.ramp_seconds = 10;
  EXPECT_NEAR(TickInstant(flat, 1500), 5.0, 1e-9);
  EXPECT_NEAR(TickInstant(flat, 4500), 15.0, 1e-9);
}

TEST(LoadDriver, ADroppedOperationIsNotOfferedAgain) {
  ddbemu::VirtualClock clock(0);
  auto pacer = MakeVirtualPacer(clock);
  int runs = 0;
  std::deque<Operation> ops;
  ops.push_back({[&runs] { return ++runs, OpOutcome::kDropped; }});
  ops.push_back({[&runs] { return ++runs, OpOutcome::kDone; }});
  LoadStats stats;
  RunResult r = RunOpenLoop(ops, RunLimits{.ops_per_second = 10}, *pacer, stats);
  EXPECT_EQ(runs, 2);
  EXPECT_EQ(r.offered, 2);
  EXPECT_EQ(r.completed, 1);
  EXPECT_EQ(r.failed, 0);
}

TEST(LoadDriver, TheObserverSeesEverySecondRightAfterItsFirstOperation) {
  ddbemu::VirtualClock clock(0);
  auto pacer = MakeVirtualPacer(clock);
  std::deque<Operation> ops;
  for (int i = 0; i < 30; ++i) ops.push_back({[] { return OpOutcome::kDone; }});
  std::vector<std::pair<std::int64_t, std::int64_t>> seen;  // (second, clock)
  LoadStats stats;
  RunOpenLoop(ops, RunLimits{.ops_per_second = 10}, *pacer, stats, nullptr,
              [&](std::int64_t second) { seen.emplace_back(second, clock.NowMicros()); });
  ASSERT_EQ(seen.size(), 3u);
  for (std::int64_t s = 0; s < 3; ++s) {
    EXPECT_EQ(seen[s].first, s);
    EXPECT_EQ(seen[s].second, s * 1'000'000);  // the second's first tick
  }
}

}  // namespace load_driver_test
}  // namespace hrhot
