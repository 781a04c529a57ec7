// The fingerprint of a TransactWriteItems request (its idempotency check): member order does
// not change it, any value does.
#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <string>

#include "api_json/operation_codecs.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {
namespace transact_fingerprint_test {

std::string FingerprintOf(const std::string& json) {
  rapidjson::Document body;
  body.Parse(json.c_str(), json.size());
  EXPECT_FALSE(body.HasParseError()) << json;
  auto request = ParseTransactWriteItems(body);
  EXPECT_TRUE(request.ok());
  return request.ok() ? request->fingerprint : std::string();
}

constexpr const char* kPut =
    R"({"ClientRequestToken":"t1","TransactItems":[{"Put":{"TableName":"T",)"
    R"("Item":{"pk":{"S":"a"},"n":{"N":"1"},"l":{"L":[{"S":"x"},{"BOOL":true}]}}}}]})";

TEST(TransactFingerprint, MemberOrderDoesNotMatter) {
  const std::string reordered =
      R"({"TransactItems":[{"Put":{"Item":{"l":{"L":[{"S":"x"},{"BOOL":true}]},"n":{"N":"1"},)"
      R"("pk":{"S":"a"}},"TableName":"T"}}],"ClientRequestToken":"t1"})";
  const std::string a = FingerprintOf(kPut);
  EXPECT_EQ(a.size(), 16u);
  EXPECT_EQ(a, FingerprintOf(reordered));
}

TEST(TransactFingerprint, AnyValueMatters) {
  const std::string base = FingerprintOf(kPut);
  std::string changed = kPut;
  changed.replace(changed.find(R"("N":"1")"), 7, R"("N":"2")");
  EXPECT_NE(base, FingerprintOf(changed));
  std::string list_order = kPut;  // lists are ordered: swapping their elements is a change
  list_order.replace(list_order.find(R"([{"S":"x"},{"BOOL":true}])"), 25,
                     R"([{"BOOL":true},{"S":"x"}])");
  EXPECT_NE(base, FingerprintOf(list_order));
  // Lengths are part of the form: moving a character from a name into its value is a change.
  EXPECT_NE(FingerprintOf(R"({"ClientRequestToken":"t","TransactItems":[],"ab":"c"})"),
            FingerprintOf(R"({"ClientRequestToken":"t","TransactItems":[],"a":"bc"})"));
  EXPECT_NE(FingerprintOf(R"({"ClientRequestToken":"t","TransactItems":[],"x":1})"),
            FingerprintOf(R"({"ClientRequestToken":"t","TransactItems":[],"x":1.5})"));
}

TEST(TransactFingerprint, NoTokenNoFingerprint) {
  EXPECT_EQ(FingerprintOf(R"({"TransactItems":[]})"), "");
}

}  // namespace transact_fingerprint_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
