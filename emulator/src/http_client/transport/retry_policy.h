// The AWS SDKs' "standard" retry mode, as botocore implements it (botocore/retries/standard.py)
// and the SDKs' shared specification describes it:
//  - at most `max_attempts` attempts (3) per call;
//  - retried: throttling error codes (Throttling, ThrottlingException,
//    ProvisionedThroughputExceededException, RequestLimitExceeded, LimitExceededException,
//    TransactionInProgressException, ...), transient ones (HTTP 500/502/503/504,
//    RequestTimeout...), connection failures and timeouts, a response whose x-amz-crc32 does
//    not match its body (botocore's DynamoDB checksum rule), and - as issue 9 asks, beyond
//    botocore - TransactionConflictException;
//  - before retry i (1-based) wait min(random() * base * 2^(i-1), max_backoff): exponential
//    backoff with full jitter, base 1 s and cap 20 s as in botocore;
//  - a retry quota shared by all calls of a client: 500 tokens, a retry takes 5 (10 after a
//    timeout); when it cannot be paid the failure is returned at once. A call that succeeds
//    gives back what its last retry took, or 1 token if it needed no retry (never above 500).
// The random source and the sleep are injected so that tests assert exact attempt counts and
// delays. Thread-safe: calls share the quota, each keeps its own CallState.
#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "ddbemu/version.h"
#include "sync/mutex.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client {

struct RetryOptions {
  int max_attempts = 3;  // 1 disables retries
  std::chrono::microseconds backoff_base = std::chrono::seconds(1);
  std::chrono::microseconds max_backoff = std::chrono::seconds(20);
  int quota_capacity = 500;
  int retry_cost = 5;
  int timeout_retry_cost = 10;
  int no_retry_increment = 1;
  bool retry_transaction_conflict = true;
  // Uniform in [0, 1). Default: a Mersenne Twister seeded from std::random_device.
  std::function<double()> random;
  // Waits before a retry. Default: std::this_thread::sleep_for.
  std::function<void(std::chrono::microseconds)> sleep;
};

// What one attempt ended with, as the retry rules need it.
struct AttemptOutcome {
  enum class Transport {
    kNone,             // an HTTP response arrived and its checksum matched
    kConnectionError,  // refused, reset, closed before a whole response, TLS failure
    kTimeout,          // connect or request timeout
    kCrc32Mismatch,    // x-amz-crc32 differs from the body's CRC32
  };
  Transport transport = Transport::kNone;
  int http_status = 0;     // when transport is kNone
  std::string error_code;  // the bare `__type` of an error response ("ThrottlingException")
};

// The retry quota: a token bucket without refill other than by successful calls.
class RetryQuota {
 public:
  explicit RetryQuota(int capacity) : capacity_(capacity), available_(capacity) {}
  bool Acquire(int amount);
  void Release(int amount);
  int available() const;

 private:
  const int capacity_;
  mutable sync::Mutex mutex_;
  int available_ GUARDED_BY(mutex_);
};

class RetryPolicy {
 public:
  explicit RetryPolicy(RetryOptions options);

  // Per-call bookkeeping.
  struct CallState {
    int attempts = 0;         // attempts made so far
    int last_retry_cost = 0;  // tokens the latest retry took; 0 before any retry
  };

  // True when `outcome` is a failure the standard mode retries (ignoring attempts and quota).
  bool IsRetryable(const AttemptOutcome& outcome) const;
  static bool IsThrottlingCode(std::string_view code);
  static bool IsTransientCode(std::string_view code);

  // After attempt number `state.attempts` failed with `outcome`: the delay to wait before the
  // next attempt, having paid the quota, or nullopt when the call must stop (not retryable,
  // attempts exhausted, or quota empty).
  std::optional<std::chrono::microseconds> NextDelay(CallState& state,
                                                     const AttemptOutcome& outcome);
  // After a 2xx: refund the quota.
  void OnSuccess(const CallState& state);
  // The backoff before retry number `retry` (1-based), from the random source.
  std::chrono::microseconds Backoff(int retry);

  void Sleep(std::chrono::microseconds delay) const { options_.sleep(delay); }
  const RetryOptions& options() const { return options_; }
  const RetryQuota& quota() const { return quota_; }

 private:
  RetryOptions options_;
  RetryQuota quota_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client
