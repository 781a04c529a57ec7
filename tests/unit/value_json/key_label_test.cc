// A key's label (value/key_label.h), written without the JSON codec, must be the very text the
// codec's WriteItem writes for the same key: the capacity report and the audit match keys by it.
#include "value/key_label.h"

#include <gtest/gtest.h>

#include <string>

#include "random_values.h"
#include "value_json/json_codec.h"

namespace ddbemu {
namespace key_label_test {

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

}  // namespace key_label_test
}  // namespace ddbemu
