// The real clock.
#include "ddbemu/clock.h"

#include <chrono>

namespace ddbemu {

std::int64_t SystemClock::NowMicros() const {
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace ddbemu
