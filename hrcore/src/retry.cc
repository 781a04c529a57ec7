// The retry rule of hrcore (see hrcore/retry.h).
#include "hrcore/retry.h"

#include <algorithm>

namespace hrcore {
namespace {

// A cancellation reason that means "nothing done, may succeed later".
bool TransientReason(ddbemu::CancellationCode code) {
  using enum ddbemu::CancellationCode;
  return code == kNone || code == kTransactionConflict || code == kThrottlingError ||
         code == kProvisionedThroughputExceeded;
}

}  // namespace

bool Throttled(const ddbemu::ApiError& e) {
  switch (e.code()) {
    case ddbemu::ErrorCode::kProvisionedThroughputExceeded:
    case ddbemu::ErrorCode::kThrottling:
    case ddbemu::ErrorCode::kRequestLimitExceeded:
      return true;
    case ddbemu::ErrorCode::kTransactionCanceled: {
      // Throttled when a reason is a throughput one and every other reason is "None".
      bool throughput = false;
      for (const auto& r : e.cancellation_reasons) {
        const ddbemu::CancellationCode code = r.kind();
        if (code == ddbemu::CancellationCode::kThrottlingError ||
            code == ddbemu::CancellationCode::kProvisionedThroughputExceeded) {
          throughput = true;
        } else if (code != ddbemu::CancellationCode::kNone) {
          return false;
        }
      }
      return throughput;
    }
    default:
      return false;
  }
}

bool Retryable(const ddbemu::ApiError& e) {
  if (e.code() == ddbemu::ErrorCode::kTransactionCanceled) {
    return std::all_of(e.cancellation_reasons.begin(), e.cancellation_reasons.end(),
                       [](const auto& r) { return TransientReason(r.kind()); });
  }
  return ddbemu::IsRetryable(e);
}

std::int64_t BackoffMicros(int attempt, std::int64_t first_micros, std::int64_t max_micros) {
  std::int64_t d = first_micros;
  for (int i = 0; i < attempt && d < max_micros; ++i) d *= 2;
  return std::min(d, max_micros);
}

}  // namespace hrcore
