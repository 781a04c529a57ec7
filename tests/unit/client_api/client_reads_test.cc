// Query and Scan through every client: filters (Count against ScannedCount), projections,
// Select COUNT, backwards order, the legacy KeyConditions/QueryFilter/ScanFilter/AttributesToGet,
// parallel Scan segments, ConsumedCapacity TOTAL and INDEXES, and the service's errors.
#include <gtest/gtest.h>

#include <set>

#include "client_fixture.h"
#include "ddbemu/testing/matchers.h"

using ::ddbemu::testing::Attr;

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace client_reads_test {

using client_test::N;
using client_test::S;

class ReadConformance : public client_test::ClientTest {
 protected:
  void SetUp() override {
    ClientTest::SetUp();
    auto created = client_->CreateTable({
        .table_name = "scores",
        .attribute_definitions = {{"game", ScalarAttributeType::kS},
                                  {"player", ScalarAttributeType::kS},
                                  {"points", ScalarAttributeType::kN}},
        .key_schema = {{"game", KeyType::kHash}, {"player", KeyType::kRange}},
        .global_secondary_indexes = {{.index_name = "ByPoints",
                                      .key_schema = {{"game", KeyType::kHash},
                                                     {"points", KeyType::kRange}},
                                      .projection = {ProjectionType::kKeysOnly}}},
        .billing_mode = BillingMode::kPayPerRequest,
    });
    ASSERT_TRUE(created.ok()) << created.error().message();
    // g1: p0..p5 with points 0,10,...,50; g2: p0..p3.
    for (int i = 0; i < 6; ++i) Store("g1", i);
    for (int i = 0; i < 4; ++i) Store("g2", i);
  }

  void Store(const std::string& game, int i) {
    Item item{{"game", S(game)},
              {"player", S("p" + std::to_string(i))},
              {"points", N(std::to_string(i * 10))},
              {"even", AttributeValue::Bool(i % 2 == 0)}};
    ASSERT_TRUE(client_->PutItem({.table_name = "scores", .item = item}).ok());
  }

  static std::vector<std::string> Players(const std::vector<Item>& items) {
    std::vector<std::string> out;
    for (const Item& item : items) out.push_back(Attr(item, "player").scalar());
    return out;
  }
};

TEST_P(ReadConformance, QueryWithAFilterCountsWhatItScanned) {
  auto r = client_->Query(
      {.table_name = "scores",
       .key_condition_expression = "game = :g",
       .filter_expression = "even = :t",
       .expression_attribute_values = {{":g", S("g1")}, {":t", AttributeValue::Bool(true)}}});
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(Players(r->items), (std::vector<std::string>{"p0", "p2", "p4"}));
  EXPECT_EQ(r->count, 3);
  EXPECT_EQ(r->scanned_count, 6);
  EXPECT_FALSE(r->last_evaluated_key.has_value());
  EXPECT_FALSE(r->consumed_capacity.has_value());
}

TEST_P(ReadConformance, QueryBackwardsWithAProjectionAndLimit) {
  auto r = client_->Query({.table_name = "scores",
                           .key_condition_expression = "game = :g AND player > :p",
                           .projection_expression = "player, #pts",
                           .expression_attribute_names = {{"#pts", "points"}},
                           .expression_attribute_values = {{":g", S("g1")}, {":p", S("p1")}},
                           .limit = 3,
                           .scan_index_forward = false});
  ASSERT_TRUE(r.ok()) << r.error().message();
  ASSERT_EQ(r->items.size(), 3u);
  EXPECT_EQ(r->items[0], (Item{{"player", S("p5")}, {"points", N("50")}}));
  EXPECT_EQ(Players(r->items), (std::vector<std::string>{"p5", "p4", "p3"}));
  EXPECT_EQ(r->last_evaluated_key, (Item{{"game", S("g1")}, {"player", S("p3")}}));
}

TEST_P(ReadConformance, SelectCountReturnsNoItems) {
  auto r = client_->Query({.table_name = "scores",
                           .key_condition_expression = "game = :g",
                           .expression_attribute_values = {{":g", S("g2")}},
                           .select = Select::kCount});
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_TRUE(r->items.empty());
  EXPECT_EQ(r->count, 4);
  EXPECT_EQ(r->scanned_count, 4);
}

TEST_P(ReadConformance, SelectCountWithAProjectionIsAValidationError) {
  auto r = client_->Scan(
      {.table_name = "scores", .projection_expression = "player", .select = Select::kCount});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(r.error().message(),
            "Cannot specify the ProjectionExpression when choosing to get only the Count");
}

TEST_P(ReadConformance, QueryOnAKeysOnlyGsiWithIndexesCapacity) {
  auto r = client_->Query({.table_name = "scores",
                           .index_name = "ByPoints",
                           .key_condition_expression = "game = :g AND points >= :min",
                           .expression_attribute_values = {{":g", S("g1")}, {":min", N("35")}},
                           .return_consumed_capacity = ReturnConsumedCapacity::kIndexes});
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(r->items,
            (std::vector<Item>{{{"game", S("g1")}, {"player", S("p4")}, {"points", N("40")}},
                               {{"game", S("g1")}, {"player", S("p5")}, {"points", N("50")}}}));
  EXPECT_EQ(r->consumed_capacity,
            (ConsumedCapacity{.table_name = "scores",
                              .capacity_units = 0.5,
                              .table = Capacity{0},
                              .global_secondary_indexes = {{"ByPoints", Capacity{0.5}}}}));
}

TEST_P(ReadConformance, ScanWithTotalCapacity) {
  auto r = client_->Scan({.table_name = "scores",
                          .consistent_read = true,
                          .return_consumed_capacity = ReturnConsumedCapacity::kTotal});
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(r->count, 10);
  EXPECT_EQ(r->consumed_capacity, (ConsumedCapacity{.table_name = "scores", .capacity_units = 1}));
}

TEST_P(ReadConformance, ScanOfAGsiAndQueryWithTotalCapacity) {
  auto scan = client_->Scan({.table_name = "scores",
                             .index_name = "ByPoints",
                             .return_consumed_capacity = ReturnConsumedCapacity::kIndexes});
  ASSERT_TRUE(scan.ok()) << scan.error().message();
  EXPECT_EQ(scan->count, 10);
  EXPECT_EQ(scan->consumed_capacity,
            (ConsumedCapacity{.table_name = "scores",
                              .capacity_units = 0.5,
                              .table = Capacity{0},
                              .global_secondary_indexes = {{"ByPoints", Capacity{0.5}}}}));
  auto query = client_->Query({.table_name = "scores",
                               .key_condition_expression = "game = :g",
                               .expression_attribute_values = {{":g", S("g2")}},
                               .return_consumed_capacity = ReturnConsumedCapacity::kTotal});
  ASSERT_TRUE(query.ok()) << query.error().message();
  EXPECT_EQ(query->consumed_capacity,
            (ConsumedCapacity{.table_name = "scores", .capacity_units = 0.5}));
}

TEST_P(ReadConformance, LegacyKeyConditionsQueryFilterAndAttributesToGet) {
  auto r = client_->Query({
      .table_name = "scores",
      .key_conditions =
          ConditionMap{{"game", {ComparisonOperator::kEq, {S("g1")}}},
                       {"player", {ComparisonOperator::kBetween, {S("p1"), S("p4")}}}},
      .query_filter = ConditionMap{{"points", {ComparisonOperator::kGt, {N("15")}}}},
      .attributes_to_get = std::vector<std::string>{"player", "points"},
  });
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(r->items, (std::vector<Item>{{{"player", S("p2")}, {"points", N("20")}},
                                         {{"player", S("p3")}, {"points", N("30")}},
                                         {{"player", S("p4")}, {"points", N("40")}}}));
  EXPECT_EQ(r->scanned_count, 4);
}

TEST_P(ReadConformance, LegacyScanFilterWithOr) {
  auto r = client_->Scan({
      .table_name = "scores",
      .scan_filter = ConditionMap{{"points", {ComparisonOperator::kGe, {N("50")}}},
                                  {"player", {ComparisonOperator::kEq, {S("p0")}}}},
      .conditional_operator = ConditionalOperator::kOr,
  });
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(r->count, 3);  // g1/p0, g1/p5, g2/p0
  EXPECT_EQ(r->scanned_count, 10);
}

TEST_P(ReadConformance, ParallelScanSegmentsPartitionTheTable) {
  std::multiset<std::string> seen;
  for (std::int64_t segment = 0; segment < 3; ++segment) {
    ScanRequest request{
        .table_name = "scores", .limit = 2, .segment = segment, .total_segments = 3};
    for (int page = 0; page < 20; ++page) {
      auto r = client_->Scan(request);
      ASSERT_TRUE(r.ok()) << r.error().message();
      for (const Item& item : r->items)
        seen.insert(Attr(item, "game").scalar() + "/" + Attr(item, "player").scalar());
      if (!r->last_evaluated_key) break;
      request.exclusive_start_key = r->last_evaluated_key;
    }
  }
  EXPECT_EQ(seen.size(), 10u);
  EXPECT_EQ(std::set<std::string>(seen.begin(), seen.end()).size(), 10u) << "a segment overlap";
}

TEST_P(ReadConformance, SegmentWithoutTotalSegmentsIsAValidationError) {
  auto r = client_->Scan({.table_name = "scores", .segment = 1});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(r.error().message(),
            "The TotalSegments parameter is required but was not present in the request when "
            "Segment parameter is present");
}

TEST_P(ReadConformance, SegmentOutOfRangeIsAValidationError) {
  auto r = client_->Scan({.table_name = "scores", .segment = 3, .total_segments = 3});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(r.error().message(),
            "The Segment parameter is zero-based and must be less than parameter TotalSegments: "
            "Segment: 3 is not less than TotalSegments: 3");
}

TEST_P(ReadConformance, QueryWithoutAKeyConditionIsAValidationError) {
  auto r = client_->Query({.table_name = "scores"});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(r.error().message(),
            "Either the KeyConditions or KeyConditionExpression parameter must be specified in "
            "the request.");
}

TEST_P(ReadConformance, QueryOnAnUnknownIndexIsAValidationError) {
  auto r = client_->Query({.table_name = "scores",
                           .index_name = "Nope",
                           .key_condition_expression = "game = :g",
                           .expression_attribute_values = {{":g", S("g1")}}});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(r.error().message(), "The table does not have the specified index: Nope");
}

TEST_P(ReadConformance, NegativeLimitIsAModelConstraint) {
  auto r = client_->Scan({.table_name = "scores", .limit = 0});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(r.error().message(),
            "1 validation error detected: Value at 'Limit' failed to satisfy constraint: "
            "Member must have value greater than or equal to 1");
}

DDB_INSTANTIATE_CLIENT_SUITE(ReadConformance);

}  // namespace client_reads_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
