// The control plane through Database::Call, as a client sees it: CreateTable, DescribeTable,
// ListTables, DeleteTable and UpdateTable responses member by member, and every error with its
// exact type and message.
#include <gtest/gtest.h>
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <regex>
#include <string>

#include "ddbemu/clock.h"
#include "ddbemu/database.h"

namespace ddbemu {
namespace {

constexpr std::int64_t kStart = 1'700'000'000'123'000;  // 2023-11-14T22:13:20.123Z
constexpr const char* kArnPrefix = "arn:aws:dynamodb:us-east-1:000000000000:table/";

std::string HashTable(const std::string& name, const std::string& extra = "") {
  return R"({"TableName":")" + name +
         R"(","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
         R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}])" +
         (extra.empty()
              ? R"(,"ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5})"
              : extra) +
         "}";
}

std::string OnDemandTable(const std::string& name) {
  return HashTable(name, R"(,"BillingMode":"PAY_PER_REQUEST")");
}

class TablesTest : public ::testing::Test {
 protected:
  void SetUp() override { Open(false, ""); }

  void Open(bool shared_db, const std::string& path) {
    db_.reset();
    Options options;
    options.in_memory = path.empty();
    options.path = path;
    options.durability = Durability::kNone;
    options.shared_db = shared_db;
    options.clock = clock_;
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok()) << db.error().message();
    db_ = std::move(db).value();
  }

  Response Call(const std::string& op, const std::string& body,
                const RequestContext& context = {}) {
    return db_->Call(op, body, context);
  }

  // The body of a successful call, parsed.
  rapidjson::Document Ok(const std::string& op, const std::string& body,
                         const RequestContext& context = {}) {
    Response r = Call(op, body, context);
    EXPECT_EQ(r.http_status, 200) << op << " " << body << " -> " << r.body;
    rapidjson::Document doc;
    doc.Parse(r.body.c_str());
    EXPECT_FALSE(doc.HasParseError()) << r.body;
    return doc;
  }

  // Asserts an error response's short type and message.
  void ExpectError(const std::string& op, const std::string& body, const std::string& type,
                   const std::string& message) {
    Response r = Call(op, body);
    EXPECT_EQ(r.http_status, 400) << r.body;
    rapidjson::Document doc;
    doc.Parse(r.body.c_str());
    ASSERT_FALSE(doc.HasParseError()) << r.body;
    std::string full = doc["__type"].GetString();
    EXPECT_EQ(full.substr(full.find('#') + 1), type) << r.body;
    ASSERT_TRUE(doc.HasMember("message")) << r.body;
    EXPECT_EQ(std::string(doc["message"].GetString()), message) << op << " " << body;
  }

  void ExpectCreateError(const std::string& body, const std::string& message) {
    ExpectError("CreateTable", body, "ValidationException", message);
  }

  std::shared_ptr<VirtualClock> clock_ = std::make_shared<VirtualClock>(kStart);
  std::unique_ptr<Database> db_;
};

std::string Str(const rapidjson::Value& v) {
  return std::string(v.GetString(), v.GetStringLength());
}

std::string ToJson(const rapidjson::Value& v) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> w(buffer);
  v.Accept(w);
  return buffer.GetString();
}

// ---- CreateTable: responses ----

TEST_F(TablesTest, CreateProvisionedTableRespondsCreatingWithTheServiceMembers) {
  rapidjson::Document doc = Ok("CreateTable", HashTable("orders"));
  const auto& t = doc["TableDescription"];
  EXPECT_EQ(ToJson(t["AttributeDefinitions"]), R"([{"AttributeName":"pk","AttributeType":"S"}])");
  EXPECT_EQ(Str(t["TableName"]), "orders");
  EXPECT_EQ(ToJson(t["KeySchema"]), R"([{"AttributeName":"pk","KeyType":"HASH"}])");
  EXPECT_EQ(Str(t["TableStatus"]), "CREATING");
  EXPECT_DOUBLE_EQ(t["CreationDateTime"].GetDouble(), 1700000000.123);
  EXPECT_EQ(ToJson(t["ProvisionedThroughput"]),
            R"({"NumberOfDecreasesToday":0,"ReadCapacityUnits":5,"WriteCapacityUnits":5})");
  EXPECT_EQ(t["TableSizeBytes"].GetInt64(), 0);
  EXPECT_EQ(t["ItemCount"].GetInt64(), 0);
  EXPECT_EQ(Str(t["TableArn"]), std::string(kArnPrefix) + "orders");
  EXPECT_TRUE(std::regex_match(
      Str(t["TableId"]),
      std::regex("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")));
  EXPECT_FALSE(t["DeletionProtectionEnabled"].GetBool());
  // Not sent for tables created PROVISIONED, and never in the CreateTable response.
  EXPECT_FALSE(t.HasMember("BillingModeSummary"));
  EXPECT_FALSE(t.HasMember("WarmThroughput"));
  EXPECT_FALSE(t.HasMember("TableClassSummary"));
  EXPECT_FALSE(t.HasMember("OnDemandThroughput"));
}

TEST_F(TablesTest, CreateOnDemandTableReportsZeroThroughputAndABillingSummaryWithoutTime) {
  rapidjson::Document doc = Ok("CreateTable", OnDemandTable("ondemand"));
  const auto& t = doc["TableDescription"];
  EXPECT_EQ(ToJson(t["ProvisionedThroughput"]),
            R"({"NumberOfDecreasesToday":0,"ReadCapacityUnits":0,"WriteCapacityUnits":0})");
  EXPECT_EQ(ToJson(t["BillingModeSummary"]), R"({"BillingMode":"PAY_PER_REQUEST"})");
}

TEST_F(TablesTest, DescribeAfterCreateSaysActiveWithWarmThroughputAndBillingTime) {
  Ok("CreateTable", OnDemandTable("ondemand"));
  rapidjson::Document doc = Ok("DescribeTable", R"({"TableName":"ondemand"})");
  const auto& t = doc["Table"];
  EXPECT_EQ(Str(t["TableStatus"]), "ACTIVE");
  EXPECT_EQ(
      ToJson(t["BillingModeSummary"]),
      R"({"BillingMode":"PAY_PER_REQUEST","LastUpdateToPayPerRequestDateTime":1700000000.123})");
  EXPECT_EQ(ToJson(t["WarmThroughput"]),
            R"({"ReadUnitsPerSecond":12000,"WriteUnitsPerSecond":4000,"Status":"ACTIVE"})");
}

TEST_F(TablesTest, ProvisionedTableWarmThroughputMirrorsItsCapacity) {
  Ok("CreateTable", HashTable("prov"));
  rapidjson::Document doc = Ok("DescribeTable", R"({"TableName":"prov"})");
  EXPECT_EQ(ToJson(doc["Table"]["WarmThroughput"]),
            R"({"ReadUnitsPerSecond":5,"WriteUnitsPerSecond":5,"Status":"ACTIVE"})");
}

TEST_F(TablesTest, AttributeDefinitionsAndNonKeyAttributesComeBackSortedByName) {
  rapidjson::Document doc =
      Ok("CreateTable", R"({"TableName":"sorted","BillingMode":"PAY_PER_REQUEST",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
    "AttributeDefinitions":[{"AttributeName":"z","AttributeType":"N"},{"AttributeName":"sk","AttributeType":"S"},
                            {"AttributeName":"pk","AttributeType":"B"}],
    "GlobalSecondaryIndexes":[{"IndexName":"by_z","KeySchema":[{"AttributeName":"z","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["zz","aa","mm"]}}]})");
  const auto& t = doc["TableDescription"];
  EXPECT_EQ(
      ToJson(t["AttributeDefinitions"]),
      R"([{"AttributeName":"pk","AttributeType":"B"},{"AttributeName":"sk","AttributeType":"S"},)"
      R"({"AttributeName":"z","AttributeType":"N"}])");
  EXPECT_EQ(ToJson(t["GlobalSecondaryIndexes"][0]["Projection"]),
            R"({"ProjectionType":"INCLUDE","NonKeyAttributes":["aa","mm","zz"]})");
}

TEST_F(TablesTest, IndexesAreDescribedWithStatusThroughputCountsAndArns) {
  const std::string body = R"({"TableName":"indexed",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"S"},
                            {"AttributeName":"g","AttributeType":"S"},{"AttributeName":"l","AttributeType":"N"}],
    "ProvisionedThroughput":{"ReadCapacityUnits":10,"WriteCapacityUnits":5},
    "LocalSecondaryIndexes":[{"IndexName":"by_l","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
      {"AttributeName":"l","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}],
    "GlobalSecondaryIndexes":[{"IndexName":"by_g","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"ALL"},"ProvisionedThroughput":{"ReadCapacityUnits":3,"WriteCapacityUnits":4}}]})";
  rapidjson::Document created = Ok("CreateTable", body);
  const std::string arn = std::string(kArnPrefix) + "indexed";
  EXPECT_EQ(
      ToJson(created["TableDescription"]["LocalSecondaryIndexes"]),
      R"([{"IndexName":"by_l","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},)"
      R"({"AttributeName":"l","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"},)"
      R"("IndexSizeBytes":0,"ItemCount":0,"IndexArn":")" +
          arn + R"(/index/by_l"}])");
  EXPECT_EQ(
      ToJson(created["TableDescription"]["GlobalSecondaryIndexes"]),
      R"([{"IndexName":"by_g","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],)"
      R"("Projection":{"ProjectionType":"ALL"},"IndexStatus":"CREATING",)"
      R"("ProvisionedThroughput":{"NumberOfDecreasesToday":0,"ReadCapacityUnits":3,"WriteCapacityUnits":4},)"
      R"("IndexSizeBytes":0,"ItemCount":0,"IndexArn":")" +
          arn + R"(/index/by_g"}])");
  rapidjson::Document described = Ok("DescribeTable", R"({"TableName":"indexed"})");
  const auto& gsi = described["Table"]["GlobalSecondaryIndexes"][0];
  EXPECT_EQ(Str(gsi["IndexStatus"]), "ACTIVE");
  EXPECT_EQ(ToJson(gsi["WarmThroughput"]),
            R"({"ReadUnitsPerSecond":3,"WriteUnitsPerSecond":4,"Status":"ACTIVE"})");
}

TEST_F(TablesTest, OnDemandGsiReportsZeroThroughput) {
  rapidjson::Document doc =
      Ok("CreateTable", R"({"TableName":"odgsi","BillingMode":"PAY_PER_REQUEST",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"x","AttributeType":"S"}],
    "GlobalSecondaryIndexes":[{"IndexName":"gsi","KeySchema":[{"AttributeName":"x","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"ALL"}}]})");
  const auto& gsi = doc["TableDescription"]["GlobalSecondaryIndexes"][0];
  EXPECT_EQ(ToJson(gsi["ProvisionedThroughput"]),
            R"({"NumberOfDecreasesToday":0,"ReadCapacityUnits":0,"WriteCapacityUnits":0})");
  EXPECT_FALSE(gsi.HasMember("WarmThroughput"));
}

TEST_F(TablesTest, MultiAttributeGsiKeysAreAcceptedAndDescribedInSubmittedOrder) {
  Ok("CreateTable", R"({"TableName":"matches","BillingMode":"PAY_PER_REQUEST",
    "KeySchema":[{"AttributeName":"id","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"},{"AttributeName":"tournament","AttributeType":"S"},
      {"AttributeName":"region","AttributeType":"S"},{"AttributeName":"round","AttributeType":"N"},
      {"AttributeName":"bracket","AttributeType":"S"}],
    "GlobalSecondaryIndexes":[{"IndexName":"by_tournament","KeySchema":[
      {"AttributeName":"tournament","KeyType":"HASH"},{"AttributeName":"region","KeyType":"HASH"},
      {"AttributeName":"round","KeyType":"RANGE"},{"AttributeName":"bracket","KeyType":"RANGE"}],
      "Projection":{"ProjectionType":"ALL"}}]})");
  rapidjson::Document doc = Ok("DescribeTable", R"({"TableName":"matches"})");
  EXPECT_EQ(
      ToJson(doc["Table"]["GlobalSecondaryIndexes"][0]["KeySchema"]),
      R"([{"AttributeName":"tournament","KeyType":"HASH"},{"AttributeName":"region","KeyType":"HASH"},)"
      R"({"AttributeName":"round","KeyType":"RANGE"},{"AttributeName":"bracket","KeyType":"RANGE"}])");
}

TEST_F(TablesTest, TableClassDeletionProtectionAndOnDemandMaximaAreReported) {
  rapidjson::Document doc =
      Ok("CreateTable", R"({"TableName":"classy","BillingMode":"PAY_PER_REQUEST",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
    "TableClass":"STANDARD_INFREQUENT_ACCESS","DeletionProtectionEnabled":true,
    "OnDemandThroughput":{"MaxReadRequestUnits":100}})");
  const auto& t = doc["TableDescription"];
  EXPECT_EQ(ToJson(t["TableClassSummary"]), R"({"TableClass":"STANDARD_INFREQUENT_ACCESS"})");
  EXPECT_TRUE(t["DeletionProtectionEnabled"].GetBool());
  EXPECT_EQ(ToJson(t["OnDemandThroughput"]), R"({"MaxReadRequestUnits":100})");
}

TEST_F(TablesTest, CreateAcceptsTheTablesArnAsTableName) {
  rapidjson::Document doc = Ok("CreateTable", HashTable(std::string(kArnPrefix) + "by_arn"));
  EXPECT_EQ(Str(doc["TableDescription"]["TableName"]), "by_arn");
  Ok("DescribeTable", R"({"TableName":"by_arn"})");
}

TEST_F(TablesTest, CreatingAnExistingTableIsResourceInUse) {
  Ok("CreateTable", HashTable("twice"));
  ExpectError("CreateTable", OnDemandTable("twice"), "ResourceInUseException",
              "Table already exists: twice");
}

// ---- CreateTable: validation ----

TEST_F(TablesTest, InvalidTableNamesAreRejected) {
  const std::string message =
      "Invalid table/index name.  Table/index names must be between 3 and 255 characters long, and "
      "may contain "
      "only the characters a-z, A-Z, 0-9, '_', '-', and '.'";
  ExpectCreateError(OnDemandTable("arn:aws:dynamodb:us-east-1:000000000000:table/a!"), message);
  ExpectCreateError(OnDemandTable("arn:aws:s3:::bucket"), message);
}

TEST_F(TablesTest, ProvisionedBillingNeedsBothCapacities) {
  ExpectCreateError(HashTable("nopt", " "),
                    "One or more parameter values were invalid: ReadCapacityUnits and "
                    "WriteCapacityUnits must both "
                    "be specified when BillingMode is PROVISIONED");
  ExpectCreateError(HashTable("nopt", R"(,"BillingMode":"PROVISIONED")"),
                    "One or more parameter values were invalid: ReadCapacityUnits and "
                    "WriteCapacityUnits must both "
                    "be specified when BillingMode is PROVISIONED");
}

TEST_F(TablesTest, OnDemandBillingRefusesProvisionedThroughput) {
  ExpectCreateError(
      HashTable(
          "ppr",
          R"(,"BillingMode":"PAY_PER_REQUEST","ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1})"),
      "One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits "
      "can "
      "be specified when BillingMode is PAY_PER_REQUEST");
}

TEST_F(TablesTest, ThroughputAboveTheHardCeilingIsOutOfBounds) {
  ExpectCreateError(
      HashTable(
          "big",
          R"(,"ProvisionedThroughput":{"ReadCapacityUnits":1000000000001,"WriteCapacityUnits":1000000000001})"),
      "Given value 1000000000001 for ReadCapacityUnits is out of bounds");
  ExpectCreateError(
      HashTable(
          "big",
          R"(,"ProvisionedThroughput":{"ReadCapacityUnits":1000000000000,"WriteCapacityUnits":1000000000001})"),
      "Given value 1000000000001 for WriteCapacityUnits is out of bounds");
}

TEST_F(TablesTest, ThroughputAboveTheAccountQuotaIsLimitExceeded) {
  ExpectError(
      "CreateTable",
      HashTable("quota",
                R"(,"ProvisionedThroughput":{"ReadCapacityUnits":40001,"WriteCapacityUnits":1})"),
      "LimitExceededException",
      "The requested ReadCapacityUnits, 40001, is above the per table maximum for the account in "
      "us-east-1. "
      "Per table maximum: 40000. Refer to the Amazon DynamoDB Developer Guide for current limits "
      "and how to "
      "request higher limits.");
}

TEST_F(TablesTest, MissingKeySchemaAndDefinitionsAreReportedInTheModelsWords) {
  ExpectCreateError(R"({"TableName":"bare","BillingMode":"PAY_PER_REQUEST"})",
                    "2 validation errors detected: Value null at 'attributeDefinitions' failed to "
                    "satisfy constraint: "
                    "Member must not be null; Value null at 'keySchema' failed to satisfy "
                    "constraint: Member must not "
                    "be null");
}

TEST_F(TablesTest, KeySchemaRulesFollowTheServicesOrder) {
  auto body = [](const std::string& keys, const std::string& defs) {
    return R"({"TableName":"keys","BillingMode":"PAY_PER_REQUEST","KeySchema":)" + keys +
           R"(,"AttributeDefinitions":)" + defs + "}";
  };
  const std::string a = R"({"AttributeName":"a","AttributeType":"S"})";
  const std::string b = R"({"AttributeName":"b","AttributeType":"S"})";
  const std::string c = R"({"AttributeName":"c","AttributeType":"S"})";
  ExpectCreateError(
      body(R"([{"AttributeName":"a","KeyType":"HASH"},{"AttributeName":"b","KeyType":"RANGE"}])",
           "[" + b + "]"),
      "Invalid KeySchema: Some index key attribute have no definition");
  ExpectCreateError(
      body(R"([{"AttributeName":"a","KeyType":"HASH"}])", "[" + b + "]"),
      "One or more parameter values were invalid: Some index key attributes are not defined in "
      "AttributeDefinitions. Keys: [a], AttributeDefinitions: [b]");
  ExpectCreateError(
      body(R"([{"AttributeName":"a","KeyType":"HASH"},{"AttributeName":"a","KeyType":"RANGE"}])",
           "[" + a + "," + b + "]"),
      "Both the Hash Key and the Range Key element in the KeySchema have the same name");
  ExpectCreateError(
      body(R"([{"AttributeName":"a","KeyType":"RANGE"},{"AttributeName":"b","KeyType":"HASH"}])",
           "[" + a + "," + b + "]"),
      "Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
  ExpectCreateError(
      body(R"([{"AttributeName":"a","KeyType":"HASH"},{"AttributeName":"b","KeyType":"HASH"}])",
           "[" + a + "," + b + "]"),
      "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
  ExpectCreateError(body(R"([{"AttributeName":"a","KeyType":"HASH"}])", "[" + a + "," + b + "]"),
                    "One or more parameter values were invalid: Number of attributes in KeySchema "
                    "does not exactly "
                    "match number of attributes defined in AttributeDefinitions");
  ExpectCreateError(body(R"([{"AttributeName":"a","KeyType":"HASH"}])", "[" + a + "," + a + "]"),
                    "Attribute Name is duplicated: a");
  const std::string three =
      body(R"([{"AttributeName":"a","KeyType":"HASH"},{"AttributeName":"b","KeyType":"RANGE"},)"
           R"({"AttributeName":"c","KeyType":"RANGE"}])",
           "[" + a + "," + b + "," + c + "]");
  Response r = Call("CreateTable", three);
  EXPECT_NE(r.body.find("' at 'keySchema' failed to satisfy constraint: Member must have length "
                        "less than or equal to 2"),
            std::string::npos)
      << r.body;
}

TEST_F(TablesTest, KeySetsInMessagesAreInJavaHashSetOrder) {
  // java.util.HashSet orders "sk" (bucket 8) before "pk" (bucket 11).
  ExpectCreateError(
      R"({"TableName":"order","BillingMode":"PAY_PER_REQUEST",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"S"}],
    "GlobalSecondaryIndexes":[{"IndexName":"gsi","KeySchema":[{"AttributeName":"q","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"ALL"}}]})",
      "One or more parameter values were invalid: Some index key attributes are not defined in "
      "AttributeDefinitions. Keys: [q], AttributeDefinitions: [sk, pk]");
}

TEST_F(TablesTest, UnusedDefinitionsWithIndexesNameTheKeysUsed) {
  ExpectCreateError(
      R"({"TableName":"unused","BillingMode":"PAY_PER_REQUEST",
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
    "AttributeDefinitions":[{"AttributeName":"sk","AttributeType":"S"},{"AttributeName":"a","AttributeType":"S"},
      {"AttributeName":"b","AttributeType":"S"},{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"c","AttributeType":"S"}],
    "GlobalSecondaryIndexes":[{"IndexName":"gsi","KeySchema":[{"AttributeName":"a","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"ALL"}}]})",
      "One or more parameter values were invalid: Some AttributeDefinitions are not used. "
      "AttributeDefinitions: [sk, a, b, pk, c], keys used: [a, sk, pk]");
}

std::string WithLsi(const std::string& table_keys, const std::string& lsi_keys,
                    const std::string& projection) {
  return R"({"TableName":"lsi","BillingMode":"PAY_PER_REQUEST","KeySchema":)" + table_keys +
         R"(,"AttributeDefinitions":[{"AttributeName":"a","AttributeType":"S"},{"AttributeName":"b","AttributeType":"S"}],)"
         R"("LocalSecondaryIndexes":[{"IndexName":"abc","KeySchema":)" +
         lsi_keys + R"(,"Projection":)" + projection + "}]}";
}

TEST_F(TablesTest, LocalIndexRules) {
  const std::string hash_range =
      R"([{"AttributeName":"a","KeyType":"HASH"},{"AttributeName":"b","KeyType":"RANGE"}])";
  ExpectCreateError(WithLsi(R"([{"AttributeName":"a","KeyType":"HASH"}])", hash_range,
                            R"({"ProjectionType":"ALL"})"),
                    "One or more parameter values were invalid: Table KeySchema does not have a "
                    "range key, which is "
                    "required when specifying a LocalSecondaryIndex");
  ExpectCreateError(WithLsi(hash_range, R"([{"AttributeName":"b","KeyType":"HASH"}])",
                            R"({"ProjectionType":"ALL"})"),
                    "One or more parameter values were invalid: Index KeySchema does not have a "
                    "range key for index: abc");
  ExpectCreateError(
      WithLsi(hash_range,
              R"([{"AttributeName":"b","KeyType":"HASH"},{"AttributeName":"a","KeyType":"RANGE"}])",
              R"({"ProjectionType":"ALL"})"),
      "One or more parameter values were invalid: Index KeySchema does not have the same leading "
      "hash "
      "key as table KeySchema for index: abc. index hash key: b, table hash key: a");
  ExpectCreateError(WithLsi(hash_range, hash_range, "{}"),
                    "One or more parameter values were invalid: Unknown ProjectionType: null");
  ExpectCreateError(
      WithLsi(hash_range, hash_range, R"({"ProjectionType":"KEYS_ONLY","NonKeyAttributes":["x"]})"),
      "One or more parameter values were invalid: ProjectionType is KEYS_ONLY, but "
      "NonKeyAttributes is specified");
  ExpectCreateError(WithLsi(hash_range, hash_range, R"({"ProjectionType":"INCLUDE"})"),
                    "One or more parameter values were invalid: ProjectionType is INCLUDE, but "
                    "NonKeyAttributes is not specified");
}

TEST_F(TablesTest, EmptyIndexListsAreRejected) {
  ExpectCreateError(
      R"({"TableName":"empty","BillingMode":"PAY_PER_REQUEST","KeySchema":[{"AttributeName":"a","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"a","AttributeType":"S"}],"GlobalSecondaryIndexes":[]})",
      "One or more parameter values were invalid: List of GlobalSecondaryIndexes is empty");
  ExpectCreateError(
      R"({"TableName":"empty","BillingMode":"PAY_PER_REQUEST","KeySchema":[{"AttributeName":"a","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"a","AttributeType":"S"}],"LocalSecondaryIndexes":[]})",
      "One or more parameter values were invalid: List of LocalSecondaryIndexes is empty");
}

// A table keyed on "a" whose AttributeDefinitions define the one-letter attributes `defined`.
std::string Gsis(const std::string& billing, const std::string& indexes,
                 const std::string& defined = "ab") {
  std::string defs;
  for (char c : defined) {
    defs += std::string(defs.empty() ? "" : ",") + R"({"AttributeName":")" + c +
            R"(","AttributeType":"S"})";
  }
  return R"({"TableName":"gsis",)" + billing +
         R"("KeySchema":[{"AttributeName":"a","KeyType":"HASH"}],"AttributeDefinitions":[)" + defs +
         R"(],"GlobalSecondaryIndexes":)" + indexes + "}";
}

std::string Gsi(const std::string& name, const std::string& keys, const std::string& extra = "") {
  return R"({"IndexName":")" + name + R"(","KeySchema":)" + keys +
         R"(,"Projection":{"ProjectionType":"ALL"})" + extra + "}";
}

constexpr const char* kPpr = R"("BillingMode":"PAY_PER_REQUEST",)";
constexpr const char* kProv =
    R"("ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1},)";
constexpr const char* kKeyB = R"([{"AttributeName":"b","KeyType":"HASH"}])";

TEST_F(TablesTest, GlobalIndexThroughputFollowsTheBillingMode) {
  ExpectCreateError(
      Gsis(kPpr,
           "[" +
               Gsi("gs1", kKeyB,
                   R"(,"ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1})") +
               "]"),
      "One or more parameter values were invalid: ProvisionedThroughput should not be specified "
      "for "
      "index: gs1 when BillingMode is PAY_PER_REQUEST");
  ExpectCreateError(Gsis(kProv, "[" + Gsi("gs1", kKeyB) + "]"),
                    "One or more parameter values were invalid: ProvisionedThroughput is not "
                    "specified for index: gs1");
}

TEST_F(TablesTest, GlobalIndexNamesMustBeUniqueAcrossAllIndexes) {
  ExpectCreateError(Gsis(kPpr, "[" + Gsi("gs1", kKeyB) + "," + Gsi("gs1", kKeyB) + "]"),
                    "One or more parameter values were invalid: Duplicate index name: gs1");
}

TEST_F(TablesTest, MoreThanTwentyGlobalIndexesAreRejected) {
  std::string list = "[";
  for (int i = 0; i < 21; ++i) list += (i ? "," : "") + Gsi("g" + std::to_string(i) + "x", kKeyB);
  ExpectCreateError(
      R"({"TableName":"many","BillingMode":"PAY_PER_REQUEST","KeySchema":[{"AttributeName":"a","KeyType":"HASH"}],
    "AttributeDefinitions":[{"AttributeName":"a","AttributeType":"S"},{"AttributeName":"b","AttributeType":"S"}],
    "GlobalSecondaryIndexes":)" +
          list + "]}",
      "One or more parameter values were invalid: GlobalSecondaryIndex count exceeds the per-table "
      "limit of 20");
}

TEST_F(TablesTest, MultiAttributeKeyRules) {
  const std::string five_hash =
      R"([{"AttributeName":"b","KeyType":"HASH"},{"AttributeName":"c","KeyType":"HASH"},)"
      R"({"AttributeName":"d","KeyType":"HASH"},{"AttributeName":"e","KeyType":"HASH"},)"
      R"({"AttributeName":"f","KeyType":"HASH"}])";
  ExpectCreateError(Gsis(kPpr, "[" + Gsi("gs1", five_hash) + "]", "abcdef"),
                    "One or more parameter values were invalid: The KeySchema exceeds the maximum "
                    "allowed number of "
                    "HASH key attributes");
  ExpectCreateError(
      Gsis(
          kPpr,
          "[" +
              Gsi("gs1",
                  R"([{"AttributeName":"b","KeyType":"HASH"},{"AttributeName":"c","KeyType":"RANGE"},)"
                  R"({"AttributeName":"d","KeyType":"HASH"}])") +
              "]",
          "abcd"),
      "One or more parameter values were invalid: All HASH key attributes must precede RANGE key "
      "attributes in the KeySchema");
  ExpectCreateError(
      Gsis(
          kPpr,
          "[" +
              Gsi("gs1",
                  R"([{"AttributeName":"b","KeyType":"HASH"},{"AttributeName":"c","KeyType":"HASH"},)"
                  R"({"AttributeName":"b","KeyType":"RANGE"}])") +
              "]",
          "abc"),
      "One or more parameter values were invalid: The KeySchema contains multiple key attributes "
      "with "
      "the same name");
}

TEST_F(TablesTest, TagRules) {
  auto tagged = [](const std::string& tags) {
    return HashTable("tagged", std::string(R"(,"BillingMode":"PAY_PER_REQUEST","Tags":)") + tags);
  };
  ExpectCreateError(tagged(R"([{"Key":"aws:owner","Value":"x"}])"),
                    "Tag Key cannot be prefixed with aws:, Key: aws:owner");
  ExpectCreateError(tagged(R"([{"Key":"AWS:owner","Value":"x"}])"),
                    "Tag Key cannot be prefixed with aws:, Key: AWS:owner");
  ExpectCreateError(tagged(R"([{"Key":"bad#char","Value":"x"}])"),
                    "The Tag Key provided is invalid, Key: bad#char");
  ExpectCreateError(tagged(R"([{"Key":"k","Value":"100%"}])"),
                    "The Tag Value provided is invalid, Value: 100%");
  ExpectCreateError(tagged(R"([{"Key":"dup","Value":"1"},{"Key":"dup","Value":"2"}])"),
                    "Duplicate Tag Keys provided as input: Duplicate Tag Key found dup");
  std::string many = "[";
  for (int i = 0; i < 51; ++i)
    many += (i ? "," : "") + std::string(R"({"Key":"k)") + std::to_string(i) + R"(","Value":"v"})";
  ExpectCreateError(tagged(many + "]"),
                    "Number of Tags exceed the current limit for the provided ResourceArn");
  Ok("CreateTable",
     tagged(R"([{"Key":"ключ café","Value":"a+b-c=d.e_f:g/h@i"},{"Key":"empty","Value":""}])"));
}

// ---- DescribeTable ----

TEST_F(TablesTest, DescribeUnknownTableIsResourceNotFound) {
  ExpectError("DescribeTable", R"({"TableName":"missing"})", "ResourceNotFoundException",
              "Requested resource not found: Table: missing not found");
}

TEST_F(TablesTest, DescribeAcceptsTheCallersTableArnAndRejectsAnotherAccounts) {
  Ok("CreateTable", HashTable("arned"));
  rapidjson::Document doc =
      Ok("DescribeTable", R"({"TableName":"arn:aws:dynamodb:us-east-1:000000000000:table/arned"})");
  EXPECT_EQ(Str(doc["Table"]["TableName"]), "arned");
  ExpectError("DescribeTable",
              R"({"TableName":"arn:aws:dynamodb:us-west-2:000000000000:table/arned"})",
              "ResourceNotFoundException",
              "Requested resource not found: Table: "
              "arn:aws:dynamodb:us-west-2:000000000000:table/arned not found");
}

TEST_F(TablesTest, DescribeCountsItemsAndBytes) {
  Ok("CreateTable", OnDemandTable("counted"));
  Ok("PutItem", R"({"TableName":"counted","Item":{"pk":{"S":"a"},"v":{"S":"xyz"}}})");
  Ok("PutItem", R"({"TableName":"counted","Item":{"pk":{"S":"b"}}})");
  rapidjson::Document doc = Ok("DescribeTable", R"({"TableName":"counted"})");
  EXPECT_EQ(doc["Table"]["ItemCount"].GetInt64(), 2);
  EXPECT_EQ(doc["Table"]["TableSizeBytes"].GetInt64(),
            (2 + 1) + (1 + 3) + (2 + 1));  // pk=a, v=xyz, pk=b
}

// ---- ListTables ----

TEST_F(TablesTest, ListTablesPagesInByteOrder) {
  for (const char* name : {"lt_c", "lt_a", "LT_B", "lt_b"}) Ok("CreateTable", OnDemandTable(name));
  EXPECT_EQ(ToJson(Ok("ListTables", "{}")), R"({"TableNames":["LT_B","lt_a","lt_b","lt_c"]})");
  EXPECT_EQ(ToJson(Ok("ListTables", R"({"Limit":2})")),
            R"({"TableNames":["LT_B","lt_a"],"LastEvaluatedTableName":"lt_a"})");
  EXPECT_EQ(ToJson(Ok("ListTables", R"({"Limit":2,"ExclusiveStartTableName":"lt_a"})")),
            R"({"TableNames":["lt_b","lt_c"]})");
  EXPECT_EQ(ToJson(Ok("ListTables", R"({"ExclusiveStartTableName":"lt_aa"})")),
            R"({"TableNames":["lt_b","lt_c"]})");
  EXPECT_EQ(ToJson(Ok("ListTables", R"({"ExclusiveStartTableName":"zzz"})")),
            R"({"TableNames":[]})");
}

// ---- DeleteTable ----

TEST_F(TablesTest, DeleteRespondsDeletingWithoutSchemaMembersAndTheTableIsGone) {
  Ok("CreateTable", OnDemandTable("doomed"));
  Ok("PutItem", R"({"TableName":"doomed","Item":{"pk":{"S":"a"}}})");
  rapidjson::Document doc = Ok("DeleteTable", R"({"TableName":"doomed"})");
  const auto& t = doc["TableDescription"];
  EXPECT_EQ(Str(t["TableStatus"]), "DELETING");
  EXPECT_EQ(t["ItemCount"].GetInt64(), 1);
  for (const char* absent :
       {"KeySchema", "AttributeDefinitions", "CreationDateTime", "WarmThroughput"}) {
    EXPECT_FALSE(t.HasMember(absent)) << absent;
  }
  EXPECT_EQ(
      ToJson(t["BillingModeSummary"]),
      R"({"BillingMode":"PAY_PER_REQUEST","LastUpdateToPayPerRequestDateTime":1700000000.123})");
  ExpectError("DescribeTable", R"({"TableName":"doomed"})", "ResourceNotFoundException",
              "Requested resource not found: Table: doomed not found");
  ExpectError("DeleteTable", R"({"TableName":"doomed"})", "ResourceNotFoundException",
              "Requested resource not found: Table: doomed not found");
  // Re-created under the same name, the table is empty.
  Ok("CreateTable", OnDemandTable("doomed"));
  EXPECT_EQ(Ok("DescribeTable", R"({"TableName":"doomed"})")["Table"]["ItemCount"].GetInt64(), 0);
  EXPECT_EQ(ToJson(Ok("GetItem", R"({"TableName":"doomed","Key":{"pk":{"S":"a"}}})")), "{}");
}

TEST_F(TablesTest, DeletionProtectionPreventsDelete) {
  Ok("CreateTable",
     HashTable("guarded", R"(,"BillingMode":"PAY_PER_REQUEST","DeletionProtectionEnabled":true)"));
  ExpectError("DeleteTable", R"({"TableName":"guarded"})", "ValidationException",
              "Resource cannot be deleted as it is currently protected against deletion. Disable "
              "deletion protection first.");
  Ok("UpdateTable", R"({"TableName":"guarded","DeletionProtectionEnabled":false})");
  Ok("DeleteTable", R"({"TableName":"guarded"})");
}

// ---- UpdateTable ----

TEST_F(TablesTest, UpdateWithNothingToChangeIsRejectedEvenForAMissingTable) {
  ExpectError(
      "UpdateTable", R"({"TableName":"nowhere"})", "ValidationException",
      "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, "
      "GlobalSecondaryIndexUpdates, "
      "SSESpecification, ReplicaUpdates, MultiAccountReplicaReady, ReplicaTransitRoleArn, "
      "MultiRegionConsistency, "
      "DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or TableClass is required");
  ExpectError("UpdateTable", R"({"TableName":"nowhere","BillingMode":"PAY_PER_REQUEST"})",
              "ResourceNotFoundException",
              "Requested resource not found: Table: nowhere not found");
}

TEST_F(TablesTest, ThroughputIncreaseRespondsUpdatingWithOldValuesAndDescribeShowsTheNewOnes) {
  Ok("CreateTable", HashTable("grow"));
  clock_->AdvanceMicros(1'000'000);
  rapidjson::Document doc = Ok(
      "UpdateTable",
      R"({"TableName":"grow","ProvisionedThroughput":{"ReadCapacityUnits":10,"WriteCapacityUnits":6}})");
  EXPECT_EQ(Str(doc["TableDescription"]["TableStatus"]), "UPDATING");
  EXPECT_EQ(doc["TableDescription"]["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt64(), 5);
  rapidjson::Document described = Ok("DescribeTable", R"({"TableName":"grow"})");
  EXPECT_EQ(Str(described["Table"]["TableStatus"]), "ACTIVE");
  EXPECT_EQ(
      ToJson(described["Table"]["ProvisionedThroughput"]),
      R"({"LastIncreaseDateTime":1700000001.123,"NumberOfDecreasesToday":0,"ReadCapacityUnits":10,"WriteCapacityUnits":6})");
}

TEST_F(TablesTest, UnchangedThroughputIsRejectedWithTheCurrentValues) {
  Ok("CreateTable", HashTable("same"));
  ExpectError(
      "UpdateTable",
      R"({"TableName":"same","ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5}})",
      "ValidationException",
      "The provisioned throughput for the table will not change. The requested value equals the "
      "current value. "
      "Current ReadCapacityUnits provisioned for the table: 5. Requested ReadCapacityUnits: 5. "
      "Current "
      "WriteCapacityUnits provisioned for the table: 5. Requested WriteCapacityUnits: 5. Refer to "
      "the Amazon "
      "DynamoDB Developer Guide for current limits and how to request higher limits.");
}

TEST_F(TablesTest, DecreasesAreCountedPerUtcDayAndTheFifthWithinAnHourIsLimited) {
  Ok("CreateTable",
     HashTable("shrink",
               R"(,"ProvisionedThroughput":{"ReadCapacityUnits":50,"WriteCapacityUnits":50})"));
  for (int units = 40; units >= 10; units -= 10) {
    const std::string n = std::to_string(units);
    Ok("UpdateTable", R"({"TableName":"shrink","ProvisionedThroughput":{"ReadCapacityUnits":)" + n +
                          R"(,"WriteCapacityUnits":)" + n + "}}");
    clock_->AdvanceMicros(1'000'000);
  }
  EXPECT_EQ(
      Ok("DescribeTable",
         R"({"TableName":"shrink"})")["Table"]["ProvisionedThroughput"]["NumberOfDecreasesToday"]
          .GetInt64(),
      4);
  Response fifth = Call(
      "UpdateTable",
      R"({"TableName":"shrink","ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5}})");
  EXPECT_EQ(fifth.http_status, 400);
  EXPECT_NE(fifth.body.find("LimitExceededException"), std::string::npos);
  EXPECT_NE(fifth.body.find("Number of decreases today: 4."), std::string::npos) << fifth.body;
  clock_->AdvanceMicros(3'600'000'000);  // an hour later the fifth is allowed
  Ok("UpdateTable",
     R"({"TableName":"shrink","ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5}})");
  clock_->AdvanceMicros(86'400'000'000);  // the next UTC day starts from zero
  EXPECT_EQ(
      Ok("DescribeTable",
         R"({"TableName":"shrink"})")["Table"]["ProvisionedThroughput"]["NumberOfDecreasesToday"]
          .GetInt64(),
      0);
}

TEST_F(TablesTest, SwitchingToOnDemandAndBack) {
  Ok("CreateTable", HashTable("switch"));
  clock_->AdvanceMicros(2'000'000);
  rapidjson::Document to_ppr =
      Ok("UpdateTable", R"({"TableName":"switch","BillingMode":"PAY_PER_REQUEST"})");
  EXPECT_EQ(Str(to_ppr["TableDescription"]["TableStatus"]), "UPDATING");
  EXPECT_EQ(ToJson(to_ppr["TableDescription"]["BillingModeSummary"]),
            R"({"BillingMode":"PAY_PER_REQUEST"})");
  rapidjson::Document described = Ok("DescribeTable", R"({"TableName":"switch"})");
  EXPECT_EQ(
      ToJson(described["Table"]["BillingModeSummary"]),
      R"({"BillingMode":"PAY_PER_REQUEST","LastUpdateToPayPerRequestDateTime":1700000002.123})");
  EXPECT_EQ(described["Table"]["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt64(), 0);
  ExpectError(
      "UpdateTable",
      R"({"TableName":"switch","ProvisionedThroughput":{"ReadCapacityUnits":2,"WriteCapacityUnits":2}})",
      "ValidationException",
      "One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits "
      "can be "
      "specified when BillingMode is PAY_PER_REQUEST");
  ExpectError("UpdateTable", R"({"TableName":"switch","BillingMode":"PROVISIONED"})",
              "ValidationException",
              "One or more parameter values were invalid: ProvisionedThroughput must be specified "
              "when BillingMode is PROVISIONED");
  Ok("UpdateTable",
     R"({"TableName":"switch","BillingMode":"PROVISIONED","ProvisionedThroughput":{"ReadCapacityUnits":4,"WriteCapacityUnits":4}})");
  described = Ok("DescribeTable", R"({"TableName":"switch"})");
  EXPECT_EQ(ToJson(described["Table"]["BillingModeSummary"]),
            R"({"BillingMode":"PROVISIONED","LastUpdateToPayPerRequestDateTime":1700000002.123})");
  EXPECT_EQ(described["Table"]["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt64(), 4);
  // Once on-demand, the warm throughput keeps the on-demand baseline.
  EXPECT_EQ(described["Table"]["WarmThroughput"]["ReadUnitsPerSecond"].GetInt64(), 12000);
}

TEST_F(TablesTest, SwitchingToProvisionedNeedsThroughputForEveryGsi) {
  Ok("CreateTable", Gsis(kPpr, "[" + Gsi("gs1", kKeyB) + "]"));
  ExpectError(
      "UpdateTable",
      R"({"TableName":"gsis","BillingMode":"PROVISIONED","ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5}})",
      "ValidationException",
      "One or more parameter values were invalid: ProvisionedThroughput must be specified for "
      "index: gs1");
}

TEST_F(TablesTest, DeletionProtectionMustBeTheOnlyChange) {
  Ok("CreateTable", OnDemandTable("dpt"));
  ExpectError(
      "UpdateTable",
      R"({"TableName":"dpt","DeletionProtectionEnabled":true,"BillingMode":"PAY_PER_REQUEST"})",
      "ValidationException",
      "DeletionProtection modification must be the only operation in the request");
  rapidjson::Document doc =
      Ok("UpdateTable", R"({"TableName":"dpt","DeletionProtectionEnabled":true})");
  EXPECT_EQ(Str(doc["TableDescription"]["TableStatus"]), "ACTIVE");
  EXPECT_TRUE(doc["TableDescription"]["DeletionProtectionEnabled"].GetBool());
}

TEST_F(TablesTest, GsiUpdateOfAnUnknownIndexIsResourceNotFound) {
  Ok("CreateTable", HashTable("noidx"));
  ExpectError("UpdateTable",
              R"({"TableName":"noidx","GlobalSecondaryIndexUpdates":[{"Update":{"IndexName":"ghost",
    "ProvisionedThroughput":{"ReadCapacityUnits":2,"WriteCapacityUnits":2}}}]})",
              "ResourceNotFoundException",
              "Requested resource not found: Index ghost for table noidx");
}

TEST_F(TablesTest, GsiCreateBackfillsExistingItemsAndDeleteRemovesTheIndex) {
  Ok("CreateTable", OnDemandTable("grow_gsi"));
  Ok("PutItem", R"({"TableName":"grow_gsi","Item":{"pk":{"S":"a"},"g":{"S":"x"}}})");
  Ok("PutItem", R"({"TableName":"grow_gsi","Item":{"pk":{"S":"b"}}})");
  rapidjson::Document created = Ok("UpdateTable", R"({"TableName":"grow_gsi",
    "AttributeDefinitions":[{"AttributeName":"g","AttributeType":"S"}],
    "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"by_g","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"ALL"}}}]})");
  const auto& shown = created["TableDescription"];
  EXPECT_EQ(Str(shown["TableStatus"]), "UPDATING");
  EXPECT_EQ(Str(shown["GlobalSecondaryIndexes"][0]["IndexStatus"]), "CREATING");
  EXPECT_FALSE(shown["GlobalSecondaryIndexes"][0]["Backfilling"].GetBool());
  rapidjson::Document described = Ok("DescribeTable", R"({"TableName":"grow_gsi"})");
  EXPECT_EQ(described["Table"]["GlobalSecondaryIndexes"][0]["ItemCount"].GetInt64(),
            1);  // sparse: only "a"
  EXPECT_EQ(described["Table"]["AttributeDefinitions"].Size(), 2u);
  rapidjson::Document deleted = Ok(
      "UpdateTable",
      R"({"TableName":"grow_gsi","GlobalSecondaryIndexUpdates":[{"Delete":{"IndexName":"by_g"}}]})");
  EXPECT_EQ(Str(deleted["TableDescription"]["GlobalSecondaryIndexes"][0]["IndexStatus"]),
            "DELETING");
  described = Ok("DescribeTable", R"({"TableName":"grow_gsi"})");
  EXPECT_FALSE(described["Table"].HasMember("GlobalSecondaryIndexes"));
  EXPECT_EQ(ToJson(described["Table"]["AttributeDefinitions"]),
            R"([{"AttributeName":"pk","AttributeType":"S"}])");
}

TEST_F(TablesTest, OneIndexCreateOrDeletePerRequest) {
  Ok("CreateTable", OnDemandTable("twoidx"));
  ExpectError(
      "UpdateTable",
      R"({"TableName":"twoidx","AttributeDefinitions":[{"AttributeName":"g","AttributeType":"S"}],
    "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"g1x","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}},
                                   {"Create":{"IndexName":"g2x","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}}]})",
      "LimitExceededException",
      "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously per "
      "table");
}

TEST_F(TablesTest, GsiThroughputUpdateRespondsUpdatingWithTheOldValues) {
  Ok("CreateTable",
     Gsis(kProv,
          "[" +
              Gsi("gs1", kKeyB,
                  R"(,"ProvisionedThroughput":{"ReadCapacityUnits":2,"WriteCapacityUnits":2})") +
              "]"));
  rapidjson::Document doc =
      Ok("UpdateTable",
         R"({"TableName":"gsis","GlobalSecondaryIndexUpdates":[{"Update":{"IndexName":"gs1",
    "ProvisionedThroughput":{"ReadCapacityUnits":3,"WriteCapacityUnits":2}}}]})");
  const auto& gsi = doc["TableDescription"]["GlobalSecondaryIndexes"][0];
  EXPECT_EQ(Str(doc["TableDescription"]["TableStatus"]), "ACTIVE");
  EXPECT_EQ(Str(gsi["IndexStatus"]), "UPDATING");
  EXPECT_EQ(gsi["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt64(), 2);
  rapidjson::Document described = Ok("DescribeTable", R"({"TableName":"gsis"})");
  EXPECT_EQ(
      described["Table"]["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"]["ReadCapacityUnits"]
          .GetInt64(),
      3);
  ExpectError("UpdateTable",
              R"({"TableName":"gsis","GlobalSecondaryIndexUpdates":[{"Update":{"IndexName":"gs1",
    "ProvisionedThroughput":{"ReadCapacityUnits":3,"WriteCapacityUnits":2}}}]})",
              "ValidationException",
              "The provisioned throughput for the index gs1 will not change. The requested value "
              "equals the current value. "
              "Current ReadCapacityUnits provisioned for index gs1: 3. Requested "
              "ReadCapacityUnits: 3. Current "
              "WriteCapacityUnits provisioned for index gs1: 2. Requested WriteCapacityUnits: 2. "
              "Refer to the Amazon "
              "DynamoDB Developer Guide for current limits and how to request higher limits.");
}

TEST_F(TablesTest, OnDemandGsiOnlyAcceptsOnDemandOrWarmUpdates) {
  Ok("CreateTable", Gsis(kPpr, "[" + Gsi("gs1", kKeyB) + "]"));
  ExpectError("UpdateTable",
              R"({"TableName":"gsis","GlobalSecondaryIndexUpdates":[{"Update":{"IndexName":"gs1",
    "ProvisionedThroughput":{"ReadCapacityUnits":3,"WriteCapacityUnits":2}}}]})",
              "ValidationException",
              "One or more parameter values were invalid: The only Updates for index: gs1 when "
              "TableThroughputMode is "
              "PAY_PER_REQUEST can be to OnDemandThroughput, WarmThroughput");
}

TEST_F(TablesTest, OnDemandMaximaAreMergedAndClearedWithMinusOne) {
  Ok("CreateTable", OnDemandTable("capped"));
  rapidjson::Document doc = Ok(
      "UpdateTable",
      R"({"TableName":"capped","OnDemandThroughput":{"MaxReadRequestUnits":100,"MaxWriteRequestUnits":50}})");
  EXPECT_EQ(Str(doc["TableDescription"]["TableStatus"]), "ACTIVE");
  EXPECT_EQ(ToJson(doc["TableDescription"]["OnDemandThroughput"]),
            R"({"MaxReadRequestUnits":100,"MaxWriteRequestUnits":50})");
  Ok("UpdateTable", R"({"TableName":"capped","OnDemandThroughput":{"MaxReadRequestUnits":-1}})");
  EXPECT_EQ(ToJson(Ok("DescribeTable", R"({"TableName":"capped"})")["Table"]["OnDemandThroughput"]),
            R"({"MaxWriteRequestUnits":50})");
  ExpectError("UpdateTable",
              R"({"TableName":"capped","OnDemandThroughput":{"MaxReadRequestUnits":0}})",
              "ValidationException",
              "One or more parameter values were invalid: Requested MaxReadRequestUnits for "
              "OnDemandThroughput for table is "
              "outside of valid range");
}

TEST_F(TablesTest, OnDemandMaximaAreRefusedOnAProvisionedTable) {
  Ok("CreateTable", HashTable("prov_odt"));
  ExpectError("UpdateTable",
              R"({"TableName":"prov_odt","OnDemandThroughput":{"MaxReadRequestUnits":10}})",
              "ValidationException",
              "One or more parameter values were invalid: MaxReadRequestUnits for "
              "OnDemandThroughput cannot be specified "
              "when the table BillingMode is PROVISIONED");
}

TEST_F(TablesTest, ResendingOnDemandBillingRespondsUpdatingAndChangesNothing) {
  Ok("CreateTable", OnDemandTable("resend"));
  rapidjson::Document doc =
      Ok("UpdateTable", R"({"TableName":"resend","BillingMode":"PAY_PER_REQUEST"})");
  EXPECT_EQ(Str(doc["TableDescription"]["TableStatus"]), "UPDATING");
  EXPECT_EQ(
      ToJson(doc["TableDescription"]["BillingModeSummary"]),
      R"({"BillingMode":"PAY_PER_REQUEST","LastUpdateToPayPerRequestDateTime":1700000000.123})");
}

TEST_F(TablesTest, GsiCreateOnAProvisionedTableNeedsItsThroughputAndItsAttributeDefinitions) {
  Ok("CreateTable", HashTable("prov_gsi"));
  const std::string create =
      R"({"IndexName":"by_g","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}})";
  ExpectError(
      "UpdateTable",
      R"({"TableName":"prov_gsi","GlobalSecondaryIndexUpdates":[{"Create":)" + create + "}]}",
      "ValidationException",
      "One or more parameter values were invalid: AttributeDefinitions is not specified for index: "
      "by_g");
  ExpectError(
      "UpdateTable",
      R"({"TableName":"prov_gsi","AttributeDefinitions":[{"AttributeName":"g","AttributeType":"S"}],
    "GlobalSecondaryIndexUpdates":[{"Create":)" +
          create + "}]}",
      "ValidationException",
      "One or more parameter values were invalid: Both ReadCapacityUnits and WriteCapacityUnits "
      "must be specified for index: by_g");
}

TEST_F(TablesTest, StreamsAreNotModelledButDisablingANonexistentStreamIsTheServicesError) {
  Ok("CreateTable", OnDemandTable("streamless"));
  ExpectError("UpdateTable",
              R"({"TableName":"streamless","StreamSpecification":{"StreamEnabled":false}})",
              "ValidationException", "Table has no stream to disable: TableName: streamless");
}

// ---- namespaces and persistence ----

TEST_F(TablesTest, EachAccessKeyAndRegionSeesItsOwnTables) {
  RequestContext alice{"ALICE", "us-east-1"};
  RequestContext bob{"BOB", "us-east-1"};
  RequestContext alice_west{"ALICE", "us-west-2"};
  Ok("CreateTable", OnDemandTable("mine"), alice);
  EXPECT_EQ(ToJson(Ok("ListTables", "{}", bob)), R"({"TableNames":[]})");
  EXPECT_EQ(ToJson(Ok("ListTables", "{}", alice_west)), R"({"TableNames":[]})");
  Ok("CreateTable", OnDemandTable("mine"), bob);  // no conflict across namespaces
  rapidjson::Document west = Ok("CreateTable", OnDemandTable("mine"), alice_west);
  EXPECT_EQ(Str(west["TableDescription"]["TableArn"]),
            "arn:aws:dynamodb:us-west-2:000000000000:table/mine");
}

TEST_F(TablesTest, SharedDbShowsOneSetOfTablesToEveryone) {
  Open(true, "");
  Ok("CreateTable", OnDemandTable("common"), RequestContext{"ALICE", "us-east-1"});
  EXPECT_EQ(ToJson(Ok("ListTables", "{}", RequestContext{"BOB", "eu-west-1"})),
            R"({"TableNames":["common"]})");
}

TEST_F(TablesTest, TablesSurviveClosingAndReopeningADataDirectory) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("tables_test_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  Open(false, dir.string());
  Ok("CreateTable",
     HashTable("kept", R"(,"BillingMode":"PAY_PER_REQUEST","Tags":[{"Key":"k","Value":"v"}])"));
  Ok("PutItem", R"({"TableName":"kept","Item":{"pk":{"S":"a"}}})");
  const std::string before = ToJson(Ok("DescribeTable", R"({"TableName":"kept"})"));
  Open(false, dir.string());
  EXPECT_EQ(ToJson(Ok("DescribeTable", R"({"TableName":"kept"})")), before);
  db_.reset();
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace ddbemu
