// CreateTable's operation-specific validation: every rule with its exact type and message, in
// the service's order.
#include <gtest/gtest.h>

#include "table_test_fixture.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::table_test {
namespace table_create_validation_test {

// ---- CreateTable: validation ----

TEST_F(TablesTest, InvalidTableNamesAreRejected) {
  // A string that is not a table ARN is judged as a name, in the model's words.
  const std::string bad_arn = "arn:aws:dynamodb:us-east-1:000000000000:table/a!";
  ExpectCreateError(
      OnDemandTable(bad_arn),
      "1 validation error detected: Value '" + bad_arn +
          "' at 'tableName' failed to satisfy constraint: Member must satisfy regular "
          "expression pattern: [a-zA-Z0-9_.-]+");
  ExpectCreateError(
      OnDemandTable("arn:aws:s3:::bucket"),
      "1 validation error detected: Value 'arn:aws:s3:::bucket' at 'tableName' failed "
      "to satisfy constraint: Member must satisfy regular expression pattern: "
      "[a-zA-Z0-9_.-]+");
  ExpectCreateError(OnDemandTable("ab"),
                    "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy "
                    "constraint: Member must have length greater than or equal to 3");
}

TEST_F(TablesTest, ProvisionedBillingNeedsBothCapacities) {
  ExpectCreateError(HashTable("nopt", " "),
                    "One or more parameter values were invalid: ReadCapacityUnits and "
                    "WriteCapacityUnits must both "
                    "be specified when BillingMode is PROVISIONED");
  ExpectCreateError(HashTable("nopt", R"(,"BillingMode":"PROVISIONED")"),
                    "One or more parameter values were invalid: ReadCapacityUnits and "
                    "WriteCapacityUnits must both "
                    "be specified when BillingMode is PROVISIONED");
}

TEST_F(TablesTest, OnDemandBillingRefusesProvisionedThroughput) {
  ExpectCreateError(
      HashTable(
          "ppr",
          R"(,"BillingMode":"PAY_PER_REQUEST","ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1})"),
      "One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits "
      "can "
      "be specified when BillingMode is PAY_PER_REQUEST");
}

TEST_F(TablesTest, ThroughputAboveTheHardCeilingIsOutOfBounds) {
  ExpectCreateError(
      HashTable(
          "big",
          R"(,"ProvisionedThroughput":{"ReadCapacityUnits":1000000000001,"WriteCapacityUnits":1000000000001})"),
      "Given value 1000000000001 for ReadCapacityUnits is out of bounds");
  ExpectCreateError(
      HashTable(
          "big",
          R"(,"ProvisionedThroughput":{"ReadCapacityUnits":1000000000000,"WriteCapacityUnits":1000000000001})"),
      "Given value 1000000000001 for WriteCapacityUnits is out of bounds");
}

TEST_F(TablesTest, ThroughputAboveTheAccountQuotaIsLimitExceeded) {
  ExpectError(
      "CreateTable",
      HashTable("quota",
                R"(,"ProvisionedThroughput":{"ReadCapacityUnits":40001,"WriteCapacityUnits":1})"),
      "LimitExceededException",
      "The requested ReadCapacityUnits, 40001, is above the per table maximum for the account in "
      "us-east-1. "
      "Per table maximum: 40000. Refer to the Amazon DynamoDB Developer Guide for current limits "
      "and how to "
      "request higher limits.");
}

TEST_F(TablesTest, MissingKeySchemaAndDefinitionsAreReportedInTheModelsWords) {
  ExpectCreateError(R"({"TableName":"bare","BillingMode":"PAY_PER_REQUEST"})",
                    "2 validation errors detected: Value null at 'attributeDefinitions' failed to "
                    "satisfy constraint: "
                    "Member must not be null; Value null at 'keySchema' failed to satisfy "
                    "constraint: Member must not "
                    "be null");
}

TEST_F(TablesTest, KeySchemaRulesFollowTheServicesOrder) {
  auto body = [](const std::string& keys, const std::string& defs) {
    return R"({"TableName":"keys","BillingMode":"PAY_PER_REQUEST","KeySchema":)" + keys +
           R"(,"AttributeDefinitions":)" + defs + "}";
  };
  const std::string a = R"({"AttributeName":"a","AttributeType":"S"})";
  const std::string b = R"({"AttributeName":"b","AttributeType":"S"})";
  const std::string c = R"({"AttributeName":"c","AttributeType":"S"})";
  ExpectCreateError(
      body(R"([{"AttributeName":"a","KeyType":"HASH"},{"AttributeName":"b","KeyType":"RANGE"}])",
           "[" + b + "]"),
      "Invalid KeySchema: Some index key attribute have no definition");
  ExpectCreateError(
      body(R"([{"AttributeName":"a","KeyType":"HASH"}])", "[" + b + "]"),
      "One or more parameter values were invalid: Some index key attributes are not defined in "
      "AttributeDefinitions. Keys: [a], AttributeDefinitions: [b]");
  ExpectCreateError(
      body(R"([{"AttributeName":"a","KeyType":"HASH"},{"AttributeName":"a","KeyType":"RANGE"}])",
           "[" + a + "," + b + "]"),
      "Both the Hash Key and the Range Key element in the KeySchema have the same name");
  ExpectCreateError(
      body(R"([{"AttributeName":"a","KeyType":"RANGE"},{"AttributeName":"b","KeyType":"HASH"}])",
           "[" + a + "," + b + "]"),
      "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
  ExpectCreateError(
      body(R"([{"AttributeName":"a","KeyType":"HASH"},{"AttributeName":"b","KeyType":"HASH"}])",
           "[" + a + "," + b + "]"),
      "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
  ExpectCreateError(body(R"([{"AttributeName":"a","KeyType":"HASH"}])", "[" + a + "," + b + "]"),
                    "One or more parameter values were invalid: Number of attributes in KeySchema "
                    "does not exactly "
                    "match number of attributes defined in AttributeDefinitions");
  ExpectCreateError(body(R"([{"AttributeName":"a","KeyType":"HASH"}])", "[" + a + "," + a + "]"),
                    "Attribute Name is duplicated: a");
  const std::string three =
      body(R"([{"AttributeName":"a","KeyType":"HASH"},{"AttributeName":"b","KeyType":"RANGE"},)"
           R"({"AttributeName":"c","KeyType":"RANGE"}])",
           "[" + a + "," + b + "," + c + "]");
  Response r = Call("CreateTable", three);
  EXPECT_NE(r.body.find("' at 'keySchema' failed to satisfy constraint: Member must have length "
                        "less than or equal to 2"),
            std::string::npos)
      << r.body;
}

TEST_F(TablesTest, KeySetsInMessagesAreInJavaHashSetOrder) {
  // java.util.HashSet orders "sk" (bucket 8) before "pk" (bucket 11).
  ExpectCreateError(
      R"({"TableName":"order","BillingMode":"PAY_PER_REQUEST",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"S"}],
    "GlobalSecondaryIndexes":[{"IndexName":"gsi","KeySchema":[{"AttributeName":"q","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"ALL"}}]})",
      "One or more parameter values were invalid: Some index key attributes are not defined in "
      "AttributeDefinitions. Keys: [q], AttributeDefinitions: [sk, pk]");
}

TEST_F(TablesTest, UnusedDefinitionsWithIndexesNameTheKeysUsed) {
  ExpectCreateError(
      R"({"TableName":"unused","BillingMode":"PAY_PER_REQUEST",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
    "AttributeDefinitions":[{"AttributeName":"sk","AttributeType":"S"},{"AttributeName":"a","AttributeType":"S"},
      {"AttributeName":"b","AttributeType":"S"},{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"c","AttributeType":"S"}],
    "GlobalSecondaryIndexes":[{"IndexName":"gsi","KeySchema":[{"AttributeName":"a","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"ALL"}}]})",
      "One or more parameter values were invalid: Some AttributeDefinitions are not used. "
      "AttributeDefinitions: [sk, a, b, pk, c], keys used: [a, sk, pk]");
}

std::string WithLsi(const std::string& table_keys, const std::string& lsi_keys,
                    const std::string& projection) {
  return R"({"TableName":"lsi","BillingMode":"PAY_PER_REQUEST","KeySchema":)" + table_keys +
         R"(,"AttributeDefinitions":[{"AttributeName":"a","AttributeType":"S"},{"AttributeName":"b","AttributeType":"S"}],)"
         R"("LocalSecondaryIndexes":[{"IndexName":"abc","KeySchema":)" +
         lsi_keys + R"(,"Projection":)" + projection + "}]}";
}

TEST_F(TablesTest, LocalIndexRules) {
  const std::string hash_range =
      R"([{"AttributeName":"a","KeyType":"HASH"},{"AttributeName":"b","KeyType":"RANGE"}])";
  ExpectCreateError(WithLsi(R"([{"AttributeName":"a","KeyType":"HASH"}])", hash_range,
                            R"({"ProjectionType":"ALL"})"),
                    "One or more parameter values were invalid: Table KeySchema does not have a "
                    "range key, which is "
                    "required when specifying a LocalSecondaryIndex");
  ExpectCreateError(WithLsi(hash_range, R"([{"AttributeName":"b","KeyType":"HASH"}])",
                            R"({"ProjectionType":"ALL"})"),
                    "One or more parameter values were invalid: Index KeySchema does not have a "
                    "range key for index: abc");
  ExpectCreateError(
      WithLsi(hash_range,
              R"([{"AttributeName":"b","KeyType":"HASH"},{"AttributeName":"a","KeyType":"RANGE"}])",
              R"({"ProjectionType":"ALL"})"),
      "One or more parameter values were invalid: Index KeySchema does not have the same leading "
      "hash "
      "key as table KeySchema for index: abc. index hash key: b, table hash key: a");
  ExpectCreateError(WithLsi(hash_range, hash_range, "{}"),
                    "One or more parameter values were invalid: Unknown ProjectionType: null");
  ExpectCreateError(
      WithLsi(hash_range, hash_range, R"({"ProjectionType":"KEYS_ONLY","NonKeyAttributes":["x"]})"),
      "One or more parameter values were invalid: ProjectionType is KEYS_ONLY, but "
      "NonKeyAttributes is specified");
  ExpectCreateError(WithLsi(hash_range, hash_range, R"({"ProjectionType":"INCLUDE"})"),
                    "One or more parameter values were invalid: ProjectionType is INCLUDE, but "
                    "NonKeyAttributes is not specified");
}

TEST_F(TablesTest, EmptyIndexListsAreRejected) {
  ExpectCreateError(
      R"({"TableName":"empty","BillingMode":"PAY_PER_REQUEST","KeySchema":[{"AttributeName":"a","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"a","AttributeType":"S"}],"GlobalSecondaryIndexes":[]})",
      "One or more parameter values were invalid: List of GlobalSecondaryIndexes is empty");
  ExpectCreateError(
      R"({"TableName":"empty","BillingMode":"PAY_PER_REQUEST","KeySchema":[{"AttributeName":"a","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"a","AttributeType":"S"}],"LocalSecondaryIndexes":[]})",
      "One or more parameter values were invalid: List of LocalSecondaryIndexes is empty");
}
TEST_F(TablesTest, GlobalIndexThroughputFollowsTheBillingMode) {
  ExpectCreateError(
      Gsis(kPpr,
           "[" +
               Gsi("gs1", kKeyB,
                   R"(,"ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1})") +
               "]"),
      "One or more parameter values were invalid: ProvisionedThroughput should not be specified "
      "for "
      "index: gs1 when BillingMode is PAY_PER_REQUEST");
  ExpectCreateError(Gsis(kProv, "[" + Gsi("gs1", kKeyB) + "]"),
                    "One or more parameter values were invalid: ProvisionedThroughput is not "
                    "specified for index: gs1");
}

TEST_F(TablesTest, GlobalIndexNamesMustBeUniqueAcrossAllIndexes) {
  ExpectCreateError(Gsis(kPpr, "[" + Gsi("gs1", kKeyB) + "," + Gsi("gs1", kKeyB) + "]"),
                    "One or more parameter values were invalid: Duplicate index name: gs1");
}

TEST_F(TablesTest, MoreThanTwentyGlobalIndexesAreRejected) {
  std::string list = "[";
  for (int i = 0; i < 21; ++i) list += (i ? "," : "") + Gsi("g" + std::to_string(i) + "x", kKeyB);
  ExpectCreateError(
      R"({"TableName":"many","BillingMode":"PAY_PER_REQUEST","KeySchema":[{"AttributeName":"a","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"a","AttributeType":"S"},{"AttributeName":"b","AttributeType":"S"}],
    "GlobalSecondaryIndexes":)" +
          list + "]}",
      "One or more parameter values were invalid: GlobalSecondaryIndex count exceeds the per-table "
      "limit of 20");
}

TEST_F(TablesTest, MultiAttributeKeyRules) {
  const std::string five_hash =
      R"([{"AttributeName":"b","KeyType":"HASH"},{"AttributeName":"c","KeyType":"HASH"},)"
      R"({"AttributeName":"d","KeyType":"HASH"},{"AttributeName":"e","KeyType":"HASH"},)"
      R"({"AttributeName":"f","KeyType":"HASH"}])";
  ExpectCreateError(Gsis(kPpr, "[" + Gsi("gs1", five_hash) + "]", "abcdef"),
                    "One or more parameter values were invalid: The KeySchema exceeds the maximum "
                    "allowed number of "
                    "HASH key attributes");
  ExpectCreateError(
      Gsis(
          kPpr,
          "[" +
              Gsi("gs1",
                  R"([{"AttributeName":"b","KeyType":"HASH"},{"AttributeName":"c","KeyType":"RANGE"},)"
                  R"({"AttributeName":"d","KeyType":"HASH"}])") +
              "]",
          "abcd"),
      "One or more parameter values were invalid: All HASH key attributes must precede RANGE key "
      "attributes in the KeySchema");
  ExpectCreateError(
      Gsis(
          kPpr,
          "[" +
              Gsi("gs1",
                  R"([{"AttributeName":"b","KeyType":"HASH"},{"AttributeName":"c","KeyType":"HASH"},)"
                  R"({"AttributeName":"b","KeyType":"RANGE"}])") +
              "]",
          "abc"),
      "One or more parameter values were invalid: The KeySchema contains multiple key attributes "
      "with "
      "the same name");
  // Two HASH attributes of one name: a multi-attribute schema, not "the Hash Key and the Range
  // Key" of the classic message.
  ExpectCreateError(
      Gsis(
          kPpr,
          "[" +
              Gsi("gs1",
                  R"([{"AttributeName":"b","KeyType":"HASH"},{"AttributeName":"b","KeyType":"HASH"}])") +
              "]",
          "ab"),
      "One or more parameter values were invalid: The KeySchema contains multiple key attributes "
      "with the same name");
}

TEST_F(TablesTest, TagRules) {
  auto tagged = [](const std::string& tags) {
    return HashTable("tagged", std::string(R"(,"BillingMode":"PAY_PER_REQUEST","Tags":)") + tags);
  };
  ExpectCreateError(tagged(R"([{"Key":"aws:owner","Value":"x"}])"),
                    "Tag Key cannot be prefixed with aws:, Key: aws:owner");
  ExpectCreateError(tagged(R"([{"Key":"AWS:owner","Value":"x"}])"),
                    "Tag Key cannot be prefixed with aws:, Key: AWS:owner");
  ExpectCreateError(tagged(R"([{"Key":"bad#char","Value":"x"}])"),
                    "The Tag Key provided is invalid, Key: bad#char");
  ExpectCreateError(tagged(R"([{"Key":"k","Value":"100%"}])"),
                    "The Tag Value provided is invalid, Value: 100%");
  ExpectCreateError(tagged(R"([{"Key":"dup","Value":"1"},{"Key":"dup","Value":"2"}])"),
                    "Duplicate Tag Keys provided as input: Duplicate Tag Key found dup");
  std::string many = "[";
  for (int i = 0; i < 51; ++i)
    many += (i ? "," : "") + std::string(R"({"Key":"k)") + std::to_string(i) + R"(","Value":"v"})";
  ExpectCreateError(tagged(many + "]"),
                    "Number of Tags exceed the current limit for the provided ResourceArn");
  Ok("CreateTable",
     tagged(R"([{"Key":"ключ café","Value":"a+b-c=d.e_f:g/h@i"},{"Key":"empty","Value":""}])"));
}

}  // namespace table_create_validation_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::table_test
