// Helpers for tests that drive a Database through its JSON interface.
#pragma once

#include <gtest/gtest.h>
#include <rapidjson/document.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

#include "ddbemu/clock.h"
#include "ddbemu/database.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {

inline std::unique_ptr<Database> OpenInMemory(bool shared_db = false) {
  Options options;
  options.in_memory = true;
  options.durability = Durability::kNone;
  options.shared_db = shared_db;
  auto db = Database::Open(options);
  EXPECT_TRUE(db.ok());
  return std::move(db).value();
}

// A directory of the running test's own for a database on disk,
// <temp>/ddbemu-<what>-<pid>-<test name>: empty at the start, removed with what it holds when the
// object goes. A fixture declares it before the Database that lives in it, which then closes
// first.
class TestDirectory {
 public:
  explicit TestDirectory(std::string_view what)
      : path_(std::filesystem::temp_directory_path() /
              ("ddbemu-" + std::string(what) + "-" + std::to_string(::getpid()) + "-" +
               ::testing::UnitTest::GetInstance()->current_test_info()->name())) {
    std::filesystem::remove_all(path_);
  }
  ~TestDirectory() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TestDirectory(const TestDirectory&) = delete;
  TestDirectory& operator=(const TestDirectory&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// A Database on a directory of the test's own and a virtual clock, which the test closes and
// opens again to see what survives a restart. `options` holds what the test is about; Reopen
// sets the path, the clock (a new one at `now`, as a restarted process reads the time afresh)
// and Durability::kNone.
class DatabaseOnDisk {
 public:
  DatabaseOnDisk(std::string_view what, Options options)
      : directory_(what), options_(std::move(options)) {}

  // Closes the database, if open (it saves what it keeps at close), and opens the directory.
  ::testing::AssertionResult Reopen(std::int64_t now) {
    db_.reset();
    clock_ = std::make_shared<VirtualClock>(now);
    Options options = options_;
    options.path = directory_.path().string();
    options.durability = Durability::kNone;
    options.clock = clock_;
    auto db = Database::Open(options);
    if (!db.ok()) return ::testing::AssertionFailure() << db.error().message();
    db_ = std::move(db).value();
    return ::testing::AssertionSuccess();
  }
  Database* operator->() const { return db_.get(); }
  VirtualClock& clock() const { return *clock_; }

 private:
  TestDirectory directory_;
  Options options_;
  std::shared_ptr<VirtualClock> clock_;
  std::unique_ptr<Database> db_;  // after directory_: closes before the directory goes
};

inline rapidjson::Document ParseJson(const std::string& text) {
  rapidjson::Document doc;
  doc.Parse(text.c_str(), text.size());
  EXPECT_FALSE(doc.HasParseError()) << text;
  return doc;
}

// The exception name after '#' and the message of an error response.
struct ErrorOf {
  std::string type;
  std::string message;
};

inline ErrorOf ParseError(const Response& response) {
  rapidjson::Document doc = ParseJson(response.body);
  ErrorOf error;
  if (doc.HasMember("__type")) {
    std::string full = doc["__type"].GetString();
    error.type = full.substr(full.find('#') + 1);
  }
  if (doc.HasMember("message")) error.message = doc["message"].GetString();
  if (doc.HasMember("Message")) error.message = doc["Message"].GetString();
  return error;
}

inline constexpr const char* kHashRangeTable = R"({"TableName":"items",
  "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"}],
  "BillingMode":"PAY_PER_REQUEST"})";

// "orders" (pk, sk), a GSI "byG" on g projecting ALL, and a stream of both images: a table with
// every kind of record a whole-database copy must carry.
inline constexpr const char* kOrdersTableWithIndexAndStream = R"({"TableName":"orders",
  "BillingMode":"PAY_PER_REQUEST",
  "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
    {"AttributeName":"sk","AttributeType":"S"},{"AttributeName":"g","AttributeType":"S"}],
  "GlobalSecondaryIndexes":[{"IndexName":"byG","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
    "Projection":{"ProjectionType":"ALL"}}],
  "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_AND_OLD_IMAGES"}})";

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
