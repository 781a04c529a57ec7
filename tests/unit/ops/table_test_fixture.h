// The fixture of the control-plane tests: a Database on a virtual clock, driven through
// Database::Call as a client drives it, with helpers that assert exact responses and errors.
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

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::table_test {

inline constexpr std::int64_t kStart = 1'700'000'000'123'000;  // 2023-11-14T22:13:20.123Z
inline constexpr const char* kArnPrefix = "arn:aws:dynamodb:us-east-1:000000000000:table/";

inline std::string HashTable(const std::string& name, const std::string& extra = "") {
  return R"({"TableName":")" + name +
         R"(","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
         R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}])" +
         (extra.empty()
              ? R"(,"ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5})"
              : extra) +
         "}";
}

inline std::string OnDemandTable(const std::string& name) {
  return HashTable(name, R"(,"BillingMode":"PAY_PER_REQUEST")");
}

class TablesTest : public ::testing::Test {
 protected:
  void SetUp() override { Open(false, ""); }

  void Open(bool shared_db, const std::string& path) {
    db_.reset();
    Options options;
    options.in_memory = path.empty();
    options.path = path;
    options.durability = Durability::kNone;
    options.shared_db = shared_db;
    options.clock = clock_;
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok()) << db.error().message();
    db_ = std::move(db).value();
  }

  Response Call(const std::string& op, const std::string& body,
                const RequestContext& context = {}) {
    return db_->Call(op, body, context);
  }

  // The body of a successful call, parsed.
  rapidjson::Document Ok(const std::string& op, const std::string& body,
                         const RequestContext& context = {}) {
    Response r = Call(op, body, context);
    EXPECT_EQ(r.http_status, 200) << op << " " << body << " -> " << r.body;
    rapidjson::Document doc;
    doc.Parse(r.body.c_str());
    EXPECT_FALSE(doc.HasParseError()) << r.body;
    return doc;
  }

  // Asserts an error response's short type and message.
  void ExpectError(const std::string& op, const std::string& body, const std::string& type,
                   const std::string& message) {
    Response r = Call(op, body);
    EXPECT_EQ(r.http_status, 400) << r.body;
    rapidjson::Document doc;
    doc.Parse(r.body.c_str());
    ASSERT_FALSE(doc.HasParseError()) << r.body;
    std::string full = doc["__type"].GetString();
    EXPECT_EQ(full.substr(full.find('#') + 1), type) << r.body;
    ASSERT_TRUE(doc.HasMember("message")) << r.body;
    EXPECT_EQ(std::string(doc["message"].GetString()), message) << op << " " << body;
  }

  void ExpectCreateError(const std::string& body, const std::string& message) {
    ExpectError("CreateTable", body, "ValidationException", message);
  }

  std::shared_ptr<VirtualClock> clock_ = std::make_shared<VirtualClock>(kStart);
  std::unique_ptr<Database> db_;
};

inline std::string Str(const rapidjson::Value& v) {
  return std::string(v.GetString(), v.GetStringLength());
}

inline std::string ToJson(const rapidjson::Value& v) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
  v.Accept(w);
  return buffer.GetString();
}

// A table keyed on "a" whose AttributeDefinitions define the one-letter attributes `defined`.
inline std::string Gsis(const std::string& billing, const std::string& indexes,
                        const std::string& defined = "ab") {
  std::string defs;
  for (char c : defined) {
    defs += std::string(defs.empty() ? "" : ",") + R"({"AttributeName":")" + c +
            R"(","AttributeType":"S"})";
  }
  return R"({"TableName":"gsis",)" + billing +
         R"("KeySchema":[{"AttributeName":"a","KeyType":"HASH"}],"AttributeDefinitions":[)" + defs +
         R"(],"GlobalSecondaryIndexes":)" + indexes + "}";
}

inline std::string Gsi(const std::string& name, const std::string& keys,
                       const std::string& extra = "") {
  return R"({"IndexName":")" + name + R"(","KeySchema":)" + keys +
         R"(,"Projection":{"ProjectionType":"ALL"})" + extra + "}";
}

inline constexpr const char* kPpr = R"("BillingMode":"PAY_PER_REQUEST",)";
inline constexpr const char* kProv =
    R"("ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1},)";
inline constexpr const char* kKeyB = R"([{"AttributeName":"b","KeyType":"HASH"}])";

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::table_test
