#include "ops/realism/service_latency.h"

#include <chrono>
#include <cmath>
#include <thread>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::realism {
namespace {

// The standard normal's 99th percentile: P99 = P50 * exp(kZ99 * sigma) for a log-normal.
constexpr double kZ99 = 2.3263478740408408;

}  // namespace

ServiceLatency::ServiceLatency(const ServiceLatencyOptions& options, Clock& clock)
    : median_micros_(options.p50_ms * 1000),
      sigma_(options.p99_ms > options.p50_ms ? std::log(options.p99_ms / options.p50_ms) / kZ99
                                             : 0),
      virtual_clock_(dynamic_cast<VirtualClock*>(&clock)),
      rng_(options.seed) {}

std::int64_t ServiceLatency::DrawMicros() {
  if (sigma_ == 0) return std::llround(median_micros_);
  double z = 0;
  {
    sync::MutexLock lock(mu_);
    z = normal_(rng_);
  }
  return std::llround(median_micros_ * std::exp(sigma_ * z));
}

void ServiceLatency::Wait() {
  const std::int64_t micros = DrawMicros();
  if (micros <= 0) return;
  if (virtual_clock_ != nullptr) {
    virtual_clock_->AdvanceMicros(micros);
  } else {
    std::this_thread::sleep_for(std::chrono::microseconds(micros));
  }
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::realism
