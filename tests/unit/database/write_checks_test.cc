// The write and request checks of issue 32, point 1, through Database::Call, each as the service
// answers it: an empty attribute name, index key values over the key limits (and the backfill
// that leaves such items out), a null RequestItems entry, an empty Expected with a
// ConditionalOperator, a duplicate in AttributesToGet, REMOVE on an item that does not exist,
// and UpdateTable naming an index the table has or redefining a key attribute's type. Every
// refusal changes nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "database_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace write_checks_test {

class WriteChecksTest : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = OpenInMemory();
    Ok("CreateTable", R"({"TableName":"checks",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
        {"AttributeName":"g","AttributeType":"S"},{"AttributeName":"r","AttributeType":"S"}],
      "GlobalSecondaryIndexes":[{"IndexName":"by_g","KeySchema":[
        {"AttributeName":"g","KeyType":"HASH"},{"AttributeName":"r","KeyType":"RANGE"}],
        "Projection":{"ProjectionType":"ALL"}}],
      "BillingMode":"PAY_PER_REQUEST"})");
  }

  rapidjson::Document Ok(const char* op, const std::string& body) {
    const Response r = db_->Call(op, body);
    EXPECT_EQ(r.http_status, 200) << op << " " << r.body;
    return ParseJson(r.body.empty() ? "{}" : r.body);
  }
  ErrorOf Fails(const char* op, const std::string& body) {
    const Response r = db_->Call(op, body);
    EXPECT_EQ(r.http_status, 400) << op << " " << r.body;
    return ParseError(r);
  }
  std::size_t ItemCount(const std::string& table, const std::string& index = "") {
    std::string body = R"({"TableName":")" + table + "\"";
    if (!index.empty()) body += R"(,"IndexName":")" + index + "\"";
    return Ok("Scan", body + "}")["Items"].Size();
  }

  std::unique_ptr<Database> db_;
};

TEST_F(WriteChecksTest, AnEmptyAttributeNameIsRefusedAndNothingWritten) {
  const std::string item = R"({"TableName":"checks","Item":{"pk":{"S":"a"},"":{"S":"x"}}})";
  ErrorOf e = Fails("PutItem", item);
  EXPECT_EQ(e.type, "ValidationException");
  EXPECT_EQ(e.message, "One or more parameter values were invalid: Empty attribute name");
  e = Fails(
      "BatchWriteItem",
      R"({"RequestItems":{"checks":[{"PutRequest":{"Item":{"pk":{"S":"b"},"":{"N":"1"}}}}]}})");
  EXPECT_EQ(e.message, "One or more parameter values were invalid: Empty attribute name");
  e = Fails("UpdateItem", R"({"TableName":"checks","Key":{"pk":{"S":"c"}},
      "AttributeUpdates":{"":{"Value":{"S":"x"},"Action":"PUT"}}})");
  EXPECT_EQ(e.message, "One or more parameter values were invalid: Empty attribute name");
  EXPECT_EQ(ItemCount("checks"), 0u);
  // Empty names inside a map value are the value's business, not an attribute's.
  Ok("PutItem", R"({"TableName":"checks","Item":{"pk":{"S":"d"},"m":{"M":{"":{"S":"x"}}}}})");
}

TEST_F(WriteChecksTest, IndexKeysOverTheKeyLimitsAreRefused) {
  const auto put = [](const std::string& g, const std::string& r) {
    return R"({"TableName":"checks","Item":{"pk":{"S":"k"},"g":{"S":")" + g + R"("},"r":{"S":")" +
           r + R"("}}})";
  };
  Ok("PutItem", put(std::string(2048, 'g'), std::string(1024, 'r')));
  ErrorOf e = Fails("PutItem", put(std::string(2049, 'g'), "r"));
  EXPECT_EQ(e.type, "ValidationException");
  EXPECT_EQ(e.message,
            "One or more parameter values were invalid: Size limit exceeded for Index Key g "
            "Actual Size: 2049 bytes Max Size: 2048 bytes IndexName: by_g");
  e = Fails("PutItem", put("g", std::string(1025, 'r')));
  EXPECT_EQ(e.message,
            "One or more parameter values were invalid: Size limit exceeded for Index Key r "
            "Actual Size: 1025 bytes Max Size: 1024 bytes IndexName: by_g");
  e = Fails("UpdateItem", R"({"TableName":"checks","Key":{"pk":{"S":"k"}},
      "UpdateExpression":"SET g = :g","ExpressionAttributeValues":{":g":{"S":")" +
                              std::string(3000, 'x') + R"("}}})");
  EXPECT_EQ(e.message.substr(0, 73),
            "One or more parameter values were invalid: Size limit exceeded for Index ");
  // The item written first is unchanged, and still the index's only entry.
  EXPECT_EQ(ItemCount("checks", "by_g"), 1u);
  rapidjson::Document got = Ok("GetItem", R"({"TableName":"checks","Key":{"pk":{"S":"k"}}})");
  EXPECT_EQ(got["Item"]["g"]["S"].GetStringLength(), 2048u);
}

TEST_F(WriteChecksTest, TheBackfillOfANewIndexSkipsItemsItCannotIndex) {
  Ok("CreateTable", R"({"TableName":"plain",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "BillingMode":"PAY_PER_REQUEST"})");
  const auto put = [&](const std::string& pk, const std::string& g, const std::string& r) {
    Ok("PutItem", R"({"TableName":"plain","Item":{"pk":{"S":")" + pk + R"("},"g":{"S":")" + g +
                      R"("},"r":{"S":")" + r + R"("}}})");
  };
  put("fine", "g", "r");
  put("empty_g", "", "r");
  put("long_g", std::string(2049, 'g'), "r");
  put("long_r", "g", std::string(1025, 'r'));
  put("at_limits", std::string(2048, 'g'), std::string(1024, 'r'));
  Ok("UpdateTable", R"({"TableName":"plain","AttributeDefinitions":[
      {"AttributeName":"g","AttributeType":"S"},{"AttributeName":"r","AttributeType":"S"}],
      "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"by_g","KeySchema":[
        {"AttributeName":"g","KeyType":"HASH"},{"AttributeName":"r","KeyType":"RANGE"}],
        "Projection":{"ProjectionType":"KEYS_ONLY"}}}]})");
  rapidjson::Document scan = Ok("Scan", R"({"TableName":"plain","IndexName":"by_g"})");
  std::vector<std::string> indexed;
  for (const auto& item : scan["Items"].GetArray()) indexed.push_back(item["pk"]["S"].GetString());
  std::sort(indexed.begin(), indexed.end());
  EXPECT_EQ(indexed, (std::vector<std::string>{"at_limits", "fine"}));
  EXPECT_EQ(ItemCount("plain"), 5u);  // the table keeps every item
}

TEST_F(WriteChecksTest, ANullRequestItemsEntryIsRefused) {
  ErrorOf e = Fails("BatchWriteItem", R"({"RequestItems":{"checks":null}})");
  EXPECT_EQ(e.type, "ValidationException");
  EXPECT_EQ(e.message,
            "1 validation error detected: Value null at 'requestItems.checks.member' failed to "
            "satisfy constraint: Member must not be null");
  e = Fails(
      "BatchWriteItem",
      R"({"RequestItems":{"checks":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}],"other":null}})");
  EXPECT_EQ(e.type, "ValidationException");
  EXPECT_EQ(ItemCount("checks"), 0u);
}

TEST_F(WriteChecksTest, AnEmptyExpectedIsNoConditionAndTakesNoConditionalOperator) {
  // ScyllaDB's test_expected.py::test_update_expected_empty, run against AWS.
  const std::string update = R"({"TableName":"checks","Key":{"pk":{"S":"a"}},
      "AttributeUpdates":{"v":{"Value":{"S":"1"},"Action":"PUT"}},"Expected":{})";
  Ok("UpdateItem", update + "}");
  for (const char* op : {"AND", "OR"}) {
    const ErrorOf e =
        Fails("UpdateItem", update + R"(,"ConditionalOperator":")" + std::string(op) + "\"}");
    EXPECT_EQ(e.message, "ConditionalOperator cannot be used without Filter or Expected");
  }
  rapidjson::Document got = Ok("GetItem", R"({"TableName":"checks","Key":{"pk":{"S":"a"}}})");
  EXPECT_STREQ(got["Item"]["v"]["S"].GetString(), "1");
}

TEST_F(WriteChecksTest, ADuplicateInAttributesToGetIsTheServicesDuplicateMessage) {
  const ErrorOf e = Fails("GetItem", R"({"TableName":"checks","Key":{"pk":{"S":"a"}},
      "AttributesToGet":["x","y","x"]})");
  EXPECT_EQ(e.type, "ValidationException");
  EXPECT_EQ(e.message,
            "One or more parameter values were invalid: Duplicate value in attribute name: x");
}

TEST_F(WriteChecksTest, RemovingANestedPathOfAnItemThatDoesNotExistSucceeds) {
  Ok("UpdateItem", R"({"TableName":"checks","Key":{"pk":{"S":"none"}},
      "UpdateExpression":"REMOVE a.b[2].c, d"})");
  // Nothing was created (AWS does not upsert an update that only removes).
  EXPECT_FALSE(
      Ok("GetItem", R"({"TableName":"checks","Key":{"pk":{"S":"none"}}})").HasMember("Item"));
  // On an item that exists, a path through an attribute that is not a map is still invalid.
  Ok("PutItem", R"({"TableName":"checks","Item":{"pk":{"S":"some"},"a":{"S":"x"}}})");
  const ErrorOf e = Fails("UpdateItem", R"({"TableName":"checks","Key":{"pk":{"S":"some"}},
      "UpdateExpression":"REMOVE a.b"})");
  EXPECT_EQ(e.message, "The document path provided in the update expression is invalid for update");
}

TEST_F(WriteChecksTest, UpdateTableNamingAnExistingIndexIsRefusedFirst) {
  // No AttributeDefinitions at all: the existing name is judged before the request's own checks.
  ErrorOf e = Fails("UpdateTable", R"({"TableName":"checks","GlobalSecondaryIndexUpdates":[
      {"Create":{"IndexName":"by_g","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
        "Projection":{"ProjectionType":"ALL"}}}]})");
  EXPECT_EQ(e.type, "ValidationException");
  EXPECT_EQ(e.message, "Attempting to create an index which already exists");
}

TEST_F(WriteChecksTest, UpdateTableKeepsAKeyAttributesTypeWhenRedefined) {
  // AWS accepts a conflicting redefinition and keeps the existing type
  // (paritysuite/dynamodb-conformance#78, against eu-west-2).
  Ok("UpdateTable", R"({"TableName":"checks","AttributeDefinitions":[
      {"AttributeName":"pk","AttributeType":"N"},{"AttributeName":"h","AttributeType":"S"}],
      "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"by_h","KeySchema":[
        {"AttributeName":"h","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}}]})");
  rapidjson::Document d = Ok("DescribeTable", R"({"TableName":"checks"})");
  for (const auto& def : d["Table"]["AttributeDefinitions"].GetArray()) {
    if (std::string(def["AttributeName"].GetString()) == "pk") {
      EXPECT_STREQ(def["AttributeType"].GetString(), "S");
    }
  }
  Ok("PutItem", R"({"TableName":"checks","Item":{"pk":{"S":"still a string"}}})");
}

}  // namespace write_checks_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
