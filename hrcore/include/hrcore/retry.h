// When a DynamoDB request may be sent again, and how long to wait first: one rule for every
// hrcore caller (the service functions, the schema switch reader, the migrations, the
// hot-partition meters), so that they agree on what "throttled" means.
//
// A request refused for throughput (ProvisionedThroughputExceededException, ThrottlingException,
// RequestLimitExceeded) or cancelled only by a conflict (TransactionConflictException,
// TransactionInProgressException, or TransactionCanceledException whose every reason is None,
// TransactionConflict, ThrottlingError or ProvisionedThroughputExceeded) changed nothing: the
// service documents these as safe to retry. Any other error is final.
#pragma once

#include <cstdint>
#include <functional>

#include "ddbemu/error.h"

namespace hrcore {

// Refused for throughput only (a throttling reason, not a conflict).
bool Throttled(const ddbemu::ApiError& e);
// Nothing was written and the same request may succeed later: throttled, or a conflict.
bool Retryable(const ddbemu::ApiError& e);

// Exponential back-off: `first_micros` doubled per attempt, at most `max_micros`.
std::int64_t BackoffMicros(int attempt, std::int64_t first_micros, std::int64_t max_micros);

// Sends `call` until it succeeds, fails with an error that is not Retryable(), or `retries`
// retries are spent; before each retry calls `wait(attempt)` (attempt 0 first). The result is
// the last call's.
template <class F>
auto WithRetries(int retries, const std::function<void(int attempt)>& wait, F call)
    -> decltype(call()) {
  for (int attempt = 0;; ++attempt) {
    auto result = call();
    if (result.ok() || attempt >= retries || !Retryable(result.error())) return result;
    wait(attempt);
  }
}

}  // namespace hrcore
