// The open-loop driver of a hot-partition run: operations are offered at a fixed rate (one per
// tick), in order; an operation refused by throttling goes back to the head of the queue and is
// offered again at the next tick (what an SDK's retry does, without its back-off, so that the
// offered rate stays the scenario's), so the run ends when the last operation is done.
//
// On the real clock one client thread cannot offer thousands of HTTP calls a second, so a run
// may use several workers: each takes the next tick, waits for its instant and offers the
// queue's head then. Ticks are still offered in order at the scenario's rate; only their
// operations overlap in time, as a fleet of application servers' calls do. On a VirtualClock
// the run is always one worker, so that it stays exact and repeatable.
//
// Time is a Pacer: on a VirtualClock (in process) each tick sets the clock to the tick's
// instant, so the run is exact and repeatable and takes only the CPU it needs; on the real
// clock each tick waits for its instant (a paced load generator, not a synchronisation).
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ddbemu/clock.h"
#include "load_stats.h"

namespace hrhot {

class Pacer {
 public:
  virtual ~Pacer() = default;
  // Waits until `seconds` after the start of the run (or moves the virtual clock there).
  virtual void WaitUntil(double seconds) = 0;
  // The whole second of the run it is now.
  virtual std::int64_t Second() const = 0;
  // Lets `seconds` pass outside a run (seeding, a pause for the buckets to refill).
  virtual void Pass(double seconds) = 0;
  // Starts the run's time at now.
  virtual void Restart() = 0;
  virtual bool is_virtual() const = 0;
};

// Moves `clock` (shared with the Database) tick by tick.
std::unique_ptr<Pacer> MakeVirtualPacer(ddbemu::VirtualClock& clock);
// Sleeps until each tick's instant on the steady clock.
std::unique_ptr<Pacer> MakeRealPacer();

// kThrottled goes back to the head of the queue; kDropped is a refusal not offered again (a
// crowd of users each sending one request, as the capacity-over-time scenarios offer: the
// offered rate is then the schedule's exactly, whatever was refused).
enum class OpOutcome { kDone, kThrottled, kDropped, kFailed };

struct Operation {
  std::function<OpOutcome()> run;
};

struct RunLimits {
  double ops_per_second = 100;
  double max_seconds = 60;  // the run stops offering after this long, done or not
  int workers = 1;          // threads offering ticks on the real clock (1 on a VirtualClock)
  // A ramp: the offered rate rises linearly from ops_per_second to ramp_to_ops_per_second over
  // the first ramp_seconds, then holds (no ramp when ramp_seconds is 0).
  double ramp_to_ops_per_second = 0;
  double ramp_seconds = 0;
};

struct RunResult {
  std::int64_t offered = 0;    // ticks: operations offered, retries included
  std::int64_t completed = 0;  // operations done
  std::int64_t failed = 0;     // operations that failed for another reason than throttling
  std::string first_failure;
  double seconds = 0;  // time from the first tick to the last
  int workers = 1;     // threads that offered the ticks
};

// The instant (seconds from the run's start) of tick `tick` under `limits`' rate schedule:
// tick / ops_per_second at a fixed rate; with a ramp, the time at which the schedule's
// cumulative count (the integral of the rate) reaches `tick`.
double TickInstant(const RunLimits& limits, std::int64_t tick);

// Called once for every whole second of the run (0 first), right after that second's first
// operation: the capacity-over-time scenarios sample the target's partitions then, so that a
// split the model makes at a second's first request shows in that second.
using SecondObserver = std::function<void(std::int64_t second)>;

// Offers `ops` in order on `limits`' schedule; records each offer in `stats`. With several
// workers, each operation's `run` (and `on_second`) must be safe to call from several threads.
RunResult RunOpenLoop(std::deque<Operation> ops, const RunLimits& limits, Pacer& pacer,
                      LoadStats& stats, std::string* failure_detail = nullptr,
                      const SecondObserver& on_second = {});

}  // namespace hrhot
