// The DynamoDB JSON text the value layer writes without the JSON codec (value/value_text.h):
// key labels, operator<< and ToJson must be the very text the codec's WriteItem writes (the
// capacity report and the audit match keys by it), and FromJson must read it back.
#include "value/value_text.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "ddbemu/json.h"
#include "random_values.h"
#include "value/text_encodings.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace value_text_test {

using ddbemu::testing::RandomValues;

std::string CodecText(const Item& key) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  WriteItem(key, writer);
  return std::string(buffer.GetString(), buffer.GetSize());
}

// Text with every character JSON escapes, and some it does not ('/', DEL, UTF-8 bytes).
std::string Awkward(RandomValues& r) {
  static constexpr char kChars[] = {'a',  '"',    '\\', '\b',   '\t',   '\n',   '\f', '\r',
                                    '\0', '\x1F', '/',  '\x7F', '\xC3', '\xA9', '#',  ' '};
  std::string s(static_cast<std::size_t>(r.Int(0, 12)), 'a');
  for (char& c : s) c = kChars[r.Int(0, sizeof kChars - 1)];
  return s;
}

TEST(KeyLabel, WritesWhatTheCodecWrites) {
  RandomValues r(29);
  for (int i = 0; i < 2000; ++i) {
    Item key;
    const int parts = r.Int(1, 3);  // a multi-attribute GSI key has several
    for (int p = 0; p < parts; ++p) {
      const std::string name = Awkward(r) + std::to_string(p);
      switch (r.Int(0, 2)) {
        case 0:
          key[name] = AttributeValue::S(Awkward(r));
          break;
        case 1:
          key[name] = AttributeValue::N(r.CanonicalNumber());
          break;
        default:
          key[name] = AttributeValue::B(r.Bytes(40));
          break;
      }
    }
    ASSERT_EQ(KeyLabel(key), CodecText(key)) << "case " << i;
  }
}

TEST(KeyLabel, CommonKeys) {
  EXPECT_EQ(KeyLabel({{"pk", AttributeValue::S("user#1")}}), R"({"pk":{"S":"user#1"}})");
  EXPECT_EQ(KeyLabel({{"id", AttributeValue::N("42")}}), R"({"id":{"N":"42"}})");
  EXPECT_EQ(KeyLabel({{"b", AttributeValue::B("hi")}}), R"({"b":{"B":"aGk="}})");
  EXPECT_EQ(KeyLabel({{"a", AttributeValue::S("x")}, {"b", AttributeValue::N("1")}}),
            R"({"a":{"S":"x"},"b":{"N":"1"}})");
}

TEST(ValueText, EveryTypeAsTheCodecWritesIt) {
  RandomValues r(31);
  for (int i = 0; i < 2000; ++i) {
    const Item item = testing::RandomItem(r);
    ASSERT_EQ(ToJson(item), CodecText(item)) << "case " << i;
  }
}

TEST(ValueText, ValuesPrintAsTheServiceWritesThem) {
  EXPECT_EQ(ToJson(AttributeValue::S("a\"b")), R"({"S":"a\"b"})");
  EXPECT_EQ(ToJson(AttributeValue::N(-12)), R"({"N":"-12"})");
  EXPECT_EQ(ToJson(AttributeValue::Bool(false)), R"({"BOOL":false})");
  EXPECT_EQ(ToJson(AttributeValue::Null()), R"({"NULL":true})");
  EXPECT_EQ(ToJson(AttributeValue::BS({"hi", "yo"})), R"({"BS":["aGk=","eW8="]})");
  EXPECT_EQ(ToJson(AttributeValue::L({AttributeValue::M({}), AttributeValue::L({})})),
            R"({"L":[{"M":{}},{"L":[]}]})");
  EXPECT_EQ(ToJson(Item{}), "{}");
  std::ostringstream os;
  os << Item{{"b", AttributeValue::NS({"1", "2"})}, {"a", AttributeValue::SS({"x"})}};
  EXPECT_EQ(os.str(), R"({"a":{"SS":["x"]},"b":{"NS":["1","2"]}})");
  EXPECT_EQ(::testing::PrintToString(AttributeValue::S("x")), R"({"S":"x"})");
  EXPECT_EQ(::testing::PrintToString(Item{{"k", AttributeValue::N(1)}}), R"({"k":{"N":"1"}})");
}

// A value built in C++ may nest far deeper than a request allows; printing it must not recurse.
TEST(ValueText, DeepNestingPrintsWithoutRecursion) {
  constexpr int kDepth = 200000;
  AttributeValue v = AttributeValue::S("x");
  for (int i = 0; i < kDepth; ++i) {
    AttributeValue outer = AttributeValue::L({});
    outer.list().push_back(std::move(v));  // moved, not copied: a copy is one level per frame
    v = std::move(outer);
  }
  const std::string text = ToJson(v);
  EXPECT_EQ(text.size(), kDepth * std::string_view(R"({"L":[]})").size() + 9);
  EXPECT_EQ(text.substr(0, 12), R"({"L":[{"L":[)");
  // Take it apart iteratively too: the default destructor recurses once per level.
  while (v.is(AttributeType::kL)) {
    AttributeValue inner = std::move(v.list().front());
    v = std::move(inner);
  }
}

TEST(FromJson, ReadsBackWhatToJsonWrites) {
  // Random items whose strings are valid UTF-8 (FromJson refuses the others, as the service
  // refuses such a request).
  RandomValues r(37);
  int round_trips = 0;
  for (int i = 0; i < 5000; ++i) {
    const Item item = testing::RandomItem(r);
    const std::string text = ToJson(item);
    if (!IsValidUtf8(text)) {
      EXPECT_EQ(FromJson<Item>(text).error().code(), ErrorCode::kSerialization);
      continue;
    }
    Result<Item> back = FromJson<Item>(text);
    ASSERT_TRUE(back.ok()) << back.error() << " for " << text;
    ASSERT_EQ(*back, item) << "case " << i;
    ++round_trips;
  }
  EXPECT_GE(round_trips, 100);
  Result<AttributeValue> v = FromJson<AttributeValue>(R"({"N":"1E3"})");
  ASSERT_TRUE(v.ok()) << v.error();
  EXPECT_EQ(*v, AttributeValue::N(1000));  // canonical, as a request stores it
}

TEST(FromJson, RefusesWhatTheServiceRefuses) {
  auto code = [](std::string_view text) { return FromJson<Item>(text).error().code(); };
  EXPECT_EQ(code(R"({"a":{"S":"x"})"), ErrorCode::kSerialization);         // malformed
  EXPECT_EQ(code("{\"a\":{\"S\":\"\xC3\"}}"), ErrorCode::kSerialization);  // invalid UTF-8
  EXPECT_EQ(code(R"({"a":{"S":1}})"), ErrorCode::kSerialization);          // wrong JSON type
  EXPECT_EQ(code(R"({"a":{"S":"x"}} x)"), ErrorCode::kSerialization);      // trailing text
  EXPECT_EQ(code(R"({"a":{"SS":[]}})"), ErrorCode::kValidation);           // empty set
  EXPECT_EQ(code(R"({"a":{"N":"x"}})"), ErrorCode::kValidation);           // not a number
  auto nested = [](int depth) {
    std::string text;
    for (int i = 0; i < depth; ++i) text += R"({"L":[)";
    text += R"({"NULL":true})";
    for (int i = 0; i < depth; ++i) text += "]}";
    return text;
  };
  EXPECT_TRUE(FromJson<AttributeValue>(nested(30)).ok());
  EXPECT_EQ(FromJson<AttributeValue>(nested(40)).error().code(), ErrorCode::kValidation);
  // Refused, without overflowing the stack on the way.
  EXPECT_EQ(FromJson<AttributeValue>(nested(100000)).error().code(), ErrorCode::kValidation);
  EXPECT_EQ(FromJson<AttributeValue>(R"({"S":"x","N":"1"})").error().code(),
            ErrorCode::kValidation);
}

}  // namespace value_text_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
