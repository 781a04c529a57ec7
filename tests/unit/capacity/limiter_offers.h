// Offering demand to one KeyspaceLimiter as TableLimiter does for each request: the scaling
// first (Grow), then Check, then Consume what is admitted or RecordThrottled what is not. Shared
// by the capacity tests that drive a key space second by second on a virtual clock.
#pragma once

#include <cstdint>
#include <vector>

#include "capacity/keyspace_limiter.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {

// Offers each of `demands` once, in order, at `now`; returns how many were admitted.
inline int OfferEach(KeyspaceLimiter& limiter, const std::vector<KeyDemand>& demands,
                     std::int64_t now) {
  int admitted = 0;
  for (const KeyDemand& k : demands) {
    std::vector<LimitHit> hits;
    limiter.Grow(now);
    limiter.Check({&k, 1}, now, &hits);
    if (!hits.empty()) {
      limiter.RecordThrottled({&k, 1}, now);
      continue;
    }
    limiter.Consume({&k, 1}, now);
    ++admitted;
  }
  return admitted;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
