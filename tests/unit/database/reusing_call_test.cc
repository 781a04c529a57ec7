// Database::Call into a kept Response (the overload a server connection uses, reusing the body's
// storage from one request to the next) answers exactly what the Call that returns a Response
// answers: successes written in place (the reads) or not, and every kind of error, whatever
// the kept Response held before.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "database_access.h"
#include "database_test_util.h"
#include "ddbemu/database.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace reusing_call_test {

using testing::kHashRangeTable;
using testing::OpenInMemory;

TEST(ReusingCallTest, AnswersAsTheReturningCallWhateverTheKeptResponseHeld) {
  auto db = OpenInMemory();
  ASSERT_EQ(db->Call("CreateTable", kHashRangeTable).http_status, 200);
  for (int i = 0; i < 6; ++i) {
    const std::string item = R"({"TableName":"items","Item":{"pk":{"S":"p"},"sk":{"N":")" +
                             std::to_string(i) + R"("},"v":{"S":")" + std::string(i * 300, 'x') +
                             R"("}}})";
    ASSERT_EQ(db->Call("PutItem", item).http_status, 200);
  }
  const std::vector<std::pair<std::string, std::string>> calls = {
      {"Query", R"({"TableName":"items","KeyConditionExpression":"pk = :p",
                    "ExpressionAttributeValues":{":p":{"S":"p"}}})"},
      {"GetItem", R"({"TableName":"items","Key":{"pk":{"S":"p"},"sk":{"N":"1"}}})"},
      {"GetItem", R"({"TableName":"items","Key":{"pk":{"S":"p"},"sk":{"N":"99"}}})"},
      {"Query", R"({"TableName":"items","KeyConditionExpression":"pk = :p","Select":"COUNT",
                    "ExpressionAttributeValues":{":p":{"S":"p"}}})"},
      {"Scan", R"({"TableName":"items","Limit":2,"ReturnConsumedCapacity":"TOTAL"})"},
      {"GetItem", R"({"TableName":"items","Key":{"pk":{"S":"p"},"sk":{"N":"5"}},
                      "ReturnConsumedCapacity":"INDEXES"})"},
      {"GetItem", R"({"TableName":"missing","Key":{"pk":{"S":"p"},"sk":{"N":"1"}}})"},
      {"GetItem", R"({"TableName":"items","Key":{"pk":{"N":"1"}}})"},
      {"Query", "{not json"},
      {"NoSuchOperation", "{}"},
      {"DescribeTable", R"({"TableName":"items"})"},
      {"Query", R"({"TableName":"items","KeyConditionExpression":"pk = :p","Limit":1,
                    "ExpressionAttributeValues":{":p":{"S":"p"}}})"},
  };
  Response kept{418, std::string(5000, '?'), "text/plain"};
  for (int round = 0; round < 2; ++round) {
    for (const auto& [operation, body] : calls) {
      const Response expected = db->Call(operation, body);
      detail::DatabaseAccess::CallInto(*db, operation, body, RequestContext{}, kept);
      EXPECT_EQ(kept.http_status, expected.http_status) << operation << " " << body;
      EXPECT_EQ(kept.body, expected.body) << operation << " " << body;
      EXPECT_EQ(kept.content_type, expected.content_type) << operation << " " << body;
    }
  }
}

}  // namespace reusing_call_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
