// Conditional writes, UpdateItem, ReturnValues and projections through Database::Call.
#include <gtest/gtest.h>

#include "database_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace conditional_writes_test {

class ConditionalWritesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = OpenInMemory();
    ASSERT_EQ(db_->Call("CreateTable", kHashRangeTable).http_status, 200);
    ASSERT_EQ(
        Call(
            "PutItem",
            R"j({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"v":{"N":"5"},"tags":{"SS":["x","y"]},"m":{"M":{"n":{"L":[{"S":"p"},{"S":"q"}]}}}}})j")
            .http_status,
        200);
  }
  Response Call(const char* op, const std::string& body) { return db_->Call(op, body); }
  rapidjson::Document Get() {
    return ParseJson(
        Call(
            "GetItem",
            R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"ConsistentRead":true})j")
            .body);
  }
  std::unique_ptr<Database> db_;
};

TEST_F(ConditionalWritesTest, PutWithAFailingConditionChangesNothing) {
  Response r = Call(
      "PutItem",
      R"j({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"ConditionExpression":"attribute_not_exists(pk)"})j");
  EXPECT_EQ(r.http_status, 400);
  ErrorOf error = ParseError(r);
  EXPECT_EQ(error.type, "ConditionalCheckFailedException");
  EXPECT_EQ(error.message, "The conditional request failed");
  EXPECT_FALSE(ParseJson(r.body).HasMember("Item"));
  EXPECT_STREQ(Get()["Item"]["v"]["N"].GetString(), "5");
}

TEST_F(ConditionalWritesTest, ConditionFailureReturnsTheItemWhenAskedWithAllOld) {
  Response r = Call(
      "DeleteItem",
      R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"ConditionExpression":"v > :min","ExpressionAttributeValues":{":min":{"N":"10"}},"ReturnValuesOnConditionCheckFailure":"ALL_OLD"})j");
  ASSERT_EQ(ParseError(r).type, "ConditionalCheckFailedException");
  EXPECT_STREQ(ParseJson(r.body)["Item"]["v"]["N"].GetString(), "5");
  EXPECT_TRUE(Get().HasMember("Item"));
}

TEST_F(ConditionalWritesTest, PutWithAHoldingConditionWrites) {
  Response r = Call(
      "PutItem",
      R"j({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"v":{"N":"6"}},"ConditionExpression":"v = :five AND contains(tags, :x)","ExpressionAttributeValues":{":five":{"N":"5.0"},":x":{"S":"x"}}})j");
  EXPECT_EQ(r.http_status, 200) << r.body;
  EXPECT_STREQ(Get()["Item"]["v"]["N"].GetString(), "6");
}

TEST_F(ConditionalWritesTest, UpdateSetsAddsRemovesAndDeletesExactly) {
  Response r = Call("UpdateItem", R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},
      "UpdateExpression":"SET m.n[5] = :z, #c = if_not_exists(#c, :zero) + :one ADD v :big DELETE tags :x REMOVE m.n[0]",
      "ExpressionAttributeNames":{"#c":"count"},
      "ExpressionAttributeValues":{":z":{"S":"z"},":zero":{"N":"0"},":one":{"N":"1"},":big":{"N":"12345678901234567890123456789012345678"},":x":{"SS":["x"]}},
      "ReturnValues":"ALL_NEW"})j");
  ASSERT_EQ(r.http_status, 200) << r.body;
  rapidjson::Document doc = ParseJson(r.body);
  const auto& item = doc["Attributes"];
  EXPECT_STREQ(item["v"]["N"].GetString(), "12345678901234567890123456789012345683");
  EXPECT_STREQ(item["count"]["N"].GetString(), "1");
  ASSERT_EQ(item["tags"]["SS"].Size(), 1u);
  EXPECT_STREQ(item["tags"]["SS"][0].GetString(), "y");
  ASSERT_EQ(item["m"]["M"]["n"]["L"].Size(), 2u);  // "p" removed, "z" appended after "q"
  EXPECT_STREQ(item["m"]["M"]["n"]["L"][0]["S"].GetString(), "q");
  EXPECT_STREQ(item["m"]["M"]["n"]["L"][1]["S"].GetString(), "z");
}

TEST_F(ConditionalWritesTest, UpdatedOldAndUpdatedNewReturnOnlyTheUpdatedParts) {
  Response r = Call(
      "UpdateItem",
      R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"UpdateExpression":"SET v = v + :d","ExpressionAttributeValues":{":d":{"N":"2"}},"ReturnValues":"UPDATED_OLD"})j");
  ASSERT_EQ(r.http_status, 200) << r.body;
  rapidjson::Document doc = ParseJson(r.body);
  EXPECT_EQ(doc["Attributes"].MemberCount(), 1u);
  EXPECT_STREQ(doc["Attributes"]["v"]["N"].GetString(), "5");
  r = Call(
      "UpdateItem",
      R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"UpdateExpression":"SET v = v + :d","ExpressionAttributeValues":{":d":{"N":"2"}},"ReturnValues":"UPDATED_NEW"})j");
  EXPECT_STREQ(ParseJson(r.body)["Attributes"]["v"]["N"].GetString(), "9");
}

TEST_F(ConditionalWritesTest, UpdateOfAMissingItemCreatesIt) {
  Response r = Call(
      "UpdateItem",
      R"j({"TableName":"items","Key":{"pk":{"S":"new"},"sk":{"N":"2"}},"UpdateExpression":"SET a = :a","ExpressionAttributeValues":{":a":{"S":"x"}},"ReturnValues":"ALL_OLD"})j");
  ASSERT_EQ(r.http_status, 200) << r.body;
  EXPECT_EQ(r.body, "{}");
  Response got =
      Call("GetItem", R"j({"TableName":"items","Key":{"pk":{"S":"new"},"sk":{"N":"2"}}})j");
  EXPECT_STREQ(ParseJson(got.body)["Item"]["a"]["S"].GetString(), "x");
}

TEST_F(ConditionalWritesTest, UpdatingAKeyAttributeIsRefused) {
  Response r = Call(
      "UpdateItem",
      R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"UpdateExpression":"SET pk = :a","ExpressionAttributeValues":{":a":{"S":"x"}}})j");
  ErrorOf error = ParseError(r);
  EXPECT_EQ(error.type, "ValidationException");
  EXPECT_EQ(error.message,
            "One or more parameter values were invalid: Cannot update attribute pk. This attribute "
            "is part of the key");
}

TEST_F(ConditionalWritesTest, ProjectionKeepsNestedStructure) {
  Response r = Call(
      "GetItem",
      R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"ProjectionExpression":"m.n[1], #v","ExpressionAttributeNames":{"#v":"v"}})j");
  ASSERT_EQ(r.http_status, 200) << r.body;
  rapidjson::Document doc = ParseJson(r.body);
  EXPECT_EQ(doc["Item"].MemberCount(), 2u);
  ASSERT_EQ(doc["Item"]["m"]["M"]["n"]["L"].Size(), 1u);
  EXPECT_STREQ(doc["Item"]["m"]["M"]["n"]["L"][0]["S"].GetString(), "q");
}

TEST_F(ConditionalWritesTest, LegacyExpectedAttributeUpdatesAndAttributesToGetWork) {
  Response r = Call("UpdateItem", R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},
      "AttributeUpdates":{"v":{"Action":"ADD","Value":{"N":"1"}},"w":{"Action":"PUT","Value":{"S":"w"}}},
      "Expected":{"v":{"Value":{"N":"5"}}}})j");
  ASSERT_EQ(r.http_status, 200) << r.body;
  r = Call(
      "GetItem",
      R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"AttributesToGet":["v","w"]})j");
  rapidjson::Document doc = ParseJson(r.body);
  EXPECT_EQ(doc["Item"].MemberCount(), 2u);
  EXPECT_STREQ(doc["Item"]["v"]["N"].GetString(), "6");
  EXPECT_STREQ(doc["Item"]["w"]["S"].GetString(), "w");
  r = Call(
      "PutItem",
      R"j({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"Expected":{"v":{"Exists":false}}})j");
  EXPECT_EQ(ParseError(r).type, "ConditionalCheckFailedException");
}

struct MessageCase {
  const char* name;
  const char* operation;
  const char* body;
  const char* message;
};

class ExpressionErrorsTest : public ConditionalWritesTest,
                             public ::testing::WithParamInterface<MessageCase> {};

TEST_P(ExpressionErrorsTest, AreValidationExceptionsThatChangeNothing) {
  Response r = Call(GetParam().operation, GetParam().body);
  ErrorOf error = ParseError(r);
  EXPECT_EQ(error.type, "ValidationException") << r.body;
  EXPECT_EQ(error.message, GetParam().message);
  EXPECT_STREQ(Get()["Item"]["v"]["N"].GetString(), "5");
}

INSTANTIATE_TEST_SUITE_P(
    Cases, ExpressionErrorsTest,
    ::testing::Values(
        MessageCase{
            "NamesWithoutExpressions", "PutItem",
            R"j({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"ExpressionAttributeNames":{"#a":"x"}})j",
            "ExpressionAttributeNames can only be specified when using expressions"},
        MessageCase{
            "ValuesWithoutExpressions", "PutItem",
            R"j({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"ExpressionAttributeValues":{":a":{"S":"x"}}})j",
            "ExpressionAttributeValues can only be specified when using expressions: "
            "ConditionExpression is null"},
        MessageCase{
            "EmptyNames", "DeleteItem",
            R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"ConditionExpression":"a = b","ExpressionAttributeNames":{}})j",
            "ExpressionAttributeNames must not be empty"},
        MessageCase{
            "UnusedValue", "UpdateItem",
            R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"UpdateExpression":"SET v = :a","ExpressionAttributeValues":{":a":{"N":"1"},":b":{"N":"2"}}})j",
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {:b}"},
        MessageCase{
            "UndefinedValue", "UpdateItem",
            R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"UpdateExpression":"SET v = :nope"})j",
            "Invalid UpdateExpression: An expression attribute value used in expression is "
            "not defined; attribute value: :nope"},
        MessageCase{
            "ReservedWord", "PutItem",
            R"j({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"ConditionExpression":"attribute_exists(name)"})j",
            "Invalid ConditionExpression: Attribute name is a reserved keyword; reserved "
            "keyword: name"},
        MessageCase{
            "AddToAString", "UpdateItem",
            R"j({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"UpdateExpression":"ADD v :s","ExpressionAttributeValues":{":s":{"S":"x"}}})j",
            "Invalid UpdateExpression: Incorrect operand type for operator or function; "
            "operator: ADD, operand type: STRING, typeSet: ALLOWED_FOR_ADD_OPERAND"},
        MessageCase{
            "ConditionalOperatorAlone", "PutItem",
            R"j({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"ConditionalOperator":"OR"})j",
            "ConditionalOperator cannot be used without Filter or Expected"}),
    [](const auto& info) { return std::string(info.param.name); });

}  // namespace conditional_writes_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
