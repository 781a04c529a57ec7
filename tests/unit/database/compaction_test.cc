// Database::Compact (storage::RepackDirectory): a closed data directory rewritten with its pages
// full keeps every record (items, GSI entries, streams, TTL settings, backups) and answers as
// before, its file shrinks after a load in hash order, and it refuses a directory that another
// process has open or that holds no database.
#include <gtest/gtest.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <set>
#include <string>

#include "database_test_util.h"
#include "ddbemu/database.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace compaction_test {

namespace fs = std::filesystem;

constexpr const char* kTable = kOrdersTableWithIndexAndStream;

constexpr int kItems = 3000;

std::string ToJson(const rapidjson::Value& value) {
  rapidjson::StringBuffer out;
  rapidjson::Writer<rapidjson::StringBuffer> writer(out);
  value.Accept(writer);
  return out.GetString();
}

class CompactionTest : public ::testing::Test {
 protected:
  void Open() {
    db_.reset();
    Options options;
    options.path = dir_.string();
    options.durability = Durability::kNone;
    options.throttle = false;  // a load at a test's pace: 3,000 writes to seven GSI keys at once
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok()) << db.error().message();
    db_ = std::move(db).value();
  }

  rapidjson::Document Ok(std::string_view op, const std::string& body) {
    Response r = db_->Call(op, body);
    EXPECT_EQ(r.http_status, 200) << op << " " << body << " -> " << r.body;
    return ParseJson(r.body);
  }

  // The table with kItems items (written in hash order, as any load is), its TTL setting and a
  // backup.
  void Load() {
    Open();
    Ok("CreateTable", kTable);
    for (int i = 0; i < kItems; ++i) {
      Ok("PutItem", R"({"TableName":"orders","Item":{"pk":{"S":"customer#)" + std::to_string(i) +
                        R"("},"sk":{"S":"order#1"},"g":{"S":"group#)" + std::to_string(i % 7) +
                        R"("},"body":{"S":")" + std::string(200, 'x') + R"("}}})");
    }
    Ok("UpdateTimeToLive", R"({"TableName":"orders","TimeToLiveSpecification":)"
                           R"({"Enabled":true,"AttributeName":"expires"}})");
    Ok("CreateBackup", R"({"TableName":"orders","BackupName":"before-compaction"})");
  }

  // Everything a client can read back: the items by Scan, one GSI partition by Query, the
  // stream's shards, the TTL setting, the backups.
  std::set<std::string> Observed() {
    std::set<std::string> seen;
    std::string start;
    for (;;) {
      auto page = Ok("Scan", R"({"TableName":"orders")" + start + "}");
      for (const auto& item : page["Items"].GetArray()) seen.insert("item " + ToJson(item));
      if (!page.HasMember("LastEvaluatedKey")) break;
      start = R"(,"ExclusiveStartKey":)" + ToJson(page["LastEvaluatedKey"]);
    }
    auto group = Ok("Query", R"({"TableName":"orders","IndexName":"byG",)"
                             R"("KeyConditionExpression":"g = :g",)"
                             R"("ExpressionAttributeValues":{":g":{"S":"group#3"}}})");
    seen.insert("byG count " + std::to_string(group["Count"].GetInt()));
    auto table = Ok("DescribeTable", R"({"TableName":"orders"})");
    seen.insert("stream " + ToJson(table["Table"]["LatestStreamArn"]));
    seen.insert("items " + std::to_string(table["Table"]["ItemCount"].GetInt64()));
    auto ttl = Ok("DescribeTimeToLive", R"({"TableName":"orders"})");
    seen.insert("ttl " + ToJson(ttl["TimeToLiveDescription"]));
    auto backups = Ok("ListBackups", R"({"TableName":"orders"})");
    for (const auto& b : backups["BackupSummaries"].GetArray())
      seen.insert("backup " + ToJson(b["BackupName"]));
    return seen;
  }

  TestDirectory scratch_{"compact"};
  const std::filesystem::path& dir_ = scratch_.path();
  std::unique_ptr<Database> db_;
};

TEST_F(CompactionTest, KeepsEveryRecordAndTheFileShrinks) {
  Load();
  const std::set<std::string> before = Observed();
  ASSERT_EQ(before.count("byG count " + std::to_string((kItems + 3) / 7)), 1u);
  db_.reset();

  auto compacted = Database::Compact(dir_.string());
  ASSERT_TRUE(compacted.ok()) << compacted.error().message();
  EXPECT_EQ(compacted->bytes_after, fs::file_size(dir_ / "data.mdb"));
  // Leaves two-thirds full become full: the file loses about a quarter.
  EXPECT_LT(compacted->bytes_after, compacted->bytes_before * 85 / 100)
      << compacted->bytes_before << " -> " << compacted->bytes_after;
  EXPECT_FALSE(fs::exists(dir_ / ".compacting"));

  Open();
  EXPECT_EQ(Observed(), before);
  // It takes writes as before.
  Ok("PutItem", R"({"TableName":"orders","Item":{"pk":{"S":"new"},"sk":{"S":"1"}}})");
  auto got = Ok("GetItem", R"({"TableName":"orders","Key":{"pk":{"S":"new"},"sk":{"S":"1"}}})");
  EXPECT_TRUE(got.HasMember("Item"));
}

TEST_F(CompactionTest, RefusesADirectoryAnotherProcessHasOpen) {
  Load();
  db_.reset();
  int ready[2], release[2];
  ASSERT_EQ(::pipe(ready), 0);
  ASSERT_EQ(::pipe(release), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {  // holds the directory open until told to go
    Options options;
    options.path = dir_.string();
    auto db = Database::Open(options);
    const char byte = db.ok() ? 'y' : 'n';
    (void)!::write(ready[1], &byte, 1);
    char go;
    (void)!::read(release[0], &go, 1);
    ::_exit(0);
  }
  char opened = 0;
  ASSERT_EQ(::read(ready[0], &opened, 1), 1);
  ASSERT_EQ(opened, 'y');
  const auto size = fs::file_size(dir_ / "data.mdb");

  auto refused = Database::Compact(dir_.string());
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code(), ErrorCode::kResourceInUse);
  EXPECT_NE(std::string(refused.error().message()).find("open in another process"),
            std::string::npos)
      << refused.error().message();
  EXPECT_EQ(fs::file_size(dir_ / "data.mdb"), size);  // nothing touched

  ASSERT_EQ(::write(release[1], "g", 1), 1);
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(Database::Compact(dir_.string()).ok());
}

TEST_F(CompactionTest, RefusesADirectoryWithoutADatabase) {
  fs::create_directories(dir_);
  auto refused = Database::Compact(dir_.string());
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code(), ErrorCode::kInternalServerError);
  EXPECT_NE(std::string(refused.error().message()).find("data.mdb"), std::string::npos)
      << refused.error().message();
}

}  // namespace compaction_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
