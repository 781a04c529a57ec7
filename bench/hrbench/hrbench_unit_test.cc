// hrbench's pure parts: the histogram's quantiles, response classification, the capacity read
// from a body, the per-call slot values, and the weighted schedule.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "http_load.h"
#include "recording.h"
#include "stats.h"
#include "workload.h"

namespace hrbench {
namespace {

TEST(Histogram, QuantilesWithinThreePercent) {
  Histogram h;
  for (std::uint64_t v = 1; v <= 100'000; ++v) h.Record(v * 1000);  // 1 us .. 100 ms
  EXPECT_EQ(h.count(), 100'000u);
  EXPECT_NEAR(h.Quantile(0.5), 50'000'000, 50'000'000 * 0.03);
  EXPECT_NEAR(h.Quantile(0.99), 99'000'000, 99'000'000 * 0.03);
  EXPECT_LE(h.Quantile(1.0), 100'000'000);
  Histogram small;
  small.Record(7);
  EXPECT_EQ(small.Quantile(0.5), 7);  // exact below 64 ns
}

TEST(CheckResponse, ShapesAndFailureKinds) {
  std::string what;
  EXPECT_EQ(CheckResponse(200, R"({"Item":{"PK":{"S":"a"}}})", Expect::kItem, &what),
            Failure::kNone);
  EXPECT_EQ(CheckResponse(200, R"({})", Expect::kItem, &what), Failure::kError);
  EXPECT_NE(what.find("without an Item"), std::string::npos);
  EXPECT_EQ(CheckResponse(200, R"({"Items": [], "Count": 0})", Expect::kItems, &what),
            Failure::kNone);
  EXPECT_EQ(CheckResponse(200, R"({"Item":{}})", Expect::kItems, &what), Failure::kError);
  EXPECT_EQ(CheckResponse(200, "not json", Expect::kObject, &what), Failure::kError);
  EXPECT_EQ(
      CheckResponse(
          400,
          R"({"__type":"com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException"})",
          Expect::kItem, &what),
      Failure::kThrottled);
  EXPECT_EQ(
      CheckResponse(400,
                    R"({"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException",)"
                    R"("CancellationReasons":[{"Code":"None"},{"Code":"TransactionConflict"}]})",
                    Expect::kObject, &what),
      Failure::kConflict);
  EXPECT_EQ(
      CheckResponse(400,
                    R"({"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException",)"
                    R"("CancellationReasons":[{"Code":"ThrottlingError"}]})",
                    Expect::kObject, &what),
      Failure::kThrottled);
  EXPECT_EQ(
      CheckResponse(
          400, R"({"__type":"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException"})",
          Expect::kObject, &what),
      Failure::kError);
  EXPECT_NE(what.find("ConditionalCheckFailed"), std::string::npos);
  EXPECT_EQ(CheckResponse(500, "", Expect::kObject, &what), Failure::kError);
}

TEST(CapacityUnits, SumsEveryTableNotReadCapacityUnits) {
  EXPECT_DOUBLE_EQ(CapacityUnits(R"({"ConsumedCapacity":{"TableName":"t","CapacityUnits":0.5}})"),
                   0.5);
  EXPECT_DOUBLE_EQ(CapacityUnits(R"({"ConsumedCapacity":[{"TableName":"a","CapacityUnits": 4.0},)"
                                 R"({"TableName":"b","CapacityUnits":6}]})"),
                   10.0);
  EXPECT_DOUBLE_EQ(
      CapacityUnits(R"({"ConsumedCapacity":{"CapacityUnits":2,"ReadCapacityUnits":2}})"), 2.0);
  EXPECT_DOUBLE_EQ(CapacityUnits(R"({"Items":[]})"), 0.0);
}

TEST(SlotFiller, FreshValuesEveryCallInPlace) {
  std::string tmpl =
      "x:AAAAAAAAAAAAAAAAAAAAAAAAAA;y:AAAAAAAAAAAAAAAAAAAAAAAAAA;"
      "e:aaaaaaaaaaaaaaaaaaaaaaaaaa;t:00000000000000000000000000000000";
  std::vector<Slot> slots{{2, Slot::kUlid, 0},
                          {31, Slot::kUlid, 1},
                          {60, Slot::kLowerUlid, 0},
                          {89, Slot::kHexToken, 0}};
  SlotFiller filler(0x1234, 3);
  std::set<std::string> seen;
  for (int call = 0; call < 100; ++call) {
    std::string b = tmpl;
    filler.NewCall(2);
    filler.Fill(b.data(), slots);
    ASSERT_EQ(b.size(), tmpl.size());
    std::string a = b.substr(2, 26), c = b.substr(31, 26), e = b.substr(60, 26);
    EXPECT_NE(a, c);
    for (char& ch : a) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    EXPECT_EQ(a, e);       // the email token is the first ULID in lower case
    EXPECT_LE(b[2], '7');  // a ULID's first character: 48-bit time
    EXPECT_TRUE(seen.insert(b).second) << "call " << call << " repeated a request";
  }
}

TEST(Schedule, FollowsTheWeights) {
  std::vector<Pattern> patterns(3);
  patterns[0].weight = 50;
  patterns[1].weight = 200;
  patterns[2].weight = 5;
  auto s = MakeSchedule(patterns);
  ASSERT_EQ(s.size(), 255u);
  int counts[3] = {0, 0, 0};
  for (auto p : s) ++counts[p];
  EXPECT_EQ(counts[0], 50);
  EXPECT_EQ(counts[1], 200);
  EXPECT_EQ(counts[2], 5);
}

TEST(VariantFor, WritesStayInTheirConnectionsLane) {
  for (int conn = 0; conn < 16; ++conn) {
    for (std::uint64_t use = 0; use < 10; ++use) {
      std::size_t v = VariantFor(true, 4, conn, use, 16);
      EXPECT_EQ(v / 4, static_cast<std::size_t>(conn));
    }
  }
  EXPECT_LT(VariantFor(false, 256, 15, 1000, 16), 256u);
}

}  // namespace
}  // namespace hrbench
