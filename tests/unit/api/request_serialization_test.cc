// The deserialization stage of the generic request validation: JSON type mismatches are
// SerializationExceptions worded as AWS words them today (dynalite's test/helpers.js
// assertType tables, recorded against AWS; also asserted by moto and dynoxide). DynamoDB
// Local answers most of these with InternalFailure instead: AWS wins.
#include "request_validator_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace request_serialization_test {

constexpr const char* kParameterizedCast =
    "class sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl cannot be cast to class "
    "java.lang.Class (sun.reflect.generics.reflectiveObjects.ParameterizedTypeImpl and "
    "java.lang.Class are in module java.base of loader 'bootstrap')";

class RequestSerializationTest : public ::testing::TestWithParam<ValidationCase> {};

TEST_P(RequestSerializationTest, AnswersLikeTheService) { ExpectAnswer(GetParam()); }

INSTANTIATE_TEST_SUITE_P(
    StringMember, RequestSerializationTest,
    ::testing::Values(
        BadType("Integer", "GetItem", R"({"TableName": 23})",
                "NUMBER_VALUE cannot be converted to String"),
        BadType("BigInteger", "GetItem", R"({"TableName": 2147483648})",
                "NUMBER_VALUE cannot be converted to String"),
        BadType("Decimal", "GetItem", R"({"TableName": 34.56})",
                "DECIMAL_VALUE cannot be converted to String"),
        BadType("True", "GetItem", R"({"TableName": true})",
                "TRUE_VALUE cannot be converted to String"),
        BadType("False", "PutItem", R"({"TableName": false})",
                "FALSE_VALUE cannot be converted to String"),
        BadType("List", "GetItem", R"({"TableName": []})",
                "Unrecognized collection type class java.lang.String"),
        BadType("Object", "GetItem", R"({"TableName": {}})",
                "Start of structure or map found where not expected"),
        BadType("ListElement", "GetItem", R"({"AttributesToGet": ["a", 5]})",
                "NUMBER_VALUE cannot be converted to String"),
        BadType("MapValue", "GetItem", R"({"ExpressionAttributeNames": {"#a": true}})",
                "TRUE_VALUE cannot be converted to String"),
        BadType("DeepInList", "CreateTable",
                R"({"TableName": "abc", "KeySchema": [{"AttributeName": "a", "KeyType": 1}]})",
                "NUMBER_VALUE cannot be converted to String")),
    CaseName);

INSTANTIATE_TEST_SUITE_P(
    ScalarMembers, RequestSerializationTest,
    ::testing::Values(BadType("BooleanGivenString", "GetItem", R"({"ConsistentRead": "23"})",
                              "Unexpected token received from parser"),
                      BadType("BooleanGivenInteger", "GetItem", R"({"ConsistentRead": 23})",
                              "NUMBER_VALUE cannot be converted to Boolean"),
                      BadType("BooleanGivenDecimal", "Query", R"({"ScanIndexForward": 34.56})",
                              "DECIMAL_VALUE cannot be converted to Boolean"),
                      BadType("BooleanGivenList", "GetItem", R"({"ConsistentRead": []})",
                              "Unrecognized collection type class java.lang.Boolean"),
                      BadType("BooleanGivenObject", "GetItem", R"({"ConsistentRead": {}})",
                              "Start of structure or map found where not expected"),
                      BadType("IntegerGivenString", "ListTables", R"({"Limit": "23"})",
                              "STRING_VALUE cannot be converted to Integer"),
                      BadType("IntegerGivenTrue", "Scan", R"({"Segment": true})",
                              "TRUE_VALUE cannot be converted to Integer"),
                      BadType("IntegerGivenList", "Query", R"({"Limit": []})",
                              "Unrecognized collection type class java.lang.Integer"),
                      BadType("LongGivenString", "CreateTable",
                              R"({"ProvisionedThroughput": {"WriteCapacityUnits": "23"}})",
                              "STRING_VALUE cannot be converted to Long"),
                      BadType("LongGivenFalse", "UpdateTable",
                              R"({"ProvisionedThroughput": {"ReadCapacityUnits": false}})",
                              "FALSE_VALUE cannot be converted to Long"),
                      BadType("LongGivenObject", "CreateTable",
                              R"({"ProvisionedThroughput": {"ReadCapacityUnits": {}}})",
                              "Start of structure or map found where not expected"),
                      Ok("DecimalForIntegerIsAccepted", "ListTables", R"({"Limit": 5.5})")),
    CaseName);

INSTANTIATE_TEST_SUITE_P(
    Containers, RequestSerializationTest,
    ::testing::Values(
        BadType("ListGivenString", "GetItem", R"({"AttributesToGet": "23"})",
                "Unexpected field type"),
        BadType("ListGivenNumber", "CreateTable", R"({"KeySchema": 23})", "Unexpected field type"),
        BadType("ListGivenObject", "CreateTable", R"({"AttributeDefinitions": {}})",
                "Start of structure or map found where not expected"),
        BadType("MapGivenString", "GetItem", R"({"Key": "23"})", "Unexpected field type"),
        BadType("AttributeMapGivenList", "GetItem", R"({"Key": []})",
                "Unrecognized collection type java.util.Map<java.lang.String, "
                "com.amazonaws.dynamodb.v20120810.AttributeValue>"),
        BadType("StringMapGivenList", "Query", R"({"ExpressionAttributeNames": []})",
                "Unrecognized collection type java.util.Map<java.lang.String, java.lang.String>"),
        BadType("ListMapGivenList", "BatchWriteItem", R"({"RequestItems": []})",
                "Unrecognized collection type java.util.Map<java.lang.String, "
                "java.util.List<com.amazonaws.dynamodb.v20120810.WriteRequest>>"),
        BadType("ListAsMapValueGivenScalar", "BatchWriteItem", R"({"RequestItems": {"abc": "23"}})",
                kParameterizedCast),
        BadType("ListAsMapValueGivenObject", "BatchWriteItem", R"({"RequestItems": {"abc": {}}})",
                "Start of structure or map found where not expected"),
        BadType("MapAsListElementGivenScalar", "BatchGetItem",
                R"({"RequestItems": {"abc": {"Keys": [1]}}})", kParameterizedCast),
        BadType("StructureMemberGivenScalar", "CreateTable", R"({"ProvisionedThroughput": 23})",
                "Unexpected field type"),
        BadType("StructureMemberGivenList", "CreateTable", R"({"ProvisionedThroughput": []})",
                "Unrecognized collection type class "
                "com.amazonaws.dynamodb.v20120810.ProvisionedThroughput"),
        BadType("StructureElementGivenScalar", "CreateTable", R"({"KeySchema": ["23"]})",
                "Unexpected value type in payload"),
        BadType("StructureElementGivenList", "CreateTable", R"({"AttributeDefinitions": [[]]})",
                "Unrecognized collection type class "
                "com.amazonaws.dynamodb.v20120810.AttributeDefinition"),
        BadType("WriteRequestGivenList", "BatchWriteItem", R"({"RequestItems": {"abc": [[]]}})",
                "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.WriteRequest"),
        BadType("DeleteRequestGivenNumber", "BatchWriteItem",
                R"({"RequestItems": {"abc": [{"DeleteRequest": 5}]}})", "Unexpected field type")),
    CaseName);

// AttributeValue positions are opaque: they must be objects, the codec checks the rest.
INSTANTIATE_TEST_SUITE_P(
    AttributeValues, RequestSerializationTest,
    ::testing::Values(
        BadType("KeyValueGivenString", "GetItem", R"({"Key": {"a": "23"}})",
                "Unexpected value type in payload"),
        BadType("ItemValueGivenNumber", "PutItem", R"({"Item": {"a": 23}})",
                "Unexpected value type in payload"),
        BadType(
            "KeyValueGivenList", "DeleteItem", R"({"Key": {"a": []}})",
            "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.AttributeValue"),
        BadType("ExpectedValueIsAField", "PutItem", R"({"Expected": {"a": {"Value": "x"}}})",
                "Unexpected field type"),
        BadType(
            "AttributeValueListElement", "Query",
            R"({"KeyConditions": {"a": {"ComparisonOperator": "EQ", "AttributeValueList": [true]}}})",
            "Unexpected value type in payload"),
        Ok("ContentsAreLeftToTheCodec", "GetItem",
           R"({"TableName": "abc", "Key": {"a": {"S": 5, "Q": []}}})")),
    CaseName);

INSTANTIATE_TEST_SUITE_P(
    Body, RequestSerializationTest,
    ::testing::Values(
        BadType("Array", "GetItem", "[]",
                "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.GetItemInput"),
        BadType("String", "ListTables", R"("abc")", "Unexpected value type in payload"),
        BadType("Number", "ListTables", "1", "Unexpected value type in payload"),
        // A null body is not an empty input: no operation answers it with 200 (issue 13).
        BadType("NullIsNotAnInput", "ListTables", "null", "Unexpected value type in payload"),
        BadType("NullIsNotAnInputForGetItem", "GetItem", "null",
                "Unexpected value type in payload"),
        BadType("NullIsNotAnInputForDescribeLimits", "DescribeLimits", "null",
                "Unexpected value type in payload"),
        BadType("ArrayForAnInputWithoutMembers", "DescribeEndpoints", "[]",
                "Unrecognized collection type class "
                "com.amazonaws.dynamodb.v20120810.DescribeEndpointsRequest"),
        Invalid("NullRequiredMapIsMissing", "PutItem", R"({"TableName": "abc", "Item": null})",
                "1 validation error detected: Value null at 'item' failed to satisfy constraint: "
                "Member must not be null"),
        Invalid("NullTableNameIsMissing", "DescribeTable", R"({"TableName": null})",
                "The parameter 'TableName' is required but was not present in the request"),
        Ok("UnknownMembersAreIgnored", "ListTables", R"({"Foo": [1, {"x": true}], "limit": "x"})"),
        Ok("NullMembersAreAbsent", "ListTables",
           R"({"Limit": null, "ExclusiveStartTableName": null})"),
        BadType("FirstInDocumentOrderWins", "GetItem", R"({"Key": "x", "TableName": 1})",
                "Unexpected field type"),
        BadType("FirstInDocumentOrderWinsReversed", "GetItem", R"({"TableName": 1, "Key": "x"})",
                "NUMBER_VALUE cannot be converted to String"),
        BadType("TypeErrorsWinOverConstraints", "GetItem",
                R"({"ReturnConsumedCapacity": "hi", "ConsistentRead": "x"})",
                "Unexpected token received from parser"),
        BadType("TypeErrorsWinOverTableNameRequired", "DescribeTable",
                R"({"Foo": 1, "TableName": 5})", "NUMBER_VALUE cannot be converted to String")),
    CaseName);

TEST(RequestSerialization, UnknownOperationIsUnknownOperationException) {
  Status status = ValidateJson("GetItems", "{}");
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().code(), ErrorCode::kUnknownOperation);
  EXPECT_EQ(status.error().message(), "");
  EXPECT_FALSE(IsKnownOperation("getItem"));  // operation names are case-sensitive
  EXPECT_FALSE(IsKnownOperation(""));
  EXPECT_TRUE(IsKnownOperation("GetItem"));
  EXPECT_TRUE(IsKnownOperation("UpdateKinesisStreamingDestination"));
}

TEST(RequestSerialization, UnparsableOrEmptyBodyIsSerializationExceptionWithoutMessage) {
  for (const char* body : {"", " ", "{", "{\"a\":1", "hi", "{} x", "[1,]"}) {
    rapidjson::Document doc;
    Status status = ParseRequestBody(body, doc);
    ASSERT_FALSE(status.ok()) << body;
    EXPECT_EQ(status.error().code(), ErrorCode::kSerialization);
    EXPECT_EQ(status.error().message(), "");
  }
}

// AWS answers bytes that are not UTF-8 with a SerializationException (aws-sdk-js#46,
// aws-sdk-php#1536); so does a \u escape of a lone surrogate, which no UTF-8 text can hold.
TEST(RequestSerialization, InvalidUtf8AnywhereIsSerializationException) {
  for (const std::string& body :
       {std::string("{\"TableName\":\"t\xff\"}"), std::string("{\"T\xc3\":1}"),
        std::string("{\"Item\":{\"a\":{\"S\":\"\xed\xa0\x80\"}}}"),  // encoded surrogate
        std::string("{\"Item\":{\"a\":{\"S\":\"\xc0\xaf\"}}}"),      // overlong
        std::string(R"({"Item":{"a":{"S":"\ud800"}}})"),
        std::string(R"({"Item":{"a":{"S":"\udc00x"}}})")}) {
    rapidjson::Document doc;
    Status status = ParseRequestBody(body, doc);
    ASSERT_FALSE(status.ok()) << body;
    EXPECT_EQ(status.error().code(), ErrorCode::kSerialization);
  }
  rapidjson::Document doc;
  EXPECT_TRUE(ParseRequestBody("{\"a\":\"\xc3\xa9\xf0\x9f\x98\x80\\ud83d\\ude00\"}", doc).ok());
}

TEST(RequestSerialization, DeeplyNestedBodyParsesWithoutExhaustingTheStack) {
  std::string body = std::string(200000, '[') + std::string(200000, ']');
  rapidjson::Document doc;
  ASSERT_TRUE(ParseRequestBody(body, doc).ok());
  Status status = ValidateRequest("GetItem", doc);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error().code(), ErrorCode::kSerialization);
}

}  // namespace request_serialization_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
