// RetryingClient: a Client that sends a call again when it fails with an error IsRetryable
// accepts (ddbemu/error.h: throttling, the service's 500s, transport failures), waiting between
// attempts, as the AWS SDKs' DynamoDB clients do. It wraps any Client, the embedded one as well
// as the HTTP one, so a program's retries live in one place:
//
//   auto http = ddbemu::OpenHttpClient({.endpoint = url, .max_attempts = 1});  // no own retries
//   ddbemu::RetryingClient client(**http);                  // the DynamoDB policy below
//   ddbemu::RetryingClient patient(**http, {.call_timeout = std::chrono::seconds(5)});
//
// The default policy is the one the DynamoDB Developer Guide describes for the SDKs ("Error
// retries and exponential backoff"): up to 10 retries, the wait before retry n drawn uniformly
// from [0, 50 ms * 2^(n-1)] (full jitter: up to 50 ms before the first retry, 100 ms before the
// second, ...), each wait at most 20 s, so that a call gives up after about a minute of
// throttling; AWS SDK for Java 1.x's DynamoDB default also allows 10 retries. A call may also be
// bounded in time (call_timeout): no retry starts whose wait would end past it.
//
// TransactWriteItems without a ClientRequestToken is given one before its first attempt, as the
// SDKs do, so that a retry of an attempt whose answer was lost is not applied twice.
//
// Thread-safe: calls on many threads share the inner client and the jitter source.
#pragma once

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <utility>

#include "ddbemu/clock.h"
#include "ddbemu/error.h"
#include "ddbemu/forwarding_client.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

struct RetryPolicy {
  int max_attempts = 11;  // the first attempt and 10 retries; 1 disables retries
  std::chrono::microseconds base_delay = std::chrono::milliseconds(50);
  std::chrono::microseconds max_delay = std::chrono::seconds(20);
  // The longest one call may take, attempts and waits together; none: attempts alone bound it.
  std::optional<std::chrono::microseconds> call_timeout;
  // The time call_timeout is measured on; null: the system clock.
  std::shared_ptr<const Clock> clock;
  // Waits before a retry; null: std::this_thread::sleep_for. Tests pass one that advances a
  // VirtualClock instead.
  std::function<void(std::chrono::microseconds)> sleep;
  // Uniform in [0, 1), the jitter of each wait; null: a generator per client seeded from
  // std::random_device.
  std::function<double()> random;
  // Which failures are sent again; null: IsRetryable. A layer with a rule of its own (hrcore
  // also retries a transaction cancelled only by conflicts) keeps the policy's waits.
  std::function<bool(const ApiError&)> retryable;
};

// The wait before retry number `retry` (1 for the first) when the jitter draw is `draw`:
// draw * min(max_delay, base_delay * 2^(retry - 1)).
inline std::chrono::microseconds RetryDelay(const RetryPolicy& policy, int retry, double draw) {
  const double cap = static_cast<double>(policy.max_delay.count());
  const double scaled =
      std::ldexp(static_cast<double>(policy.base_delay.count()), std::clamp(retry - 1, 0, 62));
  return std::chrono::microseconds(static_cast<std::int64_t>(draw * std::min(cap, scaled)));
}

class RetryingClient final : public ForwardingClient {
 public:
  explicit RetryingClient(Client& inner, RetryPolicy policy = {})
      : ForwardingClient(inner), policy_(std::move(policy)), engine_(std::random_device{}()) {
    if (!policy_.clock) policy_.clock = std::make_shared<SystemClock>();
    if (!policy_.sleep) {
      policy_.sleep = [](std::chrono::microseconds d) { std::this_thread::sleep_for(d); };
    }
    policy_.max_attempts = std::max(1, policy_.max_attempts);
  }

  // Every operation of ddbemu/operations.h, retried.
#define DDBEMU_RETRY(Op)                                                 \
  Result<Op##Response> Op(const Op##Request& request) override {         \
    std::optional<Op##Request> with_token;                               \
    const Op##Request& sent = WithIdempotencyToken(request, with_token); \
    return Run([&] { return inner().Op(sent); });                        \
  }
  DDBEMU_OPERATIONS(DDBEMU_RETRY)
#undef DDBEMU_RETRY

  // Runs `call` (returning a Result or a Status) under the policy; returns its last answer.
  template <class Call>
  auto Run(Call&& call) -> decltype(call()) {
    const std::int64_t start = policy_.clock->NowMicros();
    for (int attempt = 1;; ++attempt) {
      auto answer = call();
      const ApiError* error = answer.error_or_null();
      if (error == nullptr || attempt >= policy_.max_attempts ||
          !(policy_.retryable ? policy_.retryable(*error) : IsRetryable(*error))) {
        return answer;
      }
      const std::chrono::microseconds wait = RetryDelay(policy_, attempt, Draw());
      if (policy_.call_timeout &&
          policy_.clock->NowMicros() - start + wait.count() > policy_.call_timeout->count()) {
        return answer;
      }
      policy_.sleep(wait);
    }
  }

  const RetryPolicy& policy() const { return policy_; }

 private:
  template <class Request>
  static const Request& WithIdempotencyToken(const Request& request, std::optional<Request>&) {
    return request;
  }
  const TransactWriteItemsRequest& WithIdempotencyToken(
      const TransactWriteItemsRequest& request, std::optional<TransactWriteItemsRequest>& copy) {
    if (request.client_request_token) return request;
    copy = request;
    copy->client_request_token = NewToken();
    return *copy;
  }

  double Draw() {
    if (policy_.random) return policy_.random();
    std::lock_guard<std::mutex> lock(mutex_);
    return std::uniform_real_distribution<double>(0.0, 1.0)(engine_);
  }

  // 32 hex digits: a random 128-bit token (the service takes 1 to 36 characters).
  std::string NewToken() {
    std::uint64_t halves[2];
    {
      std::lock_guard<std::mutex> lock(mutex_);
      halves[0] = engine_();
      halves[1] = engine_();
    }
    char text[33];
    std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(halves[0]),
                  static_cast<unsigned long long>(halves[1]));
    return std::string(text, 32);
  }

  RetryPolicy policy_;
  std::mutex mutex_;
  std::mt19937_64 engine_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
