// DynamoDB Local's leniencies (Options::local_leniencies, ddb-local --lenient): off, a number
// given as a JSON string is refused as AWS refuses it; on, it is accepted as DynamoDB Local
// accepts it (dynamodb-admin's Create Table form sends its capacity units that way).
#include <gtest/gtest.h>

#include "database_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace local_leniency_test {

constexpr const char* kStringCapacity = R"({"TableName":"admin",
  "KeySchema":[{"AttributeName":"id","KeyType":"HASH"}],
  "AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"},
    {"AttributeName":"kind","AttributeType":"S"}],
  "ProvisionedThroughput":{"ReadCapacityUnits":"3","WriteCapacityUnits":"4"},
  "GlobalSecondaryIndexes":[{"IndexName":"byKind",
    "KeySchema":[{"AttributeName":"kind","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"},
    "ProvisionedThroughput":{"ReadCapacityUnits":"2","WriteCapacityUnits":"2"}}]})";

TEST(LocalLeniencyTest, OffNumbersAsStringsAreRefusedAsAwsRefusesThem) {
  auto db = OpenInMemory();
  Response r = db->Call("CreateTable", kStringCapacity);
  EXPECT_EQ(r.http_status, 400);
  EXPECT_EQ(ParseError(r).type, "SerializationException");
  EXPECT_EQ(ParseError(r).message, "STRING_VALUE cannot be converted to Long");
}

TEST(LocalLeniencyTest, OnNumbersAsStringsAreAcceptedAsDynamoDbLocalAccepts) {
  Options options;
  options.in_memory = true;
  options.durability = Durability::kNone;
  options.local_leniencies = true;
  auto db = Database::Open(options);
  ASSERT_TRUE(db.ok());
  Response r = (*db)->Call("CreateTable", kStringCapacity);
  ASSERT_EQ(r.http_status, 200) << r.body;
  rapidjson::Document d = ParseJson((*db)->Call("DescribeTable", R"({"TableName":"admin"})").body);
  EXPECT_EQ(d["Table"]["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt(), 3);
  EXPECT_EQ(d["Table"]["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"]["WriteCapacityUnits"]
                .GetInt(),
            2);
  // What is not a number stays refused.
  Response bad = (*db)->Call("Scan", R"({"TableName":"admin","Limit":"many"})");
  EXPECT_EQ(ParseError(bad).type, "SerializationException");
}

}  // namespace local_leniency_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
