// BatchGetItem and BatchWriteItem through Database::Call: results, capacity, limits and every
// error with the service's exact message.
#include <string>

#include "batch_fixture.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::batch_test {
namespace batch_test {

class BatchTest : public BatchFixture {};

std::string PutRequest(const std::string& item) {
  return R"j({"PutRequest":{"Item":)j" + item + "}}";
}
std::string DeleteRequest(const std::string& key) {
  return R"j({"DeleteRequest":{"Key":)j" + key + "}}";
}
std::string HashKey(const std::string& pk) { return R"j({"pk":{"S":")j" + pk + R"j("}})j"; }

// ---- BatchWriteItem ----

TEST_F(BatchTest, BatchWriteItemPutsAndDeletesAcrossTablesAndAnswersEmptyUnprocessedItems) {
  Put("hash", R"j({"pk":{"S":"old"},"v":{"N":"1"}})j");
  std::string body = OkBody("BatchWriteItem", R"j({"RequestItems":{
      "hash":[)j" + PutRequest(R"j({"pk":{"S":"a"},"v":{"S":"x"}})j") +
                                                  "," + DeleteRequest(HashKey("old")) + R"j(],
      "range":[)j" + PutRequest(R"j({"pk":{"S":"a"},"sk":{"N":"1"}})j") +
                                                  "]}}");
  EXPECT_EQ(body, R"j({"UnprocessedItems":{}})j");
  EXPECT_EQ(Get("hash", HashKey("a")), R"j({"pk":{"S":"a"},"v":{"S":"x"}})j");
  EXPECT_EQ(Get("hash", HashKey("old")), "");
  EXPECT_EQ(Get("range", R"j({"pk":{"S":"a"},"sk":{"N":"1"}})j"),
            R"j({"pk":{"S":"a"},"sk":{"N":"1"}})j");
}

TEST_F(BatchTest, BatchWriteItemMaintainsIndexes) {
  OkBody("BatchWriteItem", R"j({"RequestItems":{"indexed":[)j" +
                               PutRequest(R"j({"pk":{"S":"a"},"g":{"S":"x"}})j") + "," +
                               PutRequest(R"j({"pk":{"S":"b"},"g":{"S":"y"}})j") + "," +
                               PutRequest(R"j({"pk":{"S":"c"}})j") + "]}}");
  EXPECT_EQ(ItemCount("indexed"), 3);
  EXPECT_EQ(ItemCount("indexed", "by_g"), 2);
  OkBody("BatchWriteItem",
         R"j({"RequestItems":{"indexed":[)j" + DeleteRequest(HashKey("a")) + "]}}");
  EXPECT_EQ(ItemCount("indexed", "by_g"), 1);
}

TEST_F(BatchTest, BatchWriteItemReportsCapacityPerTable) {
  const std::string kilobyte(1030, 'x');  // with its name and key: just over 1 KB
  std::string request = R"j({"RequestItems":{"hash":[)j" +
                        PutRequest(R"j({"pk":{"S":"a"},"big":{"S":")j" + kilobyte + R"j("}})j") +
                        "," + PutRequest(R"j({"pk":{"S":"b"}})j") + R"j(],"range":[)j" +
                        PutRequest(R"j({"pk":{"S":"a"},"sk":{"N":"1"}})j") + "]}";
  EXPECT_EQ(
      OkBody("BatchWriteItem", request + R"j(,"ReturnConsumedCapacity":"TOTAL"})j"),
      R"j({"UnprocessedItems":{},"ConsumedCapacity":[{"TableName":"hash","CapacityUnits":3.0},)j"
      R"j({"TableName":"range","CapacityUnits":1.0}]})j");
  EXPECT_EQ(OkBody("BatchWriteItem", request + R"j(,"ReturnConsumedCapacity":"INDEXES"})j"),
            R"j({"UnprocessedItems":{},"ConsumedCapacity":[)j"
            R"j({"TableName":"hash","CapacityUnits":3.0,"Table":{"CapacityUnits":3.0}},)j"
            R"j({"TableName":"range","CapacityUnits":1.0,"Table":{"CapacityUnits":1.0}}]})j");
  EXPECT_EQ(OkBody("BatchWriteItem", request + R"j(,"ReturnConsumedCapacity":"NONE"})j"),
            R"j({"UnprocessedItems":{}})j");
}

TEST_F(BatchTest, BatchWriteItemRejectsMoreThan25RequestsInAll) {
  std::string hash, range;
  for (int i = 0; i < 13; ++i) {
    hash += (i ? "," : "") + PutRequest(HashKey(std::to_string(i)));
    range += (i ? "," : "") +
             PutRequest(R"j({"pk":{"S":"a"},"sk":{"N":")j" + std::to_string(i) + R"j("}})j");
  }
  // Counted before any table is looked up: "nope" does not exist.
  ExpectValidation("BatchWriteItem",
                   R"j({"RequestItems":{"hash":[)j" + hash + R"j(],"nope":[)j" + range + "]}}",
                   "Too many items requested for the BatchWriteItem call");
  EXPECT_EQ(Get("hash", HashKey("0")), "");
}

TEST_F(BatchTest, BatchWriteItemRejectsTwoRequestsOnOneItem) {
  ExpectValidation("BatchWriteItem",
                   R"j({"RequestItems":{"hash":[)j" + PutRequest(HashKey("a")) + "," +
                       DeleteRequest(HashKey("a")) + "]}}",
                   "Provided list of item keys contains duplicates");
  ExpectValidation("BatchWriteItem",
                   R"j({"RequestItems":{"hash":[)j" + DeleteRequest(HashKey("a")) + "," +
                       PutRequest(R"j({"pk":{"S":"a"},"x":{"N":"1"}})j") + "]}}",
                   "Provided list of item keys contains duplicates");
  // The table is looked up before keys are compared (dynalite, recorded against AWS).
  ExpectError("BatchWriteItem",
              R"j({"RequestItems":{"nope":[)j" + PutRequest(HashKey("a")) + "," +
                  DeleteRequest(HashKey("a")) + "]}}",
              "ResourceNotFoundException", "Requested resource not found");
}

TEST_F(BatchTest, BatchWriteItemWordsKeyProblemsAsTheServiceDoes) {
  const std::string mismatch = "The provided key element does not match the schema";
  ExpectValidation("BatchWriteItem",
                   R"j({"RequestItems":{"hash":[)j" + PutRequest(R"j({"x":{"S":"a"}})j") + "]}}",
                   mismatch);
  ExpectValidation("BatchWriteItem",
                   R"j({"RequestItems":{"hash":[)j" + PutRequest(R"j({"pk":{"N":"5"}})j") + "]}}",
                   mismatch);
  ExpectValidation(
      "BatchWriteItem",
      R"j({"RequestItems":{"hash":[)j" + PutRequest(R"j({"pk":{"L":[{"S":"x"}]}})j") + "]}}",
      mismatch);
  ExpectValidation("BatchWriteItem",
                   R"j({"RequestItems":{"range":[)j" + PutRequest(HashKey("a")) + "]}}", mismatch);
  ExpectValidation("BatchWriteItem",
                   R"j({"RequestItems":{"hash":[)j" + DeleteRequest(R"j({"x":{"S":"a"}})j") + "]}}",
                   mismatch);
  ExpectValidation("BatchWriteItem",
                   R"j({"RequestItems":{"hash":[)j" +
                       DeleteRequest(R"j({"pk":{"S":"a"},"x":{"S":"a"}})j") + "]}}",
                   mismatch);
  ExpectValidation("BatchWriteItem",
                   R"j({"RequestItems":{"hash":[)j" + PutRequest(HashKey("")) + "]}}",
                   "One or more parameter values are not valid. The AttributeValue for a key "
                   "attribute cannot contain an empty string value. Key: pk");
  ExpectValidation("BatchWriteItem",
                   R"j({"RequestItems":{"indexed":[)j" +
                       PutRequest(R"j({"pk":{"S":"a"},"g":{"N":"1"}})j") + "]}}",
                   "One or more parameter values were invalid: Type mismatch for Index Key g "
                   "Expected: S Actual: N IndexName: by_g");
}

TEST_F(BatchTest, BatchWriteItemChecksItemSizeBeforeTheTable) {
  const std::string big(400 * 1024, 'x');
  ExpectValidation("BatchWriteItem",
                   R"j({"RequestItems":{"nope":[)j" +
                       PutRequest(R"j({"pk":{"S":"a"},"b":{"S":")j" + big + R"j("}})j") + "]}}",
                   "Item size has exceeded the maximum allowed size");
}

TEST_F(BatchTest, BatchWriteItemRejectsAWriteRequestWithoutExactlyOneRequest) {
  const std::string message =
      "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the "
      "supported datatypes";
  ExpectValidation("BatchWriteItem", R"j({"RequestItems":{"hash":[{}]}})j", message);
  ExpectValidation(
      "BatchWriteItem",
      R"j({"RequestItems":{"hash":[{"PutRequest":{"Item":{"pk":{"S":"a"}}},"DeleteRequest":{"Key":{"pk":{"S":"a"}}}}]}})j",
      message);
}

TEST_F(BatchTest, AFailedBatchWritesNothing) {
  ExpectError("BatchWriteItem",
              R"j({"RequestItems":{"hash":[)j" + PutRequest(HashKey("a")) + R"j(],"nope":[)j" +
                  PutRequest(HashKey("a")) + "]}}",
              "ResourceNotFoundException", "Requested resource not found");
  ExpectValidation("BatchWriteItem",
                   R"j({"RequestItems":{"hash":[)j" + PutRequest(HashKey("a")) + "," +
                       PutRequest(R"j({"pk":{"N":"1"}})j") + "]}}",
                   "The provided key element does not match the schema");
  EXPECT_EQ(Get("hash", HashKey("a")), "");
}

TEST_F(BatchTest, BatchWriteItemAcceptsATableArn) {
  EXPECT_EQ(OkBody("BatchWriteItem",
                   R"j({"RequestItems":{"arn:aws:dynamodb:us-east-1:000000000000:table/hash":[)j" +
                       PutRequest(HashKey("a")) + R"j(]},"ReturnConsumedCapacity":"TOTAL"})j"),
            R"j({"UnprocessedItems":{},"ConsumedCapacity":[{"TableName":)j"
            R"j("arn:aws:dynamodb:us-east-1:000000000000:table/hash","CapacityUnits":1.0}]})j");
  EXPECT_EQ(Get("hash", HashKey("a")), R"j({"pk":{"S":"a"}})j");
  ExpectError("BatchWriteItem",
              R"j({"RequestItems":{"arn:aws:dynamodb:us-east-1:111111111111:table/hash":[)j" +
                  PutRequest(HashKey("a")) + "]}}",
              "ResourceNotFoundException", "Requested resource not found");
}

TEST_F(BatchTest, BatchWriteItemReportsItemCollectionMetricsOfTablesWithLocalIndexes) {
  // Per table with an LSI, one entry per item written; none for tables without (API reference,
  // BatchWriteItem ItemCollectionMetrics).
  EXPECT_EQ(OkBody("BatchWriteItem", R"j({"RequestItems":{
      "collections":[{"PutRequest":{"Item":{"pk":{"S":"a"},"sk":{"S":"1"},"l":{"S":"x"}}}},
                     {"PutRequest":{"Item":{"pk":{"S":"b"},"sk":{"S":"1"}}}}],
      "hash":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}]},
      "ReturnItemCollectionMetrics":"SIZE"})j"),
            R"j({"UnprocessedItems":{},"ItemCollectionMetrics":{"collections":[)j"
            R"j({"ItemCollectionKey":{"pk":{"S":"a"}},"SizeEstimateRangeGB":[0.0,1.0]},)j"
            R"j({"ItemCollectionKey":{"pk":{"S":"b"}},"SizeEstimateRangeGB":[0.0,1.0]}]}})j");
  EXPECT_EQ(OkBody("BatchWriteItem", R"j({"RequestItems":{
      "collections":[{"DeleteRequest":{"Key":{"pk":{"S":"a"},"sk":{"S":"1"}}}}]}})j"),
            R"j({"UnprocessedItems":{}})j");
}

TEST_F(BatchTest, BatchWriteItemChargesIndexWritesToo) {
  // A put that creates an index entry also writes the index (docs/capacity.md §1).
  const std::string body = OkBody("BatchWriteItem", R"j({"RequestItems":{"indexed":[
      {"PutRequest":{"Item":{"pk":{"S":"a"},"g":{"S":"x"}}}},
      {"PutRequest":{"Item":{"pk":{"S":"b"}}}}]},"ReturnConsumedCapacity":"INDEXES"})j");
  EXPECT_EQ(body, R"j({"UnprocessedItems":{},"ConsumedCapacity":[{"TableName":"indexed",)j"
                  R"j("CapacityUnits":3.0,"Table":{"CapacityUnits":2.0},)j"
                  R"j("GlobalSecondaryIndexes":{"by_g":{"CapacityUnits":1.0}}}]})j");
}

// ---- BatchGetItem ----

class BatchGetTest : public BatchFixture {
 protected:
  void SetUp() override {
    BatchFixture::SetUp();
    Put("hash", R"j({"pk":{"S":"a"},"x":{"S":"1"},"y":{"M":{"z":{"N":"2"},"w":{"N":"3"}}}})j");
    Put("hash", R"j({"pk":{"S":"b"},"x":{"S":"2"}})j");
    Put("range", R"j({"pk":{"S":"a"},"sk":{"N":"1"},"v":{"BOOL":true}})j");
  }
};

TEST_F(BatchGetTest, ReadsEveryTableInRequestOrderAndOmitsMissingItems) {
  EXPECT_EQ(
      OkBody("BatchGetItem", R"j({"RequestItems":{
      "hash":{"Keys":[{"pk":{"S":"b"}},{"pk":{"S":"missing"}},{"pk":{"S":"a"}}]},
      "range":{"Keys":[{"pk":{"S":"a"},"sk":{"N":"1"}}],"ConsistentRead":true}}})j"),
      R"j({"Responses":{"hash":[{"pk":{"S":"b"},"x":{"S":"2"}},)j"
      R"j({"pk":{"S":"a"},"x":{"S":"1"},"y":{"M":{"w":{"N":"3"},"z":{"N":"2"}}}}],)j"
      R"j("range":[{"pk":{"S":"a"},"sk":{"N":"1"},"v":{"BOOL":true}}]},"UnprocessedKeys":{}})j");
  EXPECT_EQ(
      OkBody("BatchGetItem", R"j({"RequestItems":{"hash":{"Keys":[{"pk":{"S":"nothing"}}]}}})j"),
      R"j({"Responses":{"hash":[]},"UnprocessedKeys":{}})j");
}

TEST_F(BatchGetTest, ProjectsPerTable) {
  EXPECT_EQ(OkBody("BatchGetItem", R"j({"RequestItems":{
      "hash":{"Keys":[{"pk":{"S":"a"}}],"ProjectionExpression":"#y.z, pk","ExpressionAttributeNames":{"#y":"y"}},
      "range":{"Keys":[{"pk":{"S":"a"},"sk":{"N":"1"}}],"ProjectionExpression":"v"}}})j"),
            R"j({"Responses":{"hash":[{"pk":{"S":"a"},"y":{"M":{"z":{"N":"2"}}}}],)j"
            R"j("range":[{"v":{"BOOL":true}}]},"UnprocessedKeys":{}})j");
  EXPECT_EQ(
      OkBody(
          "BatchGetItem",
          R"j({"RequestItems":{"hash":{"Keys":[{"pk":{"S":"a"}}],"AttributesToGet":["x","nope"]}}})j"),
      R"j({"Responses":{"hash":[{"x":{"S":"1"}}]},"UnprocessedKeys":{}})j");
}

TEST_F(BatchGetTest, ChargesWhatItsGetItemsCostMissingItemsIncluded) {
  // Per item: a started 4 KB, half for an eventually consistent read; a missing item still costs
  // the minimum (dynalite recorded 1.5 for two small items and a missing one, and 0.5 for a
  // table whose only key was missing).
  EXPECT_EQ(
      OkBody("BatchGetItem", R"j({"RequestItems":{
      "hash":{"Keys":[{"pk":{"S":"a"}},{"pk":{"S":"b"}},{"pk":{"S":"missing"}}]},
      "range":{"Keys":[{"pk":{"S":"missing"},"sk":{"N":"1"}}],"ConsistentRead":true}},
      "ReturnConsumedCapacity":"INDEXES"})j"),
      R"j({"Responses":{"hash":[{"pk":{"S":"a"},"x":{"S":"1"},"y":{"M":{"w":{"N":"3"},"z":{"N":"2"}}}},)j"
      R"j({"pk":{"S":"b"},"x":{"S":"2"}}],"range":[]},"UnprocessedKeys":{},"ConsumedCapacity":[)j"
      R"j({"TableName":"hash","CapacityUnits":1.5,"Table":{"CapacityUnits":1.5}},)j"
      R"j({"TableName":"range","CapacityUnits":1.0,"Table":{"CapacityUnits":1.0}}]})j");
}

TEST_F(BatchGetTest, RejectsDuplicateKeysBeforeLookingUpTheTable) {
  ExpectValidation(
      "BatchGetItem",
      R"j({"RequestItems":{"nope":{"Keys":[{"pk":{"S":"a"},"sk":{"N":"1"}},{"sk":{"N":"1.0"},"pk":{"S":"a"}}]}}})j",
      "Provided list of item keys contains duplicates");
}

TEST_F(BatchGetTest, RejectsMoreThan100KeysInAll) {
  std::string keys;
  for (int i = 0; i < 100; ++i) keys += (i ? "," : "") + HashKey(std::to_string(i));
  ExpectValidation("BatchGetItem",
                   R"j({"RequestItems":{"hash":{"Keys":[)j" + keys +
                       R"j(]},"nope":{"Keys":[{"pk":{"S":"x"}}]}}})j",
                   "Too many items requested for the BatchGetItem call");
  EXPECT_EQ(
      Call("BatchGetItem", R"j({"RequestItems":{"hash":{"Keys":[)j" + keys + "]}}}").http_status,
      200);
}

TEST_F(BatchGetTest, RejectsProjectionProblemsBeforeLookingUpTheTable) {
  ExpectValidation(
      "BatchGetItem",
      R"j({"RequestItems":{"hash":{"Keys":[{"pk":{"S":"a"}}],"ProjectionExpression":"x"},
                      "range":{"Keys":[{"pk":{"S":"a"},"sk":{"N":"1"}}],"AttributesToGet":["x"]}}})j",
      "Can not use both expression and non-expression parameters in the same request: "
      "Non-expression parameters: {AttributesToGet} Expression parameters: "
      "{ProjectionExpression}");
  ExpectValidation(
      "BatchGetItem",
      R"j({"RequestItems":{"nope":{"Keys":[{"pk":{"S":"a"}}],"AttributesToGet":["a","b","a"]}}})j",
      "One or more parameter values were invalid: Duplicate value in attribute name: a");
  ExpectValidation(
      "BatchGetItem",
      R"j({"RequestItems":{"nope":{"Keys":[{"pk":{"S":"a"}}],"ProjectionExpression":"a, a"}}})j",
      "Invalid ProjectionExpression: Two document paths overlap with each other; must "
      "remove or rewrite one of these paths; path one: [a], path two: [a]");
  ExpectValidation(
      "BatchGetItem",
      R"j({"RequestItems":{"hash":{"Keys":[{"pk":{"S":"a"}}],"ExpressionAttributeNames":{"#a":"a"}}}})j",
      "ExpressionAttributeNames can only be specified when using expressions");
  ExpectValidation(
      "BatchGetItem",
      R"j({"RequestItems":{"hash":{"Keys":[{"pk":{"S":"a"}}],"ProjectionExpression":"#a",
                      "ExpressionAttributeNames":{"#a":"a","#b":"b"}}}})j",
      "Value provided in ExpressionAttributeNames unused in expressions: keys: {#b}");
}

TEST_F(BatchGetTest, ChecksTablesThenKeys) {
  ExpectError("BatchGetItem", R"j({"RequestItems":{"nope":{"Keys":[{"pk":{"S":"a"}}]}}})j",
              "ResourceNotFoundException", "Requested resource not found");
  const std::string mismatch = "The provided key element does not match the schema";
  ExpectValidation("BatchGetItem", R"j({"RequestItems":{"hash":{"Keys":[{"pk":{"N":"1"}}]}}})j",
                   mismatch);
  ExpectValidation("BatchGetItem",
                   R"j({"RequestItems":{"hash":{"Keys":[{"pk":{"S":"a"},"x":{"S":"y"}}]}}})j",
                   mismatch);
  ExpectValidation("BatchGetItem", R"j({"RequestItems":{"range":{"Keys":[{"pk":{"S":"a"}}]}}})j",
                   mismatch);
  ExpectValidation("BatchGetItem", R"j({"RequestItems":{"hash":{"Keys":[{"pk":{"S":""}}]}}})j",
                   "One or more parameter values are not valid. The AttributeValue for a key "
                   "attribute cannot contain an empty string value. Key: pk");
}

TEST_F(BatchGetTest, AcceptsATableArnAndAnswersUnderIt) {
  EXPECT_EQ(
      OkBody(
          "BatchGetItem",
          R"j({"RequestItems":{"arn:aws:dynamodb:us-east-1:000000000000:table/hash":{"Keys":[{"pk":{"S":"b"}}]}}})j"),
      R"j({"Responses":{"arn:aws:dynamodb:us-east-1:000000000000:table/hash":[)j"
      R"j({"pk":{"S":"b"},"x":{"S":"2"}}]},"UnprocessedKeys":{}})j");
}

TEST_F(BatchGetTest, Returns16MegabytesAtMostAndTheRestAsUnprocessedKeys) {
  const std::string big(390 * 1024, 'x');
  std::string keys;
  for (int i = 0; i < 45; ++i) {
    const std::string pk = (i < 10 ? "k0" : "k") + std::to_string(i);
    Put("hash", R"j({"pk":{"S":")j" + pk + R"j("},"v":{"S":")j" + big + R"j("}})j");
    keys += (i ? "," : "") + HashKey(pk);
  }
  // 42 items of 399,366 bytes fit in 16 MiB; the 43rd would not. The limit counts whole items,
  // whatever the projection returns; the unprocessed keys keep the table's parameters.
  rapidjson::Document doc =
      Ok("BatchGetItem", R"j({"RequestItems":{"hash":{"Keys":[)j" + keys +
                             R"j(],"ProjectionExpression":"pk","ConsistentRead":true}},
      "ReturnConsumedCapacity":"TOTAL"})j");
  EXPECT_EQ(doc["Responses"]["hash"].Size(), 42u);
  EXPECT_EQ(ToJson(doc["Responses"]["hash"][41]), R"j({"pk":{"S":"k41"}})j");
  EXPECT_EQ(ToJson(doc["UnprocessedKeys"]),
            R"j({"hash":{"Keys":[{"pk":{"S":"k42"}},{"pk":{"S":"k43"}},{"pk":{"S":"k44"}}],)j"
            R"j("ConsistentRead":true,"ProjectionExpression":"pk"}})j");
  // 98 units per strongly consistent read of 399,366 bytes; unprocessed keys cost nothing.
  EXPECT_EQ(ToJson(doc["ConsumedCapacity"]), R"j([{"TableName":"hash","CapacityUnits":4116.0}])j");
}

}  // namespace batch_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::batch_test
