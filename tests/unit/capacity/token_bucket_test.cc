// TokenBucket: exact refill from the clock, burst, admission on the balance and debt.
#include "capacity/token_bucket.h"

#include <gtest/gtest.h>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {
namespace token_bucket_test {

constexpr std::int64_t kSecond = 1'000'000;

TEST(TokenBucket, StartsFullAndAdmitsExactlyItsCapacityAtOneInstant) {
  TokenBucket bucket(/*rate=*/2000, /*burst=*/kSecond, /*now=*/0);  // 1,000 WCU per second
  int admitted = 0;
  for (int i = 0; i < 2000; ++i) {
    if (bucket.HasTokens(0)) {
      bucket.Take(2, 0);
      ++admitted;
    }
  }
  EXPECT_EQ(admitted, 1000);
  EXPECT_EQ(bucket.Available(0), 0);
}

TEST(TokenBucket, RefillsContinuouslyAndExactly) {
  TokenBucket bucket(2000, kSecond, 0);
  bucket.Take(2000, 0);
  EXPECT_FALSE(bucket.HasTokens(0));
  EXPECT_EQ(bucket.Available(999), 1);   // 1.998 half-units after 999 µs (rounded down)
  EXPECT_EQ(bucket.Available(1000), 2);  // exactly 2 after 1 ms
  EXPECT_EQ(bucket.Available(kSecond / 2), 1000);
  EXPECT_EQ(bucket.Available(10 * kSecond), 2000);  // never more than its capacity
  EXPECT_TRUE(bucket.Full(10 * kSecond));
}

TEST(TokenBucket, BurstCreditHoldsThreeHundredSecondsOfUnusedCapacity) {
  TokenBucket bucket(200, 300 * kSecond, 0);  // 100 WCU provisioned
  EXPECT_EQ(bucket.Available(0), 60'000);
  bucket.Take(60'000, 0);
  EXPECT_EQ(bucket.Available(10 * kSecond), 2000);
  EXPECT_EQ(bucket.Available(1000 * kSecond), 60'000);
}

TEST(TokenBucket, ARequestBiggerThanTheBucketPassesWhenFullAndLeavesDebt) {
  TokenBucket bucket(2, 300 * kSecond, 0);  // 1 WCU: 300 WCU of burst, a 400 KB item needs 400
  EXPECT_TRUE(bucket.HasTokens(0));
  bucket.Take(800, 0);
  EXPECT_EQ(bucket.Available(0), -200);
  EXPECT_FALSE(bucket.HasTokens(100 * kSecond));  // the debt is repaid, the balance is 0
  EXPECT_TRUE(bucket.HasTokens(100 * kSecond + 1));
}

TEST(TokenBucket, AdmitsWhileTheBalanceIsPositiveWhateverTheCost) {
  TokenBucket bucket(2000, kSecond, 0);  // 1,000 WCU per second
  bucket.Take(1999, 0);                  // half a WCU left
  EXPECT_TRUE(bucket.HasTokens(0));      // a 400 WCU write is admitted on it...
  bucket.Take(800, 0);
  EXPECT_EQ(bucket.Available(0), -799);  // ...and leaves 399.5 WCU of debt
  EXPECT_FALSE(bucket.HasTokens(kSecond * 799 / 2000));
  EXPECT_TRUE(bucket.HasTokens(kSecond * 799 / 2000 + 1));
}

TEST(TokenBucket, DebtKeepsTheAverageRateExactlyAtTheCap) {
  // A caller that writes 400 WCU whenever it is admitted, polling every millisecond for ten
  // seconds after draining the bucket: it gets exactly 1,000 WCU a second (to within the last
  // request, whose cost is still owed at the end).
  TokenBucket bucket(2000, kSecond, 0);
  bucket.Take(2000, 0);
  std::int64_t taken = 0;
  for (std::int64_t t = 0; t <= 10 * kSecond; t += 1000) {
    if (bucket.HasTokens(t)) {
      bucket.Take(800, t);
      taken += 800;
    }
  }
  // Refilled over ten seconds: 20,000 half-units; what is taken beyond that is still owed.
  const HalfUnits owed = -bucket.Available(10 * kSecond);
  EXPECT_EQ(taken - owed, 20'000);
  EXPECT_GE(owed, 0);
  EXPECT_LT(owed, 800);
}

TEST(TokenBucket, AClockSteppingBackIsNoTimePassing) {
  TokenBucket bucket(2000, kSecond, 5 * kSecond);
  bucket.Take(2000, 5 * kSecond);
  EXPECT_EQ(bucket.Available(4 * kSecond), 0);
  EXPECT_EQ(bucket.Available(5 * kSecond + kSecond / 4), 500);
}

TEST(TokenBucket, ReconfiguringKeepsTheTokensHeldUpToTheNewCapacity) {
  TokenBucket bucket(200, 300 * kSecond, 0);
  bucket.Take(50'000, 0);  // 10,000 left
  bucket.Configure(2000, 300 * kSecond, 0);
  EXPECT_EQ(bucket.Available(0), 10'000);
  bucket.Configure(2000, kSecond, 0);
  EXPECT_EQ(bucket.Available(0), 2000);
}

TEST(TokenBucket, ADefaultBucketIsUnlimited) {
  TokenBucket bucket;
  EXPECT_TRUE(bucket.unlimited());
  EXPECT_TRUE(bucket.HasTokens(0));
}

}  // namespace token_bucket_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
