// TtlSweeper: a background thread that runs a sweep (ops/ttl/time_to_live.h) every interval,
// for a database on a real clock (Options::ttl_sweep_interval_ms). Destroying it stops the
// thread promptly (it waits on a condition variable, not a sleep) and joins it.
#pragma once

#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

namespace ddbemu::ops::ttl {

class TtlSweeper {
 public:
  TtlSweeper(std::function<void()> sweep, std::chrono::milliseconds interval);
  ~TtlSweeper();
  TtlSweeper(const TtlSweeper&) = delete;
  TtlSweeper& operator=(const TtlSweeper&) = delete;

 private:
  void Run();

  std::function<void()> sweep_;
  std::chrono::milliseconds interval_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool stopping_ = false;  // guarded by mu_
  std::thread thread_;     // last: starts after every other member is ready
};

}  // namespace ddbemu::ops::ttl
