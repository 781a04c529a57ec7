#include "load_driver.h"

#include <cmath>
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

RunResult RunOpenLoop(std::deque<Operation> ops, const RunLimits& limits, Pacer& pacer,
                      LoadStats& stats, std::string* failure_detail) {
  RunResult result;
  pacer.Restart();
  const auto wall_start = std::chrono::steady_clock::now();
  for (std::int64_t tick = 0; !ops.empty(); ++tick) {
    const double at = static_cast<double>(tick) / limits.ops_per_second;
    if (at >= limits.max_seconds) break;
    pacer.WaitUntil(at);
    const std::int64_t second = pacer.Second();
    const OpOutcome outcome = ops.front().run();
    ++result.offered;
    result.seconds = at;
    stats.RecordOperation(second, outcome == OpOutcome::kDone);
    if (outcome == OpOutcome::kDone) {
      ++result.completed;
      ops.pop_front();
    } else if (outcome == OpOutcome::kFailed) {
      ++result.failed;
      ops.pop_front();
    }
  }
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
