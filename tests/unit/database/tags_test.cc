// TagResource, UntagResource and ListTagsOfResource through Database::Call: tags given at
// CreateTable and later, their limits and errors as the service answers them (dynalite's
// tests recorded against AWS), and their persistence in the catalog.
#include <gtest/gtest.h>

#include <string>

#include "database_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace tags_test {

constexpr const char* kArn = "arn:aws:dynamodb:us-east-1:000000000000:table/tagged";

class TagsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = OpenInMemory();
    const Response created = db_->Call("CreateTable", R"({"TableName":"tagged",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "BillingMode":"PAY_PER_REQUEST","Tags":[{"Key":"team","Value":"hr"}]})");
    ASSERT_EQ(created.http_status, 200) << created.body;
  }
  Response Call(const char* op, const std::string& body) { return db_->Call(op, body); }
  std::string Arn(const std::string& body_rest) {
    return std::string(R"({"ResourceArn":")") + kArn + "\"" + body_rest + "}";
  }
  std::string ListTags() { return Call("ListTagsOfResource", Arn("")).body; }
  void ExpectError(const Response& r, const std::string& type, const std::string& message) {
    EXPECT_EQ(r.http_status, 400) << r.body;
    const ErrorOf e = ParseError(r);
    EXPECT_EQ(e.type, type) << r.body;
    EXPECT_EQ(e.message, message) << r.body;
  }
  std::unique_ptr<Database> db_;
};

TEST_F(TagsTest, CreateTableTagsAreListed) {
  EXPECT_EQ(ListTags(), R"({"Tags":[{"Key":"team","Value":"hr"}]})");
}

TEST_F(TagsTest, TaggingAddsNewKeysAndReplacesValuesOfExistingOnes) {
  const Response r = Call(
      "TagResource", Arn(R"(,"Tags":[{"Key":"env","Value":"dev"},{"Key":"team","Value":"it"}])"));
  EXPECT_EQ(r.http_status, 200) << r.body;
  EXPECT_EQ(r.body, "");
  EXPECT_EQ(ListTags(), R"({"Tags":[{"Key":"team","Value":"it"},{"Key":"env","Value":"dev"}]})");
}

TEST_F(TagsTest, UntaggingRemovesPresentKeysAndIgnoresAbsentOnes) {
  ASSERT_EQ(Call("TagResource", Arn(R"(,"Tags":[{"Key":"env","Value":"dev"}])")).http_status, 200);
  const Response r = Call("UntagResource", Arn(R"(,"TagKeys":["team","nope"])"));
  EXPECT_EQ(r.http_status, 200) << r.body;
  EXPECT_EQ(ListTags(), R"({"Tags":[{"Key":"env","Value":"dev"}]})");
  ASSERT_EQ(Call("UntagResource", Arn(R"(,"TagKeys":["env"])")).http_status, 200);
  EXPECT_EQ(ListTags(), R"({"Tags":[]})");
}

TEST_F(TagsTest, AtMostFiftyTagsPerTable) {
  std::string tags;
  for (int i = 0; i < 49; ++i) {
    tags += (i ? "," : "") + std::string(R"({"Key":"k)") + std::to_string(i) + R"(","Value":"v"})";
  }
  ASSERT_EQ(Call("TagResource", Arn(",\"Tags\":[" + tags + "]")).http_status, 200);  // 50
  ExpectError(Call("TagResource", Arn(R"(,"Tags":[{"Key":"one","Value":"more"}])")),
              "ValidationException",
              "Number of Tags exceed the current limit for the provided ResourceArn");
  // Replacing a value is no new tag.
  EXPECT_EQ(Call("TagResource", Arn(R"(,"Tags":[{"Key":"k1","Value":"w"}])")).http_status, 200);
}

TEST_F(TagsTest, TheTagRulesOfCreateTableApply) {
  ExpectError(Call("TagResource", Arn(R"(,"Tags":[{"Key":"aws:x","Value":"v"}])")),
              "ValidationException", "Tag Key cannot be prefixed with aws:, Key: aws:x");
  ExpectError(Call("TagResource", Arn(R"(,"Tags":[{"Key":"a#b","Value":"v"}])")),
              "ValidationException", "The Tag Key provided is invalid, Key: a#b");
  ExpectError(
      Call("TagResource", Arn(R"(,"Tags":[{"Key":"d","Value":"1"},{"Key":"d","Value":"2"}])")),
      "ValidationException", "Duplicate Tag Keys provided as input: Duplicate Tag Key found d");
  EXPECT_EQ(ListTags(), R"({"Tags":[{"Key":"team","Value":"hr"}]})");  // nothing applied
}

TEST_F(TagsTest, ArnsAreJudgedAsTheServiceJudgesThem) {
  ExpectError(Call("TagResource", "{}"), "ValidationException", "Invalid TableArn");
  ExpectError(Call("ListTagsOfResource", R"({"ResourceArn":"a:b:c:d:e:f/g"})"),
              "ValidationException",
              "Invalid TableArn: Invalid ResourceArn provided as input a:b:c:d:e:f/g");
  ExpectError(Call("ListTagsOfResource",
                   R"({"ResourceArn":"arn:aws:dynamodb:us-east-1:000000000000:table/ab"})"),
              "ValidationException",
              "Invalid TableArn: Invalid ResourceArn provided as input "
              "arn:aws:dynamodb:us-east-1:000000000000:table/ab");
  // Not an ARN at all: ValidationException (AWS, 2026; dynalite's older recordings had IAM
  // answer AccessDeniedException first).
  ExpectError(Call("UntagResource", R"({"ResourceArn":"a:b:c:d:e/f","TagKeys":["x"]})"),
              "ValidationException",
              "Invalid TableArn: Invalid ResourceArn provided as input a:b:c:d:e/f");
  ExpectError(
      Call("TagResource", R"({"ResourceArn":"not-a-valid-arn","Tags":[{"Key":"a","Value":"b"}]})"),
      "ValidationException",
      "Invalid TableArn: Invalid ResourceArn provided as input not-a-valid-arn");
  ExpectError(Call("ListTagsOfResource", R"({"ResourceArn":"not-a-valid-arn"})"),
              "ValidationException",
              "Invalid TableArn: Invalid ResourceArn provided as input not-a-valid-arn");
}

TEST_F(TagsTest, EmptyListsAndMissingTablesAreRefused) {
  ExpectError(Call("TagResource", Arn(R"(,"Tags":[])")), "ValidationException",
              "Atleast one Tag needs to be provided as Input.");
  ExpectError(Call("UntagResource", Arn(R"(,"TagKeys":[])")), "ValidationException",
              "Atleast one Tag Key needs to be provided as Input.");
  const std::string missing = "arn:aws:dynamodb:us-east-1:000000000000:table/missing";
  ExpectError(Call("TagResource",
                   R"({"ResourceArn":")" + missing + R"(","Tags":[{"Key":"a","Value":"b"}]})"),
              "ResourceNotFoundException",
              "Requested resource not found: ResourcArn: " + missing + " not found");
  // ListTagsOfResource of a table that does not exist: AccessDeniedException (AWS, 2026).
  ExpectError(Call("ListTagsOfResource", R"({"ResourceArn":")" + missing + R"("})"),
              "AccessDeniedException",
              "User: arn:aws:iam::000000000000:root is not authorized to perform: "
              "dynamodb:ListTagsOfResource on resource: " +
                  missing);
  ExpectError(Call("UntagResource", R"({"ResourceArn":")" + missing + R"(","TagKeys":["a"]})"),
              "ResourceNotFoundException", "Requested resource not found");
}

TEST_F(TagsTest, TagsGoWithTheTable) {
  ASSERT_EQ(Call("DeleteTable", R"({"TableName":"tagged"})").http_status, 200);
  ASSERT_EQ(Call("CreateTable", R"({"TableName":"tagged",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "BillingMode":"PAY_PER_REQUEST"})")
                .http_status,
            200);
  EXPECT_EQ(ListTags(), R"({"Tags":[]})");
}

}  // namespace tags_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
