// JsonText (value_json/json_text.h) must write exactly what RapidJSON's Writer writes for the same
// string or bytes: the fast paths (16-byte blocks, overlapping words for the last 4 to 15
// bytes, bytes one at a time near an escape) are compared with the Writer at every length and
// with an escaped byte at every offset of a block.
#include "value_json/json_text.h"

#include <gtest/gtest.h>

#include <string>

#include "random_values.h"
#include "value/text_encodings.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace json_text_test {

using ddbemu::testing::RandomValues;

std::string WriterText(std::string_view s) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  writer.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
  return std::string(buffer.GetString(), buffer.GetSize());
}

std::string TextOf(std::string_view s, std::string prefix = "") {
  JsonText text(prefix);
  text.String(s);
  text.Finish();
  return prefix;
}

// Every byte value, alone and inside plain text at every offset of two 16-byte blocks, for
// every length of the plain text around it up to 40.
TEST(JsonText, StringEscapesEveryByteAtEveryOffsetAsTheWriterDoes) {
  for (int c = 0; c < 256; ++c) {
    for (std::size_t len = 1; len <= 40; ++len) {
      for (std::size_t at = 0; at < len; ++at) {
        std::string s(len, 'x');
        s[at] = static_cast<char>(c);
        ASSERT_EQ(TextOf(s), WriterText(s)) << "byte " << c << " at " << at << " of " << len;
      }
    }
  }
}

TEST(JsonText, PlainStringsOfEveryLengthAreCopied) {
  std::string s;
  for (std::size_t len = 0; len <= 300; ++len) {
    ASSERT_EQ(TextOf(s), "\"" + s + "\"") << len;
    s.push_back(static_cast<char>(len % 2 == 0 ? 'a' + len % 26 : 0x80 + len % 128));
  }
}

// Awkward bytes in clusters: escapes next to each other, at block ends, control characters
// and UTF-8 (valid or not) mixed.
TEST(JsonText, RandomStringsMatchTheWriter) {
  static constexpr char kChars[] = {'a',    '"', '\\',   '\b',   '\t',   '\n',   '\f', '\r',  '\0',
                                    '\x1F', '/', '\x7F', '\xC3', '\xA9', '\xFF', ' ',  '\x20'};
  RandomValues r(41);
  for (int i = 0; i < 20000; ++i) {
    std::string s(static_cast<std::size_t>(r.Int(0, i % 10 == 0 ? 200 : 40)), 'a');
    const int awkward = r.Int(0, 3);  // how often a byte is not plain
    for (char& c : s) {
      if (r.Int(0, 9) < awkward) c = kChars[r.Int(0, sizeof kChars - 1)];
    }
    ASSERT_EQ(TextOf(s), WriterText(s)) << i;
  }
}

// Appending keeps what the string held; text beyond one chunk keeps what was written.
TEST(JsonText, AppendsAfterTheStringAndGrows) {
  std::string out = "prefix:";
  {
    JsonText text(out);
    for (int i = 0; i < 1000; ++i) {
      text.String(std::string(static_cast<std::size_t>(i % 50), i % 7 == 0 ? '\n' : 'z'));
      text.Reserve(1);
      text.Put(',');
    }
  }
  std::string expected = "prefix:";
  for (int i = 0; i < 1000; ++i) {
    expected += WriterText(std::string(static_cast<std::size_t>(i % 50), i % 7 == 0 ? '\n' : 'z'));
    expected += ',';
  }
  EXPECT_EQ(out, expected);
}

// Strings longer than the chunk are written in place, between chunks.
TEST(JsonText, LongStringsBetweenChunks) {
  std::string out;
  std::string expected;
  {
    JsonText text(out);
    for (int i = 0; i < 40; ++i) {
      std::string s(static_cast<std::size_t>(i * 397 % 7000), 'q');
      if (i % 3 == 0 && !s.empty()) s[s.size() / 2] = '\n';
      text.String(s);
      text.Reserve(1);
      text.Put(',');
      expected += WriterText(s) + ",";
    }
  }
  EXPECT_EQ(out, expected);
}

TEST(JsonText, Base64StringIsTheCodecsBase64) {
  RandomValues r(43);
  for (int i = 0; i < 3000; ++i) {
    const std::string bytes = r.Bytes(i % 3 == 0 ? 100 : 7);
    std::string out;
    {
      JsonText text(out);
      text.Base64String(bytes);
    }
    ASSERT_EQ(out, "\"" + Base64Encode(bytes) + "\"") << i;
  }
}

}  // namespace json_text_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
