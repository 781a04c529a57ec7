// The macros and matchers users get (ddbemu/testing/matchers.h), on the answers of a real
// embedded client: each matches what it should, refuses what it should not, and explains a
// mismatch in DynamoDB's terms.
#include "ddbemu/testing/matchers.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "ddbemu/testing/gtest.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace matchers_test {

using ::testing::HasSubstr;
using ::testing::Not;

CreateTableRequest Orders() {
  CreateTableRequest table;
  table.table_name = "orders";
  table.billing_mode = BillingMode::kPayPerRequest;
  table.attribute_definitions = {{"pk", ScalarAttributeType::kS}};
  table.key_schema = {{"pk", KeyType::kHash}};
  return table;
}

// What `matcher` says about `value` when it does not match.
template <class M, class T>
std::string Explain(const M& matcher, const T& value) {
  ::testing::StringMatchResultListener listener;
  EXPECT_FALSE(::testing::ExplainMatchResult(matcher, value, &listener));
  return listener.str();
}

class MatchersTest : public DatabaseTest {};

TEST_F(MatchersTest, OkAndAssignOnRealAnswers) {
  EXPECT_OK(client().CreateTable(Orders()));
  PutItemRequest put;
  put.table_name = "orders";
  put.item = {{"pk", AttributeValue::S("a")}, {"n", AttributeValue::N(3)}};
  ASSERT_OK(client().PutItem(put));

  GetItemRequest get;
  get.table_name = "orders";
  get.key = {{"pk", AttributeValue::S("a")}};
  ASSERT_OK_AND_ASSIGN(const GetItemResponse got, client().GetItem(get));
  ASSERT_TRUE(got.item.has_value());
  EXPECT_THAT(*got.item, HasAttributes({{"pk", AttributeValue::S("a")}}));
  EXPECT_THAT(*got.item, HasAttribute("n", AttributeValue::N(3)));
  EXPECT_THAT(*got.item, HasAttribute("n"));
  EXPECT_THAT(*got.item, Not(HasAttribute("missing")));
  EXPECT_THAT(*got.item, Not(HasAttributes({{"n", AttributeValue::N(4)}})));
}

TEST_F(MatchersTest, ErrorsByCodeAndMessage) {
  EXPECT_OK(client().CreateTable(Orders()));
  const auto again = client().CreateTable(Orders());
  EXPECT_THAT(again, IsApiError(ErrorCode::kResourceInUse));
  EXPECT_THAT(again, IsApiError(ErrorCode::kResourceInUse, HasSubstr("orders")));
  EXPECT_THAT(again, Not(IsApiError(ErrorCode::kValidation)));
  EXPECT_THAT(again, Not(IsOk()));

  GetItemRequest get;
  get.table_name = "orders";
  get.key = {{"wrong", AttributeValue::S("a")}};
  EXPECT_THAT(
      client().GetItem(get),
      IsApiError(ErrorCode::kValidation, "The provided key element does not match the schema"));
  EXPECT_THAT(ApiError::Validation("x"), IsApiError(ErrorCode::kValidation, "x"));
}

TEST(Matchers, MismatchesAreExplained) {
  const Result<int> failed = ApiError::ResourceNotFound("Requested resource not found");
  // The failed value prints itself ("ResourceNotFoundException: Requested resource not found").
  EXPECT_EQ(::testing::PrintToString(failed),
            "ResourceNotFoundException: Requested resource not found");
  EXPECT_EQ(Explain(IsOk(), failed), "");
  EXPECT_EQ(Explain(IsApiError(ErrorCode::kValidation), Result<int>(1)), "");
  EXPECT_EQ(::testing::DescribeMatcher<Status>(IsApiError(ErrorCode::kValidation, "m")),
            "is ValidationException with a message that is equal to \"m\"");

  const Item item = {{"pk", AttributeValue::S("a")}, {"n", AttributeValue::N(1)}};
  EXPECT_EQ(Explain(HasAttributes({{"x", AttributeValue::S("a")}}), item),
            "which has no attribute \"x\"");
  EXPECT_EQ(Explain(HasAttributes({{"n", AttributeValue::N(2)}}), item),
            "whose \"n\" is {\"N\":\"1\"}");
  EXPECT_EQ(Explain(HasAttribute("n", AttributeValue::N(2)), item), "whose \"n\" is {\"N\":\"1\"}");
}

}  // namespace matchers_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
