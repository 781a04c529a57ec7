// Whole-database snapshots (Database::Snapshot, Restore, Reset, ListSnapshots, DeleteSnapshot):
// what a restore brings back, what it makes the engine forget (the schema cache, the capacity
// model's buckets, transient statuses, eventual reads' history), names and errors, the access
// policy, and that concurrent requests see the old state or the new, never a mix.
#include <gtest/gtest.h>

#include <stdlib.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "database_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace snapshots_test {

constexpr std::string_view kStreams = "DynamoDBStreams_20120810.";

constexpr const char* kTable = kOrdersTableWithIndexAndStream;

// A directory of its own for a database on disk, removed with what it holds.
class ScratchDirectory {
 public:
  ScratchDirectory() {
    std::string pattern = (std::filesystem::temp_directory_path() / "ddbemu-snap-XXXXXX").string();
    path_ = mkdtemp(pattern.data());
  }
  ~ScratchDirectory() { std::filesystem::remove_all(path_); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

class SnapshotsTest : public ::testing::Test {
 protected:
  void SetUp() override { Open(); }

  void Open(const std::function<void(Options&)>& configure = {}) {
    db_.reset();
    Options options;
    options.in_memory = true;
    options.durability = Durability::kNone;
    options.clock = clock_;
    if (configure) configure(options);
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok()) << db.error().message();
    db_ = std::move(db).value();
  }

  rapidjson::Document Ok(std::string_view op, const std::string& body,
                         const RequestContext& context = {}) {
    Response r = db_->Call(op, body, context);
    EXPECT_EQ(r.http_status, 200) << op << " " << body << " -> " << r.body;
    return ParseJson(r.body);
  }
  ErrorOf Fails(std::string_view op, const std::string& body) {
    Response r = db_->Call(op, body);
    EXPECT_NE(r.http_status, 200) << op << " " << body << " -> " << r.body;
    return ParseError(r);
  }
  void Put(const std::string& sk, const std::string& g, const std::string& v,
           const std::string& table = "orders") {
    Ok("PutItem", R"({"TableName":")" + table + R"(","Item":{"pk":{"S":"p"},"sk":{"S":")" + sk +
                      R"("},"g":{"S":")" + g + R"("},"v":{"S":")" + v + R"("}}})");
  }
  // "sk=v" of every item of a Query or Scan, in order.
  std::vector<std::string> Read(std::string_view op, const std::string& body) {
    rapidjson::Document d = Ok(op, body);
    std::vector<std::string> out;
    for (const auto& item : d["Items"].GetArray()) {
      out.push_back(std::string(item["sk"]["S"].GetString()) + "=" + item["v"]["S"].GetString());
    }
    return out;
  }
  std::vector<std::string> Tables(const RequestContext& context = {}) {
    rapidjson::Document d = Ok("ListTables", "{}", context);
    std::vector<std::string> out;
    for (const auto& name : d["TableNames"].GetArray()) out.push_back(name.GetString());
    return out;
  }
  std::vector<std::string> SnapshotNames() {
    auto listed = db_->ListSnapshots();
    EXPECT_TRUE(listed.ok());
    std::vector<std::string> out;
    for (const SnapshotInfo& s : *listed) out.push_back(s.name);
    return out;
  }
  static void ExpectOk(const Status& s) { EXPECT_TRUE(s.ok()) << s.error().message(); }

  std::shared_ptr<VirtualClock> clock_ = std::make_shared<VirtualClock>();
  std::unique_ptr<Database> db_;
};

TEST_F(SnapshotsTest, RestoreBringsBackTablesItemsIndexesStreamsAndTtlSettings) {
  const std::string arn =
      Ok("CreateTable", kTable)["TableDescription"]["LatestStreamArn"].GetString();
  Put("1", "a", "one");
  Put("2", "b", "two");
  ASSERT_TRUE(db_->Snapshot("base").ok());

  Put("1", "a", "changed");
  Put("3", "a", "three");
  Ok("DeleteItem", R"({"TableName":"orders","Key":{"pk":{"S":"p"},"sk":{"S":"2"}}})");
  Ok("UpdateTimeToLive",
     R"({"TableName":"orders","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"exp"}})");
  Ok("CreateTable", R"({"TableName":"later","BillingMode":"PAY_PER_REQUEST",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})");

  ExpectOk(db_->Restore("base"));
  EXPECT_EQ(Tables(), std::vector<std::string>{"orders"});
  EXPECT_EQ(Read("Scan", R"({"TableName":"orders"})"),
            (std::vector<std::string>{"1=one", "2=two"}));
  EXPECT_EQ(Read("Query", R"({"TableName":"orders","IndexName":"byG",
    "KeyConditionExpression":"g = :g","ExpressionAttributeValues":{":g":{"S":"a"}}})"),
            std::vector<std::string>{"1=one"});
  rapidjson::Document ttl = Ok("DescribeTimeToLive", R"({"TableName":"orders"})");
  EXPECT_STREQ(ttl["TimeToLiveDescription"]["TimeToLiveStatus"].GetString(), "DISABLED");
  rapidjson::Document table = Ok("DescribeTable", R"({"TableName":"orders"})");
  EXPECT_EQ(table["Table"]["ItemCount"].GetInt64(), 2);
  EXPECT_EQ(table["Table"]["LatestStreamArn"].GetString(), arn);

  // The stream holds the two inserts of before the snapshot, and carries on after it.
  rapidjson::Document stream =
      Ok(std::string(kStreams) + "DescribeStream", R"({"StreamArn":")" + arn + R"("})");
  const std::string shard = stream["StreamDescription"]["Shards"][0]["ShardId"].GetString();
  const std::string iterator = Ok(std::string(kStreams) + "GetShardIterator",
                                  R"({"StreamArn":")" + arn + R"(","ShardId":")" + shard +
                                      R"(","ShardIteratorType":"TRIM_HORIZON"})")["ShardIterator"]
                                   .GetString();
  Put("4", "c", "four");
  rapidjson::Document records =
      Ok(std::string(kStreams) + "GetRecords", R"({"ShardIterator":")" + iterator + R"("})");
  std::vector<std::string> events;
  for (const auto& r : records["Records"].GetArray()) {
    events.push_back(std::string(r["eventName"].GetString()) + " " +
                     r["dynamodb"]["Keys"]["sk"]["S"].GetString());
  }
  EXPECT_EQ(events, (std::vector<std::string>{"INSERT 1", "INSERT 2", "INSERT 4"}));
}

TEST_F(SnapshotsTest, ExpiredItemsOfARestoredTableAreSweptByItsRestoredTtlSetting) {
  Ok("CreateTable", kTable);
  Ok("UpdateTimeToLive",
     R"({"TableName":"orders","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"exp"}})");
  const std::int64_t now = clock_->NowMicros() / 1'000'000;
  Ok("PutItem", R"({"TableName":"orders","Item":{"pk":{"S":"p"},"sk":{"S":"1"},"v":{"S":"x"},
    "exp":{"N":")" + std::to_string(now + 60) +
                    R"("}}})");
  ASSERT_TRUE(db_->Snapshot("ttl").ok());
  ExpectOk(db_->Reset());
  ExpectOk(db_->Restore("ttl"));
  clock_->AdvanceMicros(120'000'000);  // the clock went on; the item has expired
  auto swept = db_->SweepExpiredItems();
  ASSERT_TRUE(swept.ok());
  EXPECT_EQ(*swept, 1u);
  EXPECT_EQ(Read("Scan", R"({"TableName":"orders"})"), std::vector<std::string>{});
}

TEST_F(SnapshotsTest, ResetDropsEveryTableOfEveryNamespaceAndKeepsTheSnapshots) {
  const RequestContext alice{"alice", "us-east-1"};
  const RequestContext bob{"bob", "eu-west-1"};
  Ok("CreateTable", kTable, alice);
  Ok("CreateTable", kTable, bob);
  ASSERT_TRUE(db_->Snapshot("both").ok());
  ExpectOk(db_->Reset());
  EXPECT_EQ(Tables(alice), std::vector<std::string>{});
  EXPECT_EQ(Tables(bob), std::vector<std::string>{});
  EXPECT_EQ(SnapshotNames(), std::vector<std::string>{"both"});
  // A table created now is a table like any other.
  Ok("CreateTable", kTable, alice);
  Ok("PutItem", R"({"TableName":"orders","Item":{"pk":{"S":"p"},"sk":{"S":"1"}}})", alice);
  ExpectOk(db_->Restore("both"));
  EXPECT_EQ(Tables(alice), std::vector<std::string>{"orders"});
  EXPECT_EQ(Tables(bob), std::vector<std::string>{"orders"});
  EXPECT_EQ(Ok("Scan", R"({"TableName":"orders"})", alice)["Count"].GetInt(), 0);
}

TEST_F(SnapshotsTest, ListDescribesEachSnapshotAndDeleteRemovesIt) {
  clock_->SetMicros(1'700'000'123'456'000);
  ASSERT_TRUE(db_->Snapshot("zeta").ok());
  Ok("CreateTable", kTable);
  clock_->AdvanceMicros(5'000'000);
  auto alpha = db_->Snapshot("alpha-1.v2_x");
  ASSERT_TRUE(alpha.ok());
  EXPECT_EQ(alpha->name, "alpha-1.v2_x");
  EXPECT_EQ(alpha->created_micros, 1'700'000'128'456'000);
  EXPECT_GT(alpha->size_bytes, 0u);

  auto listed = db_->ListSnapshots();
  ASSERT_TRUE(listed.ok());
  ASSERT_EQ(listed->size(), 2u);
  EXPECT_EQ((*listed)[0].name, "alpha-1.v2_x");
  EXPECT_EQ((*listed)[0].size_bytes, alpha->size_bytes);
  EXPECT_EQ((*listed)[1].name, "zeta");
  EXPECT_EQ((*listed)[1].created_micros, 1'700'000'123'456'000);

  ExpectOk(db_->DeleteSnapshot("zeta"));
  EXPECT_EQ(SnapshotNames(), std::vector<std::string>{"alpha-1.v2_x"});
  Status again = db_->DeleteSnapshot("zeta");
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().code(), ErrorCode::kResourceNotFound);
}

TEST_F(SnapshotsTest, ASnapshotReplacesOneOfTheSameName) {
  Ok("CreateTable", kTable);
  Put("1", "a", "first");
  ASSERT_TRUE(db_->Snapshot("s").ok());
  Put("1", "a", "second");
  ASSERT_TRUE(db_->Snapshot("s").ok());
  Put("1", "a", "third");
  ExpectOk(db_->Restore("s"));
  EXPECT_EQ(Read("Scan", R"({"TableName":"orders"})"), std::vector<std::string>{"1=second"});
  EXPECT_EQ(SnapshotNames(), std::vector<std::string>{"s"});
}

TEST_F(SnapshotsTest, AnUnknownSnapshotIsResourceNotFound) {
  Status restored = db_->Restore("missing");
  ASSERT_FALSE(restored.ok());
  EXPECT_EQ(restored.error().code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(restored.error().message(),
            "Requested resource not found: Snapshot: missing not found");
}

TEST_F(SnapshotsTest, NamesThatCouldLeaveTheSnapshotDirectoryAreRefused) {
  ScratchDirectory dir;
  Open([&](Options& o) {
    o.in_memory = false;
    o.path = dir.path() + "/db";
  });
  for (const std::string& name :
       std::vector<std::string>{"", "..", ".", "../escape", "a/b", "/tmp/x", ".hidden", "-x", "_x",
                                "a b", "x\n", std::string(129, 'a')}) {
    auto taken = db_->Snapshot(name);
    ASSERT_FALSE(taken.ok()) << name;
    EXPECT_EQ(taken.error().code(), ErrorCode::kValidation) << name;
    EXPECT_EQ(db_->Restore(name).error().code(), ErrorCode::kValidation) << name;
    EXPECT_EQ(db_->DeleteSnapshot(name).error().code(), ErrorCode::kValidation) << name;
  }
  EXPECT_EQ(db_->Snapshot("../escape").error().message(),
            "1 validation error detected: Value '../escape' at 'name' failed to satisfy "
            "constraint: Member must satisfy regular expression pattern: "
            "[a-zA-Z0-9][a-zA-Z0-9_.-]*");
  EXPECT_EQ(db_->Snapshot("").error().message(),
            "1 validation error detected: Value '' at 'name' failed to satisfy constraint: "
            "Member must have length greater than or equal to 1");
  EXPECT_EQ(db_->Snapshot(std::string(129, 'a')).error().message(),
            "1 validation error detected: Value '" + std::string(129, 'a') +
                "' at 'name' failed to satisfy constraint: Member must have length less than or "
                "equal to 128");
  EXPECT_EQ(SnapshotNames(), std::vector<std::string>{});
  EXPECT_TRUE(db_->Snapshot(std::string(128, 'a')).ok());  // the longest name
  // Nothing was written beside the data directory or above its snapshots/.
  std::vector<std::string> written;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir.path())) {
    if (entry.is_regular_file()) {
      written.push_back(std::filesystem::relative(entry.path(), dir.path()).string());
    }
  }
  std::sort(written.begin(), written.end());
  EXPECT_EQ(written, (std::vector<std::string>{"db/data.mdb", "db/lock.mdb",
                                               "db/snapshots/" + std::string(128, 'a') + ".mdb"}));
}

// The catalog caches decoded schemas by generation; a restore must not bring back a generation
// number that names another state, even one this process never wrote.
TEST_F(SnapshotsTest, TheSchemaCacheNeverServesATableTheRestoredDatabaseDoesNotHave) {
  ScratchDirectory dir;
  const auto on_disk = [&](Options& o) {
    o.in_memory = false;
    o.path = dir.path();
  };
  Open(on_disk);
  Ok("CreateTable", kTable);  // generation 1
  ASSERT_TRUE(db_->Snapshot("one-table").ok());
  Ok("CreateTable", R"({"TableName":"second","BillingMode":"PAY_PER_REQUEST",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})");  // generation 2
  Open(on_disk);  // a new process: its cache knows generation 2 once an item read finds "second"
  const std::string get_second = R"({"TableName":"second","Key":{"pk":{"S":"x"}}})";
  Ok("GetItem", get_second);
  ExpectOk(db_->Restore("one-table"));
  EXPECT_EQ(Fails("DescribeTable", R"({"TableName":"second"})").type, "ResourceNotFoundException");
  Ok("CreateTable", R"({"TableName":"third","BillingMode":"PAY_PER_REQUEST",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})");
  EXPECT_EQ(Fails("DescribeTable", R"({"TableName":"second"})").type, "ResourceNotFoundException");
  EXPECT_EQ(Fails("GetItem", get_second).type, "ResourceNotFoundException");
  EXPECT_EQ(Fails("PutItem", R"({"TableName":"second","Item":{"pk":{"S":"x"}}})").type,
            "ResourceNotFoundException");
  EXPECT_EQ(Tables(), (std::vector<std::string>{"orders", "third"}));
}

TEST_F(SnapshotsTest, ADataDirectoryKeepsItsSnapshotsUnderItAcrossReopening) {
  ScratchDirectory dir;
  const auto on_disk = [&](Options& o) {
    o.in_memory = false;
    o.path = dir.path();
  };
  Open(on_disk);
  Ok("CreateTable", kTable);
  Put("1", "a", "kept");
  ASSERT_TRUE(db_->Snapshot("fixtures").ok());
  EXPECT_TRUE(std::filesystem::is_regular_file(dir.path() + "/snapshots/fixtures.mdb"));
  ExpectOk(db_->Reset());
  Open(on_disk);
  EXPECT_EQ(Tables(), std::vector<std::string>{});
  ExpectOk(db_->Restore("fixtures"));
  EXPECT_EQ(Read("Scan", R"({"TableName":"orders"})"), std::vector<std::string>{"1=kept"});
}

TEST_F(SnapshotsTest, AnInMemoryDatabasesSnapshotsGoWithIt) {
  ASSERT_TRUE(db_->Snapshot("temporary").ok());
  EXPECT_EQ(SnapshotNames(), std::vector<std::string>{"temporary"});
  Open();  // another in-memory database: its own private directory, with no snapshot
  EXPECT_EQ(SnapshotNames(), std::vector<std::string>{});
}

TEST_F(SnapshotsTest, ARestoredTableStartsWithFullBuckets) {
  Ok("CreateTable", kTable);
  ASSERT_TRUE(db_->Snapshot("empty").ok());
  // One key takes 1,000 WCU a second: the next write in the same second is throttled.
  int accepted = 0;
  for (int i = 0; i < 1100; ++i) {
    Response r = db_->Call("PutItem", R"({"TableName":"orders","Item":{"pk":{"S":"hot"},
      "sk":{"S":"k"},"v":{"N":")" + std::to_string(i) +
                                          R"("}}})");
    if (r.http_status != 200) {
      EXPECT_EQ(ParseError(r).type, "ProvisionedThroughputExceededException");
      break;
    }
    ++accepted;
  }
  ASSERT_EQ(accepted, 1000);
  ExpectOk(db_->Restore("empty"));  // the clock has not moved
  Ok("PutItem", R"({"TableName":"orders","Item":{"pk":{"S":"hot"},"sk":{"S":"k"}}})");
}

TEST_F(SnapshotsTest, TransientStatusesEndWithARestore) {
  Open([](Options& o) { o.transient_status_ms = 10'000; });
  Ok("CreateTable", kTable);
  clock_->AdvanceMicros(10'000'000);
  ASSERT_TRUE(db_->Snapshot("active").ok());
  Ok("DeleteTable", R"({"TableName":"orders"})");
  EXPECT_STREQ(Ok("DescribeTable", R"({"TableName":"orders"})")["Table"]["TableStatus"].GetString(),
               "DELETING");
  ExpectOk(db_->Restore("active"));
  EXPECT_STREQ(Ok("DescribeTable", R"({"TableName":"orders"})")["Table"]["TableStatus"].GetString(),
               "ACTIVE");
  Ok("PutItem", R"({"TableName":"orders","Item":{"pk":{"S":"p"},"sk":{"S":"1"}}})");
}

TEST_F(SnapshotsTest, EventuallyConsistentReadsDoNotLagIntoTheReplacedState) {
  Open([](Options& o) { o.eventual_consistency_window_ms = 1000; });
  Ok("CreateTable", kTable);
  clock_->AdvanceMicros(5'000'000);
  Put("1", "a", "new");  // within the window an eventual read still sees no item
  const std::string get = R"({"TableName":"orders","Key":{"pk":{"S":"p"},"sk":{"S":"1"}}})";
  EXPECT_FALSE(Ok("GetItem", get).HasMember("Item"));
  ASSERT_TRUE(db_->Snapshot("written").ok());
  ExpectOk(db_->Restore("written"));
  // The restored database is as it was, with no write behind it to lag on.
  rapidjson::Document got = Ok("GetItem", get);
  ASSERT_TRUE(got.HasMember("Item"));
  EXPECT_STREQ(got["Item"]["v"]["S"].GetString(), "new");
}

TEST_F(SnapshotsTest, UnderAccessPoliciesOnlyAPolicyOverEveryTableMaySnapshotOrRestore) {
  auto policies = std::make_shared<AccessPolicies>();
  policies->Add({.access_key_id = "admin", .user = "admin", .actions = {"*"}, .tables = {"*"}});
  policies->Add(
      {.access_key_id = "ta", .user = "tenant-a", .actions = {"*"}, .tables = {"orders"}});
  Open([&](Options& o) {
    o.access_policies = policies;
    o.shared_db = true;
  });
  const RequestContext admin{"admin", "us-east-1"};
  const RequestContext tenant{"ta", "us-east-1"};
  ASSERT_TRUE(db_->Snapshot("s", admin).ok());
  auto refused = db_->Snapshot("s", tenant);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code(), ErrorCode::kAccessDenied);
  EXPECT_EQ(refused.error().message(),
            "User: arn:aws:iam::000000000000:user/tenant-a is not authorized to perform: "
            "dynamodb:Snapshot on resource: arn:aws:dynamodb:us-east-1:000000000000:table/* "
            "because no identity-based policy allows the dynamodb:Snapshot action");
  EXPECT_EQ(db_->Restore("s", tenant).error().code(), ErrorCode::kAccessDenied);
  EXPECT_EQ(db_->Reset(tenant).error().code(), ErrorCode::kAccessDenied);
  EXPECT_EQ(db_->ListSnapshots(tenant).error().code(), ErrorCode::kAccessDenied);
  EXPECT_EQ(db_->DeleteSnapshot("s", tenant).error().code(), ErrorCode::kAccessDenied);
  EXPECT_EQ(db_->Reset().error().code(), ErrorCode::kAccessDenied);  // no key, no policy
  ExpectOk(db_->Restore("s", admin));
  ExpectOk(db_->DeleteSnapshot("s", admin));
}

// Writers and readers run while two snapshots are restored in turn: every Scan (one read
// transaction) sees all of one snapshot's items and none of the other's.
TEST_F(SnapshotsTest, ConcurrentRequestsSeeTheOldStateOrTheNewNeverAMix) {
  Open([](Options& o) { o.throttle = false; });
  Ok("CreateTable", kTable);
  for (int i = 0; i < 50; ++i) Put(std::to_string(i), "a", "A");
  ASSERT_TRUE(db_->Snapshot("A").ok());
  for (int i = 0; i < 50; ++i) Put(std::to_string(i), "b", "B");
  ASSERT_TRUE(db_->Snapshot("B").ok());

  std::atomic<bool> stop{false};
  std::atomic<int> scans{0};
  std::atomic<int> mixed{0};
  std::vector<std::thread> readers;
  for (int t = 0; t < 3; ++t) {
    readers.emplace_back([&] {
      while (!stop.load()) {
        Response r = db_->Call("Scan", R"({"TableName":"orders","FilterExpression":"sk <> :w",
          "ExpressionAttributeValues":{":w":{"S":"w"}}})");
        if (r.http_status != 200) {
          ++mixed;
          continue;
        }
        rapidjson::Document d = ParseJson(r.body);
        std::set<std::string> values;
        for (const auto& item : d["Items"].GetArray()) values.insert(item["v"]["S"].GetString());
        if (d["Count"].GetInt() != 50 || values.size() != 1) ++mixed;
        ++scans;
      }
    });
  }
  std::thread writer([&] {  // a third kind of request in between, on its own key
    for (int i = 0; !stop.load(); ++i) {
      (void)db_->Call("PutItem", R"({"TableName":"orders","Item":{"pk":{"S":"p"},"sk":{"S":"w"},
        "v":{"S":"W"}}})");
    }
  });
  // At least 40 restores, and until the readers have scanned across some of them (the threads
  // may not have been scheduled before the first 40 end).
  for (int round = 0; round < 40 || (scans.load() < 20 && round < 100'000); ++round) {
    ExpectOk(db_->Restore(round % 2 == 0 ? "A" : "B"));
  }
  stop = true;
  for (std::thread& t : readers) t.join();
  writer.join();
  EXPECT_EQ(mixed.load(), 0);
  EXPECT_GT(scans.load(), 0);
}

}  // namespace snapshots_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
