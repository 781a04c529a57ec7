// The service's per-request latency on demand (Options::service_latency; docs/capacity.md §9):
// on the virtual clock each request moves the clock by its latency, so a client that calls in
// sequence sees the token buckets refill between its calls as they do against AWS; the draws of
// a P50/P99 latency follow a log-normal with those quantiles.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "database_test_util.h"
#include "ddbemu/testing/gtest.h"
#include "ops/realism/service_latency.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace service_latency_test {

// A BatchWriteItem of 25 items of 10 KB under one key: 250 WCU.
std::string BatchToOneKey(int first) {
  std::string requests;
  for (int i = 0; i < 25; ++i) {
    const std::string pad(10 * 1024 - 64, 'x');  // just under 10 KB: 10 WCU
    requests += std::string(i ? "," : "") +
                R"({"PutRequest":{"Item":{"pk":{"S":"hot"},"sk":{"N":")" +
                std::to_string(first + i) + R"("},"pad":{"S":")" + pad + R"("}}}})";
  }
  return R"({"RequestItems":{"items":[)" + requests + "]}}";
}

// Eight BatchWriteItems in sequence; returns how many were served before the first refusal.
int ServedInSequence(Database& db) {
  for (int call = 0; call < 8; ++call) {
    Response r = db.Call("BatchWriteItem", BatchToOneKey(call * 25));
    if (r.http_status != 200) {
      EXPECT_EQ(ParseError(r).type, "ProvisionedThroughputExceededException");
      return call;
    }
    EXPECT_EQ(ParseJson(r.body)["UnprocessedItems"].MemberCount(), 0u);
  }
  return 8;
}

class NoLatencyTest : public DatabaseTest {};

class ServiceLatencyTest : public DatabaseTest {
 protected:
  void ConfigureOptions(Options& options) override { options.service_latency.p50_ms = 150; }
};

TEST_F(ServiceLatencyTest, EachRequestMovesTheVirtualClockByItsLatency) {
  CallOk("CreateTable", kHashRangeTable);
  const std::int64_t start = clock().NowMicros();
  for (int i = 0; i < 8; ++i) {
    CallOk("PutItem", R"({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":")" +
                          std::to_string(i) + R"("}}})");
  }
  EXPECT_EQ(clock().NowMicros() - start, 8 * 150'000);
}

TEST_F(NoLatencyTest, EightBatchesAtOneInstantOverdrawTheKeyAfterFour) {
  CallOk("CreateTable", kHashRangeTable);
  // 1,000 WCU held, 250 taken per call: the fifth finds the key's balance at 0.
  EXPECT_EQ(ServedInSequence(db()), 4);
}

TEST_F(ServiceLatencyTest, WithOneHundredFiftyMillisecondsPerCallAllEightAreServed) {
  CallOk("CreateTable", kHashRangeTable);
  // Each call takes 250 WCU and its latency refills 150: before call k the key holds
  // 1,000 - 100k, still positive for the eighth.
  EXPECT_EQ(ServedInSequence(db()), 8);
}

TEST(ServiceLatencyDraws, ALogNormalWithTheGivenMedianAndNinetyNinthPercentile) {
  VirtualClock clock;
  ServiceLatencyOptions options;
  options.p50_ms = 100;
  options.p99_ms = 400;
  options.seed = 7;
  realism::ServiceLatency latency(options, clock);
  std::vector<std::int64_t> draws;
  for (int i = 0; i < 20'000; ++i) draws.push_back(latency.DrawMicros());
  std::sort(draws.begin(), draws.end());
  // Sampling error of 20,000 draws: about 1% at the median and 5% at the 99th percentile.
  EXPECT_NEAR(static_cast<double>(draws[10'000]), 100'000, 3'000);
  EXPECT_NEAR(static_cast<double>(draws[19'800]), 400'000, 40'000);
  EXPECT_GT(draws.front(), 0);
  // The same seed replays the same draws.
  realism::ServiceLatency again(options, clock);
  std::vector<std::int64_t> replay;
  for (int i = 0; i < 20'000; ++i) replay.push_back(again.DrawMicros());
  std::sort(replay.begin(), replay.end());
  EXPECT_EQ(replay, draws);
}

TEST(ServiceLatencyDraws, AMedianAloneIsConstant) {
  VirtualClock clock(0);
  ServiceLatencyOptions options;
  options.p50_ms = 12.5;
  realism::ServiceLatency latency(options, clock);
  EXPECT_EQ(latency.DrawMicros(), 12'500);
  latency.Wait();
  latency.Wait();
  EXPECT_EQ(clock.NowMicros(), 25'000);
}

}  // namespace service_latency_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
