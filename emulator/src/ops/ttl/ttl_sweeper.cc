// TtlSweeper (see ttl_sweeper.h).
#include "ops/ttl/ttl_sweeper.h"

namespace ddbemu::ops::ttl {

TtlSweeper::TtlSweeper(std::function<void()> sweep, std::chrono::milliseconds interval)
    : sweep_(std::move(sweep)), interval_(interval), thread_([this] { Run(); }) {}

TtlSweeper::~TtlSweeper() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void TtlSweeper::Run() {
  std::unique_lock<std::mutex> lock(mu_);
  while (!wake_.wait_for(lock, interval_, [this] { return stopping_; })) {
    lock.unlock();
    sweep_();
    lock.lock();
  }
}

}  // namespace ddbemu::ops::ttl
