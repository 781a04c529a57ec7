// ExecuteStatement: the examples of AWS's "PartiQL for DynamoDB" reference, statement by
// statement, with exact results and errors, and the service's rules for which SELECT is a
// GetItem, a Query or a Scan (visible in what each is charged).
#include <gtest/gtest.h>

#include <set>

#include "partiql_fixture.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql_test {
namespace execute_statement_test {

class ExecuteStatementTest : public PartiqlFixture {
 protected:
  void SetUp() override {
    PartiqlFixture::SetUp();
    if (HasFailure()) return;
    ExecuteOk(
        R"(INSERT INTO "Music" value {'Artist' : 'Acme Band','SongTitle' : 'PartiQL Rocks'})");
  }
};

TEST_F(ExecuteStatementTest, InsertAddsTheItemAndReturnsNoItems) {
  EXPECT_EQ(Items(R"(INSERT INTO "Music" VALUE {'Artist': 'B', 'SongTitle': 'S', 'Year': 2020})"),
            "[]");
  EXPECT_EQ(Get("Music", R"({"Artist":{"S":"B"},"SongTitle":{"S":"S"}})"),
            R"({"Artist":{"S":"B"},"SongTitle":{"S":"S"},"Year":{"N":"2020"}})");
}

TEST_F(ExecuteStatementTest, InsertOfAnExistingKeyIsADuplicateItemNotAnUpsert) {
  EXPECT_EQ(
      ExecuteError(
          R"(INSERT INTO "Music" value {'Artist':'Acme Band','SongTitle':'PartiQL Rocks','x':1})"),
      "DuplicateItemException: Duplicate primary key exists in table");
  EXPECT_EQ(Get("Music", R"({"Artist":{"S":"Acme Band"},"SongTitle":{"S":"PartiQL Rocks"}})"),
            R"({"Artist":{"S":"Acme Band"},"SongTitle":{"S":"PartiQL Rocks"}})");
}

TEST_F(ExecuteStatementTest, InsertWithoutTheKeyFailsAsPutItemDoes) {
  EXPECT_EQ(ExecuteError(R"(INSERT INTO "Music" VALUE {'Artist': 'x'})"),
            "ValidationException: Key attribute should be present in the item: Key SongTitle");
}

TEST_F(ExecuteStatementTest, SelectByFullKeyWithProjection) {
  ExecuteOk(R"(UPDATE "Music" SET AwardsWon=1 SET AwardDetail={'Grammys':[2020, 2018]} )"
            R"(WHERE Artist='Acme Band' AND SongTitle='PartiQL Rocks')");
  EXPECT_EQ(Items(R"(SELECT AwardsWon, AwardDetail.Grammys[1] FROM "Music" )"
                  R"(WHERE Artist='Acme Band' AND SongTitle='PartiQL Rocks')"),
            R"([{"AwardsWon":{"N":"1"},"Grammys[1]":{"N":"2018"}}])");
  EXPECT_EQ(Items(R"(SELECT * FROM "Music" WHERE Artist='Acme Band' AND SongTitle='nope')"), "[]");
}

TEST_F(ExecuteStatementTest, UpdateDocumentedExamples) {
  const std::string where = R"( WHERE Artist='Acme Band' AND SongTitle='PartiQL Rocks')";
  ExecuteOk(R"(UPDATE "Music" SET AwardsWon=1 SET AwardDetail={'Grammys':[2020, 2018]})" + where);
  // RETURNING ALL OLD * returns the item as it was.
  EXPECT_EQ(Items(R"(UPDATE "Music" SET AwardsWon = AwardsWon + 1)" + where +
                  " RETURNING MODIFIED NEW *"),
            R"([{"AwardsWon":{"N":"2"}}])");
  ExecuteOk(R"(UPDATE "Music" SET AwardDetail.Grammys =list_append(AwardDetail.Grammys,[2016]))" +
            where);
  ExecuteOk(R"(UPDATE "Music" SET BandMembers =<<'member1', 'member2'>>)" + where);
  ExecuteOk(R"(UPDATE "Music" SET BandMembers =set_add(BandMembers, <<'newmember'>>))" + where);
  ExecuteOk(R"(UPDATE "Music" SET BandMembers =set_delete(BandMembers, <<'member1'>>))" + where);
  ExecuteOk(R"(UPDATE "Music" REMOVE AwardDetail.Grammys[2])" + where);
  ExecuteOk(R"(UPDATE "Music" SET AwardDetail.BillBoard=[2020])" + where);
  EXPECT_EQ(Items(R"(SELECT * FROM "Music")" + where),
            R"([{"Artist":{"S":"Acme Band"},"AwardDetail":{"M":{"BillBoard":{"L":[{"N":"2020"}]},)"
            R"("Grammys":{"L":[{"N":"2020"},{"N":"2018"}]}}},"AwardsWon":{"N":"2"},)"
            R"("BandMembers":{"SS":["member2","newmember"]},"SongTitle":{"S":"PartiQL Rocks"}}])");
}

TEST_F(ExecuteStatementTest, UpdateOfAMissingItemOrAFalseWhereFailsTheCondition) {
  EXPECT_EQ(ExecuteError(R"(UPDATE "Music" SET a=1 WHERE Artist='nobody' AND SongTitle='x')"),
            "ConditionalCheckFailedException: The conditional request failed");
  EXPECT_EQ(Get("Music", R"({"Artist":{"S":"nobody"},"SongTitle":{"S":"x"}})"), "");
  EXPECT_EQ(ExecuteError(R"(UPDATE "Music" SET a=1 WHERE Artist='Acme Band' AND )"
                         R"(SongTitle='PartiQL Rocks' AND a = 5)"),
            "ConditionalCheckFailedException: The conditional request failed");
}

TEST_F(ExecuteStatementTest, ReturnValuesOnConditionCheckFailureReturnsTheItem) {
  Response r = Execute(R"(UPDATE "Music" SET a=1 WHERE Artist='Acme Band' AND )"
                       R"(SongTitle='PartiQL Rocks' AND a = 5)",
                       R"(,"ReturnValuesOnConditionCheckFailure":"ALL_OLD")");
  EXPECT_EQ(r.http_status, 400);
  rapidjson::Document doc = batch_test::Parse(r.body);
  ASSERT_TRUE(doc.HasMember("Item")) << r.body;
  EXPECT_EQ(ToJson(doc["Item"]),
            R"({"Artist":{"S":"Acme Band"},"SongTitle":{"S":"PartiQL Rocks"}})");
}

TEST_F(ExecuteStatementTest, WritesNeedAnEqualityOnEveryKeyAttribute) {
  const std::string message =
      "ValidationException: Where clause does not contain a mandatory equality on all key "
      "attributes";
  EXPECT_EQ(ExecuteError(R"(UPDATE "Music" SET a=1 WHERE Artist='Acme Band')"), message);
  EXPECT_EQ(ExecuteError(R"(DELETE FROM "Music" WHERE Artist='Acme Band' AND SongTitle > 'a')"),
            message);
  EXPECT_EQ(ExecuteError(R"(DELETE FROM "Music" WHERE Artist='Acme Band' OR SongTitle = 'a')"),
            message);
}

TEST_F(ExecuteStatementTest, DeleteRemovesTheItemAndCanReturnIt) {
  EXPECT_EQ(Items(R"(DELETE FROM "Music" WHERE "Artist" = 'Acme Band' AND "SongTitle" = )"
                  R"('PartiQL Rocks' RETURNING ALL OLD *)"),
            R"([{"Artist":{"S":"Acme Band"},"SongTitle":{"S":"PartiQL Rocks"}}])");
  EXPECT_EQ(Get("Music", R"({"Artist":{"S":"Acme Band"},"SongTitle":{"S":"PartiQL Rocks"}})"), "");
}

TEST_F(ExecuteStatementTest, DeleteOfAMissingItemSucceedsAndChangesNothing) {
  EXPECT_EQ(Items(R"(DELETE FROM "Music" WHERE Artist = 'nobody' AND SongTitle = 'x')"), "[]");
  EXPECT_EQ(ExecuteError(R"(DELETE FROM "Music" WHERE Artist = 'Acme Band' AND )"
                         R"(SongTitle = 'PartiQL Rocks' AND AwardsWon = 1)"),
            "ConditionalCheckFailedException: The conditional request failed");
}

TEST_F(ExecuteStatementTest, ParametersBindInOrder) {
  ExecuteOk(R"(INSERT INTO "Music" VALUE {'Artist': ?, 'SongTitle': ?, 'n': ?})",
            R"(,"Parameters":[{"S":"P"},{"S":"Q"},{"N":"3"}])");
  EXPECT_EQ(Items(R"(SELECT n FROM "Music" WHERE Artist = ? AND SongTitle = ?)",
                  R"(,"Parameters":[{"S":"P"},{"S":"Q"}])"),
            R"([{"n":{"N":"3"}}])");
  EXPECT_EQ(ExecuteError(R"(SELECT * FROM "Music" WHERE Artist = ?)"),
            "ValidationException: Number of parameters in request and statement don't match.");
  EXPECT_EQ(
      ExecuteError(R"(SELECT * FROM "Music" WHERE Artist = 'a')", R"(,"Parameters":[{"S":"P"}])"),
      "ValidationException: Number of parameters in request and statement don't match.");
}

TEST_F(ExecuteStatementTest, MalformedStatementsAndUnknownTables) {
  EXPECT_EQ(ExecuteError("UPSERT INTO Music VALUE {'a':1}"),
            "ValidationException: Statement wasn't well formed, can't be processed: Expected data "
            "manipulation");
  EXPECT_EQ(ExecuteError(R"(SELECT * FROM "NoSuchTable")"),
            "ResourceNotFoundException: Requested resource not found");
}

TEST_F(ExecuteStatementTest, WhereClauseOperatorsFilterAScan) {
  for (int i = 0; i < 6; ++i) {
    Put("range", R"({"pk":{"S":"p)" + std::to_string(i % 2) + R"("},"sk":{"N":")" +
                     std::to_string(i) + R"("},"s":{"S":"v)" + std::to_string(i) + R"("}})");
  }
  auto count = [&](const std::string& where) {
    rapidjson::Document doc = ExecuteOk(R"(SELECT pk FROM "range" WHERE )" + where);
    return static_cast<int>(doc["Items"].Size());
  };
  EXPECT_EQ(count("sk BETWEEN 1 AND 3"), 3);
  EXPECT_EQ(count("sk IN [0, 5, 9]"), 2);
  EXPECT_EQ(count("begins_with(s, 'v') AND NOT sk = 2"), 5);
  EXPECT_EQ(count("contains(s, '4') OR sk < 1"), 2);
  EXPECT_EQ(count("missing_attr IS MISSING AND s IS NOT MISSING"), 6);
  EXPECT_EQ(count("attribute_type(s, 'S') AND size(s) = 2"), 6);
  EXPECT_EQ(count("pk = 'p1' AND sk >= 3"), 2);           // a Query with a sort-key condition
  EXPECT_EQ(count("pk IN ['p0', 'p1'] AND sk <> 0"), 5);  // two Queries
  EXPECT_EQ(count("(pk = 'p0' OR pk = 'p1') AND s = 'v3'"), 1);
}

TEST_F(ExecuteStatementTest, LimitAndNextTokenPageThroughTwoPartitions) {
  for (int i = 0; i < 5; ++i) {
    Put("range", R"({"pk":{"S":"a"},"sk":{"N":")" + std::to_string(i) + R"("}})");
    Put("range", R"({"pk":{"S":"b"},"sk":{"N":")" + std::to_string(i) + R"("}})");
  }
  const std::string statement = R"(SELECT sk FROM "range" WHERE pk IN ['a', 'b'] ORDER BY sk DESC)";
  std::vector<std::string> seen;
  std::string token;
  int pages = 0;
  do {
    std::string extra = R"(,"Limit":3)";
    if (!token.empty()) extra += R"(,"NextToken":")" + token + "\"";
    rapidjson::Document doc = ExecuteOk(statement, extra);
    EXPECT_LE(doc["Items"].Size(), 3u);
    for (const auto& item : doc["Items"].GetArray()) seen.push_back(item["sk"]["N"].GetString());
    token = doc.HasMember("NextToken") ? doc["NextToken"].GetString() : "";
    ++pages;
  } while (!token.empty() && pages < 10);
  EXPECT_EQ(seen, (std::vector<std::string>{"4", "3", "2", "1", "0", "4", "3", "2", "1", "0"}));
  // A token is bound to its statement.
  rapidjson::Document first = ExecuteOk(statement, R"(,"Limit":3)");
  ASSERT_TRUE(first.HasMember("NextToken"));
  EXPECT_EQ(ExecuteError(R"(SELECT * FROM "range")",
                         R"(,"NextToken":")" + std::string(first["NextToken"].GetString()) + "\""),
            "ValidationException: Invalid NextToken");
}

TEST_F(ExecuteStatementTest, IndexSelectQueriesTheIndex) {
  Put("indexed", R"({"pk":{"S":"1"},"g":{"S":"x"}})");
  Put("indexed", R"({"pk":{"S":"2"},"g":{"S":"x"}})");
  Put("indexed", R"({"pk":{"S":"3"},"g":{"S":"y"}})");
  rapidjson::Document doc = ExecuteOk(R"(SELECT pk FROM "indexed"."by_g" WHERE g = 'x')");
  std::set<std::string> keys;
  for (const auto& item : doc["Items"].GetArray()) keys.insert(item["pk"]["S"].GetString());
  EXPECT_EQ(keys, (std::set<std::string>{"1", "2"}));
  EXPECT_EQ(ExecuteError(R"(SELECT * FROM "indexed"."nope")"),
            "ValidationException: The table does not have the specified index: nope");
  EXPECT_EQ(
      ExecuteError(R"(SELECT * FROM "indexed"."by_g" WHERE g = 'x')", R"(,"ConsistentRead":true)"),
      "ValidationException: Consistent reads are not supported on global secondary indexes");
}

// The service's rule: the full key by = is a GetItem (0.5 RCU eventually consistent, 1 strongly
// consistent for an item under 4 KB), the partition key by = a Query, anything else a Scan
// charged for everything it reads.
TEST_F(ExecuteStatementTest, ConsumedCapacityIsThatOfTheEquivalentRead) {
  for (int i = 0; i < 20; ++i) {
    Put("range", R"({"pk":{"S":"p"},"sk":{"N":")" + std::to_string(i) + R"("},"pad":{"S":")" +
                     std::string(1000, 'x') + R"("}})");
  }
  auto units = [&](const std::string& statement, const std::string& extra = "") {
    rapidjson::Document doc = ExecuteOk(statement, R"(,"ReturnConsumedCapacity":"TOTAL")" + extra);
    EXPECT_EQ(std::string(doc["ConsumedCapacity"]["TableName"].GetString()), "range");
    return doc["ConsumedCapacity"]["CapacityUnits"].GetDouble();
  };
  EXPECT_EQ(units(R"(SELECT * FROM "range" WHERE pk = 'p' AND sk = 3)"), 0.5);
  EXPECT_EQ(
      units(R"(SELECT * FROM "range" WHERE pk = 'p' AND sk = 3)", R"(,"ConsistentRead":true)"),
      1.0);
  // 20 items of ~1,010 bytes: a Query reads ~20.2 KB -> 5 units of 4 KB, halved.
  EXPECT_EQ(units(R"(SELECT * FROM "range" WHERE pk = 'p')"), 2.5);
  // A sort-key range in the key condition reads (and charges) only that range.
  EXPECT_EQ(units(R"(SELECT * FROM "range" WHERE pk = 'p' AND sk < 4)"), 0.5);
  // A filter on a non-key attribute narrows the result, not the charge.
  EXPECT_EQ(units(R"(SELECT * FROM "range" WHERE sk = 3)"), 2.5);
  rapidjson::Document write = ExecuteOk(R"(INSERT INTO "range" VALUE {'pk': 'q', 'sk': 1})",
                                        R"(,"ReturnConsumedCapacity":"TOTAL")");
  EXPECT_EQ(write["ConsumedCapacity"]["CapacityUnits"].GetDouble(), 1.0);
}

}  // namespace execute_statement_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::partiql_test
