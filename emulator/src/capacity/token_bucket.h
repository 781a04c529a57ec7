// TokenBucket: a throughput limit refilled continuously from the clock (docs/capacity.md §3). Every
// limit of the model is one: a partition's 3,000 RCU/s and 1,000 WCU/s, a partition key
// value's, a provisioned table's RCU/WCU with its 300 s of burst credit, an on-demand table's
// quota and its MaxRead/WriteRequestUnits.
//
// Admission is on the balance, not the cost: HasTokens() while the balance is positive; Take()
// may leave it negative (debt), which later refills repay before anything else is admitted.
//
// Exact integer arithmetic: tokens are kept in half-unit-microseconds (one half-unit is
// 1,000,000 of them), so a rate of R half-units per second adds exactly R tokens per
// microsecond and no rounding ever accumulates. Not thread-safe: its owner locks.
#pragma once

#include <cstdint>

#include "capacity/capacity_units.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {

class TokenBucket {
 public:
  // Unlimited until Configure()d.
  TokenBucket() = default;
  // A bucket refilled at `rate` half-units per second that holds at most `burst_micros` worth
  // of that rate (1 s: the limit is a per-second rate; 300 s: provisioned burst credit).
  // Starts full: a new table has its burst credit (a choice the docs leave open; it keeps
  // short test runs against small provisioned tables from throttling at once).
  TokenBucket(HalfUnits rate, std::int64_t burst_micros, std::int64_t now_micros);

  // Changes the rate and the burst, keeping the tokens held (capped to the new capacity).
  void Configure(HalfUnits rate, std::int64_t burst_micros, std::int64_t now_micros);

  bool unlimited() const { return unlimited_; }
  HalfUnits rate() const { return rate_; }

  // Whether a request is admitted now: while the bucket holds tokens (balance > 0), whatever
  // the request will cost (docs/capacity.md §3, "Admission and debt"). The service cannot know
  // a read's cost before it reads, so it admits on the balance and charges afterwards; the debt
  // a large request leaves (negative balance) throttles what follows until it is repaid, so the
  // average over time never exceeds the rate.
  bool HasTokens(std::int64_t now_micros);
  // Takes `cost`, going into debt if need be (call after HasTokens said yes for every bucket of
  // the request, or to charge a request admitted earlier).
  void Take(HalfUnits cost, std::int64_t now_micros);
  // Tokens held now, in half-units (rounded down; negative while in debt).
  HalfUnits Available(std::int64_t now_micros);
  // True when refilled to capacity: such a bucket is indistinguishable from a new one, so its
  // owner may drop it (per-key buckets are pruned this way).
  bool Full(std::int64_t now_micros);

 private:
  void Refill(std::int64_t now_micros);

  static constexpr std::int64_t kScale = 1'000'000;  // tokens per half-unit
  bool unlimited_ = true;
  HalfUnits rate_ = 0;            // half-units per second = tokens per microsecond
  std::int64_t capacity_ = 0;     // tokens
  std::int64_t tokens_ = 0;       // may be negative (debt)
  std::int64_t last_micros_ = 0;  // time of the last refill
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
