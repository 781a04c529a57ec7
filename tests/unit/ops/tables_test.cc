// CreateTable, DescribeTable, ListTables and DeleteTable through Database::Call, as a client
// sees them: responses member by member, namespaces, and persistence across reopening.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <regex>

#include "table_test_fixture.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::table_test {
namespace tables_test {

// ---- CreateTable: responses ----

TEST_F(TablesTest, CreateProvisionedTableRespondsCreatingWithTheServiceMembers) {
  rapidjson::Document doc = Ok("CreateTable", HashTable("orders"));
  const auto& t = doc["TableDescription"];
  EXPECT_EQ(ToJson(t["AttributeDefinitions"]), R"([{"AttributeName":"pk","AttributeType":"S"}])");
  EXPECT_EQ(Str(t["TableName"]), "orders");
  EXPECT_EQ(ToJson(t["KeySchema"]), R"([{"AttributeName":"pk","KeyType":"HASH"}])");
  EXPECT_EQ(Str(t["TableStatus"]), "CREATING");
  EXPECT_DOUBLE_EQ(t["CreationDateTime"].GetDouble(), 1700000000.123);
  EXPECT_EQ(ToJson(t["ProvisionedThroughput"]),
            R"({"NumberOfDecreasesToday":0,"ReadCapacityUnits":5,"WriteCapacityUnits":5})");
  EXPECT_EQ(t["TableSizeBytes"].GetInt64(), 0);
  EXPECT_EQ(t["ItemCount"].GetInt64(), 0);
  EXPECT_EQ(Str(t["TableArn"]), std::string(kArnPrefix) + "orders");
  EXPECT_TRUE(std::regex_match(
      Str(t["TableId"]),
      std::regex("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")));
  EXPECT_FALSE(t["DeletionProtectionEnabled"].GetBool());
  // Not sent for tables created PROVISIONED, and never in the CreateTable response.
  EXPECT_FALSE(t.HasMember("BillingModeSummary"));
  EXPECT_FALSE(t.HasMember("WarmThroughput"));
  EXPECT_FALSE(t.HasMember("TableClassSummary"));
  EXPECT_FALSE(t.HasMember("OnDemandThroughput"));
}

TEST_F(TablesTest, CreateOnDemandTableReportsZeroThroughputAndABillingSummaryWithoutTime) {
  rapidjson::Document doc = Ok("CreateTable", OnDemandTable("ondemand"));
  const auto& t = doc["TableDescription"];
  EXPECT_EQ(ToJson(t["ProvisionedThroughput"]),
            R"({"NumberOfDecreasesToday":0,"ReadCapacityUnits":0,"WriteCapacityUnits":0})");
  EXPECT_EQ(ToJson(t["BillingModeSummary"]), R"({"BillingMode":"PAY_PER_REQUEST"})");
}

TEST_F(TablesTest, DescribeAfterCreateSaysActiveWithWarmThroughputAndBillingTime) {
  Ok("CreateTable", OnDemandTable("ondemand"));
  rapidjson::Document doc = Ok("DescribeTable", R"({"TableName":"ondemand"})");
  const auto& t = doc["Table"];
  EXPECT_EQ(Str(t["TableStatus"]), "ACTIVE");
  EXPECT_EQ(
      ToJson(t["BillingModeSummary"]),
      R"({"BillingMode":"PAY_PER_REQUEST","LastUpdateToPayPerRequestDateTime":1700000000.123})");
  EXPECT_EQ(ToJson(t["WarmThroughput"]),
            R"({"ReadUnitsPerSecond":12000,"WriteUnitsPerSecond":4000,"Status":"ACTIVE"})");
}

TEST_F(TablesTest, ProvisionedTableWarmThroughputMirrorsItsCapacity) {
  Ok("CreateTable", HashTable("prov"));
  rapidjson::Document doc = Ok("DescribeTable", R"({"TableName":"prov"})");
  EXPECT_EQ(ToJson(doc["Table"]["WarmThroughput"]),
            R"({"ReadUnitsPerSecond":5,"WriteUnitsPerSecond":5,"Status":"ACTIVE"})");
}

TEST_F(TablesTest, AttributeDefinitionsAndNonKeyAttributesComeBackSortedByName) {
  rapidjson::Document doc =
      Ok("CreateTable", R"({"TableName":"sorted","BillingMode":"PAY_PER_REQUEST",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
    "AttributeDefinitions":[{"AttributeName":"z","AttributeType":"N"},{"AttributeName":"sk","AttributeType":"S"},
                            {"AttributeName":"pk","AttributeType":"B"}],
    "GlobalSecondaryIndexes":[{"IndexName":"by_z","KeySchema":[{"AttributeName":"z","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["zz","aa","mm"]}}]})");
  const auto& t = doc["TableDescription"];
  EXPECT_EQ(
      ToJson(t["AttributeDefinitions"]),
      R"([{"AttributeName":"pk","AttributeType":"B"},{"AttributeName":"sk","AttributeType":"S"},)"
      R"({"AttributeName":"z","AttributeType":"N"}])");
  EXPECT_EQ(ToJson(t["GlobalSecondaryIndexes"][0]["Projection"]),
            R"({"ProjectionType":"INCLUDE","NonKeyAttributes":["aa","mm","zz"]})");
}

TEST_F(TablesTest, IndexesAreDescribedWithStatusThroughputCountsAndArns) {
  const std::string body = R"({"TableName":"indexed",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"S"},
                            {"AttributeName":"g","AttributeType":"S"},{"AttributeName":"l","AttributeType":"N"}],
    "ProvisionedThroughput":{"ReadCapacityUnits":10,"WriteCapacityUnits":5},
    "LocalSecondaryIndexes":[{"IndexName":"by_l","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
      {"AttributeName":"l","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}],
    "GlobalSecondaryIndexes":[{"IndexName":"by_g","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"ALL"},"ProvisionedThroughput":{"ReadCapacityUnits":3,"WriteCapacityUnits":4}}]})";
  rapidjson::Document created = Ok("CreateTable", body);
  const std::string arn = std::string(kArnPrefix) + "indexed";
  EXPECT_EQ(
      ToJson(created["TableDescription"]["LocalSecondaryIndexes"]),
      R"([{"IndexName":"by_l","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},)"
      R"({"AttributeName":"l","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"},)"
      R"("IndexSizeBytes":0,"ItemCount":0,"IndexArn":")" +
          arn + R"(/index/by_l"}])");
  EXPECT_EQ(
      ToJson(created["TableDescription"]["GlobalSecondaryIndexes"]),
      R"([{"IndexName":"by_g","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],)"
      R"("Projection":{"ProjectionType":"ALL"},"IndexStatus":"CREATING",)"
      R"("ProvisionedThroughput":{"NumberOfDecreasesToday":0,"ReadCapacityUnits":3,"WriteCapacityUnits":4},)"
      R"("IndexSizeBytes":0,"ItemCount":0,"IndexArn":")" +
          arn + R"(/index/by_g"}])");
  rapidjson::Document described = Ok("DescribeTable", R"({"TableName":"indexed"})");
  const auto& gsi = described["Table"]["GlobalSecondaryIndexes"][0];
  EXPECT_EQ(Str(gsi["IndexStatus"]), "ACTIVE");
  EXPECT_EQ(ToJson(gsi["WarmThroughput"]),
            R"({"ReadUnitsPerSecond":3,"WriteUnitsPerSecond":4,"Status":"ACTIVE"})");
}

TEST_F(TablesTest, OnDemandGsiReportsZeroThroughput) {
  rapidjson::Document doc =
      Ok("CreateTable", R"({"TableName":"odgsi","BillingMode":"PAY_PER_REQUEST",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"x","AttributeType":"S"}],
    "GlobalSecondaryIndexes":[{"IndexName":"gsi","KeySchema":[{"AttributeName":"x","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"ALL"}}]})");
  const auto& gsi = doc["TableDescription"]["GlobalSecondaryIndexes"][0];
  EXPECT_EQ(ToJson(gsi["ProvisionedThroughput"]),
            R"({"NumberOfDecreasesToday":0,"ReadCapacityUnits":0,"WriteCapacityUnits":0})");
  EXPECT_FALSE(gsi.HasMember("WarmThroughput"));
}

TEST_F(TablesTest, MultiAttributeGsiKeysAreAcceptedAndDescribedInSubmittedOrder) {
  Ok("CreateTable", R"({"TableName":"matches","BillingMode":"PAY_PER_REQUEST",
    "KeySchema":[{"AttributeName":"id","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"},{"AttributeName":"tournament","AttributeType":"S"},
      {"AttributeName":"region","AttributeType":"S"},{"AttributeName":"round","AttributeType":"N"},
      {"AttributeName":"bracket","AttributeType":"S"}],
    "GlobalSecondaryIndexes":[{"IndexName":"by_tournament","KeySchema":[
      {"AttributeName":"tournament","KeyType":"HASH"},{"AttributeName":"region","KeyType":"HASH"},
      {"AttributeName":"round","KeyType":"RANGE"},{"AttributeName":"bracket","KeyType":"RANGE"}],
      "Projection":{"ProjectionType":"ALL"}}]})");
  rapidjson::Document doc = Ok("DescribeTable", R"({"TableName":"matches"})");
  EXPECT_EQ(
      ToJson(doc["Table"]["GlobalSecondaryIndexes"][0]["KeySchema"]),
      R"([{"AttributeName":"tournament","KeyType":"HASH"},{"AttributeName":"region","KeyType":"HASH"},)"
      R"({"AttributeName":"round","KeyType":"RANGE"},{"AttributeName":"bracket","KeyType":"RANGE"}])");
}

TEST_F(TablesTest, TableClassDeletionProtectionAndOnDemandMaximaAreReported) {
  rapidjson::Document doc =
      Ok("CreateTable", R"({"TableName":"classy","BillingMode":"PAY_PER_REQUEST",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
    "TableClass":"STANDARD_INFREQUENT_ACCESS","DeletionProtectionEnabled":true,
    "OnDemandThroughput":{"MaxReadRequestUnits":100}})");
  const auto& t = doc["TableDescription"];
  EXPECT_EQ(ToJson(t["TableClassSummary"]), R"({"TableClass":"STANDARD_INFREQUENT_ACCESS"})");
  EXPECT_TRUE(t["DeletionProtectionEnabled"].GetBool());
  EXPECT_EQ(ToJson(t["OnDemandThroughput"]), R"({"MaxReadRequestUnits":100})");
}

TEST_F(TablesTest, CreateAcceptsTheTablesArnAsTableName) {
  rapidjson::Document doc = Ok("CreateTable", HashTable(std::string(kArnPrefix) + "by_arn"));
  EXPECT_EQ(Str(doc["TableDescription"]["TableName"]), "by_arn");
  Ok("DescribeTable", R"({"TableName":"by_arn"})");
}

TEST_F(TablesTest, CreatingAnExistingTableIsResourceInUse) {
  Ok("CreateTable", HashTable("twice"));
  ExpectError("CreateTable", OnDemandTable("twice"), "ResourceInUseException",
              "Table already exists: twice");
}

// ---- DescribeTable ----

TEST_F(TablesTest, DescribeUnknownTableIsResourceNotFound) {
  ExpectError("DescribeTable", R"({"TableName":"missing"})", "ResourceNotFoundException",
              "Requested resource not found: Table: missing not found");
}

TEST_F(TablesTest, DescribeAcceptsTheCallersTableArnAndRejectsAnotherAccounts) {
  Ok("CreateTable", HashTable("arned"));
  rapidjson::Document doc =
      Ok("DescribeTable", R"({"TableName":"arn:aws:dynamodb:us-east-1:000000000000:table/arned"})");
  EXPECT_EQ(Str(doc["Table"]["TableName"]), "arned");
  ExpectError("DescribeTable",
              R"({"TableName":"arn:aws:dynamodb:us-west-2:000000000000:table/arned"})",
              "ResourceNotFoundException",
              "Requested resource not found: Table: "
              "arn:aws:dynamodb:us-west-2:000000000000:table/arned not found");
}

TEST_F(TablesTest, DescribeCountsItemsAndBytes) {
  Ok("CreateTable", OnDemandTable("counted"));
  Ok("PutItem", R"({"TableName":"counted","Item":{"pk":{"S":"a"},"v":{"S":"xyz"}}})");
  Ok("PutItem", R"({"TableName":"counted","Item":{"pk":{"S":"b"}}})");
  rapidjson::Document doc = Ok("DescribeTable", R"({"TableName":"counted"})");
  EXPECT_EQ(doc["Table"]["ItemCount"].GetInt64(), 2);
  EXPECT_EQ(doc["Table"]["TableSizeBytes"].GetInt64(),
            (2 + 1) + (1 + 3) + (2 + 1));  // pk=a, v=xyz, pk=b
}

// ---- ListTables ----

TEST_F(TablesTest, ListTablesPagesInByteOrder) {
  for (const char* name : {"lt_c", "lt_a", "LT_B", "lt_b"}) Ok("CreateTable", OnDemandTable(name));
  EXPECT_EQ(ToJson(Ok("ListTables", "{}")), R"({"TableNames":["LT_B","lt_a","lt_b","lt_c"]})");
  EXPECT_EQ(ToJson(Ok("ListTables", R"({"Limit":2})")),
            R"({"TableNames":["LT_B","lt_a"],"LastEvaluatedTableName":"lt_a"})");
  EXPECT_EQ(ToJson(Ok("ListTables", R"({"Limit":2,"ExclusiveStartTableName":"lt_a"})")),
            R"({"TableNames":["lt_b","lt_c"]})");
  EXPECT_EQ(ToJson(Ok("ListTables", R"({"ExclusiveStartTableName":"lt_aa"})")),
            R"({"TableNames":["lt_b","lt_c"]})");
  EXPECT_EQ(ToJson(Ok("ListTables", R"({"ExclusiveStartTableName":"zzz"})")),
            R"({"TableNames":[]})");
}

// ---- DeleteTable ----

TEST_F(TablesTest, DeleteRespondsDeletingWithoutSchemaMembersAndTheTableIsGone) {
  Ok("CreateTable", OnDemandTable("doomed"));
  Ok("PutItem", R"({"TableName":"doomed","Item":{"pk":{"S":"a"}}})");
  rapidjson::Document doc = Ok("DeleteTable", R"({"TableName":"doomed"})");
  const auto& t = doc["TableDescription"];
  EXPECT_EQ(Str(t["TableStatus"]), "DELETING");
  EXPECT_EQ(t["ItemCount"].GetInt64(), 1);
  for (const char* absent :
       {"KeySchema", "AttributeDefinitions", "CreationDateTime", "WarmThroughput"}) {
    EXPECT_FALSE(t.HasMember(absent)) << absent;
  }
  EXPECT_EQ(
      ToJson(t["BillingModeSummary"]),
      R"({"BillingMode":"PAY_PER_REQUEST","LastUpdateToPayPerRequestDateTime":1700000000.123})");
  ExpectError("DescribeTable", R"({"TableName":"doomed"})", "ResourceNotFoundException",
              "Requested resource not found: Table: doomed not found");
  ExpectError("DeleteTable", R"({"TableName":"doomed"})", "ResourceNotFoundException",
              "Requested resource not found: Table: doomed not found");
  // Re-created under the same name, the table is empty.
  Ok("CreateTable", OnDemandTable("doomed"));
  EXPECT_EQ(Ok("DescribeTable", R"({"TableName":"doomed"})")["Table"]["ItemCount"].GetInt64(), 0);
  EXPECT_EQ(ToJson(Ok("GetItem", R"({"TableName":"doomed","Key":{"pk":{"S":"a"}}})")), "{}");
}

TEST_F(TablesTest, DeletionProtectionPreventsDelete) {
  Ok("CreateTable",
     HashTable("guarded", R"(,"BillingMode":"PAY_PER_REQUEST","DeletionProtectionEnabled":true)"));
  ExpectError("DeleteTable", R"({"TableName":"guarded"})", "ValidationException",
              "Resource cannot be deleted as it is currently protected against deletion. Disable "
              "deletion protection first.");
  Ok("UpdateTable", R"({"TableName":"guarded","DeletionProtectionEnabled":false})");
  Ok("DeleteTable", R"({"TableName":"guarded"})");
}

// ---- namespaces and persistence ----

TEST_F(TablesTest, EachAccessKeyAndRegionSeesItsOwnTables) {
  RequestContext alice{"ALICE", "us-east-1"};
  RequestContext bob{"BOB", "us-east-1"};
  RequestContext alice_west{"ALICE", "us-west-2"};
  Ok("CreateTable", OnDemandTable("mine"), alice);
  EXPECT_EQ(ToJson(Ok("ListTables", "{}", bob)), R"({"TableNames":[]})");
  EXPECT_EQ(ToJson(Ok("ListTables", "{}", alice_west)), R"({"TableNames":[]})");
  Ok("CreateTable", OnDemandTable("mine"), bob);  // no conflict across namespaces
  rapidjson::Document west = Ok("CreateTable", OnDemandTable("mine"), alice_west);
  EXPECT_EQ(Str(west["TableDescription"]["TableArn"]),
            "arn:aws:dynamodb:us-west-2:000000000000:table/mine");
}

TEST_F(TablesTest, SharedDbShowsOneSetOfTablesToEveryone) {
  Open(true, "");
  Ok("CreateTable", OnDemandTable("common"), RequestContext{"ALICE", "us-east-1"});
  EXPECT_EQ(ToJson(Ok("ListTables", "{}", RequestContext{"BOB", "eu-west-1"})),
            R"({"TableNames":["common"]})");
}

TEST_F(TablesTest, TablesSurviveClosingAndReopeningADataDirectory) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("tables_test_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  Open(false, dir.string());
  Ok("CreateTable",
     HashTable("kept", R"(,"BillingMode":"PAY_PER_REQUEST","Tags":[{"Key":"k","Value":"v"}])"));
  Ok("PutItem", R"({"TableName":"kept","Item":{"pk":{"S":"a"}}})");
  const std::string before = ToJson(Ok("DescribeTable", R"({"TableName":"kept"})"));
  Open(false, dir.string());
  EXPECT_EQ(ToJson(Ok("DescribeTable", R"({"TableName":"kept"})")), before);
  db_.reset();
  std::filesystem::remove_all(dir);
}

}  // namespace tables_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::table_test
