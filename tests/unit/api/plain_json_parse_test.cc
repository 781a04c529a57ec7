// The subset parse (api_json/fast_parse.h) against RapidJSON's in-place parse: every body
// it accepts, RapidJSON accepts with the same document, value for value (types and number
// flags included), its strings NUL-terminated in place; what it refuses is left to RapidJSON.
#include "api_json/fast_parse.h"

#include <gtest/gtest.h>
#include <rapidjson/document.h>

#include <random>
#include <string>
#include <vector>

#include "api_json/request_body.h"
#include "request_bodies.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace plain_json_parse_test {

void ExpectSameValue(const rapidjson::Value& a, const rapidjson::Value& b, const std::string& at) {
  ASSERT_EQ(a.GetType(), b.GetType()) << at;
  EXPECT_EQ(a.IsInt(), b.IsInt()) << at;
  EXPECT_EQ(a.IsUint(), b.IsUint()) << at;
  EXPECT_EQ(a.IsInt64(), b.IsInt64()) << at;
  EXPECT_EQ(a.IsUint64(), b.IsUint64()) << at;
  EXPECT_EQ(a.IsDouble(), b.IsDouble()) << at;
  if (a.IsUint64()) {
    EXPECT_EQ(a.GetUint64(), b.GetUint64()) << at;
  }
  if (a.IsString()) {
    ASSERT_EQ(a.GetStringLength(), b.GetStringLength()) << at;
    EXPECT_EQ(std::string(a.GetString(), a.GetStringLength()),
              std::string(b.GetString(), b.GetStringLength()))
        << at;
    EXPECT_EQ(a.GetString()[a.GetStringLength()], '\0') << at;
  }
  if (a.IsBool()) {
    EXPECT_EQ(a.GetBool(), b.GetBool()) << at;
  }
  if (a.IsArray()) {
    ASSERT_EQ(a.Size(), b.Size()) << at;
    for (rapidjson::SizeType i = 0; i < a.Size(); ++i) {
      ExpectSameValue(a[i], b[i], at + "[" + std::to_string(i) + "]");
    }
  }
  if (a.IsObject()) {
    ASSERT_EQ(a.MemberCount(), b.MemberCount()) << at;
    auto x = a.MemberBegin();
    auto y = b.MemberBegin();
    for (; x != a.MemberEnd(); ++x, ++y) {
      const std::string name(x->name.GetString(), x->name.GetStringLength());
      EXPECT_EQ(name, std::string(y->name.GetString(), y->name.GetStringLength())) << at;
      EXPECT_EQ(x->name.GetString()[x->name.GetStringLength()], '\0') << at;
      ExpectSameValue(x->value, y->value, at + "." + name);
    }
  }
}

// Whether the subset parse accepts `body`; when it does, RapidJSON must accept it too, with
// the same document.
bool AcceptedAsRapidJson(const std::string& body) {
  RequestBodyScratch scratch;
  rapidjson::Document plain;
  if (!ParsePlainJsonInsitu(scratch.Copy(body), body.size(), plain)) {
    EXPECT_TRUE(plain.IsNull()) << body;  // a refused parse leaves the document alone
    return false;
  }
  RequestBodyScratch general_scratch;
  rapidjson::Document general;
  general.ParseInsitu(general_scratch.Copy(body));
  EXPECT_FALSE(general.HasParseError()) << body;
  if (!general.HasParseError()) ExpectSameValue(plain, general, "body " + body);
  return true;
}

const std::vector<std::string>& Accepted() {
  static const std::vector<std::string> bodies = {
      kSdkGetItemBody,
      SdkQueryBody(R"J("ScanIndexForward":false,"ConsistentRead":true,"X":null)J"),
      " \t\r\n{ \"a\" : [ 0 , 7 , 999999999 , true , false , null , \"\" , { } , [ ] ] } \n",
      R"({"dup":1,"dup":"two","a":{"a":{"a":[[[[{}]]]]}},"b":[],"c":{}})",
      "{}",
      "[]",
      "\"text\"",
      "0",
      "123456789",
      "true",
      "false",
      "null",
      "{\"del\":\"\x7f\",\"sp\":\" ~!#$%&'()*+,-./:;<=>?@[]^_`{|}\"}",
  };
  return bodies;
}

TEST(PlainJsonParse, AcceptsTheSubsetWithRapidJsonsDocument) {
  for (const std::string& body : Accepted()) EXPECT_TRUE(AcceptedAsRapidJson(body)) << body;
}

TEST(PlainJsonParse, RefusesEverythingElse) {
  const std::vector<std::string> refused = {
      "",
      " ",
      "{",
      "}",
      "[",
      "{\"a\":1",
      "{\"a\" 1}",
      "{\"a\":1,}",
      "[1,]",
      "[,1]",
      "{,}",
      "{} x",
      "{}{}",
      "{\"a\":01}",
      "{\"a\":00}",
      "{\"a\":-1}",
      "{\"a\":-0}",
      "{\"a\":1.5}",
      "{\"a\":1e3}",
      "{\"a\":1E3}",
      "{\"a\":1234567890}",
      "{\"a\":4294967296}",
      "{\"a\":+1}",
      "{\"a\":.5}",
      "{\"a\":tru}",
      "{\"a\":nul}",
      "{\"a\":falsy}",
      "{\"a\":True}",
      "{\"a\":\"\\n\"}",
      "{\"a\":\"\\u0041\"}",
      "{\"a\\\"\":1}",
      "{\"a\":\"\x01\"}",
      "{\"a\":\"\x1f\"}",
      "{\"a\":\"\t\"}",
      "{\"a\":\"open}",
      "{a:1}",
      "{'a':1}",
      "[1 2]",
      "{\"a\":1 \"b\":2}",
      "{\"a\"::1}",
      "{\"a\":}",
      "[1]]",
      "{\"a\":[}]}",
      "/* c */ {}",
      "{\"a\":1}//",
      "{\"a\":NaN}",
      "{\"a\":Infinity}",
      "\"a\" \"b\"",
      // NUL bytes anywhere, non-ASCII bytes (UTF-8 is RapidJSON's to validate), a BOM.
      std::string("{}\0", 3),
      std::string("{} \0 x", 6),
      std::string("{\"a\":\"b\0\"}", 10),
      std::string("{\"a\":\0}", 7),
      "{\"a\":\"\xc3\xa9\"}",
      "{\"\x80\":1}",
      "{\"a\":\"\xff\"}",
      "\xef\xbb\xbf{}",
      "{\"a\":1\x80}",
  };
  for (const std::string& body : refused) EXPECT_FALSE(AcceptedAsRapidJson(body)) << body;
}

TEST(PlainJsonParse, NestingDeeperThanItsBoundIsRefused) {
  const auto nested = [](std::size_t depth) {
    std::string body;
    for (std::size_t i = 0; i < depth; ++i) body += (i % 2 == 0) ? "{\"k\":[" : "[";
    body += "1";
    for (std::size_t i = depth; i-- > 0;) body += (i % 2 == 0) ? "]}" : "]";
    return body;
  };
  EXPECT_TRUE(AcceptedAsRapidJson(nested(kMaxPlainJsonDepth / 2)));
  EXPECT_TRUE(AcceptedAsRapidJson(nested(kMaxPlainJsonDepth / 2 + 1)));
  // Each "{" of nested() holds a "[": depth counts both.
  EXPECT_TRUE(AcceptedAsRapidJson(std::string(kMaxPlainJsonDepth, '[') +
                                  std::string(kMaxPlainJsonDepth, ']')));
  EXPECT_FALSE(AcceptedAsRapidJson(std::string(kMaxPlainJsonDepth + 1, '[') +
                                   std::string(kMaxPlainJsonDepth + 1, ']')));
  // Siblings do not add up: depth is the current nesting, not the openers seen.
  std::string wide = "[";
  for (std::size_t i = 0; i < 3 * kMaxPlainJsonDepth; ++i) wide += i ? ",[[]]" : "[[]]";
  EXPECT_TRUE(AcceptedAsRapidJson(wide + "]"));
}

// Strings of every length at every offset from a 16-byte block boundary, so that the block scan
// meets its quote in the first block, later blocks, and at every lane.
TEST(PlainJsonParse, StringsAtEveryAlignment) {
  for (std::size_t pad = 0; pad < 17; ++pad) {
    for (std::size_t length = 0; length < 40; ++length) {
      const std::string body =
          "{\"" + std::string(pad, 'p') + "\":\"" + std::string(length, 'x') + "\"}";
      EXPECT_TRUE(AcceptedAsRapidJson(body)) << body;
      // An escape or a control byte at the end of the run is refused wherever it falls.
      std::string escaped = body;
      escaped.insert(escaped.size() - 2, "\\t");
      EXPECT_FALSE(AcceptedAsRapidJson(escaped)) << escaped;
      std::string control = body;
      control.insert(control.size() - 2, "\x02");
      EXPECT_FALSE(AcceptedAsRapidJson(control)) << control;
      // Unterminated: the scan stops at the NUL after the body.
      const std::string open = body.substr(0, body.size() - 2);
      EXPECT_FALSE(AcceptedAsRapidJson(open)) << open;
    }
  }
}

// Mutated bodies: whatever the subset parse accepts must be RapidJSON's (AcceptedAsRapidJson
// checks it), and it accepts most mutations that stay in the subset.
TEST(PlainJsonParse, MutatedBodiesNeverDisagreeWithRapidJson) {
  std::mt19937 random(20261128);
  const std::string specials = "{}[]\",: \t\n0123456789-.eEtrufalsn\\\x01\x7f";
  int accepted = 0;
  for (const std::string& seed : Accepted()) {
    for (int round = 0; round < 3000; ++round) {
      const std::string body = MutatedBody(random, seed, specials);
      accepted += AcceptedAsRapidJson(body) ? 1 : 0;
      if (::testing::Test::HasFailure()) return;  // one body is enough to see
    }
  }
  EXPECT_GT(accepted, 1000);  // the mutations exercise acceptance, not only refusal
}

}  // namespace plain_json_parse_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
