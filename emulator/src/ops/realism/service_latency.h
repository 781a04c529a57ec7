// ServiceLatency: the time the service takes to answer a request, on demand
// (Options::service_latency, ddb-local --service-latency-ms P50[,P99]; docs/capacity.md §9).
// A suite written against AWS with retries off, or a timeout test, then sees the rates and the
// delays it would see there: eight sequential calls spread over eight latencies, during which
// every token bucket refills, instead of arriving at one instant.
//
// Each request's latency is drawn from a log-normal distribution with the given median and 99th
// percentile (latencies of networked services are skewed to the right; the service publishes
// no distribution, only "single-digit milliseconds" inside a Region — the figures a remote
// client measures are its own to give), or is the median itself when no P99 above it is given.
// Draws come from a seeded generator, so a run replays. On a VirtualClock the latency moves the
// clock (concurrent requests each move it: their latencies add up, where on the service they
// overlap); on any other clock the request's thread sleeps.
#pragma once

#include <cstdint>
#include <random>

#include "ddbemu/clock.h"
#include "ddbemu/options.h"
#include "ddbemu/version.h"
#include "sync/mutex.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::realism {

class ServiceLatency {
 public:
  // `options.p50_ms` must be positive.
  ServiceLatency(const ServiceLatencyOptions& options, Clock& clock);

  // The next request's latency, in microseconds. Thread-safe.
  std::int64_t DrawMicros();
  // Waits one drawn latency: sleeps, or advances a VirtualClock. Thread-safe.
  void Wait();

 private:
  double median_micros_;
  double sigma_;                 // of the log-normal; 0: constant
  VirtualClock* virtual_clock_;  // the clock when it is one, else null (then: sleep)
  sync::Mutex mu_;
  std::mt19937_64 rng_ GUARDED_BY(mu_);
  std::normal_distribution<double> normal_ GUARDED_BY(mu_);
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::realism
