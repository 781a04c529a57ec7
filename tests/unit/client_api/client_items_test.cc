// The single-item operations through every client: ReturnValues in each form, the legacy
// parameters (Expected, AttributeUpdates, AttributesToGet), ConsumedCapacity TOTAL and INDEXES,
// ItemCollectionMetrics, and the service's errors for bad requests.
#include <gtest/gtest.h>

#include "client_fixture.h"
#include "ddbemu/testing/matchers.h"

using ::ddbemu::testing::Attr;

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace client_items_test {

using client_test::N;
using client_test::S;

class ItemConformance : public client_test::ClientTest {
 protected:
  void SetUp() override {
    ClientTest::SetUp();
    // On-demand, with a GSI (INDEXES capacity) and an LSI (item collection metrics).
    auto created = client_->CreateTable({
        .table_name = "people",
        .attribute_definitions = {{"pk", ScalarAttributeType::kS},
                                  {"sk", ScalarAttributeType::kS},
                                  {"email", ScalarAttributeType::kS},
                                  {"age", ScalarAttributeType::kN}},
        .key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}},
        .local_secondary_indexes = {{.index_name = "ByAge",
                                     .key_schema = {{"pk", KeyType::kHash},
                                                    {"age", KeyType::kRange}},
                                     .projection = {ProjectionType::kKeysOnly}}},
        .global_secondary_indexes = {{.index_name = "ByEmail",
                                      .key_schema = {{"email", KeyType::kHash}},
                                      .projection = {ProjectionType::kAll}}},
        .billing_mode = BillingMode::kPayPerRequest,
    });
    ASSERT_TRUE(created.ok()) << created.error().message();
  }

  static Item Key(const std::string& pk = "p1", const std::string& sk = "a") {
    return {{"pk", S(pk)}, {"sk", S(sk)}};
  }
  static Item Person(const std::string& name, const std::string& email, const std::string& age) {
    Item item = Key();
    item["name"] = S(name);
    item["email"] = S(email);
    item["age"] = N(age);
    return item;
  }
  void Store(const Item& item) {
    ASSERT_TRUE(client_->PutItem({.table_name = "people", .item = item}).ok());
  }
};

TEST_P(ItemConformance, PutReturnsTheReplacedItemWithAllOld) {
  auto first = client_->PutItem({.table_name = "people",
                                 .item = Person("Ann", "ann@x", "30"),
                                 .return_values = ReturnValue::kAllOld});
  ASSERT_TRUE(first.ok()) << first.error().message();
  EXPECT_FALSE(first->attributes.has_value());
  auto second = client_->PutItem({.table_name = "people",
                                  .item = Person("Bob", "bob@x", "40"),
                                  .return_values = ReturnValue::kAllOld});
  ASSERT_TRUE(second.ok());
  ASSERT_TRUE(second->attributes.has_value());
  EXPECT_EQ(*second->attributes, Person("Ann", "ann@x", "30"));
}

TEST_P(ItemConformance, PutWithUpdatedNewIsAValidationError) {
  auto r = client_->PutItem({.table_name = "people",
                             .item = Person("Ann", "ann@x", "30"),
                             .return_values = ReturnValue::kUpdatedNew});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(r.error().message(), "ReturnValues can only be ALL_OLD or NONE");
}

TEST_P(ItemConformance, UpdateReturnsEachFormOfReturnValues) {
  Store(Person("Ann", "ann@x", "30"));
  UpdateItemRequest update{.table_name = "people",
                           .key = Key(),
                           .update_expression = "SET age = age + :one",
                           .expression_attribute_values = {{":one", N("1")}}};
  update.return_values = ReturnValue::kUpdatedOld;
  auto old_part = client_->UpdateItem(update);
  ASSERT_TRUE(old_part.ok()) << old_part.error().message();
  EXPECT_EQ(*old_part->attributes, (Item{{"age", N("30")}}));
  update.return_values = ReturnValue::kUpdatedNew;
  auto new_part = client_->UpdateItem(update);
  ASSERT_TRUE(new_part.ok());
  EXPECT_EQ(*new_part->attributes, (Item{{"age", N("32")}}));
  update.return_values = ReturnValue::kAllOld;
  auto all_old = client_->UpdateItem(update);
  ASSERT_TRUE(all_old.ok());
  EXPECT_EQ(*all_old->attributes, Person("Ann", "ann@x", "32"));
  update.return_values = ReturnValue::kNone;
  auto none = client_->UpdateItem(update);
  ASSERT_TRUE(none.ok());
  EXPECT_FALSE(none->attributes.has_value());
}

TEST_P(ItemConformance, DeleteReturnsTheDeletedItem) {
  Store(Person("Ann", "ann@x", "30"));
  auto deleted = client_->DeleteItem(
      {.table_name = "people", .key = Key(), .return_values = ReturnValue::kAllOld});
  ASSERT_TRUE(deleted.ok()) << deleted.error().message();
  EXPECT_EQ(*deleted->attributes, Person("Ann", "ann@x", "30"));
  auto again = client_->DeleteItem(
      {.table_name = "people", .key = Key(), .return_values = ReturnValue::kAllOld});
  ASSERT_TRUE(again.ok());
  EXPECT_FALSE(again->attributes.has_value());
}

TEST_P(ItemConformance, ConditionalDeleteFailsWithTheItem) {
  Store(Person("Ann", "ann@x", "30"));
  auto r = client_->DeleteItem(
      {.table_name = "people",
       .key = Key(),
       .condition_expression = "#n = :n",
       .expression_attribute_names = {{"#n", "name"}},
       .expression_attribute_values = {{":n", S("Bob")}},
       .return_values_on_condition_check_failure = ReturnValuesOnConditionCheckFailure::kAllOld});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kConditionalCheckFailed);
  EXPECT_EQ(r.error().message(), "The conditional request failed");
  ASSERT_NE(r.error().item, nullptr);
  EXPECT_EQ(r.error().item->map(), Person("Ann", "ann@x", "30"));
}

TEST_P(ItemConformance, ConsumedCapacityTotalOnEveryItemOperation) {
  auto put = client_->PutItem({.table_name = "people",
                               .item = Person("Ann", "ann@x", "30"),
                               .return_consumed_capacity = ReturnConsumedCapacity::kTotal});
  ASSERT_TRUE(put.ok());
  // One WCU for the table, one for the GSI, one for the LSI.
  EXPECT_EQ(put->consumed_capacity,
            (ConsumedCapacity{.table_name = "people", .capacity_units = 3}));
  auto get = client_->GetItem({.table_name = "people",
                               .key = Key(),
                               .return_consumed_capacity = ReturnConsumedCapacity::kTotal});
  ASSERT_TRUE(get.ok());
  EXPECT_EQ(get->consumed_capacity,
            (ConsumedCapacity{.table_name = "people", .capacity_units = 0.5}));
  auto strong = client_->GetItem({.table_name = "people",
                                  .key = Key(),
                                  .consistent_read = true,
                                  .return_consumed_capacity = ReturnConsumedCapacity::kTotal});
  ASSERT_TRUE(strong.ok());
  EXPECT_EQ(strong->consumed_capacity->capacity_units, 1);
  auto update = client_->UpdateItem({.table_name = "people",
                                     .key = Key(),
                                     .update_expression = "SET note = :n",
                                     .expression_attribute_values = {{":n", S("x")}},
                                     .return_consumed_capacity = ReturnConsumedCapacity::kTotal});
  ASSERT_TRUE(update.ok());
  EXPECT_EQ(update->consumed_capacity,
            (ConsumedCapacity{.table_name = "people", .capacity_units = 2}));
  auto del = client_->DeleteItem({.table_name = "people",
                                  .key = Key(),
                                  .return_consumed_capacity = ReturnConsumedCapacity::kTotal});
  ASSERT_TRUE(del.ok());
  EXPECT_EQ(del->consumed_capacity,
            (ConsumedCapacity{.table_name = "people", .capacity_units = 3}));
}

TEST_P(ItemConformance, ConsumedCapacityIndexesSplitsTableAndIndexes) {
  auto put = client_->PutItem({.table_name = "people",
                               .item = Person("Ann", "ann@x", "30"),
                               .return_consumed_capacity = ReturnConsumedCapacity::kIndexes});
  ASSERT_TRUE(put.ok()) << put.error().message();
  EXPECT_EQ(put->consumed_capacity,
            (ConsumedCapacity{.table_name = "people",
                              .capacity_units = 3,
                              .table = Capacity{1},
                              .local_secondary_indexes = {{"ByAge", Capacity{1}}},
                              .global_secondary_indexes = {{"ByEmail", Capacity{1}}}}));
  auto get = client_->GetItem({.table_name = "people",
                               .key = Key(),
                               .return_consumed_capacity = ReturnConsumedCapacity::kIndexes});
  ASSERT_TRUE(get.ok());
  EXPECT_EQ(
      get->consumed_capacity,
      (ConsumedCapacity{.table_name = "people", .capacity_units = 0.5, .table = Capacity{0.5}}));
  auto update = client_->UpdateItem({.table_name = "people",
                                     .key = Key(),
                                     .update_expression = "SET email = :e",
                                     .expression_attribute_values = {{":e", S("ann@y")}},
                                     .return_consumed_capacity = ReturnConsumedCapacity::kIndexes});
  ASSERT_TRUE(update.ok());
  // The GSI key changed: a delete and a put in the index. The KEYS_ONLY LSI on age saw no
  // change and costs nothing.
  EXPECT_EQ(update->consumed_capacity,
            (ConsumedCapacity{.table_name = "people",
                              .capacity_units = 3,
                              .table = Capacity{1},
                              .global_secondary_indexes = {{"ByEmail", Capacity{2}}}}));
  auto del = client_->DeleteItem({.table_name = "people",
                                  .key = Key(),
                                  .return_consumed_capacity = ReturnConsumedCapacity::kIndexes});
  ASSERT_TRUE(del.ok());
  EXPECT_EQ(del->consumed_capacity,
            (ConsumedCapacity{.table_name = "people",
                              .capacity_units = 3,
                              .table = Capacity{1},
                              .local_secondary_indexes = {{"ByAge", Capacity{1}}},
                              .global_secondary_indexes = {{"ByEmail", Capacity{1}}}}));
}

TEST_P(ItemConformance, ItemCollectionMetricsOnATableWithAnLsi) {
  auto put =
      client_->PutItem({.table_name = "people",
                        .item = Person("Ann", "ann@x", "30"),
                        .return_item_collection_metrics = ReturnItemCollectionMetrics::kSize});
  ASSERT_TRUE(put.ok()) << put.error().message();
  ASSERT_TRUE(put->item_collection_metrics.has_value());
  EXPECT_EQ(put->item_collection_metrics->item_collection_key, (Item{{"pk", S("p1")}}));
  EXPECT_EQ(put->item_collection_metrics->size_estimate_range_gb, (std::vector<double>{0, 1}));
}

TEST_P(ItemConformance, ItemCollectionMetricsOfBatchesAndTransactions) {
  BatchWriteItemRequest write{.return_item_collection_metrics = ReturnItemCollectionMetrics::kSize};
  write.request_items["people"].push_back(PutRequest{Person("Ann", "ann@x", "30")});
  auto w = client_->BatchWriteItem(write);
  ASSERT_TRUE(w.ok()) << w.error().message();
  const std::map<std::string, std::vector<ItemCollectionMetrics>> expected{
      {"people", {{{{"pk", S("p1")}}, {0, 1}}}}};
  EXPECT_EQ(w->item_collection_metrics, expected);
  auto tx = client_->TransactWriteItems(
      {.transact_items = {Delete{.table_name = "people", .key = Key()}},
       .return_item_collection_metrics = ReturnItemCollectionMetrics::kSize});
  ASSERT_TRUE(tx.ok()) << tx.error().message();
  EXPECT_EQ(tx->item_collection_metrics, expected);
}

TEST_P(ItemConformance, LegacyExpectedAndAttributeUpdates) {
  Store(Person("Ann", "ann@x", "30"));
  // Expected: the item must exist with age 30 and have no "gone" attribute.
  auto updated = client_->UpdateItem({
      .table_name = "people",
      .key = Key(),
      .return_values = ReturnValue::kAllNew,
      .attribute_updates =
          AttributeUpdates{{"age", {N("5"), AttributeAction::kAdd}},
                           {"name", {std::nullopt, AttributeAction::kDelete}},
                           {"tags", {AttributeValue::SS({"a"}), AttributeAction::kPut}}},
      .expected = ExpectedAttributes{{"age", {.value = N("30")}}, {"gone", {.exists = false}}},
  });
  ASSERT_TRUE(updated.ok()) << updated.error().message();
  Item expected = Person("Ann", "ann@x", "35");
  expected.erase("name");
  expected["tags"] = AttributeValue::SS({"a"});
  EXPECT_EQ(*updated->attributes, expected);

  auto failed = client_->PutItem({
      .table_name = "people",
      .item = Person("Bob", "bob@x", "1"),
      .expected =
          ExpectedAttributes{{"age",
                              {.comparison_operator = ComparisonOperator::kLt,
                               .attribute_value_list = std::vector<AttributeValue>{N("10")}}}},
  });
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.error().code(), ErrorCode::kConditionalCheckFailed);
}

TEST_P(ItemConformance, ExpectedWithAConditionExpressionIsAValidationError) {
  auto r = client_->PutItem({.table_name = "people",
                             .item = Person("Ann", "ann@x", "30"),
                             .condition_expression = "attribute_not_exists(pk)",
                             .expected = ExpectedAttributes{{"pk", {.exists = false}}}});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(r.error().message(),
            "Can not use both expression and non-expression parameters in the same request: "
            "Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}");
}

TEST_P(ItemConformance, AttributesToGetAndProjectionExpression) {
  Store(Person("Ann", "ann@x", "30"));
  auto legacy = client_->GetItem({.table_name = "people",
                                  .key = Key(),
                                  .attributes_to_get = std::vector<std::string>{"name", "nope"}});
  ASSERT_TRUE(legacy.ok()) << legacy.error().message();
  EXPECT_EQ(*legacy->item, (Item{{"name", S("Ann")}}));
  auto projected = client_->GetItem({.table_name = "people",
                                     .key = Key(),
                                     .projection_expression = "#n, age",
                                     .expression_attribute_names = {{"#n", "name"}}});
  ASSERT_TRUE(projected.ok());
  EXPECT_EQ(*projected->item, (Item{{"name", S("Ann")}, {"age", N("30")}}));
}

TEST_P(ItemConformance, UnusedExpressionValueIsAValidationError) {
  auto r = client_->UpdateItem({.table_name = "people",
                                .key = Key(),
                                .update_expression = "SET a = :a",
                                .expression_attribute_values = {{":a", N("1")}, {":b", N("2")}}});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(r.error().message(),
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {:b}");
}

TEST_P(ItemConformance, UpdateExpressionSyntaxErrorIsAValidationError) {
  auto r =
      client_->UpdateItem({.table_name = "people", .key = Key(), .update_expression = "SET = 1"});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(r.error().message(),
            "Invalid UpdateExpression: Syntax error; token: \"=\", near: \"SET = 1\"");
}

TEST_P(ItemConformance, KeyOfTheWrongTypeIsAValidationError) {
  auto r = client_->GetItem({.table_name = "people", .key = {{"pk", N("1")}, {"sk", S("a")}}});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(r.error().message(), "The provided key element does not match the schema");
}

TEST_P(ItemConformance, BinaryAndNestedValuesRoundTrip) {
  Item item = Key();
  item["blob"] = AttributeValue::B(std::string("\0\xff\x01", 3));
  item["blobs"] = AttributeValue::BS({"x", std::string("\0", 1)});
  item["nums"] = AttributeValue::NS({"1.50", "-0"});
  item["doc"] = AttributeValue::M(
      {{"list",
        AttributeValue::L({AttributeValue::Null(), AttributeValue::Bool(true), N("2E2")})}});
  Store(item);
  auto got = client_->GetItem({.table_name = "people", .key = Key()});
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(Attr(*got->item, "blob").scalar(), std::string("\0\xff\x01", 3));
  EXPECT_EQ(Attr(*got->item, "nums").set(), (std::vector<std::string>{"0", "1.5"}));
  EXPECT_EQ(Attr(Attr(*got->item, "doc").map(), "list").list()[2].scalar(), "200");
  EXPECT_EQ(Attr(*got->item, "blobs"), AttributeValue::BS({"x", std::string("\0", 1)}));
}

DDB_INSTANTIATE_CLIENT_SUITE(ItemConformance);

}  // namespace client_items_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
