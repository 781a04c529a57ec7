// TransactWriteItems and TransactGetItems through every client: idempotency with
// ClientRequestToken, cancellation reasons with the ALL_OLD items, ConsumedCapacity TOTAL and
// INDEXES, and the service's errors.
#include <gtest/gtest.h>

#include "client_fixture.h"
#include "ddbemu/testing/matchers.h"

using ::ddbemu::testing::Attr;

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace client_transactions_test {

using client_test::N;
using client_test::S;

class TransactConformance : public client_test::ClientTest {
 protected:
  void SetUp() override {
    ClientTest::SetUp();
    auto created = client_->CreateTable({
        .table_name = "accounts",
        .attribute_definitions = {{"id", ScalarAttributeType::kS},
                                  {"owner", ScalarAttributeType::kS}},
        .key_schema = {{"id", KeyType::kHash}},
        .global_secondary_indexes = {{.index_name = "ByOwner",
                                      .key_schema = {{"owner", KeyType::kHash}},
                                      .projection = {ProjectionType::kAll}}},
        .billing_mode = BillingMode::kPayPerRequest,
    });
    ASSERT_TRUE(created.ok()) << created.error().message();
    for (const char* id : {"a", "b"}) {
      ASSERT_TRUE(client_->PutItem({.table_name = "accounts", .item = Account(id, "100")}).ok());
    }
  }
  static Item Account(const std::string& id, const std::string& balance) {
    return {{"id", S(id)}, {"owner", S("o-" + id)}, {"balance", N(balance)}};
  }
  static Item Key(const std::string& id) { return {{"id", S(id)}}; }

  // Moves 30 from a to b, if a has enough.
  static TransactWriteItemsRequest Transfer(std::optional<std::string> token = std::nullopt) {
    return {.transact_items = {Update{.table_name = "accounts",
                                      .key = Key("a"),
                                      .update_expression = "SET balance = balance - :v",
                                      .condition_expression = "balance >= :v",
                                      .expression_attribute_values = {{":v", N("30")}}},
                               Update{.table_name = "accounts",
                                      .key = Key("b"),
                                      .update_expression = "SET balance = balance + :v",
                                      .expression_attribute_values = {{":v", N("30")}}}},
            .client_request_token = std::move(token)};
  }
  std::string Balance(const std::string& id) {
    auto got =
        client_->GetItem({.table_name = "accounts", .key = Key(id), .consistent_read = true});
    EXPECT_TRUE(got.ok());
    return got.ok() && got->item ? Attr(*got->item, "balance").scalar() : "";
  }
};

TEST_P(TransactConformance, ClientRequestTokenMakesTheTransactionIdempotent) {
  ASSERT_TRUE(client_->TransactWriteItems(Transfer("token-1")).ok());
  auto repeated = client_->TransactWriteItems(Transfer("token-1"));
  ASSERT_TRUE(repeated.ok()) << repeated.error().message();
  EXPECT_EQ(Balance("a"), "70") << "the repeated request wrote again";
  EXPECT_EQ(Balance("b"), "130");

  TransactWriteItemsRequest different = Transfer("token-1");
  std::get<Update>(different.transact_items[1]).expression_attribute_values[":v"] = N("31");
  auto mismatch = client_->TransactWriteItems(different);
  ASSERT_FALSE(mismatch.ok());
  EXPECT_EQ(mismatch.error().code(), ErrorCode::kIdempotentParameterMismatch);
  // The message is whatever the engine says (today none), the same on every path.

  AdvanceSeconds(601);  // the token is remembered for 10 minutes
  ASSERT_TRUE(client_->TransactWriteItems(Transfer("token-1")).ok());
  EXPECT_EQ(Balance("a"), "40");
}

TEST_P(TransactConformance, CancellationReasonsCarryTheOldItems) {
  auto tx = client_->TransactWriteItems(
      {.transact_items = {
           ConditionCheck{.table_name = "accounts",
                          .key = Key("a"),
                          .condition_expression = "balance > :big",
                          .expression_attribute_values = {{":big", N("1000")}},
                          .return_values_on_condition_check_failure =
                              ReturnValuesOnConditionCheckFailure::kAllOld},
           Delete{.table_name = "accounts", .key = Key("b")},
           Put{.table_name = "accounts",
               .item = Account("c", "5"),
               .condition_expression = "attribute_exists(id)",
               .return_values_on_condition_check_failure =
                   ReturnValuesOnConditionCheckFailure::kAllOld},
       }});
  ASSERT_FALSE(tx.ok());
  EXPECT_EQ(tx.error().code(), ErrorCode::kTransactionCanceled);
  EXPECT_EQ(tx.error().message(),
            "Transaction cancelled, please refer cancellation reasons for specific reasons "
            "[ConditionalCheckFailed, None, ConditionalCheckFailed]");
  const auto& reasons = tx.error().cancellation_reasons;
  ASSERT_EQ(reasons.size(), 3u);
  EXPECT_EQ(reasons[0].code, "ConditionalCheckFailed");
  EXPECT_EQ(reasons[0].message, "The conditional request failed.");
  ASSERT_NE(reasons[0].item, nullptr);
  EXPECT_EQ(reasons[0].item->map(), Account("a", "100"));
  EXPECT_EQ(reasons[1].code, "None");
  EXPECT_EQ(reasons[1].message, "");
  EXPECT_EQ(reasons[1].item, nullptr);
  EXPECT_EQ(reasons[2].code, "ConditionalCheckFailed");
  EXPECT_EQ(reasons[2].item, nullptr) << "no old item to return";
  EXPECT_EQ(Balance("b"), "100");
}

TEST_P(TransactConformance, ConsumedCapacityOfTransactions) {
  TransactWriteItemsRequest transfer = Transfer();
  transfer.return_consumed_capacity = ReturnConsumedCapacity::kTotal;
  auto w = client_->TransactWriteItems(transfer);
  ASSERT_TRUE(w.ok()) << w.error().message();
  // Transactional writes cost twice on the table (2 WCU per item); the ALL-projected GSI
  // rewrites each item's entry (1 WCU each).
  EXPECT_EQ(w->consumed_capacity,
            (std::vector<ConsumedCapacity>{
                {.table_name = "accounts", .capacity_units = 6, .write_capacity_units = 6}}));
  transfer.return_consumed_capacity = ReturnConsumedCapacity::kIndexes;
  w = client_->TransactWriteItems(transfer);
  ASSERT_TRUE(w.ok()) << w.error().message();
  EXPECT_EQ(w->consumed_capacity,
            (std::vector<ConsumedCapacity>{
                {.table_name = "accounts",
                 .capacity_units = 6,
                 .write_capacity_units = 6,
                 .table = Capacity{4, std::nullopt, 4},
                 .global_secondary_indexes = {{"ByOwner", Capacity{2, std::nullopt, 2}}}}}));

  auto g =
      client_->TransactGetItems({.transact_items = {Get{.table_name = "accounts", .key = Key("a")},
                                                    Get{.table_name = "accounts", .key = Key("z")}},
                                 .return_consumed_capacity = ReturnConsumedCapacity::kIndexes});
  ASSERT_TRUE(g.ok()) << g.error().message();
  ASSERT_EQ(g->responses.size(), 2u);
  EXPECT_EQ(g->responses[0], Account("a", "40"));
  EXPECT_FALSE(g->responses[1].has_value());
  EXPECT_EQ(g->consumed_capacity, (std::vector<ConsumedCapacity>{{.table_name = "accounts",
                                                                  .capacity_units = 4,
                                                                  .read_capacity_units = 4,
                                                                  .table = Capacity{4}}}));
}

TEST_P(TransactConformance, TransactGetWithTotalCapacity) {
  auto g =
      client_->TransactGetItems({.transact_items = {Get{.table_name = "accounts", .key = Key("a")}},
                                 .return_consumed_capacity = ReturnConsumedCapacity::kTotal});
  ASSERT_TRUE(g.ok()) << g.error().message();
  EXPECT_EQ(g->consumed_capacity,
            (std::vector<ConsumedCapacity>{
                {.table_name = "accounts", .capacity_units = 2, .read_capacity_units = 2}}));
}

TEST_P(TransactConformance, TransactGetWithAProjection) {
  auto g = client_->TransactGetItems(
      {.transact_items = {Get{.table_name = "accounts",
                              .key = Key("b"),
                              .projection_expression = "#b",
                              .expression_attribute_names = {{"#b", "balance"}}}}});
  ASSERT_TRUE(g.ok()) << g.error().message();
  EXPECT_EQ(g->responses[0], (Item{{"balance", N("100")}}));
}

TEST_P(TransactConformance, TwoActionsOnOneItemAreAValidationError) {
  auto tx = client_->TransactWriteItems(
      {.transact_items = {Delete{.table_name = "accounts", .key = Key("a")},
                          Put{.table_name = "accounts", .item = Account("a", "1")}}});
  ASSERT_FALSE(tx.ok());
  EXPECT_EQ(tx.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(tx.error().message(),
            "Transaction request cannot include multiple operations on one item");
}

TEST_P(TransactConformance, AnInvalidValueIsReportedAsACancellation) {
  Item bad = Account("c", "1");
  bad["tags"] = AttributeValue::SS({});
  auto tx = client_->TransactWriteItems(
      {.transact_items = {Delete{.table_name = "accounts", .key = Key("a")},
                          Put{.table_name = "accounts", .item = bad}}});
  ASSERT_FALSE(tx.ok());
  EXPECT_EQ(tx.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(tx.error().message(),
            "One or more parameter values were invalid: An string set  may not be empty");
}

TEST_P(TransactConformance, TooLongClientRequestTokenIsAModelConstraint) {
  auto tx = client_->TransactWriteItems(Transfer(std::string(37, 't')));
  ASSERT_FALSE(tx.ok());
  EXPECT_EQ(tx.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(tx.error().message(),
            "1 validation error detected: Value '" + std::string(37, 't') +
                "' at 'clientRequestToken' failed to satisfy constraint: Member must have length "
                "less than or equal to 36");
}

TEST_P(TransactConformance, EmptyClientRequestTokenIsAModelConstraint) {
  auto tx = client_->TransactWriteItems(Transfer(""));
  ASSERT_FALSE(tx.ok());
  EXPECT_EQ(tx.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(tx.error().message(),
            "1 validation error detected: Value '' at 'clientRequestToken' failed to satisfy "
            "constraint: Member must have length greater than or equal to 1");
}

TEST_P(TransactConformance, EmptyTransactionsAreAModelConstraint) {
  auto write = client_->TransactWriteItems({});
  ASSERT_FALSE(write.ok());
  EXPECT_EQ(write.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(write.error().message(),
            "1 validation error detected: Value '[]' at 'transactItems' failed to satisfy "
            "constraint: Member must have length greater than or equal to 1");
  auto get = client_->TransactGetItems({});
  ASSERT_FALSE(get.ok());
  EXPECT_EQ(get.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(get.error().message(),
            "1 validation error detected: Value '[]' at 'transactItems' failed to satisfy "
            "constraint: Member must have length greater than or equal to 1");
}

DDB_INSTANTIATE_CLIENT_SUITE(TransactConformance);

}  // namespace client_transactions_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
