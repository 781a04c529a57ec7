// BatchExecuteStatement and ExecuteTransaction: per-statement results and errors in a batch;
// all-or-nothing transactions with TransactWriteItems' cancellation reasons.
#include <gtest/gtest.h>

#include "partiql_fixture.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql_test {
namespace batch_and_transaction_test {

class BatchAndTransactionTest : public PartiqlFixture {
 protected:
  static std::string Statements(const std::vector<std::string>& statements) {
    std::string out = "[";
    for (const std::string& s : statements) {
      out += (out.size() > 1 ? "," : "") + std::string(R"({"Statement":")") + s + "\"}";
    }
    return out + "]";
  }
};

TEST_F(BatchAndTransactionTest, BatchWritesReportEachStatementsOwnError) {
  Put("hash", R"({"pk":{"S":"a"}})");
  Put("hash", R"({"pk":{"S":"c"}})");
  rapidjson::Document doc =
      Ok("BatchExecuteStatement",
         R"({"Statements":)" +
             Statements(
                 {"INSERT INTO hash VALUE {'pk': 'b', 'v': 1}",
                  "INSERT INTO hash VALUE {'pk': 'a'}", "UPDATE hash SET v = 2 WHERE pk = 'c'",
                  "UPDATE hash SET v = 1 WHERE pk = 'zz'", "UPDATE hash SET v = 1 WHERE v = 1"}) +
             R"(,"ReturnConsumedCapacity":"TOTAL"})");
  const auto& r = doc["Responses"];
  ASSERT_EQ(r.Size(), 5u);
  EXPECT_EQ(ToJson(r[0]), R"({"TableName":"hash"})");
  EXPECT_EQ(ToJson(r[1]), R"({"Error":{"Code":"DuplicateItem","Message":"Duplicate primary key )"
                          R"(exists in table"},"TableName":"hash"})");
  EXPECT_EQ(ToJson(r[2]), R"({"TableName":"hash"})");
  EXPECT_EQ(ToJson(r[3]), R"({"Error":{"Code":"ConditionalCheckFailed","Message":"The )"
                          R"(conditional request failed"},"TableName":"hash"})");
  EXPECT_EQ(ToJson(r[4]),
            R"({"Error":{"Code":"ValidationError","Message":"Where clause does not contain a )"
            R"(mandatory equality on all key attributes"}})");
  EXPECT_EQ(Get("hash", R"({"pk":{"S":"b"}})"), R"({"pk":{"S":"b"},"v":{"N":"1"}})");
  EXPECT_EQ(Get("hash", R"({"pk":{"S":"c"}})"), R"({"pk":{"S":"c"},"v":{"N":"2"}})");
  // The two writes that succeeded, one WCU each.
  EXPECT_EQ(ToJson(doc["ConsumedCapacity"]), R"([{"TableName":"hash","CapacityUnits":2.0}])");
}

TEST_F(BatchAndTransactionTest, BatchReadsReturnTheItemOrJustTheTable) {
  Put("range", R"({"pk":{"S":"a"},"sk":{"N":"1"},"x":{"S":"y"}})");
  rapidjson::Document doc =
      Ok("BatchExecuteStatement", R"({"Statements":)" +
                                      Statements({"SELECT x FROM range WHERE pk = 'a' AND sk = 1",
                                                  "SELECT * FROM range WHERE pk = 'a' AND sk = 2",
                                                  "SELECT * FROM range WHERE pk = 'a'"}) +
                                      "}");
  const auto& r = doc["Responses"];
  ASSERT_EQ(r.Size(), 3u);
  EXPECT_EQ(ToJson(r[0]), R"({"TableName":"range","Item":{"x":{"S":"y"}}})");
  EXPECT_EQ(ToJson(r[1]), R"({"TableName":"range"})");
  EXPECT_EQ(std::string(r[2]["Error"]["Code"].GetString()), "ValidationError");
}

TEST_F(BatchAndTransactionTest, BatchCannotMixReadsAndWrites) {
  Response r = Call(
      "BatchExecuteStatement",
      R"({"Statements":)" +
          Statements({"SELECT * FROM hash WHERE pk = 'a'", "INSERT INTO hash VALUE {'pk': 'c'}"}) +
          "}");
  EXPECT_EQ(r.http_status, 400);
  EXPECT_EQ(ParseError(r.body).type, "ValidationException");
  EXPECT_EQ(ParseError(r.body).message,
            "Read and write requests together in the same batch is not supported.");
  EXPECT_EQ(Get("hash", R"({"pk":{"S":"c"}})"), "");
}

TEST_F(BatchAndTransactionTest, BatchOfTwoWritesToOneItemIsRefusedWhole) {
  ExpectValidation("BatchExecuteStatement",
                   R"({"Statements":)" +
                       Statements({"INSERT INTO hash VALUE {'pk': 'b'}",
                                   "UPDATE hash SET v = 2 WHERE pk = 'b'"}) +
                       "}",
                   "Provided list of item keys contains duplicates");
  EXPECT_EQ(Get("hash", R"({"pk":{"S":"b"}})"), "");
}

TEST_F(BatchAndTransactionTest, TransactionIsAllOrNothingWithCancellationReasons) {
  Put("hash", R"({"pk":{"S":"a"},"n":{"N":"1"}})");
  Put("hash", R"({"pk":{"S":"e"},"n":{"N":"1"}})");
  Response r = Call("ExecuteTransaction",
                    R"({"TransactStatements":)" +
                        Statements({"INSERT INTO hash VALUE {'pk': 'new'}",
                                    "UPDATE hash SET n = n + 1 WHERE pk = 'a'",
                                    "EXISTS(SELECT * FROM hash WHERE pk = 'e' AND n = 5)"}) +
                        "}");
  EXPECT_EQ(r.http_status, 400) << r.body;
  rapidjson::Document doc = batch_test::Parse(r.body);
  EXPECT_EQ(ParseError(r.body).type, "TransactionCanceledException");
  ASSERT_TRUE(doc.HasMember("CancellationReasons")) << r.body;
  EXPECT_EQ(ToJson(doc["CancellationReasons"]),
            R"([{"Code":"None"},{"Code":"None"},{"Code":"ConditionalCheckFailed",)"
            R"("Message":"The conditional request failed."}])");
  EXPECT_EQ(Get("hash", R"({"pk":{"S":"new"}})"), "");
  EXPECT_EQ(Get("hash", R"({"pk":{"S":"a"}})"), R"({"n":{"N":"1"},"pk":{"S":"a"}})");

  Ok("ExecuteTransaction", R"({"TransactStatements":)" +
                               Statements({"INSERT INTO hash VALUE {'pk': 'new'}",
                                           "UPDATE hash SET n = n + 1 WHERE pk = 'a'",
                                           "EXISTS(SELECT * FROM hash WHERE pk = 'e' AND n = 1)",
                                           "NOT EXISTS(SELECT * FROM hash WHERE pk = 'absent')"}) +
                               R"(,"ClientRequestToken":"tok-1"})");
  EXPECT_EQ(Get("hash", R"({"pk":{"S":"new"}})"), R"({"pk":{"S":"new"}})");
  EXPECT_EQ(Get("hash", R"({"pk":{"S":"a"}})"), R"({"n":{"N":"2"},"pk":{"S":"a"}})");
}

TEST_F(BatchAndTransactionTest, TransactionInsertOfAnExistingKeyIsADuplicateItemReason) {
  Put("hash", R"({"pk":{"S":"a"}})");
  Response r =
      Call("ExecuteTransaction",
           R"({"TransactStatements":)" + Statements({"INSERT INTO hash VALUE {'pk': 'a'}"}) + "}");
  rapidjson::Document doc = batch_test::Parse(r.body);
  ASSERT_TRUE(doc.HasMember("CancellationReasons")) << r.body;
  EXPECT_EQ(ToJson(doc["CancellationReasons"]),
            R"([{"Code":"ValidationError","Message":"Duplicate primary key exists in table"}])");
  EXPECT_EQ(ParseError(r.body).message,
            "Transaction cancelled, please refer cancellation reasons for specific reasons "
            "[ValidationError]");
}

TEST_F(BatchAndTransactionTest, ReadTransactionReturnsOneResponsePerStatement) {
  Put("hash", R"({"pk":{"S":"a"},"v":{"S":"1"},"w":{"S":"2"}})");
  rapidjson::Document doc = Ok(
      "ExecuteTransaction",
      R"({"TransactStatements":)" +
          Statements({"SELECT v FROM hash WHERE pk = 'a'", "SELECT * FROM hash WHERE pk = 'zz'"}) +
          R"(,"ReturnConsumedCapacity":"TOTAL"})");
  EXPECT_EQ(ToJson(doc["Responses"]), R"([{"Item":{"v":{"S":"1"}}},{}])");
  EXPECT_EQ(ToJson(doc["ConsumedCapacity"]),
            R"([{"TableName":"hash","CapacityUnits":4.0,"ReadCapacityUnits":4.0}])");
}

}  // namespace batch_and_transaction_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql_test
