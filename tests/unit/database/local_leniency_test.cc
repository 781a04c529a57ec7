// DynamoDB Local's leniencies (Options::local_leniencies, ddb-local --lenient): off, each is
// refused as AWS refuses it; on, accepted as DynamoDB Local accepts it — a number given as a
// JSON string (dynamodb-admin's Create Table form sends its capacity units that way), unused
// AttributeDefinitions and ProvisionedThroughput on an on-demand table (suites written against
// Local: ElectroDB's and PynamoDB's fixtures).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

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

std::unique_ptr<Database> OpenLenient() {
  Options options;
  options.in_memory = true;
  options.durability = Durability::kNone;
  options.local_leniencies = true;
  auto db = Database::Open(options);
  EXPECT_TRUE(db.ok());
  return std::move(db).value();
}

// A table declaring an attribute no key uses, on demand, with throughput for table and GSI.
constexpr const char* kLocalStyleTable = R"({"TableName":"local_style",
  "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
    {"AttributeName":"gk","AttributeType":"S"},{"AttributeName":"unused","AttributeType":"N"}],
  "BillingMode":"PAY_PER_REQUEST",
  "ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5},
  "GlobalSecondaryIndexes":[{"IndexName":"by_gk",
    "KeySchema":[{"AttributeName":"gk","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"},
    "ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1}}]})";

TEST(LocalLeniencyTest, OffUnusedDefinitionsAndOnDemandThroughputAreRefused) {
  auto db = OpenInMemory();
  Response r = db->Call("CreateTable", kLocalStyleTable);
  EXPECT_EQ(r.http_status, 400);
  EXPECT_EQ(ParseError(r).type, "ValidationException");
  // Without the throughput the unused definition alone is AWS's refusal.
  std::string no_throughput = R"({"TableName":"local_style",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
      {"AttributeName":"unused","AttributeType":"N"}],"BillingMode":"PAY_PER_REQUEST"})";
  r = db->Call("CreateTable", no_throughput);
  // Without indexes the service words it by count ([QUIRKS] DDB-TABLE-127).
  EXPECT_EQ(ParseError(r).message,
            "One or more parameter values were invalid: Number of attributes in KeySchema does "
            "not exactly match number of attributes defined in AttributeDefinitions");
  EXPECT_EQ(ParseError(db->Call("DescribeTable", R"({"TableName":"local_style"})")).type,
            "ResourceNotFoundException");
}

TEST(LocalLeniencyTest, OnUnusedDefinitionsAndOnDemandThroughputAreDropped) {
  auto db = OpenLenient();
  Response r = db->Call("CreateTable", kLocalStyleTable);
  ASSERT_EQ(r.http_status, 200) << r.body;
  rapidjson::Document d =
      ParseJson(db->Call("DescribeTable", R"({"TableName":"local_style"})").body);
  std::vector<std::string> names;
  for (const auto& def : d["Table"]["AttributeDefinitions"].GetArray())
    names.push_back(def["AttributeName"].GetString());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"gk", "pk"}));
  EXPECT_STREQ(d["Table"]["BillingModeSummary"]["BillingMode"].GetString(), "PAY_PER_REQUEST");
  EXPECT_EQ(d["Table"]["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt(), 0);
  // UpdateTable to on demand with throughput: accepted, the throughput dropped.
  ASSERT_EQ(db->Call("CreateTable", R"({"TableName":"provisioned",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
    "ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5}})")
                .http_status,
            200);
  r = db->Call("UpdateTable", R"({"TableName":"provisioned","BillingMode":"PAY_PER_REQUEST",
    "ProvisionedThroughput":{"ReadCapacityUnits":9,"WriteCapacityUnits":9}})");
  EXPECT_EQ(r.http_status, 200) << r.body;
  // What Local refuses stays refused: a key attribute without a definition.
  r = db->Call("CreateTable", R"({"TableName":"undefined_key",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"other","AttributeType":"S"}],
    "BillingMode":"PAY_PER_REQUEST"})");
  EXPECT_EQ(r.http_status, 400);
}

}  // namespace local_leniency_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
