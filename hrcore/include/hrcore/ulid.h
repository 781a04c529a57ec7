// ULIDs: the ids, postedAt and submittedAt of every HR item. 26 characters of Crockford
// base32: a 48-bit millisecond timestamp then 80 random bits, so that the text sorts by
// creation time and every composite sort key (JOB#<postedAt>#<jobId>, APP#<submittedAt>#...)
// lists newest-first with ScanIndexForward=false. A UUID in the same place sorts randomly,
// which is why ValidateUlid refuses one by name at the service boundary.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "ddbemu/clock.h"
#include "hrcore/errors.h"
#include "sync/mutex.h"

namespace hrcore {

// Fills `out` with random bytes. Injected so that `hrctl seed --seed N` is reproducible and
// tests are deterministic; the default draws from std::random_device.
using RandomSource = std::function<void(std::uint8_t* out, std::size_t n)>;
RandomSource SystemRandomSource();
RandomSource SeededRandomSource(std::uint64_t seed);

// Generates strictly increasing ULIDs from a clock. Within one millisecond (or when the clock
// steps back) the 80-bit random part of the previous ULID is incremented by one, as the ULID
// spec's monotonic mode does, so two ids made in the same millisecond still sort in creation
// order. Thread-safe.
class UlidGenerator {
 public:
  UlidGenerator(const ddbemu::Clock& clock, RandomSource random);
  std::string Next();

 private:
  const ddbemu::Clock& clock_;
  RandomSource random_;
  ddbemu::sync::Mutex mutex_;
  std::uint64_t last_ms_ GUARDED_BY(mutex_) = 0;
  std::array<std::uint8_t, 10> last_random_ GUARDED_BY(mutex_){};
};

// Encodes a timestamp and 80 random bits as a ULID.
std::string EncodeUlid(std::uint64_t millis, const std::array<std::uint8_t, 10>& random);

// OK when `value` is a canonical ULID (26 upper-case Crockford base32 characters, first one
// 0-7). Otherwise an kInvalidId error naming `field`; a UUID gets a message saying why it is
// refused.
Status ValidateUlid(std::string_view value, std::string_view field);

// The millisecond timestamp of a valid ULID.
std::uint64_t UlidMillis(std::string_view ulid);

}  // namespace hrcore
