// The typed, in-process PartiQL API (Database::ExecuteStatement and friends): the same
// statements and answers as through Call, without JSON.
#include <gtest/gtest.h>

#include "api/partiql_requests.h"
#include "partiql_fixture.h"

namespace ddbemu::partiql_test {
namespace {

class TypedApiTest : public PartiqlFixture {};

api::PartiqlStatement Statement(std::string text, std::vector<AttributeValue> parameters = {}) {
  api::PartiqlStatement s;
  s.statement = std::move(text);
  s.has_parameters = !parameters.empty();
  s.parameters = std::move(parameters);
  return s;
}

TEST_F(TypedApiTest, ExecuteStatementInsertsAndSelectsWithoutJson) {
  api::ExecuteStatementRequest insert;
  insert.statement = Statement("INSERT INTO Music VALUE {'Artist': ?, 'SongTitle': 'T', 'n': 2}",
                               {AttributeValue::S("A")});
  ASSERT_TRUE(db_->ExecuteStatement(insert).ok());
  Result<api::ExecuteStatementResponse> again = db_->ExecuteStatement(insert);
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().short_name(), "DuplicateItemException");

  api::ExecuteStatementRequest select;
  select.statement = Statement("SELECT n FROM Music WHERE Artist = 'A' AND SongTitle = 'T'");
  select.return_consumed_capacity = api::ReturnConsumedCapacity::kTotal;
  Result<api::ExecuteStatementResponse> got = db_->ExecuteStatement(select);
  ASSERT_TRUE(got.ok()) << got.error().message();
  ASSERT_EQ(got->items.size(), 1u);
  EXPECT_EQ(got->items[0], (Item{{"n", AttributeValue::N("2")}}));
  ASSERT_TRUE(got->consumed_capacity);
  EXPECT_EQ(got->consumed_capacity->capacity_units, 0.5);
}

TEST_F(TypedApiTest, BatchAndTransactionRunTyped) {
  api::BatchExecuteStatementRequest batch;
  batch.statements = {Statement("INSERT INTO hash VALUE {'pk': 'x'}"),
                      Statement("UPDATE hash SET v = 1 WHERE pk = 'missing'")};
  Result<api::BatchExecuteStatementResponse> b = db_->BatchExecuteStatement(batch);
  ASSERT_TRUE(b.ok());
  ASSERT_EQ(b->responses.size(), 2u);
  EXPECT_FALSE(b->responses[0].error_code);
  EXPECT_EQ(b->responses[1].error_code, "ConditionalCheckFailed");

  api::ExecuteTransactionRequest tx;
  tx.statements = {Statement("SELECT * FROM hash WHERE pk = 'x'")};
  Result<api::ExecuteTransactionResponse> t = db_->ExecuteTransaction(tx);
  ASSERT_TRUE(t.ok());
  ASSERT_TRUE(t->items);
  EXPECT_EQ(t->items->at(0), (Item{{"pk", AttributeValue::S("x")}}));
}

}  // namespace
}  // namespace ddbemu::partiql_test
