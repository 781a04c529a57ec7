// ConsumedCapacity of the item operations, member by member (docs/capacity.md §1; API reference
// "ConsumedCapacity"): TOTAL sends TableName and CapacityUnits; INDEXES adds "Table" and one
// entry per index whose entry the request changed; the single-item operations send no
// Read/WriteCapacityUnits split (observed on the service: only the transactions do).
#include <gtest/gtest.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <string>

#include "database_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace consumed_capacity_test {

constexpr const char* kIndexedTable = R"({"TableName":"idx",
  "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
    {"AttributeName":"sk","AttributeType":"S"},{"AttributeName":"status","AttributeType":"S"},
    {"AttributeName":"lsk","AttributeType":"S"}],
  "GlobalSecondaryIndexes":[{"IndexName":"by_status",
    "KeySchema":[{"AttributeName":"status","KeyType":"HASH"}],
    "Projection":{"ProjectionType":"KEYS_ONLY"}}],
  "LocalSecondaryIndexes":[{"IndexName":"by_lsk",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"lsk","KeyType":"RANGE"}],
    "Projection":{"ProjectionType":"ALL"}}],
  "BillingMode":"PAY_PER_REQUEST"})";

class ConsumedCapacityTest : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = OpenInMemory();
    ASSERT_EQ(db_->Call("CreateTable", kHashRangeTable).http_status, 200);
    ASSERT_EQ(db_->Call("CreateTable", kIndexedTable).http_status, 200);
  }
  // The ConsumedCapacity member of a successful response, as compact JSON ("" when absent).
  std::string Consumed(const char* op, const std::string& body) {
    Response r = db_->Call(op, body);
    EXPECT_EQ(r.http_status, 200) << r.body;
    rapidjson::Document doc = ParseJson(r.body);
    if (!doc.IsObject() || !doc.HasMember("ConsumedCapacity")) return "";
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
    doc["ConsumedCapacity"].Accept(w);
    return buffer.GetString();
  }
  static std::string Item(const std::string& pk, int sk, std::size_t pad) {
    return R"({"pk":{"S":")" + pk + R"("},"sk":{"N":")" + std::to_string(sk) +
           R"("},"pad":{"S":")" + std::string(pad, 'x') + R"("}})";
  }
  std::unique_ptr<Database> db_;
};

TEST_F(ConsumedCapacityTest, NoneOrAbsentSendsNothing) {
  EXPECT_EQ(Consumed("PutItem", R"({"TableName":"items","Item":)" + Item("a", 1, 1) + "}"), "");
  EXPECT_EQ(Consumed("PutItem", R"({"TableName":"items","ReturnConsumedCapacity":"NONE","Item":)" +
                                    Item("a", 1, 1) + "}"),
            "");
}

TEST_F(ConsumedCapacityTest, WritesCostOneUnitPerStartedKilobyteOfTheLargerImage) {
  // Item size: "pk"(2) + 1 + "sk"(2) + N 1 (2) + "pad"(3) + pad. 1024 - 10 = 1014 bytes of pad.
  const std::string put = R"({"TableName":"items","ReturnConsumedCapacity":"TOTAL","Item":)";
  EXPECT_EQ(Consumed("PutItem", put + Item("a", 1, 1014) + "}"),
            R"({"TableName":"items","CapacityUnits":1.0})");
  EXPECT_EQ(Consumed("PutItem", put + Item("a", 1, 1015) + "}"),
            R"({"TableName":"items","CapacityUnits":2.0})");
  // A small item over a 1,025-byte one pays for the larger, old image.
  EXPECT_EQ(Consumed("PutItem", put + Item("a", 1, 1) + "}"),
            R"({"TableName":"items","CapacityUnits":2.0})");
  EXPECT_EQ(Consumed("DeleteItem", R"({"TableName":"items","ReturnConsumedCapacity":"TOTAL",
              "Key":{"pk":{"S":"a"},"sk":{"N":"1"}}})"),
            R"({"TableName":"items","CapacityUnits":1.0})");
  // Deleting or updating nothing still costs one unit.
  EXPECT_EQ(Consumed("DeleteItem", R"({"TableName":"items","ReturnConsumedCapacity":"TOTAL",
              "Key":{"pk":{"S":"a"},"sk":{"N":"1"}}})"),
            R"({"TableName":"items","CapacityUnits":1.0})");
  EXPECT_EQ(Consumed("UpdateItem", R"({"TableName":"items","ReturnConsumedCapacity":"TOTAL",
              "Key":{"pk":{"S":"b"},"sk":{"N":"1"}},"UpdateExpression":"SET v = :v",
              "ExpressionAttributeValues":{":v":{"S":")" +
                                       std::string(2048, 'y') + R"("}}})"),
            R"({"TableName":"items","CapacityUnits":3.0})");
}

TEST_F(ConsumedCapacityTest, ReadsCostOneUnitPer4KBHalvedWhenEventuallyConsistent) {
  ASSERT_EQ(db_->Call("PutItem", R"({"TableName":"items","Item":)" + Item("a", 1, 4096) + "}")
                .http_status,
            200);
  const std::string key = R"("Key":{"pk":{"S":"a"},"sk":{"N":"1"}})";
  EXPECT_EQ(
      Consumed("GetItem", R"({"TableName":"items","ReturnConsumedCapacity":"TOTAL",)" + key + "}"),
      R"({"TableName":"items","CapacityUnits":1.0})");
  EXPECT_EQ(
      Consumed("GetItem",
               R"({"TableName":"items","ReturnConsumedCapacity":"TOTAL","ConsistentRead":true,)" +
                   key + "}"),
      R"({"TableName":"items","CapacityUnits":2.0})");
  // The projection does not reduce the charge; a missing item costs the minimum.
  EXPECT_EQ(
      Consumed(
          "GetItem",
          R"({"TableName":"items","ReturnConsumedCapacity":"TOTAL","ProjectionExpression":"pk",)" +
              key + "}"),
      R"({"TableName":"items","CapacityUnits":1.0})");
  EXPECT_EQ(
      Consumed(
          "GetItem",
          R"({"TableName":"items","ReturnConsumedCapacity":"TOTAL","Key":{"pk":{"S":"zz"},"sk":{"N":"1"}}})"),
      R"({"TableName":"items","CapacityUnits":0.5})");
  EXPECT_EQ(
      Consumed(
          "GetItem",
          R"({"TableName":"items","ReturnConsumedCapacity":"INDEXES","Key":{"pk":{"S":"zz"},"sk":{"N":"1"}}})"),
      R"({"TableName":"items","CapacityUnits":0.5,"Table":{"CapacityUnits":0.5}})");
}

TEST_F(ConsumedCapacityTest, IndexesShowEachIndexWhoseEntryChanged) {
  const std::string put = R"({"TableName":"idx","ReturnConsumedCapacity":"INDEXES","Item":)";
  // In both indexes: the table, the GSI and the LSI each pay one write.
  EXPECT_EQ(
      Consumed("PutItem",
               put + R"({"pk":{"S":"p"},"sk":{"S":"s"},"status":{"S":"open"},"lsk":{"S":"l"}}})"),
      R"({"TableName":"idx","CapacityUnits":3.0,"Table":{"CapacityUnits":1.0},)"
      R"("LocalSecondaryIndexes":{"by_lsk":{"CapacityUnits":1.0}},)"
      R"("GlobalSecondaryIndexes":{"by_status":{"CapacityUnits":1.0}}})");
  // An identical overwrite changes no index entry: the table alone pays.
  EXPECT_EQ(
      Consumed("PutItem",
               put + R"({"pk":{"S":"p"},"sk":{"S":"s"},"status":{"S":"open"},"lsk":{"S":"l"}}})"),
      R"({"TableName":"idx","CapacityUnits":1.0,"Table":{"CapacityUnits":1.0}})");
  // A non-key attribute: the ALL-projected LSI is rewritten, the KEYS_ONLY GSI untouched.
  EXPECT_EQ(Consumed("UpdateItem", R"({"TableName":"idx","ReturnConsumedCapacity":"INDEXES",
              "Key":{"pk":{"S":"p"},"sk":{"S":"s"}},"UpdateExpression":"SET note = :n",
              "ExpressionAttributeValues":{":n":{"S":"hello"}}})"),
            R"({"TableName":"idx","CapacityUnits":2.0,"Table":{"CapacityUnits":1.0},)"
            R"("LocalSecondaryIndexes":{"by_lsk":{"CapacityUnits":1.0}}})");
  // Moving the GSI key is a delete plus a put; the LSI entry is rewritten in place.
  EXPECT_EQ(Consumed("UpdateItem", R"({"TableName":"idx","ReturnConsumedCapacity":"INDEXES",
              "Key":{"pk":{"S":"p"},"sk":{"S":"s"}},"UpdateExpression":"SET #s = :s",
              "ExpressionAttributeNames":{"#s":"status"},
              "ExpressionAttributeValues":{":s":{"S":"closed"}}})"),
            R"({"TableName":"idx","CapacityUnits":4.0,"Table":{"CapacityUnits":1.0},)"
            R"("LocalSecondaryIndexes":{"by_lsk":{"CapacityUnits":1.0}},)"
            R"("GlobalSecondaryIndexes":{"by_status":{"CapacityUnits":2.0}}})");
  // Leaving the GSI (sparse) is one delete there.
  EXPECT_EQ(Consumed("UpdateItem", R"({"TableName":"idx","ReturnConsumedCapacity":"TOTAL",
              "Key":{"pk":{"S":"p"},"sk":{"S":"s"}},"UpdateExpression":"REMOVE #s",
              "ExpressionAttributeNames":{"#s":"status"}})"),
            R"({"TableName":"idx","CapacityUnits":3.0})");
  // Deleting the item deletes its LSI entry only.
  EXPECT_EQ(Consumed("DeleteItem", R"({"TableName":"idx","ReturnConsumedCapacity":"INDEXES",
              "Key":{"pk":{"S":"p"},"sk":{"S":"s"}}})"),
            R"({"TableName":"idx","CapacityUnits":2.0,"Table":{"CapacityUnits":1.0},)"
            R"("LocalSecondaryIndexes":{"by_lsk":{"CapacityUnits":1.0}}})");
}

TEST_F(ConsumedCapacityTest, IndexEntriesPayForTheirProjectedSize) {
  // 3,023 bytes: the table pays 3 units, the ALL-projected LSI 3, the KEYS_ONLY GSI 1.
  const std::string big(3000, 'z');
  EXPECT_EQ(
      Consumed(
          "PutItem",
          R"({"TableName":"idx","ReturnConsumedCapacity":"INDEXES","Item":{"pk":{"S":"p"},"sk":{"S":"s"},"status":{"S":"open"},"lsk":{"S":"l"},"big":{"S":")" +
              big + R"("}}})"),
      R"({"TableName":"idx","CapacityUnits":7.0,"Table":{"CapacityUnits":3.0},)"
      R"("LocalSecondaryIndexes":{"by_lsk":{"CapacityUnits":3.0}},)"
      R"("GlobalSecondaryIndexes":{"by_status":{"CapacityUnits":1.0}}})");
}

TEST_F(ConsumedCapacityTest, AFailedConditionalWriteIsStillChargedButChangesNothing) {
  Response r = db_->Call("PutItem", R"({"TableName":"items","Item":)" + Item("c", 1, 1) +
                                        R"x(,"ConditionExpression":"attribute_exists(pk)"})x");
  ASSERT_EQ(r.http_status, 400);
  EXPECT_EQ(ParseError(r).type, "ConditionalCheckFailedException");
  auto report = db_->CapacityReport("items");
  ASSERT_TRUE(report.ok()) << report.error().message();
  EXPECT_DOUBLE_EQ(report->table.usage.write_units, 1);
  EXPECT_EQ(report->table.partitions.size(), 4u);
  std::uint64_t items = 0;
  for (const auto& p : report->table.partitions) items += p.item_count;
  EXPECT_EQ(items, 0u);
}

}  // namespace consumed_capacity_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
