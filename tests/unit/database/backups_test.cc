// On-demand backups as snapshots: CreateBackup copies the table at one instant, later writes
// do not reach the backup, RestoreTableFromBackup builds a new table (indexes included) from
// it, and DeleteBackup frees it.
#include <gtest/gtest.h>

#include <string>

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

}  // namespace backups_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
