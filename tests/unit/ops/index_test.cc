// Secondary indexes through Database::Call: GSI and LSI queries with ALL, KEYS_ONLY and INCLUDE
// projections, sparse indexes following their items, overloaded GSIs, multi-attribute GSI keys,
// LSI fetches from the table, index key types enforced on write, and the index errors.
#include <gtest/gtest.h>

#include "read_fixture.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::read_test {
namespace index_test {

constexpr const char* kDefinitions =
    R"(,{"AttributeName":"gpk","AttributeType":"S"},{"AttributeName":"gsk","AttributeType":"N"},)"
    R"({"AttributeName":"date","AttributeType":"N"})";
constexpr const char* kIndexes = R"(,"GlobalSecondaryIndexes":[
  {"IndexName":"g_all","KeySchema":[{"AttributeName":"gpk","KeyType":"HASH"},{"AttributeName":"gsk","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}},
  {"IndexName":"g_keys","KeySchema":[{"AttributeName":"gpk","KeyType":"HASH"}],"Projection":{"ProjectionType":"KEYS_ONLY"}},
  {"IndexName":"g_inc","KeySchema":[{"AttributeName":"gpk","KeyType":"HASH"},{"AttributeName":"gsk","KeyType":"RANGE"}],"Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["a"]}}],
  "LocalSecondaryIndexes":[
  {"IndexName":"l_date","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"date","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}])";

class IndexTest : public ReadTest {
 protected:
  void SetUp() override {
    ReadTest::SetUp();
    Ok("CreateTable", KeyedTable("idx", "N", kDefinitions, kIndexes));
  }

  rapidjson::Document QueryIndex(const std::string& index, const std::string& key_condition,
                                 const std::string& values, const std::string& extra = "") {
    return Ok("Query", R"({"TableName":"idx","IndexName":")" + index +
                           R"(","KeyConditionExpression":")" + key_condition +
                           R"(","ExpressionAttributeValues":{)" + values + "}" + extra + "}");
  }
  std::vector<std::string> GsiSortKeys(const std::string& gpk) {
    return Values(QueryIndex("g_all", "gpk = :g", R"(":g":{"S":")" + gpk + R"("})"), "sk");
  }
};

TEST_F(IndexTest, EachProjectionReturnsWhatTheIndexHolds) {
  Put("idx",
      R"({"pk":{"S":"p"},"sk":{"N":"1"},"gpk":{"S":"g"},"gsk":{"N":"7"},"a":{"S":"A"},"b":{"S":"B"}})");
  const std::string g = R"(":g":{"S":"g"})";
  EXPECT_EQ(
      ToJson(QueryIndex("g_all", "gpk = :g", g)["Items"]),
      R"([{"a":{"S":"A"},"b":{"S":"B"},"gpk":{"S":"g"},"gsk":{"N":"7"},"pk":{"S":"p"},"sk":{"N":"1"}}])");
  EXPECT_EQ(ToJson(QueryIndex("g_keys", "gpk = :g", g)["Items"]),
            R"([{"gpk":{"S":"g"},"pk":{"S":"p"},"sk":{"N":"1"}}])");
  EXPECT_EQ(ToJson(QueryIndex("g_inc", "gpk = :g", g)["Items"]),
            R"([{"a":{"S":"A"},"gpk":{"S":"g"},"gsk":{"N":"7"},"pk":{"S":"p"},"sk":{"N":"1"}}])");
  // ALL_PROJECTED_ATTRIBUTES is the default on an index, and may be asked for.
  EXPECT_EQ(ToJson(QueryIndex("g_inc", "gpk = :g", g,
                              R"(,"Select":"ALL_PROJECTED_ATTRIBUTES")")["Items"]),
            R"([{"a":{"S":"A"},"gpk":{"S":"g"},"gsk":{"N":"7"},"pk":{"S":"p"},"sk":{"N":"1"}}])");
}

TEST_F(IndexTest, SparseGsiFollowsItsKeyAttributeBeingAddedChangedAndRemoved) {
  Put("idx", R"({"pk":{"S":"p"},"sk":{"N":"1"}})");
  EXPECT_EQ(GsiSortKeys("g1"), std::vector<std::string>{});
  Put("idx", R"({"pk":{"S":"p"},"sk":{"N":"1"},"gpk":{"S":"g1"},"gsk":{"N":"1"}})");  // added
  EXPECT_EQ(GsiSortKeys("g1"), std::vector<std::string>{"1"});
  Put("idx", R"({"pk":{"S":"p"},"sk":{"N":"1"},"gpk":{"S":"g2"},"gsk":{"N":"1"}})");  // changed
  EXPECT_EQ(GsiSortKeys("g1"), std::vector<std::string>{});
  EXPECT_EQ(GsiSortKeys("g2"), std::vector<std::string>{"1"});
  Put("idx", R"({"pk":{"S":"p"},"sk":{"N":"1"},"gpk":{"S":"g2"}})");  // sort key removed
  EXPECT_EQ(GsiSortKeys("g2"), std::vector<std::string>{});
  // The hash-only GSI still holds it: its key is complete.
  EXPECT_EQ(Values(QueryIndex("g_keys", "gpk = :g", R"(":g":{"S":"g2"})"), "sk"),
            std::vector<std::string>{"1"});
  Ok("UpdateItem",
     R"({"TableName":"idx","Key":{"pk":{"S":"p"},"sk":{"N":"1"}},"UpdateExpression":"REMOVE gpk"})");
  EXPECT_EQ(Values(QueryIndex("g_keys", "gpk = :g", R"(":g":{"S":"g2"})"), "sk"),
            std::vector<std::string>{});
  Ok("DeleteItem", R"({"TableName":"idx","Key":{"pk":{"S":"p"},"sk":{"N":"1"}}})");
  EXPECT_EQ(ToJson(Ok("Scan", R"({"TableName":"idx","IndexName":"g_keys","Select":"COUNT"})")),
            R"({"Count":0,"ScannedCount":0})");
}

TEST_F(IndexTest, EqualIndexKeysComeInTableKeyOrder) {
  for (const char* pk : {"b", "a", "c"}) {
    for (const char* sk : {"2", "10", "1"}) {
      Put("idx", std::string(R"({"pk":{"S":")") + pk + R"("},"sk":{"N":")" + sk +
                     R"("},"gpk":{"S":"same"},"gsk":{"N":"5"}})");
    }
  }
  rapidjson::Document doc = QueryIndex("g_all", "gpk = :g", R"(":g":{"S":"same"})");
  std::vector<std::string> keys;
  for (const auto& item : doc["Items"].GetArray()) {
    keys.push_back(std::string(item["pk"]["S"].GetString()) + item["sk"]["N"].GetString());
  }
  EXPECT_EQ(keys,
            (std::vector<std::string>{"a1", "a2", "a10", "b1", "b2", "b10", "c1", "c2", "c10"}));
}

TEST_F(IndexTest, IndexPagesCarryIndexAndTableKeysAndResumeFromThem) {
  for (int i = 0; i < 7; ++i) {
    Put("idx", R"({"pk":{"S":"p)" + std::to_string(i) +
                   R"("},"sk":{"N":"1"},"gpk":{"S":"g"},"gsk":{"N":")" + std::to_string(i % 3) +
                   R"("}})");
  }
  rapidjson::Document first = QueryIndex("g_all", "gpk = :g", R"(":g":{"S":"g"})", R"(,"Limit":2)");
  EXPECT_EQ(ToJson(first["LastEvaluatedKey"]),
            R"({"gpk":{"S":"g"},"gsk":{"N":"0"},"pk":{"S":"p3"},"sk":{"N":"1"}})");
  Pages all = Drain(
      "Query",
      R"({"TableName":"idx","IndexName":"g_all","Limit":2,"KeyConditionExpression":"gpk = :g","ExpressionAttributeValues":{":g":{"S":"g"}}})",
      "pk");
  EXPECT_EQ(all.values, (std::vector<std::string>{"p0", "p3", "p6", "p1", "p4", "p2", "p5"}));
  Pages back = Drain(
      "Query",
      R"({"TableName":"idx","IndexName":"g_all","Limit":3,"ScanIndexForward":false,"KeyConditionExpression":"gpk = :g","ExpressionAttributeValues":{":g":{"S":"g"}}})",
      "pk");
  EXPECT_EQ(back.values, (std::vector<std::string>{"p5", "p2", "p4", "p1", "p6", "p3", "p0"}));
}

TEST_F(IndexTest, LocalIndexSortsByItsKeyAndFetchesWhatItDoesNotProject) {
  Put("idx", R"({"pk":{"S":"p"},"sk":{"N":"1"},"date":{"N":"30"},"b":{"S":"one"}})");
  Put("idx", R"({"pk":{"S":"p"},"sk":{"N":"2"},"date":{"N":"10"},"b":{"S":"two"}})");
  Put("idx", R"({"pk":{"S":"p"},"sk":{"N":"3"},"b":{"S":"three"}})");  // not in the LSI
  const std::string p = R"(":p":{"S":"p"})";
  rapidjson::Document doc =
      QueryIndex("l_date", "pk = :p", p, R"(,"ReturnConsumedCapacity":"INDEXES")");
  EXPECT_EQ(
      ToJson(doc),
      R"({"Items":[{"date":{"N":"10"},"pk":{"S":"p"},"sk":{"N":"2"}},{"date":{"N":"30"},"pk":{"S":"p"},"sk":{"N":"1"}}],)"
      R"("Count":2,"ScannedCount":2,"ConsumedCapacity":{"TableName":"idx","CapacityUnits":0.5,)"
      R"("Table":{"CapacityUnits":0.0},"LocalSecondaryIndexes":{"l_date":{"CapacityUnits":0.5}}}})");
  // ALL_ATTRIBUTES reads each item from the table: one more read per item.
  doc = QueryIndex(
      "l_date", "pk = :p", p,
      R"(,"Select":"ALL_ATTRIBUTES","ConsistentRead":true,"ReturnConsumedCapacity":"INDEXES")");
  EXPECT_EQ(Values(doc, "b"), (std::vector<std::string>{"two", "one"}));
  EXPECT_EQ(ToJson(doc["ConsumedCapacity"]),
            R"({"TableName":"idx","CapacityUnits":3.0,"Table":{"CapacityUnits":2.0},)"
            R"("LocalSecondaryIndexes":{"l_date":{"CapacityUnits":1.0}}})");
  doc = QueryIndex("l_date", "pk = :p AND #d > :d", p + R"(,":d":{"N":"15"})",
                   R"(,"ProjectionExpression":"b","ExpressionAttributeNames":{"#d":"date"})");
  EXPECT_EQ(ToJson(doc["Items"]), R"([{"b":{"S":"one"}}])");
}

TEST_F(IndexTest, OverloadedGsiServesSeveralEntityTypes) {
  Ok("CreateTable",
     KeyedTable(
         "overloaded", "S",
         R"(,{"AttributeName":"gsi1pk","AttributeType":"S"},{"AttributeName":"gsi1sk","AttributeType":"S"})",
         R"(,"GlobalSecondaryIndexes":[{"IndexName":"gsi1","KeySchema":[{"AttributeName":"gsi1pk","KeyType":"HASH"},{"AttributeName":"gsi1sk","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}])"));
  Put("overloaded",
      R"({"pk":{"S":"EMP#1"},"sk":{"S":"PROFILE"},"gsi1pk":{"S":"DEPT#7"},"gsi1sk":{"S":"EMP#Ann"},"type":{"S":"employee"}})");
  Put("overloaded",
      R"({"pk":{"S":"EMP#2"},"sk":{"S":"PROFILE"},"gsi1pk":{"S":"DEPT#7"},"gsi1sk":{"S":"EMP#Bob"},"type":{"S":"employee"}})");
  Put("overloaded",
      R"({"pk":{"S":"DEPT#7"},"sk":{"S":"META"},"gsi1pk":{"S":"DEPT#7"},"gsi1sk":{"S":"DEPT"},"type":{"S":"department"}})");
  Put("overloaded",
      R"({"pk":{"S":"PRJ#3"},"sk":{"S":"META"},"gsi1pk":{"S":"DEPT#7"},"gsi1sk":{"S":"PRJ#Apollo"},"type":{"S":"project"}})");
  const std::string base =
      R"j({"TableName":"overloaded","IndexName":"gsi1","KeyConditionExpression":"gsi1pk = :d AND begins_with(gsi1sk, :t)","ExpressionAttributeValues":{":d":{"S":"DEPT#7"},":t":{"S":")j";
  EXPECT_EQ(Values(Ok("Query", base + R"(EMP#"}}})"), "pk"),
            (std::vector<std::string>{"EMP#1", "EMP#2"}));
  EXPECT_EQ(Values(Ok("Query", base + R"(PRJ#"}}})"), "type"), std::vector<std::string>{"project"});
  EXPECT_EQ(Values(Ok("Query", base + R"(D"}}})"), "type"), std::vector<std::string>{"department"});
}

TEST_F(IndexTest, MultiAttributeKeysQueryByEveryPartitionAttributeAndALeadingSortPrefix) {
  Ok("CreateTable", R"({"TableName":"matches","BillingMode":"PAY_PER_REQUEST",
    "KeySchema":[{"AttributeName":"id","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"},{"AttributeName":"tid","AttributeType":"S"},
      {"AttributeName":"rgn","AttributeType":"S"},{"AttributeName":"round","AttributeType":"N"},{"AttributeName":"game","AttributeType":"S"}],
    "GlobalSecondaryIndexes":[{"IndexName":"by_tournament","KeySchema":[
      {"AttributeName":"tid","KeyType":"HASH"},{"AttributeName":"rgn","KeyType":"HASH"},
      {"AttributeName":"round","KeyType":"RANGE"},{"AttributeName":"game","KeyType":"RANGE"}],
      "Projection":{"ProjectionType":"ALL"}}]})");
  int id = 0;
  for (const char* rgn : {"eu", "us"}) {
    for (const char* round : {"1", "2", "10"}) {
      for (const char* game : {"b", "a"}) {
        Put("matches", R"({"id":{"S":"m)" + std::to_string(id++) +
                           R"("},"tid":{"S":"w24"},"rgn":{"S":")" + rgn + R"("},"round":{"N":")" +
                           round + R"("},"game":{"S":")" + game + R"("}})");
      }
    }
  }
  Put("matches",
      R"({"id":{"S":"no_region"},"tid":{"S":"w24"},"round":{"N":"1"},"game":{"S":"a"}})");
  Put("matches", R"({"id":{"S":"no_game"},"tid":{"S":"w24"},"rgn":{"S":"eu"},"round":{"N":"1"}})");
  const auto query = [&](const std::string& condition, const std::string& values) {
    rapidjson::Document doc =
        Ok("Query",
           R"({"TableName":"matches","IndexName":"by_tournament","KeyConditionExpression":")" +
               condition + R"(","ExpressionAttributeValues":{":t":{"S":"w24"},":r":{"S":"eu"})" +
               values + "}}");
    std::vector<std::string> out;
    for (const auto& item : doc["Items"].GetArray()) {
      out.push_back(std::string(item["round"]["N"].GetString()) + item["game"]["S"].GetString());
    }
    return out;
  };
  using V = std::vector<std::string>;
  // Items missing any key attribute are not indexed.
  EXPECT_EQ(query("tid = :t AND rgn = :r", ""), (V{"1a", "1b", "2a", "2b", "10a", "10b"}));
  EXPECT_EQ(query("tid = :t AND rgn = :r AND round = :n", R"(,":n":{"N":"2"})"), (V{"2a", "2b"}));
  EXPECT_EQ(query("tid = :t AND rgn = :r AND round > :n", R"(,":n":{"N":"1"})"),
            (V{"2a", "2b", "10a", "10b"}));
  EXPECT_EQ(query("tid = :t AND rgn = :r AND round = :n AND game >= :g",
                  R"(,":n":{"N":"10"},":g":{"S":"b"})"),
            (V{"10b"}));
  EXPECT_EQ(query("rgn = :r AND tid = :t AND round BETWEEN :n AND :m",
                  R"(,":n":{"N":"2"},":m":{"N":"10"})"),
            (V{"2a", "2b", "10a", "10b"}));
  const std::string prefix =
      R"({"TableName":"matches","IndexName":"by_tournament","ExpressionAttributeValues":{":t":{"S":"w24"},":r":{"S":"eu"},":n":{"N":"1"}},"KeyConditionExpression":")";
  ExpectValidation("Query", prefix + R"(tid = :t AND round = :n AND game = :r"})",
                   "Query condition missed key schema element: rgn");
  ExpectValidation("Query", prefix + R"(tid = :t AND rgn = :r AND game = :r AND game > :n"})",
                   "KeyConditionExpressions must only contain one condition per key");
  ExpectValidation("Query", prefix + R"(tid = :t AND rgn = :r AND game = :r AND :n < :n"})",
                   "Invalid condition in KeyConditionExpression: No key attribute specified");
  ExpectValidation("Query", prefix + R"(tid = :t AND rgn = :r AND game = :n"})",
                   "RANGE key attributes round must have equality conditions specified in the "
                   "query because a condition is present on key attribute game");
  ExpectValidation("Query", prefix + R"(tid = :t AND rgn = :r AND round > :n AND game = :r"})",
                   "RANGE key attributes round must have equality conditions specified in the "
                   "query because a condition is present on key attribute game");
}

TEST_F(IndexTest, FourSortAttributesSortOneAfterAnother) {
  // The scenario AWS was observed with ([PARITYSUITE] tier1/query/multiAttributeGsiKey.test.ts).
  Ok("CreateTable", R"({"TableName":"four","BillingMode":"PAY_PER_REQUEST",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"h","AttributeType":"S"},
      {"AttributeName":"a","AttributeType":"S"},{"AttributeName":"b","AttributeType":"S"},
      {"AttributeName":"c","AttributeType":"S"},{"AttributeName":"d","AttributeType":"S"}],
    "GlobalSecondaryIndexes":[{"IndexName":"gsi","KeySchema":[{"AttributeName":"h","KeyType":"HASH"},
      {"AttributeName":"a","KeyType":"RANGE"},{"AttributeName":"b","KeyType":"RANGE"},
      {"AttributeName":"c","KeyType":"RANGE"},{"AttributeName":"d","KeyType":"RANGE"}],
      "Projection":{"ProjectionType":"ALL"}}]})");
  for (const char* item :
       {R"("pk":{"S":"p1"},"a":{"S":"T"},"b":{"S":"live"},"c":{"S":"b"},"d":{"S":"r1"})",
        R"("pk":{"S":"p2"},"a":{"S":"T"},"b":{"S":"live"},"c":{"S":"a"},"d":{"S":"r2"})",
        R"("pk":{"S":"p3"},"a":{"S":"T"},"b":{"S":"live"},"c":{"S":"a"},"d":{"S":"r1"})",
        R"("pk":{"S":"p4"},"a":{"S":"T"},"b":{"S":"draft"},"c":{"S":"c"},"d":{"S":"r1"})",
        R"("pk":{"S":"p5"},"a":{"S":"F"},"b":{"S":"live"},"c":{"S":"a"},"d":{"S":"r0"})",
        R"("pk":{"S":"p6"},"a":{"S":"T"},"b":{"S":"live"},"d":{"S":"r1"})"}) {
    Put("four", std::string(R"({"h":{"S":"o1"},)") + item + "}");
  }
  const auto pks = [&](const std::string& condition, const std::string& extra = "") {
    return Values(
        Ok("Query",
           R"({"TableName":"four","IndexName":"gsi","KeyConditionExpression":")" + condition +
               R"(","ExpressionAttributeValues":{":h":{"S":"o1"},":a":{"S":"T"},":b":{"S":"live"},)"
               R"(":c":{"S":"a"},":d":{"S":"r"},":x":{"S":"r1"}})" +
               extra + "}"),
        "pk");
  };
  using V = std::vector<std::string>;
  const std::string unused_ok =
      R"(,"ExpressionAttributeNames":{"#u":"u"},"FilterExpression":"attribute_not_exists(#u) OR :a = :a OR :b = :b OR :c = :c OR :d = :d OR :x = :x")";
  EXPECT_EQ(pks("h = :h", unused_ok), (V{"p5", "p4", "p3", "p2", "p1"}));
  EXPECT_EQ(pks("h = :h AND a = :a", unused_ok), (V{"p4", "p3", "p2", "p1"}));
  EXPECT_EQ(pks("h = :h AND a = :a", unused_ok + R"(,"ScanIndexForward":false)"),
            (V{"p1", "p2", "p3", "p4"}));
  EXPECT_EQ(pks("h = :h AND a = :a AND b = :b AND c > :c", unused_ok), V{"p1"});
  EXPECT_EQ(pks("h = :h AND a = :a AND b = :b AND c = :c AND begins_with(d, :d)", unused_ok),
            (V{"p3", "p2"}));
  EXPECT_EQ(pks("h = :h AND a = :a AND b = :b AND c = :c AND d BETWEEN :x AND :x", unused_ok),
            V{"p3"});
  EXPECT_EQ(pks("h = :h AND a = :a AND b < :b", unused_ok), V{"p4"});
  EXPECT_EQ(pks("b = :b AND h = :h AND a = :a", unused_ok), (V{"p3", "p2", "p1"}));
  ExpectValidation(
      "Query",
      R"({"TableName":"four","IndexName":"gsi","KeyConditionExpression":"h = :h AND b = :b","ExpressionAttributeValues":{":h":{"S":"o1"},":b":{"S":"live"}}})",
      "RANGE key attributes a must have equality conditions specified in the query "
      "because a condition is present on key attribute b");
}

TEST_F(IndexTest, IndexKeyTypesAreEnforcedOnWrite) {
  ExpectValidation("PutItem",
                   R"({"TableName":"idx","Item":{"pk":{"S":"p"},"sk":{"N":"1"},"gsk":{"S":"x"}}})",
                   "One or more parameter values were invalid: Type mismatch for Index Key gsk "
                   "Expected: N Actual: S IndexName: g_all");
  // Several indexes reject the value: the service names the first in its order (local indexes
  // first, then the iteration order of a Java HashMap of names: g_all, g_keys, g_inc).
  ExpectValidation("PutItem",
                   R"({"TableName":"idx","Item":{"pk":{"S":"p"},"sk":{"N":"1"},"gpk":{"S":""}}})",
                   "One or more parameter values are not valid. A value specified for a secondary "
                   "index key is not supported. The AttributeValue for a key attribute cannot "
                   "contain an empty string value. IndexName: g_all, IndexKey: gpk");
  ExpectValidation(
      "PutItem",
      R"({"TableName":"idx","Item":{"pk":{"S":"p"},"sk":{"N":"1"},"gpk":{"N":"1"},"date":{"S":"x"}}})",
      "One or more parameter values were invalid: Type mismatch for Index Key date "
      "Expected: N Actual: S IndexName: l_date");
}

TEST_F(IndexTest, UpdateTableBackfillsANewGsiAtOnceAndDropsADeletedOne) {
  for (int i = 0; i < 50; ++i) {
    Put("idx", R"({"pk":{"S":"p)" + std::to_string(i) + R"("},"sk":{"N":"1"},"color":{"S":")" +
                   (i % 2 == 0 ? "red" : "blue") + R"("}})");
  }
  Put("idx", R"({"pk":{"S":"uncolored"},"sk":{"N":"1"}})");
  rapidjson::Document created = Ok("UpdateTable", R"({"TableName":"idx",
      "AttributeDefinitions":[{"AttributeName":"color","AttributeType":"S"}],
      "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"by_color",
        "KeySchema":[{"AttributeName":"color","KeyType":"HASH"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}}]})");
  // The response shows the index being created, as the service answers; the backfill has run
  // in the same transaction, so the index is ACTIVE and complete as soon as UpdateTable returns.
  const auto& shown = created["TableDescription"];
  EXPECT_STREQ(shown["TableStatus"].GetString(), "UPDATING");
  for (const auto& index : shown["GlobalSecondaryIndexes"].GetArray()) {
    if (std::string(index["IndexName"].GetString()) != "by_color") continue;
    EXPECT_STREQ(index["IndexStatus"].GetString(), "CREATING");
    EXPECT_FALSE(index["Backfilling"].GetBool());
  }
  rapidjson::Document described = Ok("DescribeTable", R"({"TableName":"idx"})");
  EXPECT_STREQ(described["Table"]["TableStatus"].GetString(), "ACTIVE");
  EXPECT_EQ(
      Drain(
          "Query",
          R"({"TableName":"idx","IndexName":"by_color","Limit":7,"KeyConditionExpression":"color = :c","ExpressionAttributeValues":{":c":{"S":"red"}}})",
          "pk")
          .values.size(),
      25u);
  EXPECT_EQ(ToJson(Ok("Scan", R"({"TableName":"idx","IndexName":"by_color","Select":"COUNT"})")),
            R"({"Count":50,"ScannedCount":50})");
  // New writes maintain it like any index.
  Put("idx", R"({"pk":{"S":"uncolored"},"sk":{"N":"1"},"color":{"S":"red"}})");
  EXPECT_EQ(
      ToJson(Ok(
          "Query",
          R"({"TableName":"idx","IndexName":"by_color","Select":"COUNT","KeyConditionExpression":"color = :c","ExpressionAttributeValues":{":c":{"S":"red"}}})")),
      R"({"Count":26,"ScannedCount":26})");

  Ok("UpdateTable",
     R"({"TableName":"idx","GlobalSecondaryIndexUpdates":[{"Delete":{"IndexName":"by_color"}}]})");
  ExpectValidation(
      "Query",
      R"({"TableName":"idx","IndexName":"by_color","KeyConditionExpression":"color = :c","ExpressionAttributeValues":{":c":{"S":"red"}}})",
      "The table does not have the specified index: by_color");
  // Re-created, it is backfilled from the table again.
  Ok("UpdateTable", R"({"TableName":"idx",
      "AttributeDefinitions":[{"AttributeName":"color","AttributeType":"S"}],
      "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"by_color",
        "KeySchema":[{"AttributeName":"color","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}}]})");
  EXPECT_EQ(ToJson(Ok("Scan", R"({"TableName":"idx","IndexName":"by_color","Select":"COUNT"})")),
            R"({"Count":51,"ScannedCount":51})");
}

struct ErrorCase {
  const char* name;
  const char* body;
  const char* message;
};

class IndexErrorTest : public IndexTest, public ::testing::WithParamInterface<ErrorCase> {};

TEST_P(IndexErrorTest, IsRejectedWithTheServiceMessage) {
  ExpectValidation(GetParam().name[0] == 'S' ? "Scan" : "Query", GetParam().body,
                   GetParam().message);
}

#define GKEY \
  R"("TableName":"idx","KeyConditionExpression":"gpk = :g","ExpressionAttributeValues":{":g":{"S":"g"}})"

INSTANTIATE_TEST_SUITE_P(
    Messages, IndexErrorTest,
    ::testing::Values(
        ErrorCase{"QConsistentGsi", "{" GKEY R"(,"IndexName":"g_all","ConsistentRead":true})",
                  "Consistent reads are not supported on global secondary indexes"},
        ErrorCase{"SConsistentGsi",
                  R"({"TableName":"idx","IndexName":"g_keys","ConsistentRead":true})",
                  "Consistent reads are not supported on global secondary indexes"},
        ErrorCase{"QAllAttributesOfAKeysOnlyGsi",
                  "{" GKEY R"(,"IndexName":"g_keys","Select":"ALL_ATTRIBUTES"})",
                  "One or more parameter values were invalid: Select type ALL_ATTRIBUTES is not "
                  "supported for global secondary index g_keys because its projection type is not "
                  "ALL"},
        ErrorCase{"QProjectionOutsideTheGsi",
                  "{" GKEY R"(,"IndexName":"g_inc","ProjectionExpression":"b.x, a, c"})",
                  "One or more parameter values were invalid: Global secondary index g_inc does "
                  "not project [b, c]"},
        ErrorCase{"QFilterOutsideTheIndex",
                  "{" GKEY R"(,"IndexName":"g_inc","FilterExpression":"b = :g"})",
                  "One or more parameter values were invalid: Secondary index g_inc does not "
                  "project one or more filter attributes: [b]"},
        ErrorCase{
            "QFilterOutsideTheLsi",
            R"({"TableName":"idx","IndexName":"l_date","KeyConditionExpression":"pk = :p","FilterExpression":"b = :p","ExpressionAttributeValues":{":p":{"S":"p"}}})",
            "One or more parameter values were invalid: Secondary index l_date does not "
            "project one or more filter attributes: [b]"},
        ErrorCase{
            "QFilterOnTheIndexKey",
            R"({"TableName":"idx","KeyConditionExpression":"gpk = :g","IndexName":"g_inc","FilterExpression":"gsk > :n","ExpressionAttributeValues":{":g":{"S":"g"},":n":{"N":"1"}}})",
            "Filter Expression can only contain non-primary key attributes: Primary key "
            "attribute: gsk"},
        ErrorCase{
            "QNestedPathIntoAnIndexKey",
            R"({"TableName":"idx","KeyConditionExpression":"pk = :p","FilterExpression":"gsk.x = :p","ExpressionAttributeValues":{":p":{"S":"p"}}})",
            "Key attributes must be scalars; list random access '[]' and map lookup '.' are "
            "not allowed: IndexKey: gsk"},
        ErrorCase{
            "QTableKeyConditionOnAGsi",
            R"({"TableName":"idx","IndexName":"g_all","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"p"}}})",
            "Query condition missed key schema element: gpk"},
        ErrorCase{"QStartKeyWithoutTheIndexKey",
                  "{" GKEY
                  R"(,"IndexName":"g_all","ExclusiveStartKey":{"pk":{"S":"p"},"sk":{"N":"1"}}})",
                  "The provided starting key is invalid"},
        ErrorCase{
            "QStartKeyWithoutTheTableKey",
            "{" GKEY
            R"(,"IndexName":"g_all","ExclusiveStartKey":{"pk":{"S":"p"},"gpk":{"S":"g"},"gsk":{"N":"1"},"x":{"S":"x"}}})",
            "The provided starting key is invalid"},
        ErrorCase{
            "QStartKeyWithAMistypedTableKey",
            "{" GKEY
            R"(,"IndexName":"g_all","ExclusiveStartKey":{"pk":{"S":"p"},"sk":{"S":"1"},"gpk":{"S":"g"},"gsk":{"N":"1"}}})",
            "The provided starting key is invalid: The provided key element does not match "
            "the schema"},
        ErrorCase{
            "QStartKeyInAnotherIndexPartition",
            "{" GKEY
            R"(,"IndexName":"g_keys","ExclusiveStartKey":{"pk":{"S":"p"},"sk":{"N":"1"},"gpk":{"S":"h"}}})",
            "The provided starting key is outside query boundaries based on provided "
            "conditions"},
        ErrorCase{"SAllProjectedOnATable",
                  R"({"TableName":"idx","Select":"ALL_PROJECTED_ATTRIBUTES"})",
                  "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName"},
        ErrorCase{"SIndexMissing", R"({"TableName":"idx","IndexName":"nope"})",
                  "The table does not have the specified index: nope"}),
    [](const ::testing::TestParamInfo<ErrorCase>& info) { return info.param.name; });

#undef GKEY

}  // namespace index_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::read_test
