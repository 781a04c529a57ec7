// The generated model tables and the pieces of message rendering that stand on their own:
// operation lookup, the pattern matchers, Java-style number layout, UTF-16 lengths. Also a
// timing print (not an assertion) of validating a typical GetItem.
#include "api/api_model.h"

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <chrono>
#include <cstdio>
#include <string>

#include "api_json/request_internal.h"
#include "api_json/request_validator.h"
#include "value/text_encodings.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api_model {
namespace api_model_test {

TEST(ApiModel, OperationsAreSortedAndFindable) {
  auto ops = Operations();
  // botocore 1.43's DynamoDB model, SearchVectors and the four bulk operations
  // (tools/gen_api_model.py's supplement).
  ASSERT_EQ(ops.size(), 62u);
  for (size_t i = 0; i < ops.size(); ++i) {
    if (i > 0) {
      EXPECT_LT(Str(ops[i - 1].name), Str(ops[i].name));
    }
    EXPECT_EQ(FindOperation(Str(ops[i].name)), &ops[i]);
  }
  for (const char* op :
       {"BatchGetItem", "BatchWriteItem", "CreateTable", "DeleteItem", "DeleteTable",
        "DescribeTable", "GetItem", "ListTables", "PutItem", "Query", "Scan", "UpdateItem",
        "UpdateTable", "TransactGetItems", "TransactWriteItems", "UpdateTimeToLive",
        "DescribeTimeToLive", "TagResource", "ExecuteStatement"}) {
    EXPECT_NE(FindOperation(op), nullptr) << op;
  }
  EXPECT_EQ(FindOperation("ListStreams"), nullptr);  // DynamoDB Streams is another service
}

TEST(ApiModel, ShapesReferenceEachOtherConsistently) {
  const Operation* get = FindOperation("GetItem");
  const Shape& input = GetShape(get->input);
  ASSERT_EQ(input.kind, ShapeKind::kStructure);
  EXPECT_EQ(Str(input.name), "GetItemInput");
  // Members are stored in the service's order.
  std::string order;
  for (const Member& m : Members(input))
    order += std::string(Str(m.name)) + (m.required ? "! " : " ");
  EXPECT_EQ(
      order,
      "ReturnConsumedCapacity AttributesToGet TableName! Key! ConsistentRead ProjectionExpression "
      "ExpressionAttributeNames ");
  const Shape& key = GetShape(Members(input)[3].shape);
  EXPECT_EQ(key.kind, ShapeKind::kMap);
  EXPECT_EQ(GetShape(key.b).kind, ShapeKind::kAttributeValue);
  const Shape& rcc = GetShape(Members(input)[0].shape);
  ASSERT_EQ(EnumValues(rcc).size(), 3u);
  EXPECT_EQ(EnumValues(rcc)[0], "INDEXES");
}

TEST(ApiModel, PatternMatchersFollowJavaSemantics) {
  EXPECT_TRUE(MatchesPattern(Pattern::kName, "Music_2024.v-1"));
  EXPECT_FALSE(MatchesPattern(Pattern::kName, ""));
  EXPECT_FALSE(MatchesPattern(Pattern::kName, "a b"));
  EXPECT_FALSE(MatchesPattern(Pattern::kName, "caf\xC3\xA9"));
  EXPECT_TRUE(MatchesPattern(Pattern::kNoDollar, "token-1"));
  EXPECT_FALSE(MatchesPattern(Pattern::kNoDollar, "a$b"));
  EXPECT_TRUE(MatchesPattern(Pattern::kS3Bucket, "my.bucket-1"));
  EXPECT_FALSE(MatchesPattern(Pattern::kS3Bucket, "a"));
  EXPECT_FALSE(MatchesPattern(Pattern::kS3Bucket, "bucket-"));
  EXPECT_TRUE(MatchesPattern(Pattern::kTwelveDigits, "123456789012"));
  EXPECT_FALSE(MatchesPattern(Pattern::kTwelveDigits, "12345678901"));
  EXPECT_TRUE(MatchesPattern(Pattern::kCsvDelimiter, "\t"));
  EXPECT_FALSE(MatchesPattern(Pattern::kCsvDelimiter, ",;"));
  EXPECT_TRUE(MatchesPattern(Pattern::kCsvHeader, ""));
  EXPECT_FALSE(MatchesPattern(Pattern::kCsvHeader, "a,b"));
  EXPECT_TRUE(MatchesPattern(Pattern::kHexBlocks16, "0123456789abcdef0123456789abcdef"));
  EXPECT_FALSE(MatchesPattern(Pattern::kHexBlocks16, "0123456789ABCDEF"));
  EXPECT_TRUE(MatchesPattern(Pattern::kXmlChars, "role\t\xF0\x9F\x98\x80"));
  EXPECT_FALSE(MatchesPattern(Pattern::kXmlChars, std::string("a\x01", 2)));
  EXPECT_FALSE(MatchesPattern(Pattern::kXmlChars, "\xC3"));  // truncated UTF-8
  EXPECT_TRUE(MatchesPattern(Pattern::kPrintable, "Policy 1"));
  EXPECT_FALSE(MatchesPattern(Pattern::kPrintable, "tab\there"));
  EXPECT_EQ(PatternText(Pattern::kName), "[a-zA-Z0-9_.-]+");
  EXPECT_EQ(PatternText(Pattern::kNoDollar), "^[^\\$]+$");
}

TEST(RequestRendering, JavaDoubleLayout) {
  auto text = [](double d) {
    std::string out;
    request_internal::AppendJavaDouble(d, out);
    return out;
  };
  EXPECT_EQ(text(1.5), "1.5");
  EXPECT_EQ(text(100), "100.0");
  EXPECT_EQ(text(-0.25), "-0.25");
  EXPECT_EQ(text(0.001), "0.001");
  EXPECT_EQ(text(0.0001), "1.0E-4");
  EXPECT_EQ(text(1234567), "1234567.0");
  EXPECT_EQ(text(12345678), "1.2345678E7");
  EXPECT_EQ(text(1e10), "1.0E10");
  EXPECT_EQ(text(0), "0.0");
}

TEST(RequestRendering, Utf16LengthCountsSurrogatePairsTwice) {
  EXPECT_EQ(Utf16Length(""), 0u);
  EXPECT_EQ(Utf16Length("abc"), 3u);
  EXPECT_EQ(Utf16Length("caf\xC3\xA9"), 4u);
  EXPECT_EQ(Utf16Length("\xE2\x82\xAC\xF0\x9F\x98\x80"), 3u);
}

// Prints, does not assert: validating a typical GetItem should cost well under a
// microsecond, and allocates nothing when the request is valid.
TEST(RequestValidatorTiming, TypicalGetItem) {
  rapidjson::Document doc;
  ASSERT_TRUE(ParseRequestBody(R"({"TableName": "Music", "Key": {"Artist": {"S": "No One You Know"},
      "SongTitle": {"S": "Call Me Today"}}, "ConsistentRead": true, "ReturnConsumedCapacity": "TOTAL",
      "ProjectionExpression": "#a, Genre", "ExpressionAttributeNames": {"#a": "AlbumTitle"}})",
                               doc)
                  .ok());
  constexpr int kIterations = 200000;
  int failures = 0;
  auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < kIterations; ++i) failures += ValidateRequest("GetItem", doc).ok() ? 0 : 1;
  auto elapsed = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start);
  EXPECT_EQ(failures, 0);
  std::printf("[ timing   ] ValidateRequest(GetItem): %.0f ns per request (this build's flags)\n",
              elapsed.count() / kIterations);
}

}  // namespace api_model_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api_model
