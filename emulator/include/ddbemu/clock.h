// Clock: the one source of time for the emulator (token buckets, table-status timers,
// creation times, TTL). Passed in, never global, so tests can use a virtual clock that only
// moves when told and assert throttling exactly without sleeping.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

class Clock {
 public:
  virtual ~Clock() = default;
  // Microseconds since the Unix epoch. Used for timestamps shown to users and for buckets;
  // a real clock may step, so bucket code treats a backwards step as no time passing.
  virtual std::int64_t NowMicros() const = 0;
};

// The machine's real-time clock.
class SystemClock final : public Clock {
 public:
  std::int64_t NowMicros() const override {
    return std::chrono::duration_cast<std::chrono::microseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
  }
};

// A clock that moves only when told. Thread-safe.
class VirtualClock final : public Clock {
 public:
  explicit VirtualClock(std::int64_t start_micros = 1'700'000'000'000'000) : now_(start_micros) {}
  std::int64_t NowMicros() const override { return now_.load(std::memory_order_acquire); }
  void AdvanceMicros(std::int64_t delta) { now_.fetch_add(delta, std::memory_order_acq_rel); }
  void SetMicros(std::int64_t t) { now_.store(t, std::memory_order_release); }

 private:
  std::atomic<std::int64_t> now_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
