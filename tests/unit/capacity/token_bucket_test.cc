// TokenBucket: exact refill from the clock, burst, debt for oversized requests.
#include "capacity/token_bucket.h"

#include <gtest/gtest.h>

namespace ddbemu::capacity {
namespace {

constexpr std::int64_t kSecond = 1'000'000;

TEST(TokenBucket, StartsFullAndAdmitsExactlyItsCapacityAtOneInstant) {
  TokenBucket bucket(/*rate=*/2000, /*burst=*/kSecond, /*now=*/0);  // 1,000 WCU per second
  int admitted = 0;
  for (int i = 0; i < 2000; ++i) {
    if (bucket.CanTake(2, 0)) {
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
  EXPECT_FALSE(bucket.CanTake(2, 999));  // 1.998 half-units after 999 µs
  EXPECT_TRUE(bucket.CanTake(2, 1000));  // exactly 2 after 1 ms
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
  EXPECT_TRUE(bucket.CanTake(800, 0));
  bucket.Take(800, 0);
  EXPECT_EQ(bucket.Available(0), -200);
  EXPECT_FALSE(bucket.CanTake(1, 99 * kSecond));
  EXPECT_TRUE(bucket.CanTake(1, 101 * kSecond));
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
  EXPECT_TRUE(bucket.CanTake(1'000'000'000, 0));
}

}  // namespace
}  // namespace ddbemu::capacity
