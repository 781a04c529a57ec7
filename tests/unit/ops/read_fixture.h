// The fixture of the Query/Scan/index tests: a Database driven through Database::Call as a
// client drives it (throttling off, so thousands of writes need no simulated time), with helpers
// that assert exact errors and that follow LastEvaluatedKey to the end of a result.
#pragma once

#include <gtest/gtest.h>
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <memory>
#include <string>
#include <vector>

#include "ddbemu/database.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::read_test {

inline std::string ToJson(const rapidjson::Value& value) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
  value.Accept(writer);
  return std::string(buffer.GetString(), buffer.GetSize());
}

// Every page of a result that was followed to its end.
struct Pages {
  std::vector<rapidjson::Document> pages;
  std::vector<std::string> values;  // the chosen attribute of every item, in order
  std::int64_t count = 0;
  std::int64_t scanned_count = 0;
};

class ReadTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Options options;
    options.in_memory = true;
    options.durability = Durability::kNone;
    options.throttle = false;
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok()) << db.error().message();
    db_ = std::move(db).value();
  }

  Response Call(const std::string& op, const std::string& body) { return db_->Call(op, body); }

  // The body of a successful call, parsed.
  rapidjson::Document Ok(const std::string& op, const std::string& body) {
    Response r = Call(op, body);
    EXPECT_EQ(r.http_status, 200) << op << " " << body << " -> " << r.body;
    rapidjson::Document doc;
    doc.Parse(r.body.c_str());
    EXPECT_FALSE(doc.HasParseError()) << r.body;
    return doc;
  }

  // Asserts an error response's short type and exact message.
  void ExpectError(const std::string& op, const std::string& body, const std::string& type,
                   const std::string& message) {
    Response r = Call(op, body);
    EXPECT_EQ(r.http_status, 400) << op << " " << body << " -> " << r.body;
    rapidjson::Document doc;
    doc.Parse(r.body.c_str());
    ASSERT_FALSE(doc.HasParseError()) << r.body;
    ASSERT_TRUE(doc.HasMember("__type") && doc.HasMember("message")) << r.body;
    const std::string full = doc["__type"].GetString();
    EXPECT_EQ(full.substr(full.find('#') + 1), type) << body;
    EXPECT_EQ(std::string(doc["message"].GetString()), message) << body;
  }
  void ExpectValidation(const std::string& op, const std::string& body,
                        const std::string& message) {
    ExpectError(op, body, "ValidationException", message);
  }

  void Put(const std::string& table, const std::string& item) {
    Response r = Call("PutItem", R"({"TableName":")" + table + R"(","Item":)" + item + "}");
    ASSERT_EQ(r.http_status, 200) << item << " -> " << r.body;
  }

  // The scalar (S or N) of attribute `name` in each item of `doc`, "-" where it is missing.
  static std::vector<std::string> Values(const rapidjson::Value& doc, const char* name) {
    std::vector<std::string> out;
    for (const auto& item : doc["Items"].GetArray()) {
      if (!item.HasMember(name)) {
        out.emplace_back("-");
        continue;
      }
      const auto& value = item[name];
      const auto& scalar = value.MemberBegin()->value;
      out.emplace_back(scalar.GetString(), scalar.GetStringLength());
    }
    return out;
  }

  // Runs `op` with `body` (a JSON object), then again from each LastEvaluatedKey until there is
  // none, collecting attribute `name` of every item.
  Pages Drain(const std::string& op, const std::string& body, const char* name,
              int max_pages = 100000) {
    Pages result;
    rapidjson::Document request;
    request.Parse(body.c_str());
    EXPECT_FALSE(request.HasParseError()) << body;
    for (int i = 0; i < max_pages; ++i) {
      rapidjson::Document page = Ok(op, ToJson(request));
      if (!page.IsObject() || !page.HasMember("Count")) break;
      result.count += page["Count"].GetInt64();
      result.scanned_count += page["ScannedCount"].GetInt64();
      if (page.HasMember("Items")) {
        for (std::string& v : Values(page, name)) result.values.push_back(std::move(v));
      }
      const bool more = page.HasMember("LastEvaluatedKey");
      if (more) {
        request.RemoveMember("ExclusiveStartKey");
        rapidjson::Value key(page["LastEvaluatedKey"], request.GetAllocator());
        request.AddMember("ExclusiveStartKey", key, request.GetAllocator());
      }
      result.pages.push_back(std::move(page));
      if (!more) break;
    }
    return result;
  }

  std::unique_ptr<Database> db_;
};

// A table keyed (pk S, sk `sort_type`), on demand; `definitions` are appended to its
// AttributeDefinitions (",{...}") and `members` to the request (",\"GlobalSecondaryIndexes\":...").
inline std::string KeyedTable(const std::string& name, const std::string& sort_type = "N",
                              const std::string& definitions = "",
                              const std::string& members = "") {
  return R"({"TableName":")" + name +
         R"(","BillingMode":"PAY_PER_REQUEST",)"
         R"("KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],)"
         R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":")" +
         sort_type + R"("})" + definitions + "]" + members + "}";
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::read_test
