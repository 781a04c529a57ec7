// The constraint stage of the generic request validation. Expected messages are AWS's:
// exact multi-error messages recorded by dynalite's test suite against AWS (older
// test/*.js), and 2026 captures in nubo-db/dynamodb-conformance (tier3/error-messages). Where
// today's model changed a constraint (TableName is a TableArn, length 1-1024; KeySchema lost
// its maximum for GSIs), the expectation follows the model and says so.
#include <string>

#include "request_validator_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace request_constraints_test {

const std::string kNamePattern = "satisfy regular expression pattern: [a-zA-Z0-9_.-]+";
const std::string kLongName(256, 'a');

class RequestConstraintsTest : public ::testing::TestWithParam<ValidationCase> {};

TEST_P(RequestConstraintsTest, AnswersLikeTheService) { ExpectAnswer(GetParam()); }

INSTANTIATE_TEST_SUITE_P(
    GetItem, RequestConstraintsTest,
    ::testing::Values(
        Invalid("Empty", "GetItem", "{}", Many({NotNull("tableName"), NotNull("key")})),
        // dynalite's exact 4-error message: the service's member order, not the model's.
        Invalid("OrderOfMembers", "GetItem",
                R"({"TableName": "abc;", "ReturnConsumedCapacity": "hi", "AttributesToGet": []})",
                Many({Broken("hi", "returnConsumedCapacity",
                             "satisfy enum value set: [INDEXES, TOTAL, NONE]"),
                      Broken("[]", "attributesToGet", "have length greater than or equal to 1"),
                      Broken("abc;", "tableName", kNamePattern), NotNull("key")})),
        Invalid("ShortBadName", "GetItem", R"({"TableName": "a;"})",
                Many({Broken("a;", "tableName", kNamePattern),
                      Broken("a;", "tableName", "have length greater than or equal to 3"),
                      NotNull("key")})),
        Invalid("LongName", "GetItem", R"({"TableName": ")" + kLongName + R"("})",
                Many({Broken(kLongName, "tableName", "have length less than or equal to 255"),
                      NotNull("key")})),
        // The model's TableArn minimum; a plain name's rules apply once that holds (dynalite
        // recorded pattern + length 3 from the pre-ARN model).
        Invalid("EmptyName", "GetItem", R"({"TableName": "", "Key": {}})",
                One(Broken("", "tableName", "have length greater than or equal to 1"))),
        Ok("ArnNameIsLeftToValidateTableName", "GetItem",
           R"({"TableName": "arn:aws:dynamodb:us-east-1:123456789012:table/ab", "Key": {}})"),
        Invalid("ArnLongerThan1024", "GetItem",
                R"({"TableName": "arn:)" + std::string(1021, 'x') + R"(", "Key": {}})",
                One(Broken("arn:" + std::string(1021, 'x'), "tableName",
                           "have length less than or equal to 1024"))),
        Ok("Valid", "GetItem",
           R"({"TableName": "Music", "Key": {"Artist": {"S": "No One You Know"}}, "ConsistentRead": true,
               "ProjectionExpression": "#a", "ExpressionAttributeNames": {"#a": "Album"}})")),
    CaseName);

INSTANTIATE_TEST_SUITE_P(
    PutItem, RequestConstraintsTest,
    ::testing::Values(
        Invalid("MissingTableName", "PutItem", R"({"Item": {"pk": {"S": "test"}}})",
                One(NotNull("tableName"))),
        Invalid("BadChars", "PutItem", R"({"TableName": "bad table!@#", "Item": {}})",
                One(Broken("bad table!@#", "tableName", kNamePattern))),
        Invalid("TooLong", "PutItem", R"({"TableName": ")" + kLongName + R"(", "Item": {}})",
                One(Broken(kLongName, "tableName", "have length less than or equal to 255"))),
        Invalid(
            "ThreeEnums", "PutItem",
            R"({"TableName": "abc", "Item": {}, "ReturnConsumedCapacity": "X",
                    "ReturnItemCollectionMetrics": "Y", "ReturnValues": "Z"})",
            Many({Broken("X", "returnConsumedCapacity",
                         "satisfy enum value set: [INDEXES, TOTAL, NONE]"),
                  Broken(
                      "Z", "returnValues",
                      "satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]"),
                  Broken("Y", "returnItemCollectionMetrics",
                         "satisfy enum value set: [SIZE, NONE]")})),
        Invalid(
            "ExpectedMapPath", "PutItem",
            R"({"TableName": "abc", "Item": {}, "Expected": {"a": {"ComparisonOperator": "??"}}})",
            One(Broken("??", "expected.a.member.comparisonOperator",
                       "satisfy enum value set: [IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, "
                       "NOT_NULL, NE, "
                       "LE, BEGINS_WITH, GE, CONTAINS]")))),
    CaseName);

INSTANTIATE_TEST_SUITE_P(
    CreateTable, RequestConstraintsTest,
    ::testing::Values(
        Invalid("MissingTableNameIsARequiredParameter", "CreateTable", R"({"KeySchema": []})",
                "The parameter 'TableName' is required but was not present in the request"),
        Invalid(
            "ShortName", "CreateTable",
            R"({"TableName": "ab", "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
                    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}]})",
            One(Broken("ab", "tableName", "have length greater than or equal to 3"))),
        Invalid(
            "BadKeyType", "CreateTable",
            R"({"TableName": "abc", "KeySchema": [{"AttributeName": "pk", "KeyType": "INVALID"}]})",
            One(Broken("INVALID", "keySchema.1.member.keyType",
                       "satisfy enum value set: [HASH, RANGE]"))),
        Invalid(
            "BadAttributeType", "CreateTable",
            R"({"TableName": "abc", "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "SS"}]})",
            One(Broken("SS", "attributeDefinitions.1.member.attributeType",
                       "satisfy enum value set: [B, N, S]"))),
        Invalid("BadBillingMode", "CreateTable",
                R"({"TableName": "abc", "BillingMode": "INVALID_MODE"})",
                One(Broken("INVALID_MODE", "billingMode",
                           "satisfy enum value set: [PROVISIONED, PAY_PER_REQUEST]"))),
        // The table's KeySchema still has a maximum of 2 at AWS (see gen_api_model.py).
        Invalid("ThreeKeys", "CreateTable",
                R"({"TableName": "abc", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                    {"AttributeName": "sk", "KeyType": "RANGE"}, {"AttributeName": "extra", "KeyType": "RANGE"}]})",
                One(Broken("[KeySchemaElement(attributeName=pk, keyType=HASH), "
                           "KeySchemaElement(attributeName=sk, "
                           "keyType=RANGE), KeySchemaElement(attributeName=extra, keyType=RANGE)]",
                           "keySchema", "have length less than or equal to 2"))),
        Invalid("EmptyProvisionedThroughput", "CreateTable",
                R"({"TableName": "abc", "ProvisionedThroughput": {}})",
                Many({NotNull("provisionedThroughput.writeCapacityUnits"),
                      NotNull("provisionedThroughput.readCapacityUnits")})),
        // dynalite's order: provisionedThroughput (write, read) before keySchema.
        Invalid("NegativeThroughputAndEmptyKeySchema", "CreateTable",
                R"({"TableName": "abc", "AttributeDefinitions": [], "KeySchema": [],
                    "ProvisionedThroughput": {"ReadCapacityUnits": -1, "WriteCapacityUnits": -1}})",
                Many({Broken("-1", "provisionedThroughput.writeCapacityUnits",
                             "have value greater than or equal to 1"),
                      Broken("-1", "provisionedThroughput.readCapacityUnits",
                             "have value greater than or equal to 1"),
                      Broken("[]", "keySchema", "have length greater than or equal to 1")})),
        Invalid("KeyElementNulls", "CreateTable",
                R"({"TableName": "abc", "KeySchema": [{"KeyType": "HASH"}, {"AttributeName": "a"},
                    {"KeyType": "Woop", "AttributeName": "a"}]})",
                Many({Broken("[KeySchemaElement(attributeName=null, keyType=HASH), "
                             "KeySchemaElement(attributeName=a, "
                             "keyType=null), KeySchemaElement(attributeName=a, keyType=Woop)]",
                             "keySchema", "have length less than or equal to 2"),
                      NotNull("keySchema.1.member.attributeName"),
                      NotNull("keySchema.2.member.keyType"),
                      Broken("Woop", "keySchema.3.member.keyType",
                             "satisfy enum value set: [HASH, RANGE]")})),
        Invalid(
            "GsiPaths", "CreateTable",
            R"({"TableName": "abc", "GlobalSecondaryIndexes": [{"IndexName": "i;", "KeySchema": [],
                    "Projection": {"ProjectionType": "SOME", "NonKeyAttributes": []}}]})",
            Many({Broken("SOME", "globalSecondaryIndexes.1.member.projection.projectionType",
                         "satisfy enum value set: [ALL, INCLUDE, KEYS_ONLY]"),
                  Broken("[]", "globalSecondaryIndexes.1.member.projection.nonKeyAttributes",
                         "have length greater than or equal to 1"),
                  Broken("i;", "globalSecondaryIndexes.1.member.indexName", kNamePattern),
                  Broken("i;", "globalSecondaryIndexes.1.member.indexName",
                         "have length greater than or equal to 3"),
                  Broken("[]", "globalSecondaryIndexes.1.member.keySchema",
                         "have length greater than or equal to 1")})),
        // At most 10 errors are listed, and the count says 10.
        Invalid("TenErrorsAtMost", "CreateTable",
                R"({"TableName": "abc", "AttributeDefinitions": [{}, {}, {}, {}, {}, {}]})",
                Many({NotNull("attributeDefinitions.1.member.attributeName"),
                      NotNull("attributeDefinitions.1.member.attributeType"),
                      NotNull("attributeDefinitions.2.member.attributeName"),
                      NotNull("attributeDefinitions.2.member.attributeType"),
                      NotNull("attributeDefinitions.3.member.attributeName"),
                      NotNull("attributeDefinitions.3.member.attributeType"),
                      NotNull("attributeDefinitions.4.member.attributeName"),
                      NotNull("attributeDefinitions.4.member.attributeType"),
                      NotNull("attributeDefinitions.5.member.attributeName"),
                      NotNull("attributeDefinitions.5.member.attributeType")}))),
    CaseName);

INSTANTIATE_TEST_SUITE_P(
    Tables, RequestConstraintsTest,
    ::testing::Values(
        Invalid("DescribeTableRequiresTableName", "DescribeTable", "{}",
                "The parameter 'TableName' is required but was not present in the request"),
        Invalid("DescribeTableBadChars", "DescribeTable", R"({"TableName": "abc;"})",
                One(Broken("abc;", "tableName", kNamePattern))),
        Invalid("ListTablesLimitAndName", "ListTables",
                R"({"Limit": 0, "ExclusiveStartTableName": "a;"})",
                Many({Broken("0", "limit", "have value greater than or equal to 1"),
                      Broken("a;", "exclusiveStartTableName", kNamePattern),
                      Broken("a;", "exclusiveStartTableName",
                             "have length greater than or equal to 3")})),
        Invalid("ListTablesLimitTooHigh", "ListTables", R"({"Limit": 2147483647})",
                One(Broken("2147483647", "limit", "have value less than or equal to 100"))),
        Ok("ListTablesDecimalLimitIsTruncated", "ListTables",
           R"({"Limit": 100.9, "ExclusiveStartTableName": "abc"})"),
        Invalid("UpdateTableRequiresTableName", "UpdateTable", R"({"BillingMode": "X"})",
                "The parameter 'TableName' is required but was not present in the request"),
        Invalid(
            "UpdateTableGsiUpdate", "UpdateTable",
            R"({"TableName": "abc", "GlobalSecondaryIndexUpdates": [{"Update": {"IndexName": "ix",
                    "ProvisionedThroughput": {"ReadCapacityUnits": 0}}}, {"Delete": {}}]})",
            Many({Broken("ix", "globalSecondaryIndexUpdates.1.member.update.indexName",
                         "have length greater than or equal to 3"),
                  NotNull("globalSecondaryIndexUpdates.1.member.update.provisionedThroughput."
                          "writeCapacityUnits"),
                  Broken("0",
                         "globalSecondaryIndexUpdates.1.member.update.provisionedThroughput."
                         "readCapacityUnits",
                         "have value greater than or equal to 1"),
                  NotNull("globalSecondaryIndexUpdates.2.member.delete.indexName")})),
        Invalid("UpdateTimeToLiveEmptySpecification", "UpdateTimeToLive",
                R"({"TableName": "abc", "TimeToLiveSpecification": {}})",
                Many({NotNull("timeToLiveSpecification.enabled"),
                      NotNull("timeToLiveSpecification.attributeName")})),
        Invalid("UpdateTimeToLiveMissingSpecification", "UpdateTimeToLive",
                R"({"TableName": "abc"})", One(NotNull("timeToLiveSpecification")))),
    CaseName);

}  // namespace request_constraints_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
