// BatchGetItem and BatchWriteItem through every client: ConsumedCapacity per table, and
// UnprocessedKeys / UnprocessedItems when the throughput model refuses part of a batch
// (throttling on, the clock virtual: refused work succeeds once the clock has moved on).
#include <gtest/gtest.h>

#include "client_fixture.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace client_batches_test {

using client_test::N;
using client_test::S;

class BatchConformance : public client_test::ClientTest {
 protected:
  void SetUp() override {
    ClientTest::SetUp();
    // "slow" has 1 RCU / 1 WCU: its burst credit runs out within a few batches.
    for (auto [name, units] : {std::pair{"slow", 1}, std::pair{"fast", 1000}}) {
      auto created =
          client_->CreateTable({.table_name = name,
                                .attribute_definitions = {{"id", ScalarAttributeType::kS}},
                                .key_schema = {{"id", KeyType::kHash}},
                                .provisioned_throughput = ProvisionedThroughput{units, units}});
      ASSERT_TRUE(created.ok()) << created.error().message();
    }
  }
  static Item Row(int i) {
    return {{"id", S("r" + std::to_string(i))}, {"n", N(std::to_string(i))}};
  }
};

TEST_P(BatchConformance, WriteAndGetAcrossTablesWithCapacity) {
  BatchWriteItemRequest write{.return_consumed_capacity = ReturnConsumedCapacity::kTotal};
  for (int i = 0; i < 3; ++i) write.request_items["fast"].push_back(PutRequest{Row(i)});
  write.request_items["slow"].push_back(PutRequest{Row(7)});
  auto w = client_->BatchWriteItem(write);
  ASSERT_TRUE(w.ok()) << w.error().message();
  EXPECT_TRUE(w->unprocessed_items.empty());
  EXPECT_EQ(w->consumed_capacity,
            (std::vector<ConsumedCapacity>{{.table_name = "fast", .capacity_units = 3},
                                           {.table_name = "slow", .capacity_units = 1}}));

  BatchWriteItemRequest remove{.return_consumed_capacity = ReturnConsumedCapacity::kIndexes};
  remove.request_items["fast"].push_back(DeleteRequest{{{"id", S("r2")}}});
  auto d = client_->BatchWriteItem(remove);
  ASSERT_TRUE(d.ok()) << d.error().message();
  EXPECT_EQ(d->consumed_capacity,
            (std::vector<ConsumedCapacity>{
                {.table_name = "fast", .capacity_units = 1, .table = Capacity{1}}}));

  BatchGetItemRequest read{.return_consumed_capacity = ReturnConsumedCapacity::kTotal};
  for (int i = 0; i < 3; ++i)
    read.request_items["fast"].keys.push_back({{"id", S("r" + std::to_string(i))}});
  read.request_items["slow"] = {.keys = {{{"id", S("r7")}}},
                                .consistent_read = true,
                                .projection_expression = "#n",
                                .expression_attribute_names = {{"#n", "n"}}};
  auto r = client_->BatchGetItem(read);
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_TRUE(r->unprocessed_keys.empty());
  ASSERT_EQ(r->responses["fast"].size(), 2u);  // r2 was deleted
  EXPECT_EQ(r->responses["slow"], (std::vector<Item>{{{"n", N("7")}}}));
  EXPECT_EQ(r->consumed_capacity,
            (std::vector<ConsumedCapacity>{{.table_name = "fast", .capacity_units = 1.5},
                                           {.table_name = "slow", .capacity_units = 1}}));
}

// "slow" starts with 300 s of its 1 WCU as burst credit. The service admits a batch's items
// while their buckets hold tokens and charges them afterwards (docs/capacity.md §3): batches of
// 7 one-unit puts pass whole until the 43rd, which spends the last 6 units and owes 1; then
// nothing can be written to "slow", and the items sent to it come back unprocessed while those
// of "fast" are written.
TEST_P(BatchConformance, ThrottledWritesComeBackAsUnprocessedItems) {
  int batches = 0;
  std::optional<ApiError> refused;
  for (; batches < 60; ++batches) {
    BatchWriteItemRequest write;
    for (int i = 0; i < 7; ++i)
      write.request_items["slow"].push_back(PutRequest{Row(batches * 7 + i)});
    auto w = client_->BatchWriteItem(write);
    if (!w.ok()) {
      refused = w.error();
      break;
    }
    ASSERT_TRUE(w->unprocessed_items.empty()) << batches;
  }
  EXPECT_EQ(batches, 43);  // 43 x 7 = 301 WCU: the 300 of credit, and 1 of debt
  // A batch none of whose items can be written is an error.
  ASSERT_TRUE(refused.has_value()) << "no batch was throttled";
  EXPECT_EQ(refused->code(), ErrorCode::kProvisionedThroughputExceeded);
  EXPECT_EQ(refused->message(),
            "The level of configured provisioned throughput for the table was exceeded. Consider "
            "increasing your provisioning level with the UpdateTable API.");

  // With another table in the batch, the refused request comes back as it was sent.
  BatchWriteItemRequest mixed;
  mixed.request_items["slow"].push_back(PutRequest{Row(1000)});
  mixed.request_items["fast"].push_back(PutRequest{Row(1001)});
  auto partial = client_->BatchWriteItem(mixed);
  ASSERT_TRUE(partial.ok()) << partial.error().message();
  ASSERT_EQ(partial->unprocessed_items.size(), 1u);
  const std::vector<WriteRequest>& left = partial->unprocessed_items.at("slow");
  ASSERT_EQ(left.size(), 1u);
  EXPECT_EQ(std::get<PutRequest>(left.front()).item, Row(1000));

  BatchWriteItemRequest again{.request_items = {{"slow", left}}};
  AdvanceSeconds(1);  // 1 WCU a second: the debt is repaid, nothing is left
  EXPECT_FALSE(client_->BatchWriteItem(again).ok());
  AdvanceSeconds(1);
  auto retried = client_->BatchWriteItem(again);
  ASSERT_TRUE(retried.ok()) << retried.error().message();
  EXPECT_TRUE(retried->unprocessed_items.empty());
}

TEST_P(BatchConformance, ThrottledReadsComeBackAsUnprocessedKeys) {
  BatchWriteItemRequest write;
  for (int i = 0; i < 7; ++i) write.request_items["slow"].push_back(PutRequest{Row(i)});
  ASSERT_TRUE(client_->BatchWriteItem(write).ok());
  ASSERT_TRUE(client_->PutItem({.table_name = "fast", .item = Row(1)}).ok());
  int batches = 0;
  for (; batches < 60; ++batches) {
    BatchGetItemRequest read;
    read.request_items["slow"].consistent_read = true;  // 1 RCU an item
    for (int i = 0; i < 7; ++i)
      read.request_items["slow"].keys.push_back({{"id", S("r" + std::to_string(i))}});
    auto r = client_->BatchGetItem(read);
    if (!r.ok()) {
      EXPECT_EQ(r.error().code(), ErrorCode::kProvisionedThroughputExceeded);
      break;
    }
    ASSERT_TRUE(r->unprocessed_keys.empty()) << batches;
  }
  EXPECT_EQ(batches, 43);  // as for writes: 300 RCU of credit, then 1 of debt
  BatchGetItemRequest mixed;
  mixed.request_items["slow"] = {.keys = {{{"id", S("r0")}}}, .consistent_read = true};
  mixed.request_items["fast"] = {.keys = {{{"id", S("r1")}}}};
  auto partial = client_->BatchGetItem(mixed);
  ASSERT_TRUE(partial.ok()) << partial.error().message();
  const KeysAndAttributes& left = partial->unprocessed_keys.at("slow");
  EXPECT_TRUE(left.consistent_read) << "unprocessed keys keep the request's parameters";
  ASSERT_EQ(left.keys.size(), 1u);
  EXPECT_EQ(partial->responses["fast"].size(), 1u);
  EXPECT_TRUE(partial->responses["slow"].empty());

  AdvanceSeconds(2);
  auto retried = client_->BatchGetItem({.request_items = {{"slow", left}}});
  ASSERT_TRUE(retried.ok()) << retried.error().message();
  EXPECT_TRUE(retried->unprocessed_keys.empty());
  EXPECT_EQ(retried->responses["slow"].size(), 1u);
}

TEST_P(BatchConformance, BatchGetWithIndexesCapacity) {
  ASSERT_TRUE(client_->PutItem({.table_name = "fast", .item = Row(1)}).ok());
  BatchGetItemRequest read{.return_consumed_capacity = ReturnConsumedCapacity::kIndexes};
  read.request_items["fast"].keys = {{{"id", S("r1")}}, {{"id", S("r2")}}};
  auto r = client_->BatchGetItem(read);
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(r->responses["fast"], (std::vector<Item>{Row(1)}));
  EXPECT_EQ(r->consumed_capacity,
            (std::vector<ConsumedCapacity>{
                {.table_name = "fast", .capacity_units = 1, .table = Capacity{1}}}));
}

TEST_P(BatchConformance, EmptyRequestItemsIsAModelConstraint) {
  auto r = client_->BatchWriteItem({});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(r.error().message(), "The requestItems parameter is required for BatchWriteItem");
}

TEST_P(BatchConformance, EmptyBatchGetIsAModelConstraint) {
  auto r = client_->BatchGetItem({});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(r.error().message(),
            "1 validation error detected: Value at 'RequestItems' failed to satisfy "
            "constraint: Member must have length greater than or equal to 1");
}

TEST_P(BatchConformance, TwoWritesToOneKeyAreAValidationError) {
  BatchWriteItemRequest write;
  write.request_items["fast"] = {PutRequest{Row(1)}, DeleteRequest{{{"id", S("r1")}}}};
  auto r = client_->BatchWriteItem(write);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(r.error().message(), "Provided list of item keys contains duplicates");
}

TEST_P(BatchConformance, BatchGetOfAnUnknownTableIsResourceNotFound) {
  BatchGetItemRequest read;
  read.request_items["nope"].keys.push_back({{"id", S("a")}});
  auto r = client_->BatchGetItem(read);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(r.error().message(), "Requested resource not found");
}

DDB_INSTANTIATE_CLIENT_SUITE(BatchConformance);

}  // namespace client_batches_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
