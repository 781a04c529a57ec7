// OnDemandScaler: how far an on-demand table (or GSI) has scaled — its warm throughput, the
// reads and writes per second it serves at once — from the traffic it has served
// (docs/capacity.md §7). The rules, from the Developer Guide ("On-demand capacity mode", initial
// throughput and scaling properties; "Understanding DynamoDB warm throughput"):
//   * a new on-demand table behaves as if its previous peak were 6,000 reads and 2,000 writes per
//     second, and serves up to double that at once: 12,000 RCU / 4,000 WCU (documented);
//   * it instantly accommodates up to double the previous peak; traffic beyond that may throttle
//     until the service has scaled, which the Guide bounds by 30 minutes (documented);
//   * warm throughput never decreases (documented).
// Our approximation, with its parameters (ScalingParameters): the previous peak is the most
// units served in any one second of the clock, and a second that sets a new peak raises the
// capacity to double it `scale_delay_micros` (default 30 minutes) after that second ends. The
// service publishes neither the measuring window nor the exact delay.
// Not thread-safe: KeyspaceLimiter, under TableLimiter's mutex, owns it.
#pragma once

#include <cstdint>
#include <deque>

#include "capacity/capacity_units.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {

// The on-demand scaling model's parameters (Options::on_demand_scale_delay_ms sets the delay).
struct ScalingParameters {
  // What a new on-demand table serves at once: double its initial previous peak of 6,000 reads
  // and 2,000 writes per second (Developer Guide, "Initial throughput for on-demand capacity
  // mode").
  std::int64_t initial_read_units = 12'000;
  std::int64_t initial_write_units = 4'000;
  // How long after a new peak the capacity for double it is in place ("throttling can occur if
  // you exceed double your previous peak within 30 minutes").
  std::int64_t scale_delay_micros = std::int64_t{30} * 60 * 1'000'000;
  // Split for heat (docs/capacity.md §10; KeyspaceLimiter): a partition whose reads or writes
  // reach `heat_split_percent` of its cap (or that throttles) in every second for
  // `heat_split_seconds` splits in two where its load divides, when more than one partition key
  // carries that load. The service documents the behaviour, not these figures; 0 seconds: never.
  std::int64_t heat_split_seconds = 300;
  std::int64_t heat_split_percent = 80;
  friend bool operator==(const ScalingParameters&, const ScalingParameters&) = default;
};

// Reads and writes per second a key space serves at once.
struct WarmCapacity {
  std::int64_t read_units = 0;
  std::int64_t write_units = 0;
  friend bool operator==(const WarmCapacity&, const WarmCapacity&) = default;
};

class OnDemandScaler {
 public:
  // Sets the parameters and the floor: what the key space serves at once whatever its traffic
  // (the initial capacity, a WarmThroughput set by CreateTable or UpdateTable, or the capacity
  // it had scaled to before a restart). Keeps the peaks already observed.
  void Configure(const ScalingParameters& parameters, WarmCapacity floor);

  // Records `read` and `write` half-units served at `now_micros` (the clock never goes back).
  void Record(HalfUnits read, HalfUnits write, std::int64_t now_micros);

  // The capacity in place at `now_micros`: the floor, or double the highest peak of a second
  // that ended at least scale_delay_micros before, whichever is more (per reads and writes).
  WarmCapacity CapacityAt(std::int64_t now_micros);
  // The capacity the peaks observed so far will have once their delays have passed.
  WarmCapacity Eventual() const;

 private:
  static constexpr std::int64_t kSecond = 1'000'000;
  // Ends the second being counted if `now_micros` is past it, scheduling its peak.
  void CloseSecond(std::int64_t now_micros);

  ScalingParameters parameters_;
  WarmCapacity floor_;
  // The second of the clock being counted and what it served so far (half-units).
  std::int64_t second_ = -1;
  HalfUnits second_read_ = 0, second_write_ = 0;
  // Peaks (half-units per second) in effect, and those still waiting for their delay — in the
  // order they take effect, each higher than the one before in reads or in writes.
  HalfUnits peak_read_ = 0, peak_write_ = 0;
  struct Pending {
    std::int64_t effective_micros;
    HalfUnits read, write;
  };
  std::deque<Pending> pending_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
