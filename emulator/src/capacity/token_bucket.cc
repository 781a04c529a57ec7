#include "capacity/token_bucket.h"

#include <algorithm>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {
namespace {

std::int64_t CapacityFor(HalfUnits rate, std::int64_t burst_micros) {
  // rate (tokens per µs) * burst (µs), saturating: a huge burst is "always full".
  const __int128 capacity = static_cast<__int128>(rate) * burst_micros;
  return static_cast<std::int64_t>(std::min<__int128>(capacity, INT64_MAX / 2));
}

}  // namespace

TokenBucket::TokenBucket(HalfUnits rate, std::int64_t burst_micros, std::int64_t now_micros)
    : unlimited_(false),
      rate_(rate),
      capacity_(CapacityFor(rate, burst_micros)),
      tokens_(capacity_),
      last_micros_(now_micros) {}

void TokenBucket::Configure(HalfUnits rate, std::int64_t burst_micros, std::int64_t now_micros) {
  if (unlimited_) {
    *this = TokenBucket(rate, burst_micros, now_micros);
    return;
  }
  Refill(now_micros);
  rate_ = rate;
  capacity_ = CapacityFor(rate, burst_micros);
  tokens_ = std::min(tokens_, capacity_);
}

void TokenBucket::Refill(std::int64_t now_micros) {
  // A clock stepping backwards counts as no time passing (clock.h).
  if (now_micros <= last_micros_) return;
  const std::int64_t elapsed = now_micros - last_micros_;
  last_micros_ = now_micros;
  if (tokens_ >= capacity_) return;
  const __int128 refilled = static_cast<__int128>(tokens_) + static_cast<__int128>(rate_) * elapsed;
  tokens_ = static_cast<std::int64_t>(std::min<__int128>(refilled, capacity_));
}

bool TokenBucket::HasTokens(std::int64_t now_micros) {
  if (unlimited_) return true;
  Refill(now_micros);
  return tokens_ > 0;
}

void TokenBucket::Take(HalfUnits cost, std::int64_t now_micros) {
  if (unlimited_) return;
  Refill(now_micros);
  const __int128 left = static_cast<__int128>(tokens_) - static_cast<__int128>(cost) * kScale;
  tokens_ = static_cast<std::int64_t>(std::max<__int128>(left, -(INT64_MAX / 2)));
}

HalfUnits TokenBucket::Available(std::int64_t now_micros) {
  if (unlimited_) return INT64_MAX;
  Refill(now_micros);
  // Floor division, also for debt.
  return tokens_ >= 0 ? tokens_ / kScale : -((-tokens_ + kScale - 1) / kScale);
}

bool TokenBucket::Full(std::int64_t now_micros) {
  if (unlimited_) return true;
  Refill(now_micros);
  return tokens_ >= capacity_;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
