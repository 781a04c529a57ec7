#include "load_driver.h"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <thread>

namespace hrhot {
namespace {

class VirtualPacer final : public Pacer {
 public:
  explicit VirtualPacer(ddbemu::VirtualClock& clock) : clock_(clock), start_(clock.NowMicros()) {}
  void WaitUntil(double seconds) override {
    const std::int64_t at = start_ + std::llround(seconds * 1e6);
    if (at > clock_.NowMicros()) clock_.SetMicros(at);
  }
  std::int64_t Second() const override { return (clock_.NowMicros() - start_) / 1'000'000; }
  void Pass(double seconds) override { clock_.AdvanceMicros(std::llround(seconds * 1e6)); }
  void Restart() override { start_ = clock_.NowMicros(); }
  bool is_virtual() const override { return true; }

 private:
  ddbemu::VirtualClock& clock_;
  std::int64_t start_;
};

class RealPacer final : public Pacer {
 public:
  RealPacer() : start_(std::chrono::steady_clock::now()) {}
  void WaitUntil(double seconds) override {
    std::this_thread::sleep_until(start_ + std::chrono::microseconds(std::llround(seconds * 1e6)));
  }
  std::int64_t Second() const override {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() -
                                                            start_)
        .count();
  }
  void Pass(double seconds) override {
    std::this_thread::sleep_for(std::chrono::microseconds(std::llround(seconds * 1e6)));
  }
  void Restart() override { start_ = std::chrono::steady_clock::now(); }
  bool is_virtual() const override { return false; }

 private:
  std::chrono::steady_clock::time_point start_;
};

}  // namespace

std::unique_ptr<Pacer> MakeVirtualPacer(ddbemu::VirtualClock& clock) {
  return std::make_unique<VirtualPacer>(clock);
}
std::unique_ptr<Pacer> MakeRealPacer() { return std::make_unique<RealPacer>(); }

double TickInstant(const RunLimits& limits, std::int64_t tick) {
  const double k = static_cast<double>(tick);
  const double r0 = limits.ops_per_second;
  if (limits.ramp_seconds <= 0) return k / r0;
  const double r1 = limits.ramp_to_ops_per_second;
  const double ramp = limits.ramp_seconds;
  const double ramp_ticks = (r0 + r1) / 2 * ramp;  // the schedule's count over the ramp
  if (k >= ramp_ticks) return ramp + (k - ramp_ticks) / r1;
  // r0 t + a t^2 = k with a = (r1 - r0) / (2 ramp); the root in the ramp, written so that it
  // stays exact as a (a flat ramp) goes to 0.
  const double a = (r1 - r0) / (2 * ramp);
  return 2 * k / (r0 + std::sqrt(r0 * r0 + 4 * a * k));
}

namespace {

// What the workers of one run share: the queue, the next tick, and what they did. Operations
// are recorded in `stats` only after the workers are done (LoadStats is not thread-safe).
struct OpenLoop {
  OpenLoop(std::deque<Operation> ops, const RunLimits& limits, Pacer& pacer,
           const SecondObserver& on_second)
      : ops(std::move(ops)), limits(limits), pacer(pacer), on_second(on_second) {}

  // Tells the observer of every second begun since the last call (under `mutex`).
  void ObserveSecondsUpTo(std::int64_t second) {
    if (!on_second) return;
    while (observed < second) on_second(++observed);
  }

  // One worker: takes ticks until the queue is empty or the run's time is up.
  void Work() {
    for (;;) {
      std::int64_t tick = 0;
      {
        std::lock_guard lock(mutex);
        if (ops.empty()) return;
        tick = next_tick++;
      }
      const double at = TickInstant(limits, tick);
      if (at >= limits.max_seconds) return;
      pacer.WaitUntil(at);
      Operation op;
      {
        std::lock_guard lock(mutex);
        if (ops.empty()) return;  // another worker took the last one
        op = std::move(ops.front());
        ops.pop_front();
      }
      const std::int64_t second = pacer.Second();
      const OpOutcome outcome = op.run();
      std::lock_guard lock(mutex);
      ObserveSecondsUpTo(second);
      ++result.offered;
      result.seconds = std::max(result.seconds, at);
      done.emplace_back(second, outcome == OpOutcome::kDone);
      if (outcome == OpOutcome::kDone) {
        ++result.completed;
      } else if (outcome == OpOutcome::kFailed) {
        ++result.failed;
      } else if (outcome == OpOutcome::kThrottled) {
        ops.push_front(std::move(op));  // throttled: offered again at the next tick
      }
    }
  }

  std::mutex mutex;
  std::deque<Operation> ops;
  const RunLimits& limits;
  Pacer& pacer;
  const SecondObserver& on_second;
  std::int64_t observed = -1;  // the last second told to on_second
  std::int64_t next_tick = 0;
  RunResult result;
  std::vector<std::pair<std::int64_t, bool>> done;  // (second, completed) per offer
};

}  // namespace

RunResult RunOpenLoop(std::deque<Operation> ops, const RunLimits& limits, Pacer& pacer,
                      LoadStats& stats, std::string* failure_detail,
                      const SecondObserver& on_second) {
  OpenLoop loop(std::move(ops), limits, pacer, on_second);
  pacer.Restart();
  const auto wall_start = std::chrono::steady_clock::now();
  const int workers = pacer.is_virtual() ? 1 : std::max(1, limits.workers);
  if (workers == 1) {
    loop.Work();
  } else {
    std::vector<std::thread> threads;
    for (int i = 0; i < workers; ++i) threads.emplace_back([&loop] { loop.Work(); });
    for (auto& t : threads) t.join();
  }
  for (const auto& [second, completed] : loop.done) stats.RecordOperation(second, completed);
  RunResult result = loop.result;
  result.workers = workers;
  // On the real clock a tick may come late (the client or the server is slower than the
  // offered rate): then the run takes longer than its ticks say, and the offered rate was lower.
  if (!pacer.is_virtual()) {
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  }
  if (failure_detail && result.failed > 0 && failure_detail->empty()) *failure_detail = "failed";
  return result;
}

}  // namespace hrhot
