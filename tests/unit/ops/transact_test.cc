// TransactWriteItems and TransactGetItems through Database::Call: all-or-nothing writes,
// cancellation reasons, the service's order of checks, capacity, and ClientRequestToken
// idempotency.
#include <cstdio>
#include <filesystem>
#include <string>

#include "batch_fixture.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::batch_test {
namespace transact_test {

constexpr const char* kCancelled =
    "Transaction cancelled, please refer cancellation reasons for specific reasons ";

class TransactTest : public BatchFixture {
 protected:
  void SetUp() override {
    BatchFixture::SetUp();
    Put("hash", R"j({"pk":{"S":"alice"},"bal":{"N":"100"}})j");
    Put("hash", R"j({"pk":{"S":"bob"},"bal":{"N":"0"}})j");
  }

  // A transfer of `amount` from alice to bob, conditional on alice's balance.
  static std::string Transfer(int amount, const std::string& extra = "") {
    const std::string a = std::to_string(amount);
    return R"j({"TransactItems":[
      {"Update":{"TableName":"hash","Key":{"pk":{"S":"alice"}},"UpdateExpression":"SET bal = bal - :a",
        "ConditionExpression":"bal >= :a","ExpressionAttributeValues":{":a":{"N":")j" +
           a + R"j("}}}},
      {"Update":{"TableName":"hash","Key":{"pk":{"S":"bob"}},"UpdateExpression":"SET bal = bal + :a",
        "ExpressionAttributeValues":{":a":{"N":")j" +
           a + R"j("}}}}])j" + extra + "}";
  }
  std::string Balance(const std::string& who) {
    return Get("hash", R"j({"pk":{"S":")j" + who + R"j("}})j");
  }
};

TEST_F(TransactTest, AppliesEveryActionAcrossTables) {
  EXPECT_EQ(OkBody("TransactWriteItems", R"j({"TransactItems":[
      {"Put":{"TableName":"range","Item":{"pk":{"S":"p"},"sk":{"N":"1"},"v":{"S":"new"}},
        "ConditionExpression":"attribute_not_exists(pk)"}},
      {"Update":{"TableName":"hash","Key":{"pk":{"S":"alice"}},"UpdateExpression":"ADD bal :d",
        "ExpressionAttributeValues":{":d":{"N":"-1"}}}},
      {"Delete":{"TableName":"hash","Key":{"pk":{"S":"bob"}}}},
      {"ConditionCheck":{"TableName":"hash","Key":{"pk":{"S":"carol"}},
        "ConditionExpression":"attribute_not_exists(pk)"}}]})j"),
            "{}");
  EXPECT_EQ(Get("range", R"j({"pk":{"S":"p"},"sk":{"N":"1"}})j"),
            R"j({"pk":{"S":"p"},"sk":{"N":"1"},"v":{"S":"new"}})j");
  EXPECT_EQ(Balance("alice"), R"j({"bal":{"N":"99"},"pk":{"S":"alice"}})j");
  EXPECT_EQ(Balance("bob"), "");
  EXPECT_EQ(Balance("carol"), "");  // a ConditionCheck writes nothing
}

TEST_F(TransactTest, AFailedConditionCancelsEveryActionWithReasonsInRequestOrder) {
  std::string body =
      ExpectError("TransactWriteItems", Transfer(500), "TransactionCanceledException",
                  std::string(kCancelled) + "[ConditionalCheckFailed, None]");
  EXPECT_EQ(
      ToJson(Parse(body)["CancellationReasons"]),
      R"j([{"Code":"ConditionalCheckFailed","Message":"The conditional request failed"},{"Code":"None"}])j");
  EXPECT_EQ(Balance("alice"), R"j({"bal":{"N":"100"},"pk":{"S":"alice"}})j");
  EXPECT_EQ(Balance("bob"), R"j({"bal":{"N":"0"},"pk":{"S":"bob"}})j");

  OkBody("TransactWriteItems", Transfer(60));
  EXPECT_EQ(Balance("alice"), R"j({"bal":{"N":"40"},"pk":{"S":"alice"}})j");
  EXPECT_EQ(Balance("bob"), R"j({"bal":{"N":"60"},"pk":{"S":"bob"}})j");
}

TEST_F(TransactTest, ReportsEveryFailedConditionAndTheItemWhenAskedWithAllOld) {
  std::string body =
      ExpectError("TransactWriteItems", R"j({"TransactItems":[
      {"Put":{"TableName":"hash","Item":{"pk":{"S":"new"}},"ConditionExpression":"attribute_exists(pk)"}},
      {"ConditionCheck":{"TableName":"hash","Key":{"pk":{"S":"alice"}},"ConditionExpression":"bal > :m",
        "ExpressionAttributeValues":{":m":{"N":"1000"}},"ReturnValuesOnConditionCheckFailure":"ALL_OLD"}},
      {"Delete":{"TableName":"hash","Key":{"pk":{"S":"bob"}},"ConditionExpression":"bal > :m",
        "ExpressionAttributeValues":{":m":{"N":"1000"}},"ReturnValuesOnConditionCheckFailure":"NONE"}}]})j",
                  "TransactionCanceledException",
                  std::string(kCancelled) +
                      "[ConditionalCheckFailed, ConditionalCheckFailed, ConditionalCheckFailed]");
  EXPECT_EQ(ToJson(Parse(body)["CancellationReasons"]),
            R"j([{"Code":"ConditionalCheckFailed","Message":"The conditional request failed"},)j"
            R"j({"Item":{"bal":{"N":"100"},"pk":{"S":"alice"}},"Code":"ConditionalCheckFailed",)j"
            R"j("Message":"The conditional request failed."},)j"
            R"j({"Code":"ConditionalCheckFailed","Message":"The conditional request failed"}])j");
  EXPECT_EQ(Get("hash", R"j({"pk":{"S":"new"}})j"), "");
}

TEST_F(TransactTest, AnUpdateTheItemCannotTakeIsAValidationErrorReason) {
  Put("hash", R"j({"pk":{"S":"text"},"bal":{"S":"abc"}})j");
  std::string body =
      ExpectError("TransactWriteItems", R"j({"TransactItems":[
      {"Put":{"TableName":"hash","Item":{"pk":{"S":"new"}}}},
      {"Update":{"TableName":"hash","Key":{"pk":{"S":"text"}},"UpdateExpression":"SET bal = bal + :one",
        "ExpressionAttributeValues":{":one":{"N":"1"}}}},
      {"Update":{"TableName":"hash","Key":{"pk":{"S":"alice"}},"UpdateExpression":"SET pk = :v",
        "ExpressionAttributeValues":{":v":{"S":"x"}}}}]})j",
                  "TransactionCanceledException",
                  std::string(kCancelled) + "[None, ValidationError, ValidationError]");
  EXPECT_EQ(
      ToJson(Parse(body)["CancellationReasons"]),
      R"j([{"Code":"None"},{"Code":"ValidationError","Message":"An operand in the update )j"
      R"j(expression has an incorrect data type"},{"Code":"ValidationError","Message":"One or )j"
      R"j(more parameter values were invalid: Cannot update attribute pk. This attribute is part )j"
      R"j(of the key"}])j");
  EXPECT_EQ(Get("hash", R"j({"pk":{"S":"new"}})j"), "");
}

TEST_F(TransactTest, KeysThatDoNotMatchTheSchemaCancelWithTheFirstOnly) {
  std::string body = ExpectError("TransactWriteItems", R"j({"TransactItems":[
      {"Put":{"TableName":"hash","Item":{"pk":{"S":"alice"}},"ConditionExpression":"attribute_not_exists(pk)"}},
      {"Delete":{"TableName":"hash","Key":{"pk":{"N":"5"}}}},
      {"Put":{"TableName":"hash","Item":{"pk":{"N":"5"}}}}]})j",
                                 "TransactionCanceledException",
                                 std::string(kCancelled) + "[None, ValidationError, None]");
  EXPECT_EQ(
      ToJson(Parse(body)["CancellationReasons"]),
      R"j([{"Code":"None"},{"Code":"ValidationError","Message":"The provided key element does )j"
      R"j(not match the schema"},{"Code":"None"}])j");
  body =
      ExpectError("TransactWriteItems",
                  R"j({"TransactItems":[{"Put":{"TableName":"hash","Item":{"pk":{"N":"5"}}}}]})j",
                  "TransactionCanceledException", std::string(kCancelled) + "[ValidationError]");
  EXPECT_EQ(ToJson(Parse(body)["CancellationReasons"]),
            R"j([{"Code":"ValidationError","Message":"One or more parameter values were invalid: )j"
            R"j(Type mismatch for key pk expected: S actual: N"}])j");
  body =
      ExpectError("TransactWriteItems",
                  R"j({"TransactItems":[{"Put":{"TableName":"range","Item":{"pk":{"S":"a"}}}}]})j",
                  "TransactionCanceledException", std::string(kCancelled) + "[ValidationError]");
  EXPECT_EQ(ToJson(Parse(body)["CancellationReasons"]),
            R"j([{"Code":"ValidationError","Message":"One or more parameter values were invalid: )j"
            R"j(Missing the key sk in the item"}])j");
  // An empty key value is rejected before the transaction runs.
  ExpectValidation(
      "TransactWriteItems",
      R"j({"TransactItems":[{"ConditionCheck":{"TableName":"hash","Key":{"pk":{"S":""}},
                      "ConditionExpression":"attribute_exists(pk)"}}]})j",
      "One or more parameter values are not valid. The AttributeValue for a key "
      "attribute cannot contain an empty string value. Key: pk");
}

TEST_F(TransactTest, RejectsTwoActionsOnOneItem) {
  ExpectValidation("TransactWriteItems", R"j({"TransactItems":[
      {"ConditionCheck":{"TableName":"hash","Key":{"pk":{"S":"alice"}},"ConditionExpression":"attribute_exists(pk)"}},
      {"Delete":{"TableName":"hash","Key":{"pk":{"S":"alice"}}}}]})j",
                   "Transaction request cannot include multiple operations on one item");
  ExpectValidation("TransactWriteItems", R"j({"TransactItems":[
      {"Put":{"TableName":"hash","Item":{"pk":{"S":"x"},"a":{"N":"1"}}}},
      {"Put":{"TableName":"arn:aws:dynamodb:us-east-1:000000000000:table/hash","Item":{"pk":{"S":"x"}}}}]})j",
                   "Transaction request cannot include multiple operations on one item");
}

TEST_F(TransactTest, ChecksExpressionsOfEveryActionBeforeAnyTable) {
  ExpectValidation("TransactWriteItems", R"j({"TransactItems":[
      {"Put":{"TableName":"nope","Item":{"pk":{"S":"a"}}}},
      {"ConditionCheck":{"TableName":"hash","Key":{"pk":{"S":"a"}},"ConditionExpression":"attribute_not_exists("}}]})j",
                   "Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"(\"");
  ExpectValidation("TransactWriteItems", R"j({"TransactItems":[
      {"Put":{"TableName":"hash","Item":{"pk":{"S":"a"}}}},
      {"ConditionCheck":{"TableName":"hash","Key":{"pk":{"S":"a"}},"ConditionExpression":"attribute_not_exists(pk)",
        "ExpressionAttributeValues":{":v":{"S":"x"}}}}]})j",
                   "Value provided in ExpressionAttributeValues unused in expressions: keys: {:v}");
  ExpectValidation("TransactWriteItems", R"j({"TransactItems":[
      {"Put":{"TableName":"hash","Item":{"pk":{"S":"a"}},"ExpressionAttributeValues":{":v":{"S":"x"}}}}]})j",
                   "ExpressionAttributeValues can only be specified when using expressions: "
                   "ConditionExpression is null");
  ExpectError("TransactWriteItems", R"j({"TransactItems":[
      {"Put":{"TableName":"hash","Item":{"pk":{"S":"a"}}}},
      {"Delete":{"TableName":"nope","Key":{"pk":{"S":"a"}}}}]})j",
              "ResourceNotFoundException", "Requested resource not found");
  EXPECT_EQ(Get("hash", R"j({"pk":{"S":"a"}})j"), "");
}

TEST_F(TransactTest, ReportsProblemsOfTheActionsThemselvesInActionOrder) {
  std::string deep = R"j({"S":"leaf"})j";
  for (int i = 0; i < 32; ++i) deep = R"j({"M":{"n":)j" + deep + "}}";
  const std::string syntax =
      "Invalid ConditionExpression: Syntax error; token: \"<EOF>\", near: \"(\"";
  const std::string bad_check =
      R"j({"ConditionCheck":{"TableName":"hash","Key":{"pk":{"S":"a"}},"ConditionExpression":"attribute_not_exists("}})j";
  const std::string deep_put =
      R"j({"Put":{"TableName":"hash","Item":{"pk":{"S":"d"},"data":)j" + deep + "}}}";
  ExpectValidation("TransactWriteItems",
                   R"j({"TransactItems":[)j" + bad_check + "," + deep_put + "]}", syntax);
  Response r =
      Call("TransactWriteItems", R"j({"TransactItems":[)j" + deep_put + "," + bad_check + "]}");
  EXPECT_EQ(r.http_status, 400);
  EXPECT_NE(ParseError(r.body).message, syntax) << r.body;
  ExpectValidation(
      "TransactWriteItems", R"j({"TransactItems":[{}]})j",
      "Invalid Request: TransactWriteRequest should contain Delete or Put or Update request");
  ExpectValidation("TransactWriteItems", R"j({"TransactItems":[
      {"Put":{"TableName":"hash","Item":{"pk":{"S":"z"}}},"Delete":{"TableName":"hash","Key":{"pk":{"S":"z"}}}}]})j",
                   "TransactItems can only contain one of Check, Put, Update or Delete");
}

TEST_F(TransactTest, LimitsThePayloadTo4Megabytes) {
  const std::string big(390 * 1024, 'x');
  std::string actions;
  for (int i = 0; i < 11; ++i) {
    actions += std::string(i ? "," : "") +
               R"j({"Put":{"TableName":"hash","Item":{"pk":{"S":"big)j" + std::to_string(i) +
               R"j("},"v":{"S":")j" + big + R"j("}}}})j";
  }
  // 11 items of 399,367 bytes, "big10" one byte longer: 4,393,038 bytes, as DynamoDB Local
  // counts them.
  ExpectValidation("TransactWriteItems", R"j({"TransactItems":[)j" + actions + "]}",
                   "Transaction payload size cannot exceed 4MB. Payload Size: 4393038");
}

TEST_F(TransactTest, ChargesTwiceTheWritesAndConditionChecksAsWrites) {
  EXPECT_EQ(
      OkBody("TransactWriteItems", Transfer(1, R"j(,"ReturnConsumedCapacity":"TOTAL")j")),
      R"j({"ConsumedCapacity":[{"TableName":"hash","CapacityUnits":4.0,"WriteCapacityUnits":4.0}]})j");
  EXPECT_EQ(OkBody("TransactWriteItems", R"j({"TransactItems":[
      {"ConditionCheck":{"TableName":"hash","Key":{"pk":{"S":"alice"}},"ConditionExpression":"attribute_exists(pk)"}},
      {"Put":{"TableName":"range","Item":{"pk":{"S":"a"},"sk":{"N":"1"}}}}],"ReturnConsumedCapacity":"INDEXES"})j"),
            R"j({"ConsumedCapacity":[)j"
            R"j({"TableName":"hash","CapacityUnits":2.0,"WriteCapacityUnits":2.0,)j"
            R"j("Table":{"CapacityUnits":2.0,"WriteCapacityUnits":2.0}},)j"
            R"j({"TableName":"range","CapacityUnits":2.0,"WriteCapacityUnits":2.0,)j"
            R"j("Table":{"CapacityUnits":2.0,"WriteCapacityUnits":2.0}}]})j");
}

TEST_F(TransactTest, WritesIndexEntriesWithTheItems) {
  OkBody("TransactWriteItems", R"j({"TransactItems":[
      {"Put":{"TableName":"indexed","Item":{"pk":{"S":"a"},"g":{"S":"x"}}}},
      {"Put":{"TableName":"indexed","Item":{"pk":{"S":"b"},"g":{"S":"x"}}}}]})j");
  EXPECT_EQ(ItemCount("indexed", "by_g"), 2);
  ExpectError("TransactWriteItems", R"j({"TransactItems":[
      {"Delete":{"TableName":"indexed","Key":{"pk":{"S":"a"}}}},
      {"Update":{"TableName":"indexed","Key":{"pk":{"S":"b"}},"UpdateExpression":"REMOVE g",
        "ConditionExpression":"attribute_not_exists(g)"}}]})j",
              "TransactionCanceledException",
              std::string(kCancelled) + "[None, ConditionalCheckFailed]");
  EXPECT_EQ(ItemCount("indexed", "by_g"), 2);
  // An update that would give an index key the wrong type cancels with the index's wording.
  std::string body =
      ExpectError("TransactWriteItems", R"j({"TransactItems":[
      {"Update":{"TableName":"indexed","Key":{"pk":{"S":"b"}},"UpdateExpression":"SET g = :n",
        "ExpressionAttributeValues":{":n":{"N":"1"}}}}]})j",
                  "TransactionCanceledException", std::string(kCancelled) + "[ValidationError]");
  EXPECT_EQ(
      ToJson(Parse(body)["CancellationReasons"][0]["Message"]),
      R"j("One or more parameter values were invalid: Type mismatch for Index Key g Expected: S )j"
      R"j(Actual: N IndexName: by_g")j");
  OkBody("TransactWriteItems", R"j({"TransactItems":[
      {"Delete":{"TableName":"indexed","Key":{"pk":{"S":"a"}}}},
      {"Update":{"TableName":"indexed","Key":{"pk":{"S":"b"}},"UpdateExpression":"REMOVE g"}}]})j");
  EXPECT_EQ(ItemCount("indexed"), 1);
  EXPECT_EQ(ItemCount("indexed", "by_g"), 0);
}

TEST_F(TransactTest, ReportsItemCollectionMetricsOfTheItemsWritten) {
  EXPECT_EQ(OkBody("TransactWriteItems", R"j({"TransactItems":[
      {"Put":{"TableName":"collections","Item":{"pk":{"S":"a"},"sk":{"S":"1"},"l":{"S":"x"}}}},
      {"Update":{"TableName":"collections","Key":{"pk":{"S":"a"},"sk":{"S":"2"}},"UpdateExpression":"SET v = :v",
        "ExpressionAttributeValues":{":v":{"N":"1"}}}},
      {"ConditionCheck":{"TableName":"collections","Key":{"pk":{"S":"c"},"sk":{"S":"1"}},
        "ConditionExpression":"attribute_not_exists(pk)"}},
      {"Put":{"TableName":"hash","Item":{"pk":{"S":"x"}}}}],"ReturnItemCollectionMetrics":"SIZE"})j"),
            R"j({"ItemCollectionMetrics":{"collections":[)j"
            R"j({"ItemCollectionKey":{"pk":{"S":"a"}},"SizeEstimateRangeGB":[0.0,1.0]},)j"
            R"j({"ItemCollectionKey":{"pk":{"S":"a"}},"SizeEstimateRangeGB":[0.0,1.0]}]}})j");
}

// ---- ClientRequestToken ----

TEST_F(TransactTest, ARetriedTokenAnswersWithoutWritingAgain) {
  const std::string request =
      Transfer(10, R"j(,"ClientRequestToken":"t-1","ReturnConsumedCapacity":"TOTAL")j");
  EXPECT_EQ(
      OkBody("TransactWriteItems", request),
      R"j({"ConsumedCapacity":[{"TableName":"hash","CapacityUnits":4.0,"WriteCapacityUnits":4.0}]})j");
  // The replay reads the items instead (API reference, ClientRequestToken).
  EXPECT_EQ(
      OkBody("TransactWriteItems", request),
      R"j({"ConsumedCapacity":[{"TableName":"hash","CapacityUnits":4.0,"ReadCapacityUnits":4.0}]})j");
  EXPECT_EQ(Balance("alice"), R"j({"bal":{"N":"90"},"pk":{"S":"alice"}})j");
  // Members in another order are the same request.
  EXPECT_EQ(
      OkBody("TransactWriteItems",
             R"j({"ReturnConsumedCapacity":"NONE","ClientRequestToken":"t-2",)j"
             R"j("TransactItems":[{"Delete":{"Key":{"pk":{"S":"zz"}},"TableName":"hash"}}]})j"),
      "{}");
  EXPECT_EQ(
      OkBody("TransactWriteItems",
             R"j({"TransactItems":[{"Delete":{"TableName":"hash","Key":{"pk":{"S":"zz"}}}}],)j"
             R"j("ClientRequestToken":"t-2","ReturnConsumedCapacity":"NONE"})j"),
      "{}");
}

TEST_F(TransactTest, ATokenReusedForAnotherRequestIsAMismatch) {
  OkBody("TransactWriteItems", Transfer(10, R"j(,"ClientRequestToken":"t-1")j"));
  Response r = Call("TransactWriteItems", Transfer(11, R"j(,"ClientRequestToken":"t-1")j"));
  EXPECT_EQ(r.http_status, 400);
  EXPECT_EQ(
      r.body,
      R"j({"__type":"com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException"})j");
  EXPECT_EQ(Balance("alice"), R"j({"bal":{"N":"90"},"pk":{"S":"alice"}})j");
  // Tokens are per account and region: for another caller the token is new (and that caller
  // has no tables).
  RequestContext other;
  other.access_key_id = "OTHER";
  EXPECT_EQ(ParseError(db_->Call("TransactWriteItems",
                                 Transfer(11, R"j(,"ClientRequestToken":"t-1")j"), other)
                           .body)
                .type,
            "ResourceNotFoundException");
}

TEST_F(TransactTest, ATokenExpiresTenMinutesAfterItsRequest) {
  const std::string request = Transfer(10, R"j(,"ClientRequestToken":"t-1")j");
  OkBody("TransactWriteItems", request);
  clock_->AdvanceMicros(std::int64_t{10} * 60 * 1'000'000 - 1);
  OkBody("TransactWriteItems", request);
  EXPECT_EQ(Balance("alice"), R"j({"bal":{"N":"90"},"pk":{"S":"alice"}})j");
  clock_->AdvanceMicros(1);
  OkBody("TransactWriteItems", request);  // a new request: it transfers again
  EXPECT_EQ(Balance("alice"), R"j({"bal":{"N":"80"},"pk":{"S":"alice"}})j");
  OkBody("TransactWriteItems", Transfer(5, R"j(,"ClientRequestToken":"t-other")j"));
  clock_->AdvanceMicros(std::int64_t{11} * 60 * 1'000'000);
  OkBody("TransactWriteItems", Transfer(1, R"j(,"ClientRequestToken":"t-1")j"));  // no mismatch
  EXPECT_EQ(Balance("alice"), R"j({"bal":{"N":"74"},"pk":{"S":"alice"}})j");
}

TEST_F(TransactTest, ACancelledRequestRecordsNoToken) {
  const std::string request = Transfer(150, R"j(,"ClientRequestToken":"t-1")j");
  ExpectError("TransactWriteItems", request, "TransactionCanceledException",
              std::string(kCancelled) + "[ConditionalCheckFailed, None]");
  Put("hash", R"j({"pk":{"S":"alice"},"bal":{"N":"200"}})j");
  OkBody("TransactWriteItems", request);  // the retry runs, and now commits
  EXPECT_EQ(Balance("alice"), R"j({"bal":{"N":"50"},"pk":{"S":"alice"}})j");
}

TEST_F(TransactTest, TokensSurviveARestart) {
  const std::string dir = ::testing::TempDir() + "/ddbemu_transact_tokens_" +
                          std::to_string(::testing::UnitTest::GetInstance()->random_seed());
  std::filesystem::remove_all(dir);
  Open(dir);
  Put("hash", R"j({"pk":{"S":"alice"},"bal":{"N":"100"}})j");
  Put("hash", R"j({"pk":{"S":"bob"},"bal":{"N":"0"}})j");
  OkBody("TransactWriteItems", Transfer(10, R"j(,"ClientRequestToken":"durable")j"));
  Open(dir);
  OkBody("TransactWriteItems", Transfer(10, R"j(,"ClientRequestToken":"durable")j"));
  EXPECT_EQ(Balance("alice"), R"j({"bal":{"N":"90"},"pk":{"S":"alice"}})j");
  ExpectError("TransactWriteItems", Transfer(20, R"j(,"ClientRequestToken":"durable")j"),
              "IdempotentParameterMismatchException", "");
  db_.reset();
  std::filesystem::remove_all(dir);
}

// ---- TransactGetItems ----

TEST_F(TransactTest, TransactGetItemsReadsEveryItemWithItsProjection) {
  Put("range", R"j({"pk":{"S":"a"},"sk":{"N":"1"},"v":{"S":"x"},"w":{"S":"y"}})j");
  EXPECT_EQ(
      OkBody("TransactGetItems", R"j({"TransactItems":[
      {"Get":{"TableName":"hash","Key":{"pk":{"S":"alice"}},"ProjectionExpression":"#b","ExpressionAttributeNames":{"#b":"bal"}}},
      {"Get":{"TableName":"hash","Key":{"pk":{"S":"nobody"}}}},
      {"Get":{"TableName":"range","Key":{"pk":{"S":"a"},"sk":{"N":"1"}}}}],"ReturnConsumedCapacity":"TOTAL"})j"),
      R"j({"Responses":[{"Item":{"bal":{"N":"100"}}},{},)j"
      R"j({"Item":{"pk":{"S":"a"},"sk":{"N":"1"},"v":{"S":"x"},"w":{"S":"y"}}}],"ConsumedCapacity":[)j"
      R"j({"TableName":"hash","CapacityUnits":4.0,"ReadCapacityUnits":4.0},)j"
      R"j({"TableName":"range","CapacityUnits":2.0,"ReadCapacityUnits":2.0}]})j");
  EXPECT_EQ(
      OkBody("TransactGetItems",
             R"j({"TransactItems":[{"Get":{"TableName":"hash","Key":{"pk":{"S":"bob"}}}}],
      "ReturnConsumedCapacity":"INDEXES"})j"),
      R"j({"Responses":[{"Item":{"bal":{"N":"0"},"pk":{"S":"bob"}}}],"ConsumedCapacity":[)j"
      R"j({"TableName":"hash","CapacityUnits":2.0,"ReadCapacityUnits":2.0,"Table":{"CapacityUnits":2.0}}]})j");
}

TEST_F(TransactTest, TransactGetItemsErrors) {
  ExpectValidation(
      "TransactGetItems",
      R"j({"TransactItems":[{"Get":{"TableName":"nope","Key":{"pk":{"S":"a"}},"ProjectionExpression":"!!!"}}]})j",
      "Invalid ProjectionExpression: Syntax error; token: \"!\", near: \"!!\"");
  ExpectError("TransactGetItems",
              R"j({"TransactItems":[{"Get":{"TableName":"nope","Key":{"pk":{"S":"a"}}}}]})j",
              "ResourceNotFoundException", "Requested resource not found");
  ExpectValidation("TransactGetItems", R"j({"TransactItems":[
      {"Get":{"TableName":"hash","Key":{"pk":{"S":"alice"}}}},{"Get":{"TableName":"hash","Key":{"pk":{"S":"alice"}}}}]})j",
                   "Transaction request cannot include multiple operations on one item");
  std::string body = ExpectError("TransactGetItems", R"j({"TransactItems":[
      {"Get":{"TableName":"hash","Key":{"pk":{"S":"alice"}}}},{"Get":{"TableName":"hash","Key":{}}}]})j",
                                 "TransactionCanceledException",
                                 std::string(kCancelled) + "[None, ValidationError]");
  EXPECT_EQ(
      ToJson(Parse(body)["CancellationReasons"]),
      R"j([{"Code":"None"},{"Code":"ValidationError","Message":"The provided key element does not )j"
      R"j(match the schema"}])j");
}

}  // namespace transact_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::batch_test
