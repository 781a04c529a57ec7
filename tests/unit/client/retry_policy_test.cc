// The standard retry mode's rules, with an injected random source: which failures retry, the
// exact backoff, the attempt bound and the retry quota's arithmetic.
#include "http_client/transport/retry_policy.h"

#include <gtest/gtest.h>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client {
namespace retry_policy_test {

using std::chrono::microseconds;
using Transport = AttemptOutcome::Transport;

RetryOptions Fixed(double random) {
  RetryOptions o;
  o.random = [random] { return random; };
  o.sleep = [](microseconds) {};
  return o;
}

AttemptOutcome Error(int status, std::string code) {
  AttemptOutcome o;
  o.http_status = status;
  o.error_code = std::move(code);
  return o;
}

TEST(RetryPolicyTest, RetriesThrottlingTransientAndTransportFailuresOnly) {
  RetryPolicy policy(Fixed(0.5));
  for (const char* code :
       {"ProvisionedThroughputExceededException", "ThrottlingException", "RequestLimitExceeded",
        "LimitExceededException", "TransactionInProgressException", "TransactionConflictException",
        "RequestTimeout"}) {
    EXPECT_TRUE(policy.IsRetryable(Error(400, code))) << code;
  }
  for (int status : {500, 502, 503, 504}) EXPECT_TRUE(policy.IsRetryable(Error(status, "")));
  for (const char* code :
       {"ValidationException", "ResourceNotFoundException", "ConditionalCheckFailedException",
        "TransactionCanceledException", "SerializationException", "UnrecognizedClientException"}) {
    EXPECT_FALSE(policy.IsRetryable(Error(400, code))) << code;
  }
  EXPECT_FALSE(policy.IsRetryable(Error(501, "")));
  EXPECT_FALSE(policy.IsRetryable(Error(200, "")));
  for (Transport t :
       {Transport::kConnectionError, Transport::kTimeout, Transport::kCrc32Mismatch}) {
    AttemptOutcome o;
    o.transport = t;
    EXPECT_TRUE(policy.IsRetryable(o));
  }
  RetryOptions no_conflict = Fixed(0.5);
  no_conflict.retry_transaction_conflict = false;  // botocore's own behaviour
  EXPECT_FALSE(RetryPolicy(no_conflict).IsRetryable(Error(400, "TransactionConflictException")));
}

TEST(RetryPolicyTest, BackoffIsFullJitterExponentialCappedAtTwentySeconds) {
  RetryPolicy half(Fixed(0.5));
  EXPECT_EQ(half.Backoff(1), microseconds(500'000));
  EXPECT_EQ(half.Backoff(2), microseconds(1'000'000));
  EXPECT_EQ(half.Backoff(3), microseconds(2'000'000));
  EXPECT_EQ(half.Backoff(6), microseconds(16'000'000));
  EXPECT_EQ(half.Backoff(7), microseconds(20'000'000));   // 32 s capped
  EXPECT_EQ(half.Backoff(70), microseconds(20'000'000));  // no overflow
  RetryPolicy zero(Fixed(0.0));
  EXPECT_EQ(zero.Backoff(5), microseconds(0));
}

TEST(RetryPolicyTest, StopsAfterMaxAttempts) {
  RetryPolicy policy(Fixed(0.25));
  RetryPolicy::CallState state;
  const AttemptOutcome throttled = Error(400, "ThrottlingException");
  state.attempts = 1;
  EXPECT_EQ(policy.NextDelay(state, throttled), microseconds(250'000));
  state.attempts = 2;
  EXPECT_EQ(policy.NextDelay(state, throttled), microseconds(500'000));
  state.attempts = 3;
  EXPECT_EQ(policy.NextDelay(state, throttled), std::nullopt);
  EXPECT_EQ(policy.quota().available(), 490);
  policy.OnSuccess(state);  // refunds the last retry's 5
  EXPECT_EQ(policy.quota().available(), 495);
}

TEST(RetryPolicyTest, QuotaChargesFivePerRetryTenPerTimeoutAndRefillsOnSuccess) {
  RetryOptions o = Fixed(0.5);
  o.quota_capacity = 22;
  o.max_attempts = 100;
  RetryPolicy policy(o);
  AttemptOutcome timeout;
  timeout.transport = Transport::kTimeout;
  RetryPolicy::CallState state{1, 0};
  EXPECT_TRUE(policy.NextDelay(state, timeout));  // 22 - 10
  EXPECT_EQ(state.last_retry_cost, 10);
  EXPECT_TRUE(policy.NextDelay(state, Error(503, "")));  // 12 - 5
  EXPECT_TRUE(policy.NextDelay(state, Error(503, "")));  // 7 - 5
  EXPECT_EQ(policy.quota().available(), 2);
  EXPECT_FALSE(policy.NextDelay(state, Error(503, "")));  // 5 > 2: the failure is final
  EXPECT_EQ(policy.quota().available(), 2);
  policy.OnSuccess(RetryPolicy::CallState{1, 0});  // a call without retries gives back 1
  EXPECT_EQ(policy.quota().available(), 3);
  policy.OnSuccess(RetryPolicy::CallState{2, 10});
  EXPECT_EQ(policy.quota().available(), 13);
  for (int i = 0; i < 10; ++i) policy.OnSuccess(RetryPolicy::CallState{2, 10});
  EXPECT_EQ(policy.quota().available(), 22);  // never above capacity
}

}  // namespace retry_policy_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client
