// ValidateRequest looks each body member up once for both of its stages (the type check and
// the constraints) and may be given the model's operation instead of its name: these pin what
// that must keep — every duplicate member type-checked, the first one (even when null) the one
// whose constraints count — and that both entry points answer alike.
#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <string>

#include "api/api_model.h"
#include "api_json/request_validator.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace request_validator_members_test {

Status Validate(const std::string& operation, const std::string& body, bool by_model) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseRequestBody(body, doc));
  if (!by_model) return ValidateRequest(operation, doc);
  const api_model::Operation* op = api_model::FindOperation(operation);
  EXPECT_NE(op, nullptr) << operation;
  return ValidateRequest(*op, operation, doc);
}

// Both entry points give `type` and `message` (ErrorCode::kNone: success).
void Expect(const std::string& operation, const std::string& body, bool ok, ErrorCode code = {},
            const std::string& message = "") {
  for (bool by_model : {false, true}) {
    const Status status = Validate(operation, body, by_model);
    ASSERT_EQ(status.ok(), ok) << body << (by_model ? " (by model)" : "");
    if (ok) continue;
    EXPECT_EQ(status.error().code(), code) << body;
    EXPECT_EQ(status.error().message(), message) << body;
  }
}

constexpr char kKey[] = R"("Key":{"PK":{"S":"a"}})";

TEST(RequestValidatorMembersTest, EveryDuplicateMemberIsTypeChecked) {
  Expect("GetItem", std::string(R"({"TableName":"table","TableName":5,)") + kKey + "}", false,
         ErrorCode::kSerialization, "NUMBER_VALUE cannot be converted to String");
  Expect("GetItem", std::string(R"({"TableName":null,"TableName":true,)") + kKey + "}", false,
         ErrorCode::kSerialization, "TRUE_VALUE cannot be converted to String");
}

TEST(RequestValidatorMembersTest, TheFirstDuplicateIsTheOneConstrained) {
  Expect("GetItem", std::string(R"({"TableName":"ab","TableName":"table",)") + kKey + "}", false,
         ErrorCode::kValidation,
         "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: "
         "Member must have length greater than or equal to 3");
  Expect("GetItem", std::string(R"({"TableName":"table","TableName":"ab",)") + kKey + "}", true);
  // A null first one is an absent member, whatever follows.
  Expect("GetItem", std::string(R"({"TableName":null,"TableName":"table",)") + kKey + "}", false,
         ErrorCode::kValidation,
         "1 validation error detected: Value null at 'tableName' failed to satisfy constraint: "
         "Member must not be null");
}

TEST(RequestValidatorMembersTest, UnknownMembersAndNullsAreIgnored) {
  Expect("GetItem",
         std::string(R"({"Unknown":5,"ConsistentRead":null,"TableName":"table",)") + kKey + "}",
         true);
}

TEST(RequestValidatorMembersTest, ABodyThatIsNoObjectKeepsTheElementWording) {
  Expect("GetItem", "[]", false, ErrorCode::kSerialization,
         "Unrecognized collection type class com.amazonaws.dynamodb.v20120810.GetItemInput");
  Expect("GetItem", "5", false, ErrorCode::kSerialization, "Unexpected value type in payload");
  Expect("GetItem", "null", false, ErrorCode::kSerialization, "Unexpected value type in payload");
}

TEST(RequestValidatorMembersTest, BothEntryPointsAgreeForEveryOperation) {
  for (const api_model::Operation& op : api_model::Operations()) {
    const std::string name(api_model::Str(op.name));
    for (const char* body : {"{}", R"({"TableName":"t"})", R"({"TableName":5,"Limit":"x"})",
                             R"({"TableName":"table","Limit":0,"Segment":-1})"}) {
      const Status by_name = Validate(name, body, false);
      const Status by_model = Validate(name, body, true);
      ASSERT_EQ(by_name.ok(), by_model.ok()) << name << " " << body;
      if (by_name.ok()) continue;
      EXPECT_EQ(by_name.error().code(), by_model.error().code()) << name << " " << body;
      EXPECT_EQ(by_name.error().message(), by_model.error().message()) << name << " " << body;
    }
  }
}

}  // namespace request_validator_members_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
