// A data directory written by the previous storage format opens in this one
// (docs/compatibility.md): fixtures/format1.mdb.gz is a database that ddb-local wrote at
// efad89e, the last commit with storage format 1 (fixtures/make_format1_fixture.py says how).
// Opened here on a copy, it must answer the reads that server answered, byte for byte in JSON
// terms, be stamped with the current format, and take new writes.
#include <gtest/gtest.h>
#include <lmdb.h>
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>
#include <zlib.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "database_test_util.h"
#include "ddbemu/database.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace format_compatibility_test {

namespace fs = std::filesystem;

const fs::path kFixtures = DDBEMU_DATABASE_FIXTURES_DIR;

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void Gunzip(const fs::path& from, const fs::path& to) {
  gzFile in = gzopen(from.c_str(), "rb");
  ASSERT_NE(in, nullptr) << from;
  std::ofstream out(to, std::ios::binary);
  char buffer[1 << 16];
  int n;
  while ((n = gzread(in, buffer, sizeof buffer)) > 0) out.write(buffer, n);
  ASSERT_EQ(n, 0) << "gzread failed on " << from;
  gzclose(in);
}

// The storage format stamp (storage/meta_keys.h: key "F" of the "meta" DBI, u32 big-endian),
// read with LMDB itself so that the check does not depend on the code under test.
std::uint32_t FormatStamp(const fs::path& dir) {
  MDB_env* env = nullptr;
  EXPECT_EQ(mdb_env_create(&env), 0);
  mdb_env_set_maxdbs(env, 8);
  mdb_env_set_mapsize(env, std::size_t{1} << 30);
  EXPECT_EQ(mdb_env_open(env, dir.c_str(), MDB_RDONLY, 0644), 0);
  MDB_txn* txn = nullptr;
  EXPECT_EQ(mdb_txn_begin(env, nullptr, MDB_RDONLY, &txn), 0);
  MDB_dbi meta;
  std::uint32_t stamp = 0;
  if (mdb_dbi_open(txn, "meta", 0, &meta) == 0) {
    MDB_val key{1, const_cast<char*>("F")};
    MDB_val value;
    if (mdb_get(txn, meta, &key, &value) == 0 && value.mv_size == 4) {
      const auto* b = static_cast<const unsigned char*>(value.mv_data);
      stamp = (std::uint32_t{b[0]} << 24) | (b[1] << 16) | (b[2] << 8) | b[3];
    }
  }
  mdb_txn_abort(txn);
  mdb_env_close(env);
  return stamp;
}

class FormatCompatibilityTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("ddbemu-format1-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
            "-" + std::to_string(reinterpret_cast<std::uintptr_t>(this)));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    Gunzip(kFixtures / "format1.mdb.gz", dir_ / "data.mdb");
    expected_ = ParseJson(ReadFile(kFixtures / "format1_expected.json"));
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::unique_ptr<Database> Open() {
    Options options;
    options.path = dir_.string();
    options.shared_db = true;  // the fixture was written by ddb-local -sharedDb
    options.durability = Durability::kNone;
    auto db = Database::Open(options);
    EXPECT_TRUE(db.ok()) << (db.ok() ? "" : db.error().message());
    return db.ok() ? std::move(db).value() : nullptr;
  }

  static std::string Text(const rapidjson::Value& v) {
    rapidjson::StringBuffer out;
    rapidjson::Writer<rapidjson::StringBuffer> writer(out);
    v.Accept(writer);
    return out.GetString();
  }

  // Every read of the fixture, answered as the format 1 server answered it.
  void ExpectTheRecordedReads(Database& db) {
    const auto& reads = expected_["reads"];
    ASSERT_GE(reads.Size(), 7u);
    for (const auto& read : reads.GetArray()) {
      const std::string op = read["operation"].GetString();
      const Response r = db.Call(op, Text(read["request"]), RequestContext{});
      ASSERT_EQ(r.http_status, 200) << op << " " << r.body;
      EXPECT_EQ(ParseJson(r.body), read["response"])
          << op << " " << Text(read["request"]) << "\nanswered " << r.body;
    }
    for (const auto& [name, table] : expected_["tables"].GetObject()) {
      const Response r =
          db.Call("DescribeTable", std::string(R"({"TableName":")") + name.GetString() + "\"}",
                  RequestContext{});
      ASSERT_EQ(r.http_status, 200) << r.body;
      const rapidjson::Document described = ParseJson(r.body);
      for (const char* field : {"ItemCount", "TableSizeBytes", "KeySchema", "CreationDateTime"}) {
        EXPECT_EQ(described["Table"][field], table[field]) << name.GetString() << " " << field;
      }
    }
  }

  fs::path dir_;
  rapidjson::Document expected_;
};

TEST_F(FormatCompatibilityTest, FixtureIsFormatOne) { EXPECT_EQ(FormatStamp(dir_), 1u); }

TEST_F(FormatCompatibilityTest, FormatOneDatabaseAnswersAsItsServerDid) {
  auto db = Open();
  ASSERT_NE(db, nullptr);
  ExpectTheRecordedReads(*db);
}

TEST_F(FormatCompatibilityTest, FormatOneDatabaseIsRaisedAndTakesWritesAcrossReopen) {
  {
    auto db = Open();
    ASSERT_NE(db, nullptr);
    const Response put = db->Call("PutItem", R"({"TableName":"Music","Item":{
        "Artist":{"S":"New"},"Song":{"S":"First"},"Genre":{"S":"jazz"},"Year":{"N":"2026"}}})",
                                  RequestContext{});
    ASSERT_EQ(put.http_status, 200) << put.body;
  }
  EXPECT_EQ(FormatStamp(dir_), 2u);
  auto db = Open();
  ASSERT_NE(db, nullptr);
  const Response get = db->Call(
      "GetItem", R"({"TableName":"Music","Key":{"Artist":{"S":"New"},"Song":{"S":"First"}}})",
      RequestContext{});
  EXPECT_EQ(ParseJson(get.body), ParseJson(R"({"Item":{"Artist":{"S":"New"},"Song":{"S":"First"},
      "Genre":{"S":"jazz"},"Year":{"N":"2026"}}})"));
  // The old items read the same after the new format's write and a reopen, but for the one new
  // item in ByGenre's jazz range (Year 2026 > 1960) and the counts: check the GetItems only.
  const auto& reads = expected_["reads"];
  for (rapidjson::SizeType i = 0; i < 2; ++i) {
    const Response r = db->Call("GetItem", Text(reads[i]["request"]), RequestContext{});
    EXPECT_EQ(ParseJson(r.body), reads[i]["response"]) << r.body;
  }
}

}  // namespace format_compatibility_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
