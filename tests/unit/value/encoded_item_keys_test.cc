// Decoding selected attributes of an encoded item must give exactly those attributes of the
// decoded item, skip every other kind of value (nested ones included), and refuse what
// DecodeItem refuses.
#include "value/item_codec.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <vector>

#include "random_values.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::itemcodec {
namespace encoded_item_keys_test {

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

bool Scalar(const AttributeValue& v) {
  return v.is(AttributeType::kS) || v.is(AttributeType::kN) || v.is(AttributeType::kB);
}

TEST(FindScalarAttributes, FindsTheDecodedItemsScalarsOnRandomItems) {
  RandomValues r(37);
  int found_some = 0;
  for (int i = 0; i < 2000; ++i) {
    const Item item = RandomItem(r);
    std::string bytes;
    EncodeItem(item, &bytes);
    // Every second scalar attribute, named twice, and one name the item does not have.
    std::vector<std::string_view> names{"no such attribute"};
    bool take = true;
    for (const auto& [name, value] : item) {
      if (!Scalar(value)) continue;
      if (take) {
        names.push_back(name);
        names.push_back(name);
      }
      take = !take;
    }
    std::vector<ScalarAttribute> out(names.size());
    ASSERT_TRUE(FindScalarAttributes(bytes, names, out)) << i;
    EXPECT_FALSE(out[0].found);
    for (std::size_t j = 1; j < names.size(); ++j) {
      const AttributeValue& expected = item.find(names[j])->second;
      ASSERT_TRUE(out[j].found) << i << " " << names[j];
      EXPECT_EQ(out[j].type, expected.type()) << i << " " << names[j];
      EXPECT_EQ(out[j].bytes, expected.scalar()) << i << " " << names[j];
      ++found_some;
    }
  }
  EXPECT_GT(found_some, 1000);
}

TEST(FindScalarAttributes, RefusesANamedValueThatIsNoScalarAndStopsOnceAllAreFound) {
  const Item item{{"A", AttributeValue::S("a")},
                  {"B", AttributeValue::M({{"x", AttributeValue::N("1")}})},
                  {"C", AttributeValue::B(std::string("\x00\x01", 2))}};
  std::string bytes;
  EncodeItem(item, &bytes);
  std::array<ScalarAttribute, 1> one;
  EXPECT_FALSE(FindScalarAttributes(bytes, std::array<std::string_view, 1>{"B"}, one));
  std::array<ScalarAttribute, 2> two;
  ASSERT_TRUE(FindScalarAttributes(bytes, std::array<std::string_view, 2>{"C", "A"}, two));
  EXPECT_EQ(two[0].type, AttributeType::kB);
  EXPECT_EQ(two[0].bytes, std::string_view("\x00\x01", 2));
  EXPECT_EQ(two[1].bytes, "a");
  // "A" is first: what follows it is not read, corrupt or not.
  std::string cut = bytes.substr(0, bytes.find('a') + 1);
  ASSERT_TRUE(FindScalarAttributes(cut, std::array<std::string_view, 1>{"A"}, one));
  EXPECT_EQ(one[0].bytes, "a");
}

TEST(FindScalarAttributes, NeverReadsOutsideCorruptOrCutInput) {
  RandomValues r(41);
  for (int i = 0; i < 300; ++i) {
    const Item item = RandomItem(r);
    std::string bytes;
    EncodeItem(item, &bytes);
    std::vector<std::string_view> names{"pk"};
    for (const auto& [name, value] : item) names.push_back(name);
    std::vector<ScalarAttribute> out(names.size());
    auto check = [&](std::string_view input) {
      std::fill(out.begin(), out.end(), ScalarAttribute{});
      if (!FindScalarAttributes(input, names, out)) return;
      for (const ScalarAttribute& a : out) {
        if (!a.found) continue;
        EXPECT_GE(a.bytes.data(), input.data());
        EXPECT_LE(a.bytes.data() + a.bytes.size(), input.data() + input.size());
      }
    };
    for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
      check(std::string_view(bytes).substr(0, cut));
    }
    for (int k = 0; k < 20; ++k) {
      const std::string corrupt = ddbemu::testing::CorruptBytes(r, bytes);
      check(corrupt);
    }
  }
}

}  // namespace encoded_item_keys_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::itemcodec
