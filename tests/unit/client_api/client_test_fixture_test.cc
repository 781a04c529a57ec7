// The public two-endpoint fixture (ddbemu/testing/client_test.h): one body, run against the
// embedded client and against a ddb-local over HTTP, with the same figures on both, and
// retries that ride the virtual clock as the SDKs' retries ride real time.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "ddbemu/testing/client_test.h"
#include "ddbemu/testing/matchers.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace client_test_fixture_test {

CreateTableRequest Sessions() {
  return {.table_name = "sessions",
          .attribute_definitions = {{.attribute_name = "user"}},
          .key_schema = {{.attribute_name = "user", .key_type = KeyType::kHash}},
          .billing_mode = BillingMode::kPayPerRequest};
}

// About one write unit: "user" + "hot" + "pad" + 1,000 bytes <= 1 KB.
PutItemRequest HotWrite() {
  return {.table_name = "sessions",
          .item = {{"user", AttributeValue::S("hot")},
                   {"pad", AttributeValue::S(std::string(1000, 'x'))}}};
}

class SessionsTest : public ClientTest {};
DDBEMU_INSTANTIATE_CLIENT_TEST(SessionsTest);

TEST_P(SessionsTest, WhatOneCallWritesTheNextReads) {
  ASSERT_OK(client().CreateTable(Sessions()));
  ASSERT_OK(client().PutItem({.table_name = "sessions",
                              .item = {{"user", AttributeValue::S("ada")},
                                       {"visits", AttributeValue::N(std::int64_t{3})}}}));
  ASSERT_OK_AND_ASSIGN(
      const GetItemResponse got,
      client().GetItem({.table_name = "sessions", .key = {{"user", AttributeValue::S("ada")}}}));
  ASSERT_TRUE(got.item.has_value());
  EXPECT_EQ(Attr(*got.item, "visits").as_int64(), 3);
}

// The error a test asserts is the service's, whichever way it travelled.
TEST_P(SessionsTest, ErrorsAreTheSameOnBothEndpoints) {
  ASSERT_OK(client().CreateTable(Sessions()));
  EXPECT_THAT(client().CreateTable(Sessions()),
              IsApiError(ErrorCode::kResourceInUse, "Table already exists: sessions"));
  EXPECT_THAT(
      client().GetItem({.table_name = "missing", .key = {{"user", AttributeValue::S("x")}}}),
      IsApiError(ErrorCode::kResourceNotFound, "Requested resource not found"));
}

// Without retries the 1,001st write unit in a second is throttled, on both endpoints, and a
// millisecond of clock refills exactly one unit.
TEST_P(SessionsTest, WithoutRetriesAThrottleComesBackExactly) {
  ASSERT_OK(client().CreateTable(Sessions()));
  for (int i = 0; i < 1000; ++i) ASSERT_OK(client_without_retries().PutItem(HotWrite())) << i;
  EXPECT_THAT(client_without_retries().PutItem(HotWrite()),
              IsApiError(ErrorCode::kProvisionedThroughputExceeded));
  AdvanceClock(std::chrono::milliseconds(1));
  EXPECT_OK(client_without_retries().PutItem(HotWrite()));
  EXPECT_THAT(client_without_retries().PutItem(HotWrite()),
              IsApiError(ErrorCode::kProvisionedThroughputExceeded));
}

// client() retries as the SDKs do: 1,200 writes to one key in a row all go through, the
// backoff's waits moving the virtual clock far enough to refill the 200 units past the first
// second's 1,000.
TEST_P(SessionsTest, TheRetryingClientRidesOutAHotKey) {
  ASSERT_OK(client().CreateTable(Sessions()));
  const std::int64_t start = NowMicros();
  for (int i = 0; i < 1200; ++i) ASSERT_OK(client().PutItem(HotWrite())) << i;
  // The waits took the virtual time the 200 extra units need to refill, and no more than the
  // backoff's schedule allows (retry n waits at most 50 ms * 2^(n-1); a few retries suffice).
  const std::int64_t waited = NowMicros() - start;
  EXPECT_GE(waited, 200'000);
  EXPECT_LT(waited, 5'000'000);
}

class UnthrottledSessionsTest : public ClientTest {
 protected:
  void ConfigureOptions(Options& options) override { options.throttle = false; }
  std::vector<std::string> ServerFlags() const override { return {"--throttle", "off"}; }
};
DDBEMU_INSTANTIATE_CLIENT_TEST(UnthrottledSessionsTest);

TEST_P(UnthrottledSessionsTest, FlagsAndOptionsSayTheSame) {
  ASSERT_OK(client().CreateTable(Sessions()));
  for (int i = 0; i < 1500; ++i) ASSERT_OK(client_without_retries().PutItem(HotWrite())) << i;
}

}  // namespace client_test_fixture_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
