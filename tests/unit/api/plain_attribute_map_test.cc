// The plain attribute map fast path (api_json/fast_parse.h) against the codec it
// stands in for: for every map, the same item or the same error (code and message), and the
// fast path taken exactly for the maps it claims.
#include "api_json/fast_parse.h"

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <string>
#include <vector>

#include "ddbemu/testing/matchers.h"
#include "value_json/json_codec.h"

using ::ddbemu::testing::Attr;

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace plain_attribute_map_test {

using api::json::AttributeMapFromJson;
using api::json::ExpressionValueMapFromJson;
using api::json::ReadPlainAttributeMap;

rapidjson::Document Json(const std::string& text) {
  rapidjson::Document doc;
  doc.Parse(text.c_str(), text.size());
  EXPECT_FALSE(doc.HasParseError()) << text;
  return doc;
}

void ExpectSame(const Result<Item>& fast, const Result<Item>& general, const std::string& text) {
  ASSERT_EQ(fast.ok(), general.ok()) << text;
  if (fast.ok()) {
    EXPECT_EQ(fast.value(), general.value()) << text;
  } else {
    EXPECT_EQ(fast.error().code(), general.error().code()) << text;
    EXPECT_EQ(fast.error().message(), general.error().message()) << text;
  }
}

void ExpectEquivalent(const std::string& text) {
  const rapidjson::Document doc = Json(text);
  ExpectSame(AttributeMapFromJson(doc), ItemFromJson(doc), text);
  ExpectSame(ExpressionValueMapFromJson(doc), ExpressionValuesFromJson(doc), text);
}

bool TakesFastPath(const std::string& text) {
  const rapidjson::Document doc = Json(text);
  Item item;
  return ReadPlainAttributeMap(doc, &item);
}

TEST(PlainAttributeMapTest, PlainMapsTakeTheFastPathWithTheCodecsResult) {
  const std::vector<std::string> plain = {
      R"({})",
      R"({"PK": {"S": "ORG#01HZX3"}, "SK": {"S": "EMP#0001"}})",
      R"({"SK": {"S": "b"}, "PK": {"S": "a"}})",  // out of order: the map sorts
      R"({"k": {"S": ""}})",                      // empty strings are the operation's to refuse
      R"({"k": {"S": "\u00e9\u4e2d \ud83d\ude00 with a long tail past any inline buffer"}})",
      R"({"n": {"N": "007"}, "m": {"N": "-1.50E+3"}, "z": {"N": "0.000"}})",
      R"({":pk": {"S": "ORG#1"}, ":prefix": {"S": "EMP#"}})",
      R"({"a": {"S": "first"}, "a": {"S": "last"}})",  // a repeated name keeps its last value
      R"({"a": {"N": "1"}, "a": {"S": "x"}, "b": {"N": "2"}})",
  };
  for (const std::string& text : plain) {
    EXPECT_TRUE(TakesFastPath(text)) << text;
    ExpectEquivalent(text);
  }
}

TEST(PlainAttributeMapTest, OtherMapsGoToTheCodecWithItsErrors) {
  const std::vector<std::string> other = {
      R"({"k": {"N": "abc"}})",  // not a number: the codec words it
      R"({"k": {"N": ""}})",
      R"({"k": {"N": "1e999"}})",
      R"({"a": {"S": "x"}, "k": {"N": "12x"}})",
      R"({"k": {"S": 1}})",
      R"({"k": {"S": null}})",
      R"({"k": {"S": true}})",
      R"({"k": {"S": ["a"]}})",
      R"({"k": {"S": {"S": "a"}}})",
      R"({"k": {"S": "a", "N": "1"}})",
      R"({"k": {"S": "a", "x": 1}})",
      R"({"k": {"s": "a"}})",
      R"({"k": {"SS": ["a"]}})",
      R"({"k": {"B": "YQ=="}})",
      R"({"k": {"BOOL": true}})",
      R"({"k": {"NULL": false}})",
      R"({"k": {}})",
      R"({"k": null})",
      R"({"k": "S"})",
      R"({"k": ["S", "a"]})",
      R"({"k": {"M": {"a": {"S": "b"}}}})",
      R"({"k": {"L": [{"S": "b"}]}})",
      R"({"a": {"S": "x"}, "b": {"N": "1", "N": "2"}})",
      R"({"a": {"S": "x"}, "b": null})",
      R"([])",
      R"("text")",
      R"(null)",
      R"(1)",
  };
  for (const std::string& text : other) {
    EXPECT_FALSE(TakesFastPath(text)) << text;
    ExpectEquivalent(text);
  }
}

TEST(PlainAttributeMapTest, BuildsTheValuesOfTheirTypes) {
  const rapidjson::Document doc = Json(R"({"s": {"S": "10"}, "n": {"N": "+10.0"}})");
  Item item;
  ASSERT_TRUE(ReadPlainAttributeMap(doc, &item));
  ASSERT_EQ(item.size(), 2u);
  EXPECT_EQ(Attr(item, "s"), AttributeValue::S("10"));
  EXPECT_EQ(Attr(item, "n").type(), AttributeType::kN);
  EXPECT_EQ(Attr(item, "n").scalar(), "10");
}

}  // namespace plain_attribute_map_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
