// The fixture of the batch, transaction and isolation tests: a Database on a virtual clock with
// three tables, driven through Database::Call as a client drives it.
//   hash     pk (S)
//   range    pk (S), sk (N)
//   indexed  pk (S), with a GSI "by_g" on g (S) projecting everything
//   collections  pk (S), sk (S), with an LSI "by_l" on l (S): item collections
#pragma once

#include <gtest/gtest.h>
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstdint>
#include <memory>
#include <string>

#include "ddbemu/clock.h"
#include "ddbemu/database.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::batch_test {

inline std::string ToJson(const rapidjson::Value& v) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
  v.Accept(w);
  return buffer.GetString();
}

inline rapidjson::Document Parse(const std::string& text) {
  rapidjson::Document doc;
  doc.Parse(text.c_str(), text.size());
  EXPECT_FALSE(doc.HasParseError()) << text;
  return doc;
}

// The short exception name (after '#') and message of an error body.
struct ErrorOf {
  std::string type;
  std::string message;
};

inline ErrorOf ParseError(const std::string& body) {
  rapidjson::Document doc = Parse(body);
  ErrorOf error;
  if (doc.IsObject() && doc.HasMember("__type")) {
    std::string full = doc["__type"].GetString();
    error.type = full.substr(full.find('#') + 1);
  }
  if (doc.IsObject() && doc.HasMember("message")) error.message = doc["message"].GetString();
  if (doc.IsObject() && doc.HasMember("Message")) error.message = doc["Message"].GetString();
  return error;
}

class BatchFixture : public ::testing::Test {
 protected:
  void SetUp() override { Open(""); }

  // Opens a database (in memory, or on `path`) and creates the three tables unless they exist.
  void Open(const std::string& path) {
    db_.reset();
    Options options;
    options.in_memory = path.empty();
    options.path = path;
    options.durability = Durability::kNone;
    options.clock = clock_;
    // These tests are about batch and transaction semantics; throughput limits have their own.
    options.throttle = false;
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok()) << db.error().message();
    db_ = std::move(db).value();
    if (Call("DescribeTable", R"j({"TableName":"hash"})j").http_status == 200) return;
    CreateTables();
  }

  void CreateTables() {
    Ok("CreateTable", R"j({"TableName":"hash","BillingMode":"PAY_PER_REQUEST",
        "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})j");
    Ok("CreateTable", R"j({"TableName":"range","BillingMode":"PAY_PER_REQUEST",
        "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"}]})j");
    Ok("CreateTable", R"j({"TableName":"indexed","BillingMode":"PAY_PER_REQUEST",
        "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"g","AttributeType":"S"}],
        "GlobalSecondaryIndexes":[{"IndexName":"by_g","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
          "Projection":{"ProjectionType":"ALL"}}]})j");
    Ok("CreateTable", R"j({"TableName":"collections","BillingMode":"PAY_PER_REQUEST",
        "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"S"},
          {"AttributeName":"l","AttributeType":"S"}],
        "LocalSecondaryIndexes":[{"IndexName":"by_l","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
          {"AttributeName":"l","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}]})j");
  }

  Response Call(const std::string& op, const std::string& body) { return db_->Call(op, body); }

  // The body of a successful call (asserting 200).
  std::string OkBody(const std::string& op, const std::string& body) {
    Response r = Call(op, body);
    EXPECT_EQ(r.http_status, 200) << op << " " << body << " -> " << r.body;
    return r.body;
  }
  rapidjson::Document Ok(const std::string& op, const std::string& body) {
    return Parse(OkBody(op, body));
  }

  // Asserts an error's HTTP status 400, short type and exact message; returns the body.
  std::string ExpectError(const std::string& op, const std::string& body, const std::string& type,
                          const std::string& message) {
    Response r = Call(op, body);
    EXPECT_EQ(r.http_status, 400) << r.body;
    ErrorOf error = ParseError(r.body);
    EXPECT_EQ(error.type, type) << op << " " << body << " -> " << r.body;
    EXPECT_EQ(error.message, message) << op << " " << body;
    return r.body;
  }
  void ExpectValidation(const std::string& op, const std::string& body,
                        const std::string& message) {
    ExpectError(op, body, "ValidationException", message);
  }

  void Put(const std::string& table, const std::string& item) {
    OkBody("PutItem", R"j({"TableName":")j" + table + R"j(","Item":)j" + item + "}");
  }
  // The item under `key` as JSON ("" when there is none), read consistently.
  std::string Get(const std::string& table, const std::string& key) {
    rapidjson::Document doc = Ok("GetItem", R"j({"TableName":")j" + table + R"j(","Key":)j" + key +
                                                R"j(,"ConsistentRead":true})j");
    return doc.HasMember("Item") ? ToJson(doc["Item"]) : "";
  }
  // DescribeTable's ItemCount of the table, or of its index `index`.
  std::int64_t ItemCount(const std::string& table, const std::string& index = "") {
    rapidjson::Document doc = Ok("DescribeTable", R"j({"TableName":")j" + table + R"j("})j");
    const rapidjson::Value& description = doc["Table"];
    if (index.empty()) return description["ItemCount"].GetInt64();
    for (const auto& gsi : description["GlobalSecondaryIndexes"].GetArray()) {
      if (std::string(gsi["IndexName"].GetString()) == index) return gsi["ItemCount"].GetInt64();
    }
    ADD_FAILURE() << "no index " << index;
    return -1;
  }

  std::shared_ptr<VirtualClock> clock_ = std::make_shared<VirtualClock>();
  std::unique_ptr<Database> db_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::batch_test
