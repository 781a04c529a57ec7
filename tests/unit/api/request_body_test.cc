// The request body's fast parse (api_json/request_body.h) against the general one
// (ParseRequestBody in request_validator.h): for every body, the same answer and, when it
// parses, the same document.
#include "api_json/request_body.h"

#include <gtest/gtest.h>
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <random>
#include <string>
#include <vector>

#include "api_json/request_validator.h"
#include "request_bodies.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace request_body_test {

// The document as JSON text, members in their order (duplicates kept), or "error".
std::string Written(const rapidjson::Document& doc) {
  rapidjson::StringBuffer out;
  rapidjson::Writer<rapidjson::StringBuffer> writer(out);
  doc.Accept(writer);
  return std::string(out.GetString(), out.GetSize());
}

std::string General(std::string_view body) {
  rapidjson::Document doc;
  return ParseRequestBody(body, doc).ok() ? Written(doc) : "error";
}

std::string Fast(std::string_view body) {
  RequestBodyScratch scratch;
  rapidjson::Document doc;
  Status status = ParseRequestBody(body, scratch, doc);
  if (!status.ok()) {
    EXPECT_EQ(status.error().code(), ErrorCode::kSerialization);
    EXPECT_EQ(status.error().message(), "");
    return "error";
  }
  return Written(doc);
}

void ExpectSameParse(std::string_view body) {
  EXPECT_EQ(Fast(body), General(body)) << "body: " << std::string(body);
}

const std::vector<std::string>& Seeds() {
  static const std::vector<std::string> seeds = {
      kSdkGetItemBody,
      SdkQueryBody(R"J("ScanIndexForward":false)J"),
      R"J( { "a" : [ 1 , -2.5e3 , 1e300 , 18446744073709551616 , true , false , null ] } )J",
      R"J({"s":"esc \" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u20ac \ud83d\ude00 \u0000 end"})J",
      R"J({"a":{"a":{"a":{"a":[[[[{}]]]]}}},"b":[],"c":{}})J",
      R"J({"dup":1,"dup":"two","n":-0,"m":0.000001,"x":123456789012345678})J",
      "{\"t\":\"\xc3\xa9\xf0\x9f\x98\x80\"}",
  };
  return seeds;
}

TEST(RequestBody, ParsesAsTheGeneralParseOnSeeds) {
  for (const auto& seed : Seeds()) {
    ExpectSameParse(seed);
    EXPECT_NE(Fast(seed), "error") << seed;
  }
}

TEST(RequestBody, RefusesWhatTheGeneralParseRefuses) {
  for (std::string body :
       {std::string(""), std::string(" "), std::string("{"), std::string("{\"a\":1"),
        std::string("hi"), std::string("{} x"), std::string("[1,]"), std::string("{\"a\":01}"),
        std::string("{\"a\":\"\x01\"}"), std::string("{\"a\":\"\\ud800\"}"),
        std::string("{\"a\":\"\\udc00x\"}"), std::string("{\"a\":\"\\x\"}"),
        std::string("{\"a\":1,}"), std::string("{\"a\" 1}"), std::string("{\"a\":tru}"),
        std::string("{\"a\":\"\xff\"}"), std::string("\xef\xbb\xbf{}"), std::string("{}\0", 3),
        std::string("{\"a\":\"b\0\"}", 10), std::string("{} \0 x", 6), std::string("{\"a\":-}"),
        std::string("{\"a\":1e}"), std::string("{\"a\":.5}"),
        // Control bytes in a string run long enough for RapidJSON's SIMD scan, which misses
        // 0x1A-0x1F.
        "{\"s\":\"" + std::string(40, 'Q') + "\x1e" + std::string(40, 'Q') + "\"}",
        "{\"s\":\"" + std::string(40, 'Q') + "\x1a\"}",
        "{\"s\":\"" + std::string(40, 'Q') + "\x19\"}",
        "{\"s\":\"" + std::string(40, 'Q') + "\x1f\"}"}) {
    ExpectSameParse(body);
  }
}

// A body is what arrives, so the mutations change bytes where a client's bug would: flip,
// insert a structural byte, drop one, cut the end.
TEST(RequestBody, ParsesAsTheGeneralParseOnMutatedBodies) {
  std::mt19937 random(20261127);
  const std::string specials = "{}[]\",:\\ 0-.eEtfnu\x01\x7f\x80\xc3\xa9";
  for (const auto& seed : Seeds()) {
    for (int round = 0; round < 3000; ++round) {
      const std::string body = MutatedBody(random, seed, specials);
      ExpectSameParse(body);
      if (::testing::Test::HasFailure()) return;  // one body is enough to see
    }
  }
}

TEST(RequestBody, ManyOpenersParseIterativelyAsTheGeneralParse) {
  std::string list = "{\"a\":[";
  for (int i = 0; i < 300; ++i) list += (i ? ",{\"S\":\"x\"}" : "{\"S\":\"x\"}");
  list += "]}";
  ExpectSameParse(list);
  EXPECT_NE(Fast(list), "error");
  // Deep enough to exhaust the stack of a recursive parse (or of Written: compared by hand).
  const std::string deep = std::string(200000, '[') + std::string(200000, ']');
  RequestBodyScratch scratch;
  rapidjson::Document doc;
  ASSERT_TRUE(ParseRequestBody(deep, scratch, doc).ok());
  std::size_t depth = 0;
  for (const rapidjson::Value* v = &doc; v->IsArray() && !v->Empty(); v = &(*v)[0]) ++depth;
  EXPECT_EQ(depth, 199999u);
}

TEST(RequestBody, LargeBodiesParseOutsideTheInlineBuffer) {
  std::string body = "{\"s\":\"" + std::string(100000, 'x') + "\",\"t\":\"\\u0041\"}";
  ExpectSameParse(body);
  EXPECT_NE(Fast(body), "error");
}

TEST(RequestBody, ScanCountsOpenersOfLongBodies) {
  // More than 255 blocks of 16 bytes, each with two openers: the per-lane counts wrap at 256.
  std::string body;
  for (int i = 0; i < 600; ++i) body += "{\"a\":[1,2,3,4]}";  // 16 bytes
  body += "{[";
  EXPECT_EQ(ScanBody(body).openers, 1202u);
  EXPECT_TRUE(ScanBody(body).plain);
  body[body.size() / 2] = '\x80';
  EXPECT_FALSE(ScanBody(body).plain);
}

TEST(RequestBody, ScanFindsNonAsciiNulAndOpenersAtEveryOffset) {
  for (std::size_t size = 0; size < 70; ++size) {
    for (std::size_t at = 0; at < size; ++at) {
      std::string body(size, 'a');
      body[at] = '{';
      EXPECT_TRUE(ScanBody(body).plain);
      EXPECT_EQ(ScanBody(body).openers, 1u) << size << " " << at;
      body[at] = '\x80';
      EXPECT_FALSE(ScanBody(body).plain) << size << " " << at;
      body[at] = '\0';
      EXPECT_FALSE(ScanBody(body).plain) << size << " " << at;
      for (char c = 0x1A; c <= 0x1F; ++c) {
        body[at] = c;
        EXPECT_FALSE(ScanBody(body).plain) << size << " " << at << " " << int{c};
      }
      body[at] = '\x19';
      EXPECT_TRUE(ScanBody(body).plain) << size << " " << at;
      body[at] = ' ';
      EXPECT_TRUE(ScanBody(body).plain) << size << " " << at;
    }
  }
}

}  // namespace request_body_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
