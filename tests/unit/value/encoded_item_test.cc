// Reading an item in its storage encoding must agree exactly with decoding it: the same
// DynamoDB size as ItemSize, the same JSON as WriteItem, and the same verdict on corrupt bytes
// as DecodeItem.
#include "value/encoded_item.h"

#include <gtest/gtest.h>

#include "random_values.h"
#include "value/item_codec.h"
#include "value/item_size.h"

namespace ddbemu::itemcodec {
namespace {

using ddbemu::testing::RandomValues;

AttributeValue RandomValue(RandomValues& r, int depth) {
  const int kind = r.Int(0, depth >= 3 ? 7 : 9);
  auto members = [&](auto make) {
    std::vector<std::string> m;
    const int n = r.Int(1, 4);
    for (int i = 0; i < n; ++i) m.push_back(make() + std::to_string(i));  // distinct
    return m;
  };
  switch (kind) {
    case 0:
      return AttributeValue::S(r.Bytes(20));
    case 1:
      return AttributeValue::N(r.CanonicalNumber());
    case 2:
      return AttributeValue::B(r.Bytes(300));
    case 3:
      return AttributeValue::Bool(r.Coin());
    case 4:
      return AttributeValue::Null();
    case 5:
      return AttributeValue::SS(members([&] { return r.Bytes(5); }));
    case 6:
      return AttributeValue::NS({r.CanonicalNumber()});
    case 7:
      return AttributeValue::BS(members([&] { return r.Bytes(5); }));
    case 8: {
      AttributeMap m;
      const int n = r.Int(0, 4);
      for (int i = 0; i < n; ++i) m[r.Bytes(4)] = RandomValue(r, depth + 1);
      return AttributeValue::M(std::move(m));
    }
    default: {
      AttributeList l;
      const int n = r.Int(0, 4);
      for (int i = 0; i < n; ++i) l.push_back(RandomValue(r, depth + 1));
      return AttributeValue::L(std::move(l));
    }
  }
}

Item RandomItem(RandomValues& r) {
  Item item;
  const int n = r.Int(0, 8);
  for (int i = 0; i < n; ++i) item[r.Bytes(6)] = RandomValue(r, 0);
  return item;
}

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

TEST(EncodedItem, RejectsExactlyWhatDecodeRejects) {
  RandomValues r(18);
  int rejected = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string bytes;
    EncodeItem(RandomItem(r), &bytes);
    const int flips = r.Int(1, 3);
    for (int f = 0; f < flips && !bytes.empty(); ++f) {
      bytes[static_cast<std::size_t>(r.Int(0, static_cast<int>(bytes.size()) - 1))] =
          static_cast<char>(r.Int(0, 255));
    }
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

}  // namespace
}  // namespace ddbemu::itemcodec
