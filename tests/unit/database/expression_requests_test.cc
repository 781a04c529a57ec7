// Request-level behaviour of the expression parameters through Database::Call, as the
// differential cases (tests/differential/cases/condition_*.json, update_*.json, legacy_*.json)
// found it: how a bad ExpressionAttributeValues value is reported, members an operation does not
// have, the order of the legacy/expression mixing message, an empty AttributeUpdates, and the
// error of an inexact arithmetic result.
#include <gtest/gtest.h>

#include "database_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace expression_requests_test {

class ExpressionRequestsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = OpenInMemory();
    ASSERT_EQ(db_->Call("CreateTable", kHashRangeTable).http_status, 200);
    ASSERT_EQ(
        Call("PutItem",
             R"j({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"v":{"N":"5"}}})j")
            .http_status,
        200);
  }
  Response Call(const char* op, const std::string& body) { return db_->Call(op, body); }
  ErrorOf ErrorFrom(const char* op, const std::string& body) {
    Response r = Call(op, body);
    EXPECT_EQ(r.http_status, 400) << r.body;
    return ParseError(r);
  }
  std::unique_ptr<Database> db_;
};

TEST_F(ExpressionRequestsTest, AnInvalidExpressionValueIsFramedWithItsKey) {
  // dynalite's updateItem tests against AWS; DynamoDB Local frames them the same way.
  ErrorOf e = ErrorFrom("PutItem", R"j({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},
      "ConditionExpression":"v = :v","ExpressionAttributeValues":{":v":{"SS":[]}}})j");
  EXPECT_EQ(e.type, "ValidationException");
  EXPECT_EQ(e.message,
            "ExpressionAttributeValues contains invalid value: One or more parameter values were "
            "invalid: An string set  may not be empty for key :v");
  e = ErrorFrom("UpdateItem", R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},
      "UpdateExpression":"SET v = :v","ExpressionAttributeValues":{":v":{"N":"one"}}})j");
  EXPECT_EQ(e.message,
            "ExpressionAttributeValues contains invalid value: The parameter cannot be converted "
            "to a numeric value: one for key :v");
  e = ErrorFrom("Query", R"j({"TableName":"items","KeyConditionExpression":"pk = :p",
      "ExpressionAttributeValues":{":p":{"S":"a","N":"1"}}})j");
  EXPECT_EQ(e.message,
            "ExpressionAttributeValues contains invalid value: Supplied AttributeValue has more "
            "than one datatypes set, must contain exactly one of the supported datatypes for key "
            ":p");
  // A value of the wrong JSON type is still a SerializationException, not framed.
  e = ErrorFrom("PutItem", R"j({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},
      "ConditionExpression":"v = :v","ExpressionAttributeValues":{":v":{"N":5}}})j");
  EXPECT_EQ(e.type, "SerializationException");
}

TEST_F(ExpressionRequestsTest, MembersAnOperationDoesNotHaveAreIgnored) {
  // GetItem has no ExpressionAttributeValues, Expected or ConditionExpression; PutItem has no
  // AttributesToGet (botocore's service model). The service ignores them, as DynamoDB Local does.
  Response r = Call("GetItem", R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},
      "ProjectionExpression":"v","ExpressionAttributeValues":{":bad":{"SS":[]}},
      "Expected":{"v":{"Exists":false}},"ConditionExpression":"x = y"})j");
  ASSERT_EQ(r.http_status, 200) << r.body;
  EXPECT_STREQ(ParseJson(r.body)["Item"]["v"]["N"].GetString(), "5");
  r = Call("PutItem", R"j({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"v":{"N":"6"}},
      "AttributesToGet":["v"],"ConditionExpression":"attribute_exists(v)"})j");
  EXPECT_EQ(r.http_status, 200) << r.body;
}

TEST_F(ExpressionRequestsTest, MixingNamesTheParametersInTheServicesOrder) {
  ErrorOf e =
      ErrorFrom("UpdateItem", R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},
      "ConditionalOperator":"AND","Expected":{"v":{"Exists":false}},
      "AttributeUpdates":{"v":{"Action":"DELETE"}},"ConditionExpression":"v = w",
      "UpdateExpression":"SET v = w"})j");
  EXPECT_EQ(e.message,
            "Can not use both expression and non-expression parameters in the same request: "
            "Non-expression parameters: {AttributeUpdates, Expected, ConditionalOperator} "
            "Expression parameters: {UpdateExpression, ConditionExpression}");
}

TEST_F(ExpressionRequestsTest, AnEmptyAttributeUpdatesCreatesTheItemWithItsKey) {
  // ScyllaDB Alternator's test_returnvalues.py (against AWS): ALL_NEW returns the key.
  Response r = Call("UpdateItem", R"j({"TableName":"items","Key":{"pk":{"S":"new"},"sk":{"N":"2"}},
      "AttributeUpdates":{},"ReturnValues":"ALL_NEW"})j");
  ASSERT_EQ(r.http_status, 200) << r.body;
  EXPECT_EQ(r.body, R"({"Attributes":{"pk":{"S":"new"},"sk":{"N":"2"}}})");
  // An update that only deletes still creates nothing.
  r = Call("UpdateItem", R"j({"TableName":"items","Key":{"pk":{"S":"ghost"},"sk":{"N":"2"}},
      "AttributeUpdates":{"x":{"Action":"DELETE"}},"ReturnValues":"ALL_NEW"})j");
  ASSERT_EQ(r.http_status, 200) << r.body;
  EXPECT_EQ(r.body, "{}");
  r = Call("GetItem", R"j({"TableName":"items","Key":{"pk":{"S":"ghost"},"sk":{"N":"2"}}})j");
  EXPECT_EQ(r.body, "{}");
}

TEST_F(ExpressionRequestsTest, AnInexactArithmeticResultIsAnOverflow) {
  // Alternator's test_number.py::test_update_expression_plus_imprecise: 1e50 + 1.
  const std::string overflow =
      "Number overflow. Attempting to store a number with magnitude larger than supported range";
  ErrorOf e =
      ErrorFrom("UpdateItem", R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},
      "UpdateExpression":"SET w = :x + :y","ExpressionAttributeValues":{":x":{"N":"1E+50"},":y":{"N":"1"}}})j");
  EXPECT_EQ(e.message, overflow);
  e = ErrorFrom("UpdateItem", R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},
      "UpdateExpression":"ADD v :x","ExpressionAttributeValues":{":x":{"N":"1E+40"}}})j");
  EXPECT_EQ(e.message, overflow);
  Response r = Call("UpdateItem", R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},
      "UpdateExpression":"SET w = :x - :y","ExpressionAttributeValues":{":x":{"N":"1.50"},":y":{"N":"0.50"}},
      "ReturnValues":"UPDATED_NEW"})j");
  EXPECT_EQ(r.body, R"({"Attributes":{"w":{"N":"1"}}})");  // trailing zeros trimmed
}

}  // namespace expression_requests_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
