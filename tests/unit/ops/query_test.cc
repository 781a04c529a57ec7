// Query on tables through Database::Call: one partition in sort-key order (strings and binaries
// by unsigned bytes, numbers numerically), every sort-key operator in expressions and legacy
// KeyConditions, ScanIndexForward, Limit, filters, projections, Select and ConsumedCapacity.
#include <gtest/gtest.h>

#include "read_fixture.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::read_test {
namespace query_test {

class QueryTest : public ReadTest {
 protected:
  void SetUp() override {
    ReadTest::SetUp();
    Ok("CreateTable", KeyedTable("nums", "N"));
    Ok("CreateTable", KeyedTable("strs", "S"));
    Ok("CreateTable", KeyedTable("bins", "B"));
  }

  // Sort keys of partition `pk` of `table` for the condition `sort_condition` (empty: none).
  std::vector<std::string> SortKeys(const std::string& table, const std::string& sort_condition,
                                    const std::string& values = "", bool forward = true) {
    std::string key = "pk = :p" + (sort_condition.empty() ? "" : " AND " + sort_condition);
    rapidjson::Document doc =
        Ok("Query", R"({"TableName":")" + table + R"(","KeyConditionExpression":")" + key +
                        R"(","ExpressionAttributeValues":{":p":{"S":"p"})" + values +
                        R"(},"ScanIndexForward":)" + (forward ? "true" : "false") + "}");
    return Values(doc, "sk");
  }

  void PutNumbers(const std::vector<std::string>& numbers) {
    for (const std::string& n : numbers) {
      Put("nums", R"({"pk":{"S":"p"},"sk":{"N":")" + n + R"("}})");
    }
    Put("nums", R"({"pk":{"S":"other"},"sk":{"N":"5"}})");
  }
};

TEST_F(QueryTest, NumbersComeInNumericOrderForwardsAndBackwards) {
  PutNumbers({"0", "99.1", "10.9", "10.1", "9.1", "9", "1.9", "-0.01", "-1E+2", "-99.1", "1E-130",
              "12345678901234567890123456789012345678", "-9.9"});
  const std::vector<std::string> ascending = {
      "-100", "-99.1", "-9.9", "-0.01", "0",    "0." + std::string(129, '0') + "1",      "1.9",
      "9",    "9.1",   "10.1", "10.9",  "99.1", "12345678901234567890123456789012345678"};
  EXPECT_EQ(SortKeys("nums", ""), ascending);
  EXPECT_EQ(SortKeys("nums", "", "", false),
            std::vector<std::string>(ascending.rbegin(), ascending.rend()));
}

TEST_F(QueryTest, StringsComeInUtf8ByteOrder) {
  for (const char* s : {"a", "B", "aa", "10", "2", "\\u00e9", "z", "A", "ab", "\\u0000x"}) {
    Put("strs", std::string(R"({"pk":{"S":"p"},"sk":{"S":")") + s + R"("}})");
  }
  // "\u0000x" < "10" < "2" < "A" < "B" < "a" < "aa" < "ab" < "z" < "é" (C3 A9).
  EXPECT_EQ(SortKeys("strs", ""),
            (std::vector<std::string>{std::string("\0x", 2), "10", "2", "A", "B", "a", "aa", "ab",
                                      "z", "\xC3\xA9"}));
}

TEST_F(QueryTest, BinariesComeInUnsignedByteOrder) {
  // 0x00, 0x01, 0x7f, 0x80, 0xff, 0xff00 as base64.
  for (const char* b : {"/w==", "AA==", "fw==", "gA==", "AQ==", "/wA="}) {
    Put("bins", std::string(R"({"pk":{"S":"p"},"sk":{"B":")") + b + R"("}})");
  }
  EXPECT_EQ(SortKeys("bins", ""),
            (std::vector<std::string>{"AA==", "AQ==", "fw==", "gA==", "/w==", "/wA="}));
  EXPECT_EQ(SortKeys("bins", "begins_with(sk, :b)", R"(,":b":{"B":"/w=="})"),
            (std::vector<std::string>{"/w==", "/wA="}));
  EXPECT_EQ(SortKeys("bins", "sk > :b", R"(,":b":{"B":"fw=="})"),
            (std::vector<std::string>{"gA==", "/w==", "/wA="}));
}

TEST_F(QueryTest, EverySortKeyOperatorSelectsItsRange) {
  PutNumbers({"1", "2", "3", "4", "5"});
  using V = std::vector<std::string>;
  const std::string three = R"(,":v":{"N":"3"})";
  EXPECT_EQ(SortKeys("nums", "sk = :v", three), V{"3"});
  EXPECT_EQ(SortKeys("nums", "sk < :v", three), (V{"1", "2"}));
  EXPECT_EQ(SortKeys("nums", "sk <= :v", three), (V{"1", "2", "3"}));
  EXPECT_EQ(SortKeys("nums", "sk > :v", three), (V{"4", "5"}));
  EXPECT_EQ(SortKeys("nums", "sk >= :v", three), (V{"3", "4", "5"}));
  EXPECT_EQ(SortKeys("nums", ":v < sk", three), (V{"4", "5"}));  // the key on the right
  EXPECT_EQ(SortKeys("nums", "sk BETWEEN :a AND :b", R"(,":a":{"N":"2"},":b":{"N":"4"})"),
            (V{"2", "3", "4"}));
  EXPECT_EQ(SortKeys("nums", "sk BETWEEN :a AND :b", R"(,":a":{"N":"2"},":b":{"N":"4"})", false),
            (V{"4", "3", "2"}));
  EXPECT_EQ(SortKeys("nums", "sk > :v", R"(,":v":{"N":"5"})"), V{});
  EXPECT_EQ(SortKeys("nums", "sk = :v", R"(,":v":{"N":"3.0"})"), V{"3"});  // numerically equal
}

TEST_F(QueryTest, BeginsWithSelectsAPrefixIncludingZeroBytes) {
  for (const char* s : {"a", "ab", "abc", "ab\\u0000", "abd", "b", "a\\u0000b"}) {
    Put("strs", std::string(R"({"pk":{"S":"p"},"sk":{"S":")") + s + R"("}})");
  }
  EXPECT_EQ(SortKeys("strs", "begins_with(sk, :v)", R"(,":v":{"S":"ab"})"),
            (std::vector<std::string>{"ab", std::string("ab\0", 3), "abc", "abd"}));
  EXPECT_EQ(SortKeys("strs", "begins_with(sk, :v)", R"(,":v":{"S":"a\u0000"})"),
            (std::vector<std::string>{std::string("a\0b", 3)}));
}

TEST_F(QueryTest, LegacyKeyConditionsSelectTheSameItems) {
  PutNumbers({"1", "2", "3", "4", "5"});
  rapidjson::Document doc = Ok("Query", R"({"TableName":"nums","KeyConditions":{
      "pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"p"}]},
      "sk":{"ComparisonOperator":"BETWEEN","AttributeValueList":[{"N":"2"},{"N":"3"}]}}})");
  EXPECT_EQ(Values(doc, "sk"), (std::vector<std::string>{"2", "3"}));
  doc = Ok("Query", R"({"TableName":"nums","ScanIndexForward":false,"KeyConditions":{
      "pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"p"}]},
      "sk":{"ComparisonOperator":"GE","AttributeValueList":[{"N":"4"}]}}})");
  EXPECT_EQ(Values(doc, "sk"), (std::vector<std::string>{"5", "4"}));
}

TEST_F(QueryTest, LimitCountsItemsReadAndReturnsTheKeyOfTheLastOneEvenAtTheEnd) {
  PutNumbers({"1", "2", "3"});
  rapidjson::Document doc = Ok("Query", R"({"TableName":"nums","Limit":3,
      "KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"p"}}})");
  // The service does not look ahead: a page that ends at Limit has a LastEvaluatedKey.
  EXPECT_EQ(ToJson(doc["LastEvaluatedKey"]), R"({"pk":{"S":"p"},"sk":{"N":"3"}})");
  doc = Ok("Query", R"({"TableName":"nums","Limit":4,
      "KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"p"}}})");
  EXPECT_FALSE(doc.HasMember("LastEvaluatedKey"));
  // The next page from the key is empty and final.
  doc = Ok("Query",
           R"({"TableName":"nums","Limit":3,"ExclusiveStartKey":{"pk":{"S":"p"},"sk":{"N":"3"}},
      "KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"p"}}})");
  EXPECT_EQ(ToJson(doc), R"({"Items":[],"Count":0,"ScannedCount":0})");
}

TEST_F(QueryTest, FilterRunsAfterTheReadSoLimitCountsScannedItems) {
  for (int i = 1; i <= 6; ++i) {
    Put("nums", R"({"pk":{"S":"p"},"sk":{"N":")" + std::to_string(i) + R"("},"even":{"BOOL":)" +
                    (i % 2 == 0 ? "true" : "false") + "}}");
  }
  rapidjson::Document doc = Ok("Query", R"({"TableName":"nums","Limit":3,
      "KeyConditionExpression":"pk = :p","FilterExpression":"even = :t",
      "ExpressionAttributeValues":{":p":{"S":"p"},":t":{"BOOL":true}}})");
  EXPECT_EQ(Values(doc, "sk"), std::vector<std::string>{"2"});
  EXPECT_EQ(doc["Count"].GetInt(), 1);
  EXPECT_EQ(doc["ScannedCount"].GetInt(), 3);
  EXPECT_EQ(ToJson(doc["LastEvaluatedKey"]), R"({"pk":{"S":"p"},"sk":{"N":"3"}})");
  // Legacy QueryFilter with ConditionalOperator OR.
  doc = Ok("Query", R"({"TableName":"nums","ConditionalOperator":"OR",
      "KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"p"}]}},
      "QueryFilter":{"even":{"ComparisonOperator":"EQ","AttributeValueList":[{"BOOL":true}]},
                     "missing":{"ComparisonOperator":"NOT_NULL"}}})");
  EXPECT_EQ(Values(doc, "sk"), (std::vector<std::string>{"2", "4", "6"}));
  EXPECT_EQ(doc["ScannedCount"].GetInt(), 6);
}

TEST_F(QueryTest, SelectAndProjectionsShapeTheItems) {
  Put("nums",
      R"({"pk":{"S":"p"},"sk":{"N":"1"},"a":{"M":{"b":{"L":[{"S":"x"},{"S":"y"}]},"c":{"N":"2"}}},"d":{"S":"d"}})");
  const std::string key =
      R"("TableName":"nums","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"p"}})";
  EXPECT_EQ(ToJson(Ok("Query", "{" + key + R"(,"Select":"COUNT"})")),
            R"({"Count":1,"ScannedCount":1})");
  EXPECT_EQ(
      ToJson(
          Ok("Query",
             "{" + key +
                 R"(,"ProjectionExpression":"a.b[1], #d","ExpressionAttributeNames":{"#d":"d"}})")),
      R"({"Items":[{"a":{"M":{"b":{"L":[{"S":"y"}]}}},"d":{"S":"d"}}],"Count":1,"ScannedCount":1})");
  EXPECT_EQ(
      ToJson(Ok("Query",
                "{" + key + R"(,"Select":"SPECIFIC_ATTRIBUTES","ProjectionExpression":"sk"})")),
      R"({"Items":[{"sk":{"N":"1"}}],"Count":1,"ScannedCount":1})");
  EXPECT_EQ(ToJson(Ok("Query", R"({"TableName":"nums","AttributesToGet":["d","nothing"],
      "KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"p"}]}}})")),
            R"({"Items":[{"d":{"S":"d"}}],"Count":1,"ScannedCount":1})");
}

TEST_F(QueryTest, ConsumedCapacityAddsTheItemSizesAndRoundsOnce) {
  // Three items of 2,000 bytes each: 6,000 bytes read, two 4 KB units.
  for (int i = 1; i <= 3; ++i) {
    const std::string sk = std::to_string(i);
    // pk (2+1) + sk (2+2) + v (1 + n) = 2,000.
    Put("nums", R"({"pk":{"S":"p"},"sk":{"N":")" + sk + R"("},"v":{"S":")" +
                    std::string(1992, 'v') + R"("}})");
  }
  const std::string key =
      R"("TableName":"nums","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"p"}})";
  EXPECT_EQ(
      ToJson(Ok("Query", "{" + key + R"(,"Select":"COUNT","ReturnConsumedCapacity":"TOTAL"})")),
      R"({"Count":3,"ScannedCount":3,"ConsumedCapacity":{"TableName":"nums","CapacityUnits":1.0}})");
  EXPECT_EQ(
      ToJson(
          Ok("Query",
             "{" + key +
                 R"(,"Select":"COUNT","ConsistentRead":true,"ReturnConsumedCapacity":"INDEXES"})")),
      R"({"Count":3,"ScannedCount":3,"ConsumedCapacity":{"TableName":"nums","CapacityUnits":2.0,"Table":{"CapacityUnits":2.0}}})");
  // A query that finds nothing still costs the minimum read.
  EXPECT_EQ(
      ToJson(Ok(
          "Query",
          R"({"TableName":"nums","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"none"}},"ReturnConsumedCapacity":"TOTAL"})")),
      R"({"Items":[],"Count":0,"ScannedCount":0,"ConsumedCapacity":{"TableName":"nums","CapacityUnits":0.5}})");
}

TEST_F(QueryTest, ATableWithoutSortKeyHasOneItemPerPartition) {
  Ok("CreateTable", R"({"TableName":"hash","BillingMode":"PAY_PER_REQUEST",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"N"}]})");
  Put("hash", R"({"pk":{"N":"1"},"v":{"S":"one"}})");
  Put("hash", R"({"pk":{"N":"2"},"v":{"S":"two"}})");
  rapidjson::Document doc = Ok("Query", R"({"TableName":"hash","KeyConditionExpression":"pk = :p",
      "ExpressionAttributeValues":{":p":{"N":"1.0"}}})");
  EXPECT_EQ(Values(doc, "v"), std::vector<std::string>{"one"});
  ExpectValidation("Query", R"({"TableName":"hash","KeyConditionExpression":"pk = :p AND v = :v",
      "ExpressionAttributeValues":{":p":{"N":"1"},":v":{"S":"x"}}})",
                   "Query key condition not supported");
}

struct ErrorCase {
  const char* name;
  const char* body;
  const char* message;
};

class QueryErrorTest : public QueryTest, public ::testing::WithParamInterface<ErrorCase> {};

TEST_P(QueryErrorTest, IsRejectedWithTheServiceMessage) {
  Put("nums", R"({"pk":{"S":"p"},"sk":{"N":"1"}})");
  ExpectValidation("Query", GetParam().body, GetParam().message);
}

#define KEY R"("TableName":"nums","KeyConditionExpression":"pk = :p")"
#define VALUES R"("ExpressionAttributeValues":{":p":{"S":"p"}})"
#define LEGACY \
  R"("TableName":"nums","KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"p"}]}})"

INSTANTIATE_TEST_SUITE_P(
    Messages, QueryErrorTest,
    ::testing::Values(
        ErrorCase{"NoKeyCondition", R"({"TableName":"nums"})",
                  "Either the KeyConditions or KeyConditionExpression parameter must be specified "
                  "in the request."},
        ErrorCase{
            "BothKeyConditionStyles",
            "{" KEY "," VALUES
            R"(,"KeyConditions":{"pk":{"ComparisonOperator":"EQ","AttributeValueList":[{"S":"p"}]}}})",
            "Can not use both expression and non-expression parameters in the same request: "
            "Non-expression parameters: {KeyConditions} Expression parameters: "
            "{KeyConditionExpression}"},
        ErrorCase{
            "EveryParameterMixed",
            "{" KEY "," VALUES
            R"(,"FilterExpression":"a = :p","ProjectionExpression":"a","AttributesToGet":["a"],"QueryFilter":{"a":{"ComparisonOperator":"NULL"}},"ConditionalOperator":"OR","KeyConditions":{}})",
            "Can not use both expression and non-expression parameters in the same request: "
            "Non-expression parameters: {AttributesToGet, QueryFilter, ConditionalOperator, "
            "KeyConditions} Expression parameters: {ProjectionExpression, FilterExpression, "
            "KeyConditionExpression}"},
        ErrorCase{"NamesWithoutExpressions",
                  "{" LEGACY R"(,"ExpressionAttributeNames":{"#a":"a"}})",
                  "ExpressionAttributeNames can only be specified when using expressions"},
        ErrorCase{"ValuesWithOnlyAProjection",
                  "{" LEGACY
                  R"(,"ProjectionExpression":"a","ExpressionAttributeValues":{":a":{"S":"a"}}})",
                  "ExpressionAttributeValues can only be specified when using expressions: "
                  "FilterExpression and KeyConditionExpression are null"},
        ErrorCase{"ConditionalOperatorWithoutFilter", "{" LEGACY R"(,"ConditionalOperator":"AND"})",
                  "ConditionalOperator cannot be used without Filter or Expected"},
        ErrorCase{
            "ConditionalOperatorWithOneFilter",
            "{" LEGACY
            R"(,"ConditionalOperator":"OR","QueryFilter":{"a":{"ComparisonOperator":"NULL"}}})",
            "ConditionalOperator can only be used when Filter or Expected has two or more "
            "elements"},
        ErrorCase{"UnusedName", "{" KEY "," VALUES R"(,"ExpressionAttributeNames":{"#x":"x"}})",
                  "Value provided in ExpressionAttributeNames unused in expressions: keys: {#x}"},
        ErrorCase{"FilterSyntax", "{" KEY "," VALUES R"(,"FilterExpression":"a = = b"})",
                  "Invalid FilterExpression: Syntax error; token: \"=\", near: \"= = b\""},
        ErrorCase{
            "MissedPartitionKey",
            R"({"TableName":"nums","KeyConditionExpression":"sk = :p","ExpressionAttributeValues":{":p":{"N":"1"}}})",
            "Query condition missed key schema element: pk"},
        ErrorCase{
            "PartitionRange",
            R"({"TableName":"nums","KeyConditionExpression":"pk > :p","ExpressionAttributeValues":{":p":{"S":"p"}}})",
            "Query key condition not supported"},
        ErrorCase{
            "TypeMismatch",
            R"({"TableName":"nums","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"N":"1"}}})",
            "One or more parameter values were invalid: Condition parameter type does not "
            "match schema type"},
        ErrorCase{
            "OrInKeyCondition",
            R"({"TableName":"nums","KeyConditionExpression":"pk = :p OR sk = :s","ExpressionAttributeValues":{":p":{"S":"p"},":s":{"N":"1"}}})",
            "Invalid operator used in KeyConditionExpression: OR"},
        ErrorCase{
            "BeginsWithANumber",
            R"j({"TableName":"nums","KeyConditionExpression":"pk = :p AND begins_with(sk, :s)","ExpressionAttributeValues":{":p":{"S":"p"},":s":{"N":"1"}}})j",
            "Invalid KeyConditionExpression: Incorrect operand type for operator or "
            "function; operator or function: begins_with, operand type: N"},
        ErrorCase{"IndexMissing", "{" KEY "," VALUES R"(,"IndexName":"nope"})",
                  "The table does not have the specified index: nope"},
        ErrorCase{"AllProjectedOnATable",
                  "{" KEY "," VALUES R"(,"Select":"ALL_PROJECTED_ATTRIBUTES"})",
                  "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName"},
        ErrorCase{"SpecificWithoutProjection",
                  "{" KEY "," VALUES R"(,"Select":"SPECIFIC_ATTRIBUTES"})",
                  "Must specify the AttributesToGet or ProjectionExpression when choosing to get "
                  "SPECIFIC_ATTRIBUTES"},
        ErrorCase{"CountWithProjection",
                  "{" KEY "," VALUES R"(,"Select":"COUNT","ProjectionExpression":"a"})",
                  "Cannot specify the ProjectionExpression when choosing to get only the Count"},
        ErrorCase{"AllWithProjection",
                  "{" KEY "," VALUES R"(,"Select":"ALL_ATTRIBUTES","ProjectionExpression":"a"})",
                  "Cannot specify the ProjectionExpression when choosing to get ALL_ATTRIBUTES"},
        ErrorCase{"CountWithAttributesToGet",
                  "{" LEGACY R"(,"Select":"COUNT","AttributesToGet":["a"]})",
                  "Cannot specify the AttributesToGet when choosing to get only the Count"},
        ErrorCase{"AllWithAttributesToGet",
                  "{" LEGACY R"(,"Select":"ALL_ATTRIBUTES","AttributesToGet":["a"]})",
                  "Cannot specify the AttributesToGet when choosing to get ALL_ATTRIBUTES"},
        ErrorCase{
            "FilterOnTheSortKey",
            "{" KEY
            R"(,"FilterExpression":"sk > :z","ExpressionAttributeValues":{":p":{"S":"p"},":z":{"N":"1"}}})",
            "Filter Expression can only contain non-primary key attributes: Primary key "
            "attribute: sk"},
        ErrorCase{"QueryFilterOnThePartitionKey",
                  "{" LEGACY R"(,"QueryFilter":{"pk":{"ComparisonOperator":"NULL"}}})",
                  "QueryFilter can only contain non-primary key attributes: Primary key "
                  "attribute: pk"},
        ErrorCase{"NestedPathIntoAKey", "{" KEY "," VALUES R"(,"ProjectionExpression":"sk.x"})",
                  "Key attributes must be scalars; list random access '[]' and map lookup '.' are "
                  "not allowed: Key: sk"},
        ErrorCase{"StartKeyMissingTheSortKey",
                  "{" KEY "," VALUES R"(,"ExclusiveStartKey":{"pk":{"S":"p"}}})",
                  "The provided starting key is invalid"},
        ErrorCase{"StartKeyWithAnExtraAttribute",
                  "{" KEY "," VALUES
                  R"(,"ExclusiveStartKey":{"pk":{"S":"p"},"sk":{"N":"1"},"a":{"S":"a"}}})",
                  "The provided starting key is invalid"},
        ErrorCase{"StartKeyOfTheWrongType",
                  "{" KEY "," VALUES R"(,"ExclusiveStartKey":{"pk":{"S":"p"},"sk":{"S":"1"}}})",
                  "The provided key element does not match the schema"},
        ErrorCase{"StartKeyInAnotherPartition",
                  "{" KEY "," VALUES R"(,"ExclusiveStartKey":{"pk":{"S":"q"},"sk":{"N":"1"}}})",
                  "The provided starting key is outside query boundaries based on provided "
                  "conditions"},
        ErrorCase{
            "StartKeyOutsideTheSortCondition",
            R"({"TableName":"nums","KeyConditionExpression":"pk = :p AND sk > :z","ExpressionAttributeValues":{":p":{"S":"p"},":z":{"N":"2"}},"ExclusiveStartKey":{"pk":{"S":"p"},"sk":{"N":"1"}}})",
            "The provided starting key does not match the range key predicate"},
        ErrorCase{
            "StartKeyInAnotherPartitionWithSortCondition",
            R"({"TableName":"nums","KeyConditionExpression":"pk = :p AND sk > :z","ExpressionAttributeValues":{":p":{"S":"p"},":z":{"N":"2"}},"ExclusiveStartKey":{"pk":{"S":"q"},"sk":{"N":"3"}}})",
            "The query can return at most one row and cannot be restarted"},
        ErrorCase{"StartKeyValueWithTwoTypes",
                  "{" KEY "," VALUES
                  R"(,"ExclusiveStartKey":{"pk":{"S":"p","N":"1"},"sk":{"N":"1"}}})",
                  "The provided starting key is invalid: Supplied AttributeValue has more than one "
                  "datatypes set, must contain exactly one of the supported datatypes"},
        ErrorCase{"LimitZero", "{" KEY "," VALUES R"(,"Limit":0})",
                  // AWS's validation framework form (PARITYSUITE query/scan, 2026-09).
                  "1 validation error detected: Value at 'Limit' failed to satisfy constraint: "
                  "Member must have value greater than or equal to 1"}),
    [](const ::testing::TestParamInfo<ErrorCase>& info) { return info.param.name; });

#undef KEY
#undef VALUES
#undef LEGACY

TEST_F(QueryTest, AMissingTableIsResourceNotFound) {
  ExpectError("Query", R"({"TableName":"nowhere","KeyConditionExpression":"pk = :p",
      "ExpressionAttributeValues":{":p":{"S":"p"}}})",
              "ResourceNotFoundException", "Requested resource not found");
}

}  // namespace query_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::read_test
