// On-demand backups as snapshots: CreateBackup copies the table at one instant, later writes
// do not reach the backup, RestoreTableFromBackup builds a new table (indexes included) from
// it, and DeleteBackup frees it.
#include <gtest/gtest.h>

#include <string>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "database_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace backups_test {

class BackupsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = OpenInMemory();
    ASSERT_EQ(Call("CreateTable", R"({"TableName":"src",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
        {"AttributeName":"g","AttributeType":"S"}],
      "GlobalSecondaryIndexes":[{"IndexName":"by_g","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
        "Projection":{"ProjectionType":"ALL"}}],
      "BillingMode":"PAY_PER_REQUEST"})")
                  .http_status,
              200);
    for (const char* pk : {"a", "b", "c"}) Put(pk, "before");
  }
  Response Call(const char* op, const std::string& body) { return db_->Call(op, body); }
  void Put(const std::string& pk, const std::string& v) {
    ASSERT_EQ(Call("PutItem", R"({"TableName":"src","Item":{"pk":{"S":")" + pk +
                                  R"("},"g":{"S":"G"},"v":{"S":")" + v + "\"}}}")
                  .http_status,
              200);
  }
  std::string Backup(const std::string& name) {
    const Response r = Call("CreateBackup", R"({"TableName":"src","BackupName":")" + name + "\"}");
    EXPECT_EQ(r.http_status, 200) << r.body;
    rapidjson::Document d = ParseJson(r.body);
    EXPECT_STREQ(d["BackupDetails"]["BackupStatus"].GetString(), "AVAILABLE");
    EXPECT_STREQ(d["BackupDetails"]["BackupName"].GetString(), name.c_str());
    return d["BackupDetails"]["BackupArn"].GetString();
  }
  std::unique_ptr<Database> db_;
};

TEST_F(BackupsTest, RestoreGivesTheTableAsItWasAtTheBackup) {
  const std::string arn = Backup("first");
  EXPECT_EQ(arn.find("arn:aws:dynamodb:us-east-1:000000000000:table/src/backup/"), 0u) << arn;
  Put("a", "after");
  Put("d", "after");
  const Response restored =
      Call("RestoreTableFromBackup", R"({"TargetTableName":"copy","BackupArn":")" + arn + "\"}");
  ASSERT_EQ(restored.http_status, 200) << restored.body;
  rapidjson::Document d = ParseJson(restored.body);
  EXPECT_STREQ(d["TableDescription"]["TableName"].GetString(), "copy");
  EXPECT_STREQ(d["TableDescription"]["RestoreSummary"]["SourceBackupArn"].GetString(), arn.c_str());
  rapidjson::Document scan = ParseJson(Call("Scan", R"({"TableName":"copy"})").body);
  EXPECT_EQ(scan["Count"].GetInt(), 3);
  rapidjson::Document got =
      ParseJson(Call("GetItem", R"({"TableName":"copy","Key":{"pk":{"S":"a"}}})").body);
  EXPECT_STREQ(got["Item"]["v"]["S"].GetString(), "before");
  // The restored GSI holds the items too.
  rapidjson::Document q = ParseJson(
      Call("Query", R"({"TableName":"copy","IndexName":"by_g","KeyConditionExpression":"g = :g",
                       "ExpressionAttributeValues":{":g":{"S":"G"}}})")
          .body);
  EXPECT_EQ(q["Count"].GetInt(), 3);
}

TEST_F(BackupsTest, DescribeListAndDelete) {
  const std::string one = Backup("one");
  const std::string two = Backup("two");
  rapidjson::Document described =
      ParseJson(Call("DescribeBackup", R"({"BackupArn":")" + one + "\"}").body);
  const auto& source = described["BackupDescription"]["SourceTableDetails"];
  EXPECT_STREQ(source["TableName"].GetString(), "src");
  EXPECT_EQ(source["ItemCount"].GetInt(), 3);
  rapidjson::Document list = ParseJson(Call("ListBackups", R"({"TableName":"src"})").body);
  ASSERT_EQ(list["BackupSummaries"].Size(), 2u);
  EXPECT_STREQ(list["BackupSummaries"][0]["BackupArn"].GetString(), one.c_str());
  rapidjson::Document page = ParseJson(Call("ListBackups", R"({"Limit":1})").body);
  EXPECT_EQ(page["BackupSummaries"].Size(), 1u);
  EXPECT_STREQ(page["LastEvaluatedBackupArn"].GetString(), one.c_str());

  rapidjson::Document deleted =
      ParseJson(Call("DeleteBackup", R"({"BackupArn":")" + one + "\"}").body);
  EXPECT_STREQ(deleted["BackupDescription"]["BackupDetails"]["BackupStatus"].GetString(),
               "DELETED");
  const Response gone = Call("DescribeBackup", R"({"BackupArn":")" + one + "\"}");
  EXPECT_EQ(ParseError(gone).type, "BackupNotFoundException");
  EXPECT_EQ(ParseError(gone).message, "Backup not found: " + one);
  EXPECT_EQ(ParseJson(Call("ListBackups", "{}").body)["BackupSummaries"].Size(), 1u);
}

TEST_F(BackupsTest, ErrorsAsTheServiceNamesThem) {
  EXPECT_EQ(ParseError(Call("CreateBackup", R"({"TableName":"nope","BackupName":"bak"})")).type,
            "TableNotFoundException");
  const std::string arn = Backup("bak");
  const Response exists =
      Call("RestoreTableFromBackup", R"({"TargetTableName":"src","BackupArn":")" + arn + "\"}");
  EXPECT_EQ(ParseError(exists).type, "TableAlreadyExistsException");
  EXPECT_EQ(ParseError(exists).message, "Table already exists: src");
}

// DescribeBackup's SourceTableFeatureDetails, as the wire carries it: the GSI as a
// GlobalSecondaryIndexInfo (no status, ARN or counts), the stream as a StreamSpecification and TTL
// as a TimeToLiveDescription, as the table was at the backup (the stream turned off after it is
// still in the backup); no SSEDescription (the default AWS owned key is not described).
TEST_F(BackupsTest, DescribeBackupReportsTheSourceTableFeatures) {
  ASSERT_EQ(Call("UpdateTable", R"({"TableName":"src",
      "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"KEYS_ONLY"}})")
                .http_status,
            200);
  ASSERT_EQ(Call("UpdateTimeToLive", R"({"TableName":"src",
      "TimeToLiveSpecification":{"AttributeName":"exp","Enabled":true}})")
                .http_status,
            200);
  const std::string arn = Backup("features");
  ASSERT_EQ(
      Call("UpdateTable", R"({"TableName":"src","StreamSpecification":{"StreamEnabled":false}})")
          .http_status,
      200);
  rapidjson::Document described =
      ParseJson(Call("DescribeBackup", R"({"BackupArn":")" + arn + "\"}").body);
  const rapidjson::Value& features = described["BackupDescription"]["SourceTableFeatureDetails"];
  rapidjson::StringBuffer text;
  rapidjson::Writer<rapidjson::StringBuffer> writer(text);
  features.Accept(writer);
  EXPECT_EQ(std::string(text.GetString()),
            R"({"GlobalSecondaryIndexes":[{"IndexName":"by_g",)"
            R"("KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],)"
            R"("Projection":{"ProjectionType":"ALL"},)"
            R"("ProvisionedThroughput":{"ReadCapacityUnits":0,"WriteCapacityUnits":0}}],)"
            R"("StreamDescription":{"StreamEnabled":true,"StreamViewType":"KEYS_ONLY"},)"
            R"("TimeToLiveDescription":{"TimeToLiveStatus":"ENABLED","AttributeName":"exp"}})");
}

// The overrides, as the service applies them (ack-api-quirks "Table restores", 2026-10:
// DDB-TABLE-215, 273, 279): what is dropped, index lists by shape, billing and throughput.
class RestoreOverridesTest : public BackupsTest {
 protected:
  Response Restore(const std::string& target, const std::string& overrides) {
    return Call("RestoreTableFromBackup", R"({"TargetTableName":")" + target +
                                              R"(","BackupArn":")" + arn_ + "\"" +
                                              (overrides.empty() ? "" : "," + overrides) + "}");
  }
  rapidjson::Document Describe(const std::string& table) {
    return ParseJson(Call("DescribeTable", R"({"TableName":")" + table + "\"}").body);
  }
  std::string arn_;
};

TEST_F(RestoreOverridesTest, RestoreDropsTagsStreamTtlDeletionProtectionAndTableClass) {
  ASSERT_EQ(
      Call("UpdateTable", R"({"TableName":"src","DeletionProtectionEnabled":true})").http_status,
      200);
  ASSERT_EQ(Call("UpdateTable", R"({"TableName":"src",
      "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"KEYS_ONLY"}})")
                .http_status,
            200);
  ASSERT_EQ(
      Call("TagResource", R"({"ResourceArn":"arn:aws:dynamodb:us-east-1:000000000000:table/src",
      "Tags":[{"Key":"team","Value":"hr"}]})")
          .http_status,
      200);
  arn_ = Backup("full");
  ASSERT_EQ(Restore("copy", "").http_status, 200);
  rapidjson::Document d = Describe("copy");
  EXPECT_FALSE(d["Table"].HasMember("StreamSpecification"));
  EXPECT_FALSE(d["Table"]["DeletionProtectionEnabled"].GetBool());
  EXPECT_STREQ(d["Table"]["BillingModeSummary"]["BillingMode"].GetString(), "PAY_PER_REQUEST");
  rapidjson::Document tags =
      ParseJson(Call("ListTagsOfResource",
                     R"({"ResourceArn":"arn:aws:dynamodb:us-east-1:000000000000:table/copy"})")
                    .body);
  EXPECT_EQ(tags["Tags"].Size(), 0u);
  // The source keeps what it had.
  EXPECT_TRUE(Describe("src")["Table"]["DeletionProtectionEnabled"].GetBool());
}

TEST_F(RestoreOverridesTest, AnEmptyIndexListDropsEveryIndexAndARenameKeepsOne) {
  arn_ = Backup("bkp");
  ASSERT_EQ(Restore("bare", R"("GlobalSecondaryIndexOverride":[])").http_status, 200);
  EXPECT_FALSE(Describe("bare")["Table"].HasMember("GlobalSecondaryIndexes"));
  EXPECT_EQ(ParseJson(Call("Scan", R"({"TableName":"bare"})").body)["Count"].GetInt(), 3);

  // The same key schema and projection under another name is the same index.
  const Response renamed = Restore("renamed", R"("GlobalSecondaryIndexOverride":[{
      "IndexName":"by_g2","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"ALL"}}])");
  ASSERT_EQ(renamed.http_status, 200) << renamed.body;
  rapidjson::Document q = ParseJson(
      Call("Query", R"({"TableName":"renamed","IndexName":"by_g2","KeyConditionExpression":"g = :g",
                       "ExpressionAttributeValues":{":g":{"S":"G"}}})")
          .body);
  EXPECT_EQ(q["Count"].GetInt(), 3);

  // Another shape is a new index, which a restore cannot create.
  const Response added = Restore("added", R"("GlobalSecondaryIndexOverride":[{
      "IndexName":"by_g","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"KEYS_ONLY"}}])");
  EXPECT_EQ(ParseError(added).type, "ValidationException");
  EXPECT_EQ(ParseError(added).message,
            "Index by_g does not match a secondary index that existed in the source table and "
            "cannot be created during the restore operation");
  EXPECT_EQ(Call("DescribeTable", R"({"TableName":"added"})").http_status, 400);  // nothing made
}

TEST_F(RestoreOverridesTest, BillingAndThroughputOverridesFollowTheEffectiveMode) {
  arn_ = Backup("bkp");
  const Response no_mode = Restore(
      "tgt1", R"("ProvisionedThroughputOverride":{"ReadCapacityUnits":5,"WriteCapacityUnits":5})");
  EXPECT_EQ(ParseError(no_mode).message,
            "Cannot override ProvisionedThroughput unless BillingMode is PROVISIONED");
  const Response no_throughput = Restore("tgt1", R"("BillingModeOverride":"PROVISIONED")");
  EXPECT_EQ(ParseError(no_throughput).message,
            "Must override ProvisionedThroughput if BillingMode is overridden to PROVISIONED");
  const Response zero = Restore(
      "tgt1", R"("OnDemandThroughputOverride":{"MaxReadRequestUnits":0,"MaxWriteRequestUnits":0})");
  EXPECT_EQ(ParseError(zero).message,
            "Invalid Request: Requested MaxReadRequestUnits for OnDemandThroughput is outside of "
            "valid range");

  const Response provisioned = Restore("prov", R"("BillingModeOverride":"PROVISIONED",
      "ProvisionedThroughputOverride":{"ReadCapacityUnits":7,"WriteCapacityUnits":3})");
  ASSERT_EQ(provisioned.http_status, 200) << provisioned.body;
  rapidjson::Document p = Describe("prov");
  EXPECT_EQ(p["Table"]["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt(), 7);
  EXPECT_EQ(p["Table"]["ProvisionedThroughput"]["WriteCapacityUnits"].GetInt(), 3);
  EXPECT_EQ(p["Table"]["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"]["ReadCapacityUnits"]
                .GetInt(),
            7);

  const Response capped = Restore(
      "capped",
      R"("OnDemandThroughputOverride":{"MaxReadRequestUnits":10,"MaxWriteRequestUnits":10})");
  ASSERT_EQ(capped.http_status, 200) << capped.body;
  EXPECT_EQ(Describe("capped")["Table"]["OnDemandThroughput"]["MaxReadRequestUnits"].GetInt(), 10);
}

}  // namespace backups_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
