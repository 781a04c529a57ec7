// Scan through Database::Call: every item exactly once across pages and across the segments of
// a parallel scan, filters (expression and legacy ScanFilter), Select, index scans, capacity,
// and the service's Segment/TotalSegments and ExclusiveStartKey messages.
#include <gtest/gtest.h>

#include <set>

#include "read_fixture.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::read_test {
namespace scan_test {

constexpr int kItems = 3000;

class ScanTest : public ReadTest {
 protected:
  void SetUp() override {
    ReadTest::SetUp();
    Ok("CreateTable",
       KeyedTable(
           "many", "N", R"(,{"AttributeName":"tag","AttributeType":"S"})",
           R"(,"GlobalSecondaryIndexes":[{"IndexName":"by_tag","KeySchema":[{"AttributeName":"tag","KeyType":"HASH"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}])"));
  }
  // kItems items over 300 partitions; items whose number is a multiple of 7 carry a tag.
  void Fill() {
    for (int i = 0; i < kItems; ++i) {
      std::string item = R"({"pk":{"S":"p)" + std::to_string(i % 300) + R"("},"sk":{"N":")" +
                         std::to_string(i) + R"("},"n":{"N":")" + std::to_string(i) + R"("})";
      if (i % 7 == 0) item += R"(,"tag":{"S":"t)" + std::to_string(i % 5) + R"("})";
      Put("many", item + "}");
    }
  }
  static std::multiset<std::string> AsSet(const std::vector<std::string>& values) {
    return {values.begin(), values.end()};
  }
  static std::multiset<std::string> AllNumbers(int step = 1) {
    std::multiset<std::string> all;
    for (int i = 0; i < kItems; i += step) all.insert(std::to_string(i));
    return all;
  }
};

TEST_F(ScanTest, PagesReturnEveryItemExactlyOnceInOneStableOrder) {
  Fill();
  Pages whole = Drain("Scan", R"({"TableName":"many"})", "n");
  ASSERT_EQ(whole.pages.size(), 1u);
  EXPECT_EQ(AsSet(whole.values), AllNumbers());
  Pages paged = Drain("Scan", R"({"TableName":"many","Limit":77})", "n");
  EXPECT_EQ(paged.values, whole.values);  // same order, page after page
  EXPECT_EQ(paged.pages.size(), static_cast<std::size_t>(kItems / 77 + 1));
  // The items of one partition are adjacent and in sort-key order (partitions in hash order).
  std::vector<std::string> partition;
  for (const std::string& n : whole.values) {
    if (std::stoi(n) % 300 == 5) partition.push_back(n);
  }
  std::vector<std::string> expected;
  for (int i = 5; i < kItems; i += 300) expected.push_back(std::to_string(i));
  EXPECT_EQ(partition, expected);
}

TEST_F(ScanTest, ParallelSegmentsCoverTheTableExactlyOnce) {
  Fill();
  for (int total : {1, 2, 3, 7, 16, 1000}) {
    std::multiset<std::string> seen;
    for (int segment = 0; segment < total; ++segment) {
      Pages pages =
          Drain("Scan",
                R"({"TableName":"many","Limit":150,"Segment":)" + std::to_string(segment) +
                    R"(,"TotalSegments":)" + std::to_string(total) + "}",
                "n");
      for (const std::string& v : pages.values) seen.insert(v);
    }
    EXPECT_EQ(seen, AllNumbers()) << "TotalSegments " << total;
  }
  // An index scan splits the same way.
  std::multiset<std::string> tagged;
  for (int segment = 0; segment < 4; ++segment) {
    Pages pages = Drain("Scan",
                        R"({"TableName":"many","IndexName":"by_tag","Segment":)" +
                            std::to_string(segment) + R"(,"TotalSegments":4})",
                        "sk");
    for (const std::string& v : pages.values) tagged.insert(v);
  }
  EXPECT_EQ(tagged, AllNumbers(7));
}

TEST_F(ScanTest, AStartKeyMustBelongToTheSegment) {
  Fill();
  rapidjson::Document first =
      Ok("Scan", R"({"TableName":"many","Limit":1,"Segment":0,"TotalSegments":2})");
  const std::string key = ToJson(first["LastEvaluatedKey"]);
  Ok("Scan", R"({"TableName":"many","Limit":1,"Segment":0,"TotalSegments":2,"ExclusiveStartKey":)" +
                 key + "}");
  ExpectValidation(
      "Scan",
      R"({"TableName":"many","Segment":1,"TotalSegments":2,"ExclusiveStartKey":)" + key + "}",
      "The provided starting key is invalid: Invalid ExclusiveStartKey. Please use "
      "ExclusiveStartKey with correct Segment. TotalSegments: 2 Segment: 1");
}

TEST_F(ScanTest, FiltersCountWhatTheyKeepAndScannedCountWhatWasRead) {
  Fill();
  Pages expression = Drain(
      "Scan",
      R"({"TableName":"many","Limit":500,"FilterExpression":"n < :ten","ExpressionAttributeValues":{":ten":{"N":"10"}}})",
      "n");
  EXPECT_EQ(AsSet(expression.values), AsSet({"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}));
  EXPECT_EQ(expression.count, 10);
  EXPECT_EQ(expression.scanned_count, kItems);
  rapidjson::Document legacy =
      Ok("Scan", R"({"TableName":"many","Select":"COUNT","ConditionalOperator":"AND",
      "ScanFilter":{"n":{"ComparisonOperator":"BETWEEN","AttributeValueList":[{"N":"100"},{"N":"199"}]},
                    "tag":{"ComparisonOperator":"NOT_NULL"}}})");
  EXPECT_EQ(ToJson(legacy), R"({"Count":14,"ScannedCount":3000})");
}

TEST_F(ScanTest, IndexScansReadOnlyIndexedItemsAndReturnIndexKeys) {
  Put("many", R"({"pk":{"S":"a"},"sk":{"N":"1"},"tag":{"S":"x"},"other":{"S":"o"}})");
  Put("many", R"({"pk":{"S":"b"},"sk":{"N":"2"}})");
  EXPECT_EQ(
      ToJson(Ok(
          "Scan",
          R"({"TableName":"many","IndexName":"by_tag","Limit":1,"ReturnConsumedCapacity":"INDEXES"})")),
      R"({"Items":[{"pk":{"S":"a"},"sk":{"N":"1"},"tag":{"S":"x"}}],"Count":1,"ScannedCount":1,)"
      R"("LastEvaluatedKey":{"pk":{"S":"a"},"sk":{"N":"1"},"tag":{"S":"x"}},)"
      R"("ConsumedCapacity":{"TableName":"many","CapacityUnits":0.5,"Table":{"CapacityUnits":0.0},)"
      R"("GlobalSecondaryIndexes":{"by_tag":{"CapacityUnits":0.5}}}})");
  EXPECT_EQ(
      ToJson(Ok(
          "Scan",
          R"({"TableName":"many","ConsistentRead":true,"Select":"COUNT","ReturnConsumedCapacity":"TOTAL"})")),
      R"({"Count":2,"ScannedCount":2,"ConsumedCapacity":{"TableName":"many","CapacityUnits":1.0}})");
}

struct ErrorCase {
  const char* name;
  const char* body;
  const char* message;
};

class ScanErrorTest : public ScanTest, public ::testing::WithParamInterface<ErrorCase> {};

TEST_P(ScanErrorTest, IsRejectedWithTheServiceMessage) {
  ExpectValidation("Scan", GetParam().body, GetParam().message);
}

INSTANTIATE_TEST_SUITE_P(
    Messages, ScanErrorTest,
    ::testing::Values(
        ErrorCase{"SegmentWithoutTotal", R"({"TableName":"many","Segment":0})",
                  "The TotalSegments parameter is required but was not present in the request "
                  "when Segment parameter is present"},
        ErrorCase{"TotalWithoutSegment", R"({"TableName":"many","TotalSegments":4})",
                  "The Segment parameter is required but was not present in the request when "
                  "parameter TotalSegments is present"},
        ErrorCase{"SegmentNotBelowTotal", R"({"TableName":"many","Segment":5,"TotalSegments":5})",
                  "The Segment parameter is zero-based and must be less than parameter "
                  "TotalSegments: Segment: 5 is not less than TotalSegments: 5"},
        ErrorCase{"NegativeSegment", R"({"TableName":"many","Segment":-1,"TotalSegments":5})",
                  "1 validation error detected: Value at 'Segment' failed to satisfy "
                  "constraint: Member must have value greater than or equal to 0"},
        ErrorCase{"TooManySegments", R"({"TableName":"many","Segment":0,"TotalSegments":1000001})",
                  "1 validation error detected: Value at 'TotalSegments' failed to "
                  "satisfy constraint: Member must have value less than or equal to 1000000"},
        ErrorCase{
            "ValuesWithoutFilter",
            R"({"TableName":"many","ProjectionExpression":"n","ExpressionAttributeValues":{":a":{"S":"a"}}})",
            "ExpressionAttributeValues can only be specified when using expressions: "
            "FilterExpression is null"},
        ErrorCase{
            "Mixed",
            R"({"TableName":"many","FilterExpression":"n = :a","ProjectionExpression":"n","ExpressionAttributeValues":{":a":{"S":"a"}},"AttributesToGet":["n"],"ScanFilter":{"n":{"ComparisonOperator":"NULL"}},"ConditionalOperator":"OR"})",
            "Can not use both expression and non-expression parameters in the same request: "
            "Non-expression parameters: {AttributesToGet, ScanFilter, ConditionalOperator} "
            "Expression parameters: {ProjectionExpression, FilterExpression}"},
        ErrorCase{"ScanFilterArguments",
                  R"({"TableName":"many","ScanFilter":{"n":{"ComparisonOperator":"EQ"}}})",
                  "One or more parameter values were invalid: Invalid number of argument(s) for "
                  "the EQ ComparisonOperator"},
        ErrorCase{
            "NestedPathIntoAKey",
            R"({"TableName":"many","FilterExpression":"pk.x = :a","ExpressionAttributeValues":{":a":{"S":"a"}}})",
            "Key attributes must be scalars; list random access '[]' and map lookup '.' are "
            "not allowed: Key: pk"},
        ErrorCase{"StartKeyMissingAnAttribute",
                  R"({"TableName":"many","ExclusiveStartKey":{"pk":{"S":"p"}}})",
                  "The provided starting key is invalid"},
        ErrorCase{"StartKeyMistyped",
                  R"({"TableName":"many","ExclusiveStartKey":{"pk":{"S":"p"},"sk":{"S":"1"}}})",
                  "The provided starting key is invalid: The provided key element does not match "
                  "the schema"},
        ErrorCase{
            "IndexStartKeyMistyped",
            R"({"TableName":"many","IndexName":"by_tag","ExclusiveStartKey":{"pk":{"S":"p"},"sk":{"N":"1"},"tag":{"N":"1"}}})",
            "The provided key element does not match the schema"},
        ErrorCase{"CountWithProjection",
                  R"({"TableName":"many","Select":"COUNT","ProjectionExpression":"n"})",
                  "Cannot specify the ProjectionExpression when choosing to get only the Count"}),
    [](const ::testing::TestParamInfo<ErrorCase>& info) { return info.param.name; });

}  // namespace scan_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::read_test
