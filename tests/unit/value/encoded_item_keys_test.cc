// Decoding selected attributes of an encoded item must give exactly those attributes of the
// decoded item, skip every other kind of value (nested ones included), and refuse what
// DecodeItem refuses.
#include "value/encoded_item_keys.h"

#include <gtest/gtest.h>

#include <array>

#include "random_values.h"
#include "value/item_codec.h"

namespace ddbemu::itemcodec {
namespace {

using ddbemu::testing::RandomItem;
using ddbemu::testing::RandomValues;

Item Encoded(const Item& item, std::string* bytes) {
  EncodeItem(item, bytes);
  return item;
}

TEST(EncodedItemKeys, DecodesOnlyTheNamedAttributesBetweenEveryKindOfValue) {
  const Item item{{"a", AttributeValue::M({{"x", AttributeValue::L({AttributeValue::N("1")})}})},
                  {"b", AttributeValue::BS({"\x01", "\x02"})},
                  {"PK", AttributeValue::S("ORG#1")},
                  {"c", AttributeValue::Bool(false)},
                  {"d", AttributeValue::Null()},
                  {"SK", AttributeValue::N("12.5")},
                  {"tags", AttributeValue::SS({"p", "q"})},
                  {"zz", AttributeValue::B("raw")}};
  std::string bytes;
  Encoded(item, &bytes);
  const std::array<std::string_view, 3> names{"SK", "PK", "absent"};
  Item keys;
  ASSERT_TRUE(DecodeItemAttributes(bytes, names, &keys));
  const Item expected{{"PK", AttributeValue::S("ORG#1")}, {"SK", AttributeValue::N("12.5")}};
  EXPECT_EQ(keys, expected);
}

TEST(EncodedItemKeys, AgreesWithTheDecodedItemOnRandomItems) {
  RandomValues r(29);
  for (int i = 0; i < 2000; ++i) {
    const Item item = RandomItem(r);
    std::string bytes;
    EncodeItem(item, &bytes);
    // Every second attribute's name, and one name the item does not have.
    std::vector<std::string_view> names{"no such attribute"};
    Item expected;
    bool take = true;
    for (const auto& [name, value] : item) {
      if (take) {
        names.push_back(name);
        expected.emplace(name, value);
      }
      take = !take;
    }
    Item keys;
    ASSERT_TRUE(DecodeItemAttributes(bytes, names, &keys)) << i;
    ASSERT_EQ(keys, expected) << i;
  }
}

TEST(EncodedItemKeys, RefusesWhatDecodeItemRefuses) {
  RandomValues r(31);
  for (int i = 0; i < 300; ++i) {
    std::string bytes;
    EncodeItem(RandomItem(r), &bytes);
    const std::array<std::string_view, 1> names{"pk"};
    for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
      const std::string_view prefix = std::string_view(bytes).substr(0, cut);
      Item decoded, keys;
      if (!DecodeItem(prefix, &decoded)) {
        EXPECT_FALSE(DecodeItemAttributes(prefix, names, &keys)) << i << " cut at " << cut;
      }
    }
    Item keys;
    EXPECT_FALSE(DecodeItemAttributes(bytes + "x", names, &keys)) << "trailing bytes";
  }
}

}  // namespace
}  // namespace ddbemu::itemcodec
