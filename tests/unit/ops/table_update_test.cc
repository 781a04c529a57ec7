// UpdateTable through Database::Call: responses while the change is "in progress", the state
// DescribeTable shows afterwards, and every rule with its exact type and message.
#include <gtest/gtest.h>

#include "table_test_fixture.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::table_test {
namespace table_update_test {

// ---- UpdateTable ----

TEST_F(TablesTest, UpdateWithNothingToChangeIsRejectedEvenForAMissingTable) {
  ExpectError(
      "UpdateTable", R"({"TableName":"nowhere"})", "ValidationException",
      "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, "
      "GlobalSecondaryIndexUpdates, "
      "SSESpecification, ReplicaUpdates, MultiAccountReplicaReady, ReplicaTransitRoleArn, "
      "MultiRegionConsistency, "
      "DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or TableClass is required");
  ExpectError("UpdateTable", R"({"TableName":"nowhere","BillingMode":"PAY_PER_REQUEST"})",
              "ResourceNotFoundException",
              "Requested resource not found: Table: nowhere not found");
}

TEST_F(TablesTest, ThroughputIncreaseRespondsUpdatingWithOldValuesAndDescribeShowsTheNewOnes) {
  Ok("CreateTable", HashTable("grow"));
  clock_->AdvanceMicros(1'000'000);
  rapidjson::Document doc = Ok(
      "UpdateTable",
      R"({"TableName":"grow","ProvisionedThroughput":{"ReadCapacityUnits":10,"WriteCapacityUnits":6}})");
  EXPECT_EQ(Str(doc["TableDescription"]["TableStatus"]), "UPDATING");
  EXPECT_EQ(doc["TableDescription"]["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt64(), 5);
  rapidjson::Document described = Ok("DescribeTable", R"({"TableName":"grow"})");
  EXPECT_EQ(Str(described["Table"]["TableStatus"]), "ACTIVE");
  EXPECT_EQ(
      ToJson(described["Table"]["ProvisionedThroughput"]),
      R"({"LastIncreaseDateTime":1700000001.123,"NumberOfDecreasesToday":0,"ReadCapacityUnits":10,"WriteCapacityUnits":6})");
}

TEST_F(TablesTest, UnchangedThroughputIsRejectedWithTheCurrentValues) {
  Ok("CreateTable", HashTable("same"));
  ExpectError(
      "UpdateTable",
      R"({"TableName":"same","ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5}})",
      "ValidationException",
      "The provisioned throughput for the table will not change. The requested value equals the "
      "current value. "
      "Current ReadCapacityUnits provisioned for the table: 5. Requested ReadCapacityUnits: 5. "
      "Current "
      "WriteCapacityUnits provisioned for the table: 5. Requested WriteCapacityUnits: 5. Refer to "
      "the Amazon "
      "DynamoDB Developer Guide for current limits and how to request higher limits.");
}

TEST_F(TablesTest, DecreasesAreCountedPerUtcDayAndTheFifthWithinAnHourIsLimited) {
  Ok("CreateTable",
     HashTable("shrink",
               R"(,"ProvisionedThroughput":{"ReadCapacityUnits":50,"WriteCapacityUnits":50})"));
  for (int units = 40; units >= 10; units -= 10) {
    const std::string n = std::to_string(units);
    Ok("UpdateTable", R"({"TableName":"shrink","ProvisionedThroughput":{"ReadCapacityUnits":)" + n +
                          R"(,"WriteCapacityUnits":)" + n + "}}");
    clock_->AdvanceMicros(1'000'000);
  }
  EXPECT_EQ(
      Ok("DescribeTable",
         R"({"TableName":"shrink"})")["Table"]["ProvisionedThroughput"]["NumberOfDecreasesToday"]
          .GetInt64(),
      4);
  Response fifth = Call(
      "UpdateTable",
      R"({"TableName":"shrink","ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5}})");
  EXPECT_EQ(fifth.http_status, 400);
  EXPECT_NE(fifth.body.find("LimitExceededException"), std::string::npos);
  EXPECT_NE(fifth.body.find("Number of decreases today: 4."), std::string::npos) << fifth.body;
  clock_->AdvanceMicros(3'600'000'000);  // an hour later the fifth is allowed
  Ok("UpdateTable",
     R"({"TableName":"shrink","ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5}})");
  clock_->AdvanceMicros(86'400'000'000);  // the next UTC day starts from zero
  EXPECT_EQ(
      Ok("DescribeTable",
         R"({"TableName":"shrink"})")["Table"]["ProvisionedThroughput"]["NumberOfDecreasesToday"]
          .GetInt64(),
      0);
}

TEST_F(TablesTest, SwitchingToOnDemandAndBack) {
  Ok("CreateTable", HashTable("switch"));
  clock_->AdvanceMicros(2'000'000);
  rapidjson::Document to_ppr =
      Ok("UpdateTable", R"({"TableName":"switch","BillingMode":"PAY_PER_REQUEST"})");
  EXPECT_EQ(Str(to_ppr["TableDescription"]["TableStatus"]), "UPDATING");
  EXPECT_EQ(ToJson(to_ppr["TableDescription"]["BillingModeSummary"]),
            R"({"BillingMode":"PAY_PER_REQUEST"})");
  rapidjson::Document described = Ok("DescribeTable", R"({"TableName":"switch"})");
  EXPECT_EQ(
      ToJson(described["Table"]["BillingModeSummary"]),
      R"({"BillingMode":"PAY_PER_REQUEST","LastUpdateToPayPerRequestDateTime":1700000002.123})");
  EXPECT_EQ(described["Table"]["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt64(), 0);
  ExpectError(
      "UpdateTable",
      R"({"TableName":"switch","ProvisionedThroughput":{"ReadCapacityUnits":2,"WriteCapacityUnits":2}})",
      "ValidationException",
      "One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits "
      "can be "
      "specified when BillingMode is PAY_PER_REQUEST");
  ExpectError("UpdateTable", R"({"TableName":"switch","BillingMode":"PROVISIONED"})",
              "ValidationException",
              "One or more parameter values were invalid: ProvisionedThroughput must be specified "
              "when BillingMode is PROVISIONED");
  Ok("UpdateTable",
     R"({"TableName":"switch","BillingMode":"PROVISIONED","ProvisionedThroughput":{"ReadCapacityUnits":4,"WriteCapacityUnits":4}})");
  described = Ok("DescribeTable", R"({"TableName":"switch"})");
  EXPECT_EQ(ToJson(described["Table"]["BillingModeSummary"]),
            R"({"BillingMode":"PROVISIONED","LastUpdateToPayPerRequestDateTime":1700000002.123})");
  EXPECT_EQ(described["Table"]["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt64(), 4);
  // Once on-demand, the warm throughput keeps the on-demand baseline.
  EXPECT_EQ(described["Table"]["WarmThroughput"]["ReadUnitsPerSecond"].GetInt64(), 12000);
}

TEST_F(TablesTest, SwitchingToProvisionedNeedsThroughputForEveryGsi) {
  Ok("CreateTable", Gsis(kPpr, "[" + Gsi("gs1", kKeyB) + "]"));
  ExpectError(
      "UpdateTable",
      R"({"TableName":"gsis","BillingMode":"PROVISIONED","ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5}})",
      "ValidationException",
      "One or more parameter values were invalid: ProvisionedThroughput must be specified for "
      "index: gs1");
}

TEST_F(TablesTest, DeletionProtectionMustBeTheOnlyChange) {
  Ok("CreateTable", OnDemandTable("dpt"));
  ExpectError(
      "UpdateTable",
      R"({"TableName":"dpt","DeletionProtectionEnabled":true,"BillingMode":"PAY_PER_REQUEST"})",
      "ValidationException",
      "DeletionProtection modification must be the only operation in the request");
  rapidjson::Document doc =
      Ok("UpdateTable", R"({"TableName":"dpt","DeletionProtectionEnabled":true})");
  EXPECT_EQ(Str(doc["TableDescription"]["TableStatus"]), "ACTIVE");
  EXPECT_TRUE(doc["TableDescription"]["DeletionProtectionEnabled"].GetBool());
}

TEST_F(TablesTest, GsiUpdateOfAnUnknownIndexIsResourceNotFound) {
  Ok("CreateTable", HashTable("noidx"));
  ExpectError("UpdateTable",
              R"({"TableName":"noidx","GlobalSecondaryIndexUpdates":[{"Update":{"IndexName":"ghost",
    "ProvisionedThroughput":{"ReadCapacityUnits":2,"WriteCapacityUnits":2}}}]})",
              "ResourceNotFoundException",
              "Requested resource not found: Index ghost for table noidx");
}

TEST_F(TablesTest, GsiCreateBackfillsExistingItemsAndDeleteRemovesTheIndex) {
  Ok("CreateTable", OnDemandTable("grow_gsi"));
  Ok("PutItem", R"({"TableName":"grow_gsi","Item":{"pk":{"S":"a"},"g":{"S":"x"}}})");
  Ok("PutItem", R"({"TableName":"grow_gsi","Item":{"pk":{"S":"b"}}})");
  rapidjson::Document created = Ok("UpdateTable", R"({"TableName":"grow_gsi",
    "AttributeDefinitions":[{"AttributeName":"g","AttributeType":"S"}],
    "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"by_g","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"ALL"}}}]})");
  const auto& shown = created["TableDescription"];
  EXPECT_EQ(Str(shown["TableStatus"]), "UPDATING");
  EXPECT_EQ(Str(shown["GlobalSecondaryIndexes"][0]["IndexStatus"]), "CREATING");
  EXPECT_FALSE(shown["GlobalSecondaryIndexes"][0]["Backfilling"].GetBool());
  rapidjson::Document described = Ok("DescribeTable", R"({"TableName":"grow_gsi"})");
  EXPECT_EQ(described["Table"]["GlobalSecondaryIndexes"][0]["ItemCount"].GetInt64(),
            1);  // sparse: only "a"
  EXPECT_EQ(described["Table"]["AttributeDefinitions"].Size(), 2u);
  rapidjson::Document deleted = Ok(
      "UpdateTable",
      R"({"TableName":"grow_gsi","GlobalSecondaryIndexUpdates":[{"Delete":{"IndexName":"by_g"}}]})");
  EXPECT_EQ(Str(deleted["TableDescription"]["GlobalSecondaryIndexes"][0]["IndexStatus"]),
            "DELETING");
  described = Ok("DescribeTable", R"({"TableName":"grow_gsi"})");
  EXPECT_FALSE(described["Table"].HasMember("GlobalSecondaryIndexes"));
  EXPECT_EQ(ToJson(described["Table"]["AttributeDefinitions"]),
            R"([{"AttributeName":"pk","AttributeType":"S"}])");
}

TEST_F(TablesTest, OneIndexCreateOrDeletePerRequest) {
  Ok("CreateTable", OnDemandTable("twoidx"));
  ExpectError(
      "UpdateTable",
      R"({"TableName":"twoidx","AttributeDefinitions":[{"AttributeName":"g","AttributeType":"S"}],
    "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"g1x","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}},
                                   {"Create":{"IndexName":"g2x","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}}]})",
      "LimitExceededException",
      "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per "
      "table");
}

TEST_F(TablesTest, GsiThroughputUpdateRespondsUpdatingWithTheOldValues) {
  Ok("CreateTable",
     Gsis(kProv,
          "[" +
              Gsi("gs1", kKeyB,
                  R"(,"ProvisionedThroughput":{"ReadCapacityUnits":2,"WriteCapacityUnits":2})") +
              "]"));
  rapidjson::Document doc =
      Ok("UpdateTable",
         R"({"TableName":"gsis","GlobalSecondaryIndexUpdates":[{"Update":{"IndexName":"gs1",
    "ProvisionedThroughput":{"ReadCapacityUnits":3,"WriteCapacityUnits":2}}}]})");
  const auto& gsi = doc["TableDescription"]["GlobalSecondaryIndexes"][0];
  EXPECT_EQ(Str(doc["TableDescription"]["TableStatus"]), "ACTIVE");
  EXPECT_EQ(Str(gsi["IndexStatus"]), "UPDATING");
  EXPECT_EQ(gsi["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt64(), 2);
  rapidjson::Document described = Ok("DescribeTable", R"({"TableName":"gsis"})");
  EXPECT_EQ(
      described["Table"]["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"]["ReadCapacityUnits"]
          .GetInt64(),
      3);
  ExpectError("UpdateTable",
              R"({"TableName":"gsis","GlobalSecondaryIndexUpdates":[{"Update":{"IndexName":"gs1",
    "ProvisionedThroughput":{"ReadCapacityUnits":3,"WriteCapacityUnits":2}}}]})",
              "ValidationException",
              "The provisioned throughput for the index gs1 will not change. The requested value "
              "equals the current value. "
              "Current ReadCapacityUnits provisioned for index gs1: 3. Requested "
              "ReadCapacityUnits: 3. Current "
              "WriteCapacityUnits provisioned for index gs1: 2. Requested WriteCapacityUnits: 2. "
              "Refer to the Amazon "
              "DynamoDB Developer Guide for current limits and how to request higher limits.");
}

TEST_F(TablesTest, OnDemandGsiOnlyAcceptsOnDemandOrWarmUpdates) {
  Ok("CreateTable", Gsis(kPpr, "[" + Gsi("gs1", kKeyB) + "]"));
  ExpectError("UpdateTable",
              R"({"TableName":"gsis","GlobalSecondaryIndexUpdates":[{"Update":{"IndexName":"gs1",
    "ProvisionedThroughput":{"ReadCapacityUnits":3,"WriteCapacityUnits":2}}}]})",
              "ValidationException",
              "One or more parameter values were invalid: The only Updates for index: gs1 when "
              "TableThroughputMode is "
              "PAY_PER_REQUEST can be to OnDemandThroughput, WarmThroughput");
}

TEST_F(TablesTest, OnDemandMaximaAreMergedAndClearedWithMinusOne) {
  Ok("CreateTable", OnDemandTable("capped"));
  rapidjson::Document doc = Ok(
      "UpdateTable",
      R"({"TableName":"capped","OnDemandThroughput":{"MaxReadRequestUnits":100,"MaxWriteRequestUnits":50}})");
  EXPECT_EQ(Str(doc["TableDescription"]["TableStatus"]), "ACTIVE");
  EXPECT_EQ(ToJson(doc["TableDescription"]["OnDemandThroughput"]),
            R"({"MaxReadRequestUnits":100,"MaxWriteRequestUnits":50})");
  Ok("UpdateTable", R"({"TableName":"capped","OnDemandThroughput":{"MaxReadRequestUnits":-1}})");
  EXPECT_EQ(ToJson(Ok("DescribeTable", R"({"TableName":"capped"})")["Table"]["OnDemandThroughput"]),
            R"({"MaxWriteRequestUnits":50})");
  ExpectError("UpdateTable",
              R"({"TableName":"capped","OnDemandThroughput":{"MaxReadRequestUnits":0}})",
              "ValidationException",
              "One or more parameter values were invalid: Requested MaxReadRequestUnits for "
              "OnDemandThroughput for table is "
              "outside of valid range");
}

TEST_F(TablesTest, OnDemandMaximaAreRefusedOnAProvisionedTable) {
  Ok("CreateTable", HashTable("prov_odt"));
  ExpectError("UpdateTable",
              R"({"TableName":"prov_odt","OnDemandThroughput":{"MaxReadRequestUnits":10}})",
              "ValidationException",
              "One or more parameter values were invalid: MaxReadRequestUnits for "
              "OnDemandThroughput cannot be specified "
              "when the table BillingMode is PROVISIONED");
}

TEST_F(TablesTest, ResendingOnDemandBillingRespondsUpdatingAndChangesNothing) {
  Ok("CreateTable", OnDemandTable("resend"));
  rapidjson::Document doc =
      Ok("UpdateTable", R"({"TableName":"resend","BillingMode":"PAY_PER_REQUEST"})");
  EXPECT_EQ(Str(doc["TableDescription"]["TableStatus"]), "UPDATING");
  EXPECT_EQ(
      ToJson(doc["TableDescription"]["BillingModeSummary"]),
      R"({"BillingMode":"PAY_PER_REQUEST","LastUpdateToPayPerRequestDateTime":1700000000.123})");
}

TEST_F(TablesTest, GsiCreateOnAProvisionedTableNeedsItsThroughputAndItsAttributeDefinitions) {
  Ok("CreateTable", HashTable("prov_gsi"));
  const std::string create =
      R"({"IndexName":"by_g","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}})";
  ExpectError(
      "UpdateTable",
      R"({"TableName":"prov_gsi","GlobalSecondaryIndexUpdates":[{"Create":)" + create + "}]}",
      "ValidationException",
      "One or more parameter values were invalid: AttributeDefinitions is not specified for index: "
      "by_g");
  ExpectError(
      "UpdateTable",
      R"({"TableName":"prov_gsi","AttributeDefinitions":[{"AttributeName":"g","AttributeType":"S"}],
    "GlobalSecondaryIndexUpdates":[{"Create":)" +
          create + "}]}",
      "ValidationException",
      "One or more parameter values were invalid: Both ReadCapacityUnits and WriteCapacityUnits "
      "must be specified for index: by_g");
}

TEST_F(TablesTest, DisablingANonexistentStreamIsTheServicesError) {
  Ok("CreateTable", OnDemandTable("streamless"));
  ExpectError("UpdateTable",
              R"({"TableName":"streamless","StreamSpecification":{"StreamEnabled":false}})",
              "ValidationException", "Table has no stream to disable: TableName: streamless");
}

}  // namespace table_update_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::table_test
