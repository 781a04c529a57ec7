// Reading an item in its storage encoding must agree exactly with decoding it: the same
// DynamoDB size as ItemSize, the same JSON as WriteItem, and the same verdict on corrupt bytes
// as DecodeItem.
#include "value_json/encoded_item_json.h"

#include <gtest/gtest.h>

#include "random_values.h"
#include "value/item_codec.h"
#include "value/item_format.h"
#include "value/item_size.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::itemcodec {
namespace encoded_item_json_test {

using ddbemu::testing::CorruptBytes;
using ddbemu::testing::RandomItem;
using ddbemu::testing::RandomValues;

std::string JsonOfDecoded(std::string_view bytes) {
  Item item;
  EXPECT_TRUE(DecodeItem(bytes, &item));
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  WriteItem(item, w);
  return std::string(buffer.GetString(), buffer.GetSize());
}

std::string JsonOfEncoded(std::string_view bytes) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  WriteEncodedItem(bytes, w);
  return std::string(buffer.GetString(), buffer.GetSize());
}

TEST(EncodedItem, SizeAndJsonMatchTheDecodedItem) {
  RandomValues r(17);
  for (int i = 0; i < 3000; ++i) {
    const Item item = RandomItem(r);
    std::string bytes;
    EncodeItem(item, &bytes);
    const std::optional<std::size_t> size = EncodedItemSize(bytes);
    ASSERT_TRUE(size.has_value()) << i;
    ASSERT_EQ(*size, ItemSize(item)) << i;
    ASSERT_EQ(JsonOfEncoded(bytes), JsonOfDecoded(bytes)) << i;
  }
}

TEST(EncodedItem, WritesTheServiceShape) {
  const Item item{{"pk", AttributeValue::S("ORG#1")},
                  {"n", AttributeValue::N("-12.5")},
                  {"b", AttributeValue::B("hi")},
                  {"ok", AttributeValue::Bool(true)},
                  {"z", AttributeValue::Null()},
                  {"tags", AttributeValue::SS({"a", "b"})},
                  {"l", AttributeValue::L({AttributeValue::N("1")})},
                  {"m", AttributeValue::M({{"x", AttributeValue::S("y")}})}};
  std::string bytes;
  EncodeItem(item, &bytes);
  EXPECT_EQ(JsonOfEncoded(bytes),
            R"({"b":{"B":"aGk="},"l":{"L":[{"N":"1"}]},"m":{"M":{"x":{"S":"y"}}},)"
            R"("n":{"N":"-12.5"},"ok":{"BOOL":true},"pk":{"S":"ORG#1"},)"
            R"("tags":{"SS":["a","b"]},"z":{"NULL":true}})");
}

TEST(EncodedItem, SetsStoredOutOfOrderAreWrittenInSetOrder) {
  // An SS stored as ["b", "a"] and an NS as ["10", "9"] (before sets were kept sorted).
  const std::string bytes(
      "\x01\x02"
      "\x02ns\x0A\x02\x02"
      "10\x01"
      "9"
      "\x02ss\x09\x02\x01"
      "b\x01"
      "a",
      21);
  ASSERT_TRUE(EncodedItemSize(bytes).has_value());
  EXPECT_EQ(JsonOfEncoded(bytes), R"({"ns":{"NS":["9","10"]},"ss":{"SS":["a","b"]}})");
  EXPECT_EQ(JsonOfEncoded(bytes), JsonOfDecoded(bytes));
}

// Two S attributes named `first` and `second`, in that stored order.
std::string TwoNames(std::string_view first, std::string_view second) {
  std::string bytes("\x01\x02", 2);
  for (std::string_view name : {first, second}) {
    bytes.push_back(static_cast<char>(name.size()));
    bytes.append(name);
    bytes.append("\x01\x01v", 3);  // S "v"
  }
  return bytes;
}

TEST(EncodedItem, NamesMustBeStrictlyIncreasing) {
  for (const auto& [first, second] :
       std::vector<std::pair<std::string, std::string>>{{"GSI1PK", "GSI1SK"},
                                                        {"PK", "SK"},
                                                        {"a", "ab"},
                                                        {"", "a"},
                                                        {"a\x7f", "a\x80"},
                                                        {"\x7f", "\x80"}}) {
    SCOPED_TRACE(first + " < " + second);
    Item decoded;
    EXPECT_TRUE(DecodeItem(TwoNames(first, second), &decoded));
    EXPECT_EQ(EncodedItemSize(TwoNames(first, second)), first.size() + second.size() + 2);
    EXPECT_FALSE(EncodedItemSize(TwoNames(second, first)).has_value());
    EXPECT_FALSE(DecodeItem(TwoNames(second, first), &decoded));
    EXPECT_FALSE(EncodedItemSize(TwoNames(first, first)).has_value());  // a name twice
  }
}

TEST(EncodedItem, RejectsExactlyWhatDecodeRejects) {
  RandomValues r(18);
  int rejected = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string encoded;
    EncodeItem(RandomItem(r), &encoded);
    const std::string bytes = CorruptBytes(r, std::move(encoded));
    Item out;
    const bool decodes = DecodeItem(bytes, &out);
    ASSERT_EQ(EncodedItemSize(bytes).has_value(), decodes) << i;
    if (!decodes) ++rejected;
  }
  EXPECT_GT(rejected, 1000);
  // Every truncation of a valid item is rejected.
  std::string bytes;
  EncodeItem(Item{{"a", AttributeValue::L({AttributeValue::S("xyz")})}}, &bytes);
  for (std::size_t len = 0; len < bytes.size(); ++len) {
    EXPECT_FALSE(EncodedItemSize(bytes.substr(0, len)).has_value()) << len;
  }
}

// Format 0x02 (value/item_format.h): items as they are stored, their size ahead of the body.
std::string Stored(const Item& item) {
  std::string bytes;
  EncodeStoredItem(item, ItemSize(item), &bytes);
  return bytes;
}

TEST(StoredItem, SizeAndJsonAreThoseOfThePlainForm) {
  RandomValues r(19);
  for (int i = 0; i < 3000; ++i) {
    const Item item = RandomItem(r);
    std::string plain;
    EncodeItem(item, &plain);
    const std::string stored = Stored(item);
    ASSERT_EQ(stored[0], kFormatVersionWithSize);
    ASSERT_EQ(EncodedItemSize(stored), ItemSize(item)) << i;
    ASSERT_EQ(JsonOfEncoded(stored), JsonOfDecoded(plain)) << i;
  }
}

// The size is the write's answer, taken as it is: the body is not walked to size it.
TEST(StoredItem, SizeIsTakenAsWritten) {
  std::string stored;
  EncodeStoredItem(Item{{"a", AttributeValue::S("b")}}, 7, &stored);
  EXPECT_EQ(EncodedItemSize(stored), 7u);
  EXPECT_FALSE(EncodedItemSize(stored.substr(0, 2)).has_value());         // no count after the size
  EXPECT_FALSE(EncodedItemSize(std::string("\x02\x80", 2)).has_value());  // the size cut short
  EXPECT_FALSE(EncodedItemSize(std::string("\x03\x00", 2)).has_value());  // unknown version
}

// A stored body is written without being checked first, so the writer keeps a corrupt one in
// bounds by itself (the sanitizer builds run these): counts never reach past the bytes, nesting
// stops at kMaxDecodeDepth, and the text stays within a few times the bytes.
TEST(StoredItem, CorruptBodiesAreWrittenInBounds) {
  RandomValues r(20);
  for (int i = 0; i < 3000; ++i) {
    const std::string bytes = CorruptBytes(r, Stored(RandomItem(r)));
    if (!EncodedItemSize(bytes)) continue;
    ASSERT_LE(JsonOfEncoded(bytes).size(), 16 * bytes.size() + 64) << i;
  }
  // A list nested a million deep, a count of 2^32 - 1 and an unknown tag.
  std::string deep(
      "\x02\x01\x01\x01"
      "a",
      5);
  for (int i = 0; i < 1000000; ++i) deep.append("\x08\x01", 2);
  EXPECT_LE(JsonOfEncoded(deep).size(), 1000u);
  const std::string huge(
      "\x02\x01\xff\xff\xff\xff\x0f\x01"
      "a\x01\x01"
      "b",
      12);
  EXPECT_LE(JsonOfEncoded(huge).size(), 200u);
  EXPECT_EQ(JsonOfEncoded(std::string("\x02\x01\x01\x01"
                                      "a\x7f",
                                      6)),
            R"({"a":{}})");
}

}  // namespace encoded_item_json_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::itemcodec
