// When a DynamoDB request may be sent again: one rule for every hrcore caller (the service
// functions, the schema switch reader, the migrations, the hot-partition meters), so that they
// agree on what "throttled" means. The waits are ddbemu's (RetryingClient, ServiceOptions::retry).
//
// Retryable: what ddbemu::IsRetryable retries as the SDKs do (throughput refusals, the service's
// 500s, a lost connection, TransactionConflict), and also a TransactionCanceledException whose
// every reason is None, TransactionConflict, ThrottlingError or ProvisionedThroughputExceeded:
// such a transaction changed nothing, and the same request may succeed later. Any other error is
// final.
#pragma once

#include <cstdint>

#include "ddbemu/error.h"

namespace hrcore {

// Refused for throughput only (a throttling reason, not a conflict).
bool Throttled(const ddbemu::ApiError& e);
// Nothing was written and the same request may succeed later.
bool Retryable(const ddbemu::ApiError& e);

// Exponential back-off: `first_micros` doubled per attempt, at most `max_micros`.
std::int64_t BackoffMicros(int attempt, std::int64_t first_micros, std::int64_t max_micros);

}  // namespace hrcore
