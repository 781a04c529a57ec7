// CreateTable's VectorIndexes and UpdateTable's VectorIndexUpdates refused as the service
// refuses them (api/vector_index_checks.cc; the limits of the Developer Guide's vector index
// quotas), through Database::Call; and a vector index that survives a backup and restore.
#include <gtest/gtest.h>

#include <string>

#include "database_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace vector_index_checks_test {

std::string Index(const std::string& name, const std::string& attribute, int dimensions,
                  const std::string& extra = "") {
  return R"({"IndexName":")" + name + R"(","VectorAttribute":{"AttributeName":")" + attribute +
         R"("},"Dimensions":)" + std::to_string(dimensions) +
         R"(,"DistanceFunction":"COSINE","Projection":{"ProjectionType":"KEYS_ONLY"})" + extra +
         "}";
}

std::string Table(const std::string& indexes, const std::string& definitions = "",
                  const std::string& billing = R"("BillingMode":"PAY_PER_REQUEST")") {
  return R"({"TableName":"docs",)" + billing +
         R"(,"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"})" +
         definitions + R"(],"VectorIndexes":[)" + indexes + "]}";
}

class VectorIndexChecksTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto db = Database::Open({.in_memory = true, .durability = Durability::kNone});
    ASSERT_TRUE(db.ok());
    db_ = std::move(db).value();
  }
  std::string Error(const char* op, const std::string& body) {
    Response r = db_->Call(op, body);
    if (r.http_status == 200) return "ok";
    return ParseError(r).type + ": " + ParseError(r).message;
  }
  std::unique_ptr<Database> db_;
};

constexpr const char* kInvalid = "ValidationException: One or more parameter values were invalid: ";

TEST_F(VectorIndexChecksTest, CreateTableRefusesWhatTheServiceRefuses) {
  std::string six;
  for (int i = 0; i < 6; ++i)
    six += (i ? "," : "") + Index("idx" + std::to_string(i), "v" + std::to_string(i), 3);
  EXPECT_EQ(Error("CreateTable", Table(six)),
            std::string(kInvalid) + "VectorIndex count exceeds the per-table limit of 5");
  EXPECT_EQ(Error("CreateTable", Table(Index("one", "v", 3) + "," + Index("one", "w", 3))),
            std::string(kInvalid) + "Duplicate index name: one");
  EXPECT_EQ(Error("CreateTable", Table(Index("one", "pk", 3))),
            std::string(kInvalid) +
                "VectorAttribute 'pk' is a key attribute of the table or of a secondary index");
  EXPECT_EQ(Error("CreateTable", Table(Index("one", "v", 3) + "," + Index("two", "v", 4))),
            std::string(kInvalid) +
                "Vector indexes on the same VectorAttribute 'v' must have the same Dimensions");
  EXPECT_EQ(Error("CreateTable", Table(Index("one", "v", 3) + "," + Index("two", "v", 3))), "ok");
  EXPECT_EQ(
      Error("CreateTable",
            Table(Index(
                "one", "v", 3,
                R"(,"SearchSchema":[{"AttributeName":"t","SearchSchemaElementType":"HASH"}])"))),
      std::string(kInvalid) +
          "One element in SearchSchema is not defined in attribute definitions");
  const std::string defs =
      R"(,{"AttributeName":"t","AttributeType":"S"},{"AttributeName":"u","AttributeType":"N"})";
  EXPECT_EQ(
      Error("CreateTable",
            Table(Index("one", "v", 3,
                        R"(,"SearchSchema":[{"AttributeName":"t","SearchSchemaElementType":"HASH"},
                                 {"AttributeName":"u","SearchSchemaElementType":"HASH"}])"),
                  defs)),
      std::string(kInvalid) + "SearchSchema of vector index one can have at most one HASH element");
  EXPECT_EQ(
      Error("CreateTable",
            Table(Index("one", "v", 3,
                        R"(,"SearchSchema":[{"AttributeName":"t","SearchSchemaElementType":"HASH"},
                                 {"AttributeName":"t","SearchSchemaElementType":"INLINE_FILTER"}])"),
                  R"(,{"AttributeName":"t","AttributeType":"S"})")),
      std::string(kInvalid) + "Duplicate attribute in SearchSchema of vector index one: t");
  EXPECT_EQ(
      Error("CreateTable",
            Table(Index("one", "v", 3), "",
                  R"("ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1})")),
      std::string(kInvalid) +
          "Vector indexes are supported only on tables with BillingMode PAY_PER_REQUEST");
  EXPECT_EQ(Error("CreateTable", Table(Index("one", "v", 4097))),
            "ValidationException: 1 validation error detected: Value '4097' at "
            "'vectorIndexes.1.member.dimensions' failed to satisfy constraint: Member must have "
            "value less than or equal to 4096");
}

TEST_F(VectorIndexChecksTest, UpdateTableRefusesWhatTheServiceRefuses) {
  ASSERT_EQ(Error("CreateTable", Table(Index("one", "v", 3))), "ok");
  const auto create = [](const std::string& index, const std::string& definitions = "") {
    return R"({"TableName":"docs",)" + definitions + R"("VectorIndexUpdates":[{"Create":)" + index +
           "}]}";
  };
  EXPECT_EQ(Error("UpdateTable", create(Index("one", "w", 3))),
            "ValidationException: Attempting to create an index which already exists");
  EXPECT_EQ(Error("UpdateTable", create(Index("two", "v", 5))),
            std::string(kInvalid) +
                "Vector indexes on the same VectorAttribute 'v' must have the same Dimensions");
  EXPECT_EQ(Error("UpdateTable", R"({"TableName":"docs","BillingMode":"PROVISIONED",
      "ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1}})"),
            std::string(kInvalid) +
                "Vector indexes are supported only on tables with BillingMode PAY_PER_REQUEST");
  // A GSI may not be keyed on a vector attribute.
  EXPECT_EQ(Error("UpdateTable", R"({"TableName":"docs",
      "AttributeDefinitions":[{"AttributeName":"v","AttributeType":"S"}],
      "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"gsi",
        "KeySchema":[{"AttributeName":"v","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}}]})"),
            std::string(kInvalid) +
                "Attribute v is the VectorAttribute of vector index one and cannot be an index key "
                "attribute");
  // The SearchSchema attributes join AttributeDefinitions with the index.
  ASSERT_EQ(
      Error(
          "UpdateTable",
          create(
              Index(
                  "two", "w", 2,
                  R"(,"SearchSchema":[{"AttributeName":"t","SearchSchemaElementType":"INLINE_FILTER"}])"),
              R"("AttributeDefinitions":[{"AttributeName":"t","AttributeType":"S"}],)")),
      "ok");
  rapidjson::Document d = ParseJson(db_->Call("DescribeTable", R"({"TableName":"docs"})").body);
  EXPECT_EQ(d["Table"]["AttributeDefinitions"].Size(), 2u);
  ASSERT_EQ(Error("UpdateTable",
                  R"({"TableName":"docs","VectorIndexUpdates":[{"Delete":{"IndexName":"two"}}]})"),
            "ok");
  d = ParseJson(db_->Call("DescribeTable", R"({"TableName":"docs"})").body);
  EXPECT_EQ(d["Table"]["AttributeDefinitions"].Size(), 1u);
}

TEST_F(VectorIndexChecksTest, ARestoredTableKeepsItsSearchableVectorIndex) {
  ASSERT_EQ(Error("CreateTable", Table(Index("one", "v", 2))), "ok");
  ASSERT_EQ(
      Error("PutItem",
            R"({"TableName":"docs","Item":{"pk":{"S":"a"},"v":{"L":[{"N":"1"},{"N":"0"}]}}})"),
      "ok");
  Response backup = db_->Call("CreateBackup", R"({"TableName":"docs","BackupName":"bk1"})");
  ASSERT_EQ(backup.http_status, 200) << backup.body;
  const std::string arn = ParseJson(backup.body)["BackupDetails"]["BackupArn"].GetString();
  ASSERT_EQ(
      Error("RestoreTableFromBackup", R"({"TargetTableName":"copy","BackupArn":")" + arn + R"("})"),
      "ok");
  Response found = db_->Call("SearchVectors", R"({"TableName":"copy","IndexName":"one",
    "SearchVector":[{"N":"1"},{"N":"0"}],"TopK":1})");
  ASSERT_EQ(found.http_status, 200) << found.body;
  EXPECT_EQ(found.body, R"({"SearchResults":[{"Item":{"pk":{"S":"a"}},"Score":0}]})");
}

}  // namespace vector_index_checks_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
