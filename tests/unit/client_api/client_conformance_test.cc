// One table-driven suite for every implementation of ddbemu::Client: each case runs against
// each client the fixture knows (client_fixture.h: embedded, and HttpClient over JSON), with
// identical expectations. A case states the behaviour, runs it and asserts the exact outcome,
// including the service's error type and message for bad input.
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "client_fixture.h"
#include "ddbemu/testing/matchers.h"

using ::ddbemu::testing::Attr;

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace client_conformance_test {

using client_test::N;
using client_test::S;

class ClientConformance : public client_test::ClientTest {
 protected:
  void SetUp() override {
    ClientTest::SetUp();
    auto created = client_->CreateTable({
        .table_name = "acme-hr",
        .attribute_definitions = {{"PK", ScalarAttributeType::kS},
                                  {"SK", ScalarAttributeType::kS},
                                  {"GSI1PK", ScalarAttributeType::kS},
                                  {"GSI1SK", ScalarAttributeType::kS}},
        .key_schema = {{"PK", KeyType::kHash}, {"SK", KeyType::kRange}},
        .global_secondary_indexes = {{.index_name = "GSI1",
                                      .key_schema = {{"GSI1PK", KeyType::kHash},
                                                     {"GSI1SK", KeyType::kRange}}}},
        .billing_mode = BillingMode::kPayPerRequest,
    });
    ASSERT_TRUE(created.ok()) << created.error().message();
  }

  Item Employee(const std::string& org, const std::string& emp, const std::string& email) {
    return {{"PK", S("ORG#" + org)},
            {"SK", S("EMP#" + emp)},
            {"GSI1PK", S("EMAIL#" + email)},
            {"GSI1SK", S("EMP#" + emp)},
            {"version", N("1")}};
  }
};

TEST_P(ClientConformance, PutThenGetReturnsTheItem) {
  ASSERT_TRUE(
      client_->PutItem({.table_name = "acme-hr", .item = Employee("o1", "e1", "a@x")}).ok());
  auto got = client_->GetItem(
      {.table_name = "acme-hr", .key = {{"PK", S("ORG#o1")}, {"SK", S("EMP#e1")}}});
  ASSERT_TRUE(got.ok()) << got.error().message();
  ASSERT_TRUE(got->item.has_value());
  EXPECT_EQ(*got->item, Employee("o1", "e1", "a@x"));
  EXPECT_FALSE(got->consumed_capacity.has_value());
}

TEST_P(ClientConformance, GetOfAMissingKeyHasNoItem) {
  auto got =
      client_->GetItem({.table_name = "acme-hr", .key = {{"PK", S("ORG#o1")}, {"SK", S("none")}}});
  ASSERT_TRUE(got.ok());
  EXPECT_FALSE(got->item.has_value());
}

TEST_P(ClientConformance, NumbersAreStoredCanonical) {
  Item item = Employee("o1", "e1", "a@x");
  item["version"] = N("1E+3");
  ASSERT_TRUE(client_->PutItem({.table_name = "acme-hr", .item = item}).ok());
  auto got = client_->GetItem(
      {.table_name = "acme-hr", .key = {{"PK", S("ORG#o1")}, {"SK", S("EMP#e1")}}});
  ASSERT_TRUE(got.ok());
  EXPECT_EQ(Attr(*got->item, "version").scalar(), "1000");
}

TEST_P(ClientConformance, BadNumberIsTheServiceValidationError) {
  Item item = Employee("o1", "e1", "a@x");
  item["version"] = N("not-a-number");
  auto put = client_->PutItem({.table_name = "acme-hr", .item = item});
  ASSERT_FALSE(put.ok());
  EXPECT_EQ(put.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(put.error().message(),
            "The parameter cannot be converted to a numeric value: not-a-number");
}

TEST_P(ClientConformance, EmptyStringSetIsRefused) {
  Item item = Employee("o1", "e1", "a@x");
  item["tags"] = AttributeValue::SS({});
  auto put = client_->PutItem({.table_name = "acme-hr", .item = item});
  ASSERT_FALSE(put.ok());
  EXPECT_EQ(put.error().message(),
            "One or more parameter values were invalid: An string set  may not be empty");
}

TEST_P(ClientConformance, DuplicateSetMembersAreRefused) {
  Item item = Employee("o1", "e1", "a@x");
  item["tags"] = AttributeValue::SS({"a", "a"});
  auto put = client_->PutItem({.table_name = "acme-hr", .item = item});
  ASSERT_FALSE(put.ok());
  EXPECT_EQ(put.error().message(),
            "One or more parameter values were invalid: Input collection [a, a] contains "
            "duplicates.");
}

TEST_P(ClientConformance, ConditionalPutFailsWithTheOldItemWhenAsked) {
  ASSERT_TRUE(
      client_->PutItem({.table_name = "acme-hr", .item = Employee("o1", "e1", "a@x")}).ok());
  auto put = client_->PutItem({
      .table_name = "acme-hr",
      .item = Employee("o1", "e1", "b@x"),
      .condition_expression = "attribute_not_exists(PK)",
      .return_values_on_condition_check_failure = ReturnValuesOnConditionCheckFailure::kAllOld,
  });
  ASSERT_FALSE(put.ok());
  EXPECT_EQ(put.error().code(), ErrorCode::kConditionalCheckFailed);
  EXPECT_EQ(put.error().message(), "The conditional request failed");
  ASSERT_NE(put.error().item, nullptr);
  EXPECT_EQ(put.error().item->map(), Employee("o1", "e1", "a@x"));
}

TEST_P(ClientConformance, UpdateWithOptimisticLockReturnsAllNew) {
  ASSERT_TRUE(
      client_->PutItem({.table_name = "acme-hr", .item = Employee("o1", "e1", "a@x")}).ok());
  auto updated = client_->UpdateItem({
      .table_name = "acme-hr",
      .key = {{"PK", S("ORG#o1")}, {"SK", S("EMP#e1")}},
      .update_expression = "SET #v = #v + :one",
      .condition_expression = "#v = :seen",
      .expression_attribute_names = {{"#v", "version"}},
      .expression_attribute_values = {{":one", N("1")}, {":seen", N("1")}},
      .return_values = ReturnValue::kAllNew,
  });
  ASSERT_TRUE(updated.ok()) << updated.error().message();
  EXPECT_EQ(Attr(*updated->attributes, "version").scalar(), "2");
  auto stale = client_->UpdateItem({
      .table_name = "acme-hr",
      .key = {{"PK", S("ORG#o1")}, {"SK", S("EMP#e1")}},
      .update_expression = "SET #v = #v + :one",
      .condition_expression = "#v = :seen",
      .expression_attribute_names = {{"#v", "version"}},
      .expression_attribute_values = {{":one", N("1")}, {":seen", N("1")}},
  });
  ASSERT_FALSE(stale.ok());
  EXPECT_EQ(stale.error().code(), ErrorCode::kConditionalCheckFailed);
}

TEST_P(ClientConformance, QueryPagesInSortKeyOrder) {
  for (int i = 0; i < 5; ++i) {
    ASSERT_TRUE(
        client_
            ->PutItem({.table_name = "acme-hr",
                       .item = Employee("o1", "e" + std::to_string(i), "m" + std::to_string(i))})
            .ok());
  }
  QueryRequest query{.table_name = "acme-hr",
                     .key_condition_expression = "PK = :pk AND begins_with(SK, :emp)",
                     .expression_attribute_values = {{":pk", S("ORG#o1")}, {":emp", S("EMP#")}},
                     .limit = 2};
  std::vector<std::string> seen;
  for (int page = 0; page < 10; ++page) {
    auto r = client_->Query(query);
    ASSERT_TRUE(r.ok()) << r.error().message();
    for (const Item& item : r->items) seen.push_back(Attr(item, "SK").scalar());
    if (!r->last_evaluated_key) break;
    query.exclusive_start_key = r->last_evaluated_key;
  }
  EXPECT_EQ(seen, (std::vector<std::string>{"EMP#e0", "EMP#e1", "EMP#e2", "EMP#e3", "EMP#e4"}));
}

TEST_P(ClientConformance, QueryOnTheGsiFindsTheEmail) {
  ASSERT_TRUE(
      client_->PutItem({.table_name = "acme-hr", .item = Employee("o1", "e1", "a@x")}).ok());
  auto r = client_->Query({.table_name = "acme-hr",
                           .index_name = "GSI1",
                           .key_condition_expression = "GSI1PK = :e",
                           .expression_attribute_values = {{":e", S("EMAIL#a@x")}},
                           .return_consumed_capacity = ReturnConsumedCapacity::kTotal});
  ASSERT_TRUE(r.ok()) << r.error().message();
  ASSERT_EQ(r->count, 1);
  EXPECT_EQ(Attr(r->items[0], "SK").scalar(), "EMP#e1");
  ASSERT_TRUE(r->consumed_capacity.has_value());
  EXPECT_EQ(r->consumed_capacity->table_name, "acme-hr");
  EXPECT_EQ(r->consumed_capacity->capacity_units, 0.5);
}

TEST_P(ClientConformance, TransactionIsAllOrNothingWithReasons) {
  ASSERT_TRUE(
      client_->PutItem({.table_name = "acme-hr", .item = Employee("o1", "e1", "a@x")}).ok());
  auto tx = client_->TransactWriteItems(
      {.transact_items = {
           Put{.table_name = "acme-hr", .item = Employee("o1", "e2", "b@x")},
           Put{.table_name = "acme-hr",
               .item = Employee("o1", "e1", "c@x"),
               .condition_expression = "attribute_not_exists(PK)"},
       }});
  ASSERT_FALSE(tx.ok());
  EXPECT_EQ(tx.error().code(), ErrorCode::kTransactionCanceled);
  ASSERT_EQ(tx.error().cancellation_reasons.size(), 2u);
  EXPECT_EQ(tx.error().cancellation_reasons[0].code, "None");
  EXPECT_EQ(tx.error().cancellation_reasons[1].code, "ConditionalCheckFailed");
  auto got = client_->GetItem(
      {.table_name = "acme-hr", .key = {{"PK", S("ORG#o1")}, {"SK", S("EMP#e2")}}});
  ASSERT_TRUE(got.ok());
  EXPECT_FALSE(got->item.has_value()) << "a cancelled transaction wrote its first action";
}

TEST_P(ClientConformance, TransactGetReadsEveryKeyInOrder) {
  ASSERT_TRUE(
      client_->PutItem({.table_name = "acme-hr", .item = Employee("o1", "e1", "a@x")}).ok());
  auto r = client_->TransactGetItems(
      {.transact_items = {
           Get{.table_name = "acme-hr", .key = {{"PK", S("ORG#o1")}, {"SK", S("EMP#none")}}},
           Get{.table_name = "acme-hr", .key = {{"PK", S("ORG#o1")}, {"SK", S("EMP#e1")}}},
       }});
  ASSERT_TRUE(r.ok()) << r.error().message();
  ASSERT_EQ(r->responses.size(), 2u);
  EXPECT_FALSE(r->responses[0].has_value());
  ASSERT_TRUE(r->responses[1].has_value());
  EXPECT_EQ(Attr(*r->responses[1], "GSI1PK").scalar(), "EMAIL#a@x");
}

TEST_P(ClientConformance, BatchWriteThenBatchGet) {
  BatchWriteItemRequest write;
  for (int i = 0; i < 3; ++i)
    write.request_items["acme-hr"].push_back(
        PutRequest{Employee("o1", "e" + std::to_string(i), "x")});
  auto w = client_->BatchWriteItem(write);
  ASSERT_TRUE(w.ok()) << w.error().message();
  EXPECT_TRUE(w->unprocessed_items.empty());
  BatchGetItemRequest read;
  for (int i = 0; i < 3; ++i)
    read.request_items["acme-hr"].keys.push_back(
        {{"PK", S("ORG#o1")}, {"SK", S("EMP#e" + std::to_string(i))}});
  auto r = client_->BatchGetItem(read);
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(r->responses["acme-hr"].size(), 3u);
  EXPECT_TRUE(r->unprocessed_keys.empty());
}

TEST_P(ClientConformance, UnknownTableIsResourceNotFound) {
  auto got = client_->GetItem({.table_name = "nope", .key = {{"PK", S("a")}, {"SK", S("b")}}});
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(got.error().message(), "Requested resource not found");
}

TEST_P(ClientConformance, ShortTableNameIsAModelConstraint) {
  auto got = client_->GetItem({.table_name = "ab", .key = {{"PK", S("a")}, {"SK", S("b")}}});
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(got.error().message(),
            "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: "
            "Member must have length greater than or equal to 3");
}

TEST_P(ClientConformance, TableArnWorksWhereANameDoes) {
  auto described = client_->DescribeTable({.table_name = "acme-hr"});
  ASSERT_TRUE(described.ok());
  const std::string arn = described->table.table_arn;
  EXPECT_EQ(arn, "arn:aws:dynamodb:us-east-1:000000000000:table/acme-hr");
  ASSERT_TRUE(client_->PutItem({.table_name = arn, .item = Employee("o1", "e1", "a@x")}).ok());
  auto got =
      client_->GetItem({.table_name = arn, .key = {{"PK", S("ORG#o1")}, {"SK", S("EMP#e1")}}});
  ASSERT_TRUE(got.ok()) << got.error().message();
  EXPECT_TRUE(got->item.has_value());
}

TEST_P(ClientConformance, DescribeShowsTheSchemaAndCounts) {
  ASSERT_TRUE(
      client_->PutItem({.table_name = "acme-hr", .item = Employee("o1", "e1", "a@x")}).ok());
  auto d = client_->DescribeTable({.table_name = "acme-hr"});
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->table.table_name, "acme-hr");
  EXPECT_EQ(d->table.table_status, TableStatus::kActive);
  EXPECT_EQ(d->table.billing_mode, BillingMode::kPayPerRequest);
  ASSERT_EQ(d->table.key_schema.size(), 2u);
  EXPECT_EQ(d->table.key_schema[1], (KeySchemaElement{"SK", KeyType::kRange}));
  ASSERT_EQ(d->table.global_secondary_indexes.size(), 1u);
  EXPECT_EQ(d->table.global_secondary_indexes[0].index_name, "GSI1");
  auto listed = client_->ListTables({});
  ASSERT_TRUE(listed.ok());
  EXPECT_EQ(listed->table_names, std::vector<std::string>{"acme-hr"});
}

DDB_INSTANTIATE_CLIENT_SUITE(ClientConformance);

}  // namespace client_conformance_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
