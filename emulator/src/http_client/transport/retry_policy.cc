#include "http_client/transport/retry_policy.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <random>
#include <thread>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client {
namespace {

// botocore's ThrottledRetryableChecker list: every code an AWS service uses for throttling.
constexpr std::array<std::string_view, 14> kThrottlingCodes = {
    "Throttling",
    "ThrottlingException",
    "ThrottledException",
    "RequestThrottledException",
    "TooManyRequestsException",
    "ProvisionedThroughputExceededException",
    "TransactionInProgressException",
    "RequestLimitExceeded",
    "BandwidthLimitExceeded",
    "LimitExceededException",
    "RequestThrottled",
    "SlowDown",
    "PriorRequestNotComplete",
    "EC2ThrottledException",
};
// botocore's TransientRetryableChecker codes.
constexpr std::array<std::string_view, 3> kTransientCodes = {
    "RequestTimeout", "RequestTimeoutException", "PriorRequestNotComplete"};

}  // namespace

bool RetryQuota::Acquire(int amount) {
  sync::MutexLock lock(mutex_);
  if (amount > available_) return false;
  available_ -= amount;
  return true;
}

void RetryQuota::Release(int amount) {
  sync::MutexLock lock(mutex_);
  available_ = std::min(capacity_, available_ + amount);
}

int RetryQuota::available() const {
  sync::MutexLock lock(mutex_);
  return available_;
}

RetryPolicy::RetryPolicy(RetryOptions options)
    : options_(std::move(options)), quota_(options_.quota_capacity) {
  if (!options_.random) {
    // One generator per policy behind a lock: calls on many threads share it.
    struct Source {
      sync::Mutex mutex;
      std::mt19937_64 engine GUARDED_BY(mutex){std::random_device{}()};
    };
    auto source = std::make_shared<Source>();
    options_.random = [source] {
      sync::MutexLock lock(source->mutex);
      return std::uniform_real_distribution<double>(0.0, 1.0)(source->engine);
    };
  }
  if (!options_.sleep) {
    options_.sleep = [](std::chrono::microseconds d) { std::this_thread::sleep_for(d); };
  }
  options_.max_attempts = std::max(1, options_.max_attempts);
}

bool RetryPolicy::IsThrottlingCode(std::string_view code) {
  return std::find(kThrottlingCodes.begin(), kThrottlingCodes.end(), code) !=
         kThrottlingCodes.end();
}

bool RetryPolicy::IsTransientCode(std::string_view code) {
  return std::find(kTransientCodes.begin(), kTransientCodes.end(), code) != kTransientCodes.end();
}

bool RetryPolicy::IsRetryable(const AttemptOutcome& outcome) const {
  using Transport = AttemptOutcome::Transport;
  if (outcome.transport != Transport::kNone) return true;
  if (outcome.http_status >= 200 && outcome.http_status < 300) return false;
  const int s = outcome.http_status;
  if (s == 500 || s == 502 || s == 503 || s == 504) return true;
  if (IsThrottlingCode(outcome.error_code) || IsTransientCode(outcome.error_code)) return true;
  return options_.retry_transaction_conflict &&
         outcome.error_code == "TransactionConflictException";
}

std::chrono::microseconds RetryPolicy::Backoff(int retry) {
  const double scale = std::ldexp(1.0, std::min(retry - 1, 62));  // 2^(retry-1)
  const double us = options_.random() * static_cast<double>(options_.backoff_base.count()) * scale;
  const double capped = std::min(us, static_cast<double>(options_.max_backoff.count()));
  return std::chrono::microseconds(static_cast<long long>(capped));
}

std::optional<std::chrono::microseconds> RetryPolicy::NextDelay(CallState& state,
                                                                const AttemptOutcome& outcome) {
  if (!IsRetryable(outcome) || state.attempts >= options_.max_attempts) return std::nullopt;
  const int cost = outcome.transport == AttemptOutcome::Transport::kTimeout
                       ? options_.timeout_retry_cost
                       : options_.retry_cost;
  if (!quota_.Acquire(cost)) return std::nullopt;
  state.last_retry_cost = cost;
  return Backoff(state.attempts);
}

void RetryPolicy::OnSuccess(const CallState& state) {
  quota_.Release(state.last_retry_cost > 0 ? state.last_retry_cost : options_.no_retry_increment);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client
