// PutItem, GetItem and DeleteItem through Database::Call, as a client sees them.
#include <gtest/gtest.h>

#include <filesystem>

#include "database_test_util.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace items_test {

class ItemsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = OpenInMemory();
    ASSERT_EQ(db_->Call("CreateTable", kHashRangeTable).http_status, 200);
  }
  Response Call(const char* op, const std::string& body) { return db_->Call(op, body); }
  std::unique_ptr<Database> db_;
};

constexpr const char* kEveryType = R"({"pk":{"S":"p"},"sk":{"N":"1"},
  "s":{"S":"héllo"},"n":{"N":"-12345678901234567890123456789012345678"},"small":{"N":"1.5E-129"},
  "b":{"B":"AAEC/w=="},"t":{"BOOL":true},"z":{"NULL":true},
  "m":{"M":{"inner":{"L":[{"S":"x"},{"N":"2"}]}}},"l":{"L":[]},
  "ss":{"SS":["a","b"]},"ns":{"NS":["1","2.5"]},"bs":{"BS":["AQ==","Ag=="]},"e":{"S":""}})";

TEST_F(ItemsTest, PutThenGetReturnsTheSameItemWithCanonicalNumbers) {
  ASSERT_EQ(Call("PutItem", std::string(R"({"TableName":"items","Item":)") + kEveryType + "}").body,
            "{}");
  Response got = Call("GetItem", R"({"TableName":"items","Key":{"pk":{"S":"p"},"sk":{"N":"1"}}})");
  ASSERT_EQ(got.http_status, 200) << got.body;
  rapidjson::Document doc = ParseJson(got.body);
  const auto& item = doc["Item"];
  EXPECT_STREQ(item["s"]["S"].GetString(), "héllo");
  EXPECT_STREQ(item["n"]["N"].GetString(), "-12345678901234567890123456789012345678");
  // 1.5E-129 in plain notation: "0." then 128 zeros then "15".
  EXPECT_EQ(std::string(item["small"]["N"].GetString()), "0." + std::string(128, '0') + "15");
  EXPECT_STREQ(item["b"]["B"].GetString(), "AAEC/w==");
  EXPECT_TRUE(item["t"]["BOOL"].GetBool());
  EXPECT_TRUE(item["z"]["NULL"].GetBool());
  EXPECT_STREQ(item["m"]["M"]["inner"]["L"][1]["N"].GetString(), "2");
  EXPECT_EQ(item["l"]["L"].Size(), 0u);
  EXPECT_EQ(item["ss"]["SS"].Size(), 2u);
  EXPECT_STREQ(item["ns"]["NS"][1].GetString(), "2.5");
  EXPECT_EQ(item["bs"]["BS"].Size(), 2u);
  EXPECT_STREQ(item["e"]["S"].GetString(), "");
}

TEST_F(ItemsTest, GetOfAMissingItemReturnsAnEmptyObject) {
  Response got =
      Call("GetItem", R"({"TableName":"items","Key":{"pk":{"S":"none"},"sk":{"N":"1"}}})");
  EXPECT_EQ(got.http_status, 200);
  EXPECT_EQ(got.body, "{}");
}

TEST_F(ItemsTest, PutWithAllOldReturnsTheReplacedItemOnlyWhenOneExisted) {
  EXPECT_EQ(
      Call(
          "PutItem",
          R"({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"v":{"S":"one"}},"ReturnValues":"ALL_OLD"})")
          .body,
      "{}");
  Response second = Call(
      "PutItem",
      R"({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"v":{"S":"two"}},"ReturnValues":"ALL_OLD"})");
  rapidjson::Document doc = ParseJson(second.body);
  EXPECT_STREQ(doc["Attributes"]["v"]["S"].GetString(), "one");
}

TEST_F(ItemsTest, DeleteRemovesTheItemAndReturnsItWithAllOld) {
  Call("PutItem",
       R"({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"v":{"S":"one"}}})");
  Response deleted = Call(
      "DeleteItem",
      R"({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1.0"}},"ReturnValues":"ALL_OLD"})");
  rapidjson::Document doc = ParseJson(deleted.body);
  EXPECT_STREQ(doc["Attributes"]["v"]["S"].GetString(), "one");
  EXPECT_EQ(Call("GetItem", R"({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}}})").body,
            "{}");
  // Deleting what is not there succeeds and returns nothing.
  EXPECT_EQ(
      Call(
          "DeleteItem",
          R"({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"ReturnValues":"ALL_OLD"})")
          .body,
      "{}");
}

TEST_F(ItemsTest, NumericallyEqualSortKeysAddressTheSameItem) {
  Call("PutItem",
       R"({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":"100"},"v":{"S":"x"}}})");
  Response got =
      Call("GetItem", R"({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1E+2"}}})");
  EXPECT_STREQ(ParseJson(got.body)["Item"]["sk"]["N"].GetString(), "100");
}

struct ErrorCase {
  const char* name;
  const char* operation;
  const char* body;
  const char* type;
  const char* message;
};

class ItemErrorsTest : public ItemsTest, public ::testing::WithParamInterface<ErrorCase> {};

TEST_P(ItemErrorsTest, AnswersTheServiceErrorAndChangesNothing) {
  const ErrorCase& c = GetParam();
  Response response = Call(c.operation, c.body);
  EXPECT_EQ(response.http_status, 400) << response.body;
  ErrorOf error = ParseError(response);
  EXPECT_EQ(error.type, c.type);
  EXPECT_EQ(error.message, c.message);
  EXPECT_EQ(Call("GetItem", R"({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}}})").body,
            "{}");
}

INSTANTIATE_TEST_SUITE_P(
    Cases, ItemErrorsTest,
    ::testing::Values(
        ErrorCase{"UnknownTable", "GetItem", R"({"TableName":"nope","Key":{"pk":{"S":"a"}}})",
                  "ResourceNotFoundException", "Requested resource not found"},
        ErrorCase{"PutUnknownTable", "PutItem", R"({"TableName":"nope","Item":{"pk":{"S":"a"}}})",
                  "ResourceNotFoundException", "Requested resource not found"},
        ErrorCase{"GetMissingSortKey", "GetItem", R"({"TableName":"items","Key":{"pk":{"S":"a"}}})",
                  "ValidationException", "The provided key element does not match the schema"},
        ErrorCase{"GetWrongKeyType", "GetItem",
                  R"({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"S":"1"}}})",
                  "ValidationException", "The provided key element does not match the schema"},
        ErrorCase{"GetExtraKeyAttribute", "GetItem",
                  R"({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"},"x":{"S":"1"}}})",
                  "ValidationException", "The provided key element does not match the schema"},
        ErrorCase{"GetEmptyStringKey", "GetItem",
                  R"({"TableName":"items","Key":{"pk":{"S":""},"sk":{"N":"1"}}})",
                  "ValidationException",
                  "One or more parameter values are not valid. The AttributeValue for a key "
                  "attribute cannot contain an empty string value. Key: pk"},
        ErrorCase{"PutMissingKey", "PutItem", R"({"TableName":"items","Item":{"pk":{"S":"a"}}})",
                  "ValidationException",
                  "One or more parameter values were invalid: Missing the key sk in the item"},
        ErrorCase{"PutWrongKeyType", "PutItem",
                  R"({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"S":"1"}}})",
                  "ValidationException",
                  "One or more parameter values were invalid: Type mismatch for key sk expected: N "
                  "actual: S"},
        ErrorCase{
            "PutReturnValuesAllNew", "PutItem",
            R"({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"ReturnValues":"ALL_NEW"})",
            "ValidationException", "ReturnValues can only be ALL_OLD or NONE"},
        ErrorCase{
            "DeleteReturnValuesUpdatedNew", "DeleteItem",
            R"({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}},"ReturnValues":"UPDATED_NEW"})",
            "ValidationException", "ReturnValues can only be ALL_OLD or NONE"},
        ErrorCase{
            "MixedLegacyAndExpression", "PutItem",
            R"j({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":"1"}},"ConditionExpression":"attribute_exists(pk)","Expected":{"a":{"Exists":false}}})j",
            "ValidationException",
            "Can not use both expression and non-expression parameters in the same request: "
            "Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(DatabaseTest, UnknownOperationIsRefused) {
  auto db = OpenInMemory();
  Response response = db->Call("FrobnicateTable", "{}");
  EXPECT_EQ(response.http_status, 400);
  EXPECT_EQ(ParseError(response).type, "UnknownOperationException");
}

TEST(DatabaseTest, MalformedJsonIsASerializationException) {
  auto db = OpenInMemory();
  for (const char* body : {"not json", "{\"TableName\":", "", "{\"a\":1}}"}) {
    Response response = db->Call("ListTables", body);
    EXPECT_EQ(response.http_status, 400) << body;
    EXPECT_EQ(ParseError(response).type, "SerializationException") << body;
  }
}

TEST(DatabaseTest, DeeplyNestedJsonNeverCrashes) {
  auto db = OpenInMemory();
  ASSERT_EQ(db->Call("CreateTable", kHashRangeTable).http_status, 200);
  std::string deep(100000, '[');
  EXPECT_EQ(db->Call("PutItem", deep).http_status, 400);
  std::string nested = R"({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"x":)";
  for (int i = 0; i < 5000; ++i) nested += R"({"L":[)";
  nested += R"({"S":"x"})";
  for (int i = 0; i < 5000; ++i) nested += "]}";
  nested += "}}";
  Response response = db->Call("PutItem", nested);
  EXPECT_EQ(response.http_status, 400);
  EXPECT_EQ(ParseError(response).type, "ValidationException");
}

TEST(DatabaseTest, EachAccessKeyAndRegionSeesItsOwnTablesUnlessShared) {
  auto db = OpenInMemory();
  RequestContext alice{"ALICE", "us-east-1"};
  RequestContext bob{"BOB", "us-east-1"};
  ASSERT_EQ(db->Call("CreateTable", kHashRangeTable, alice).http_status, 200);
  EXPECT_EQ(
      ParseError(db->Call("GetItem",
                          R"({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}}})", bob))
          .type,
      "ResourceNotFoundException");
  EXPECT_EQ(
      db->Call("GetItem", R"({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}}})", alice)
          .http_status,
      200);

  auto shared = OpenInMemory(/*shared_db=*/true);
  ASSERT_EQ(shared->Call("CreateTable", kHashRangeTable, alice).http_status, 200);
  EXPECT_EQ(
      shared->Call("GetItem", R"({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}}})", bob)
          .http_status,
      200);
}

TEST(DatabaseTest, CommittedWritesSurviveReopeningTheDataDirectory) {
  auto dir =
      std::filesystem::temp_directory_path() / ("ddbemu-reopen-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  Options options;
  options.path = dir.string();
  {
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok());
    ASSERT_EQ((*db)->Call("CreateTable", kHashRangeTable).http_status, 200);
    ASSERT_EQ(
        (*db)
            ->Call(
                "PutItem",
                R"({"TableName":"items","Item":{"pk":{"S":"a"},"sk":{"N":"1"},"v":{"S":"kept"}}})")
            .http_status,
        200);
  }
  {
    auto db = Database::Open(options);
    ASSERT_TRUE(db.ok());
    Response got =
        (*db)->Call("GetItem", R"({"TableName":"items","Key":{"pk":{"S":"a"},"sk":{"N":"1"}}})");
    EXPECT_STREQ(ParseJson(got.body)["Item"]["v"]["S"].GetString(), "kept");
  }
  std::filesystem::remove_all(dir);
}

}  // namespace items_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
