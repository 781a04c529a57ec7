// AttributeValue: type descriptors and DynamoDB equality.
#include "ddbemu/attribute_value.h"

#include <gtest/gtest.h>

namespace ddbemu {
namespace attribute_value_test {

TEST(AttributeValue, TypeDescriptors) {
  EXPECT_EQ(TypeDescriptor(AttributeType::kS), "S");
  EXPECT_EQ(TypeDescriptor(AttributeType::kN), "N");
  EXPECT_EQ(TypeDescriptor(AttributeType::kB), "B");
  EXPECT_EQ(TypeDescriptor(AttributeType::kBool), "BOOL");
  EXPECT_EQ(TypeDescriptor(AttributeType::kNull), "NULL");
  EXPECT_EQ(TypeDescriptor(AttributeType::kM), "M");
  EXPECT_EQ(TypeDescriptor(AttributeType::kL), "L");
  EXPECT_EQ(TypeDescriptor(AttributeType::kSS), "SS");
  EXPECT_EQ(TypeDescriptor(AttributeType::kNS), "NS");
  EXPECT_EQ(TypeDescriptor(AttributeType::kBS), "BS");
}

TEST(AttributeValue, EqualityNeedsSameTypeAndValue) {
  EXPECT_EQ(AttributeValue::S("a"), AttributeValue::S("a"));
  EXPECT_FALSE(AttributeValue::S("a") == AttributeValue::S("b"));
  EXPECT_FALSE(AttributeValue::S("1") == AttributeValue::N("1"));
  EXPECT_FALSE(AttributeValue::S("a") == AttributeValue::B("a"));
  EXPECT_EQ(AttributeValue::Null(), AttributeValue::Null());
  EXPECT_FALSE(AttributeValue::Bool(true) == AttributeValue::Bool(false));
  EXPECT_FALSE(AttributeValue::SS({"a"}) == AttributeValue::BS({"a"}));
}

TEST(AttributeValue, SetsCompareAsSets) {
  EXPECT_EQ(AttributeValue::SS({"a", "b", "c"}), AttributeValue::SS({"c", "a", "b"}));
  EXPECT_FALSE(AttributeValue::SS({"a", "b"}) == AttributeValue::SS({"a", "c"}));
  EXPECT_FALSE(AttributeValue::SS({"a", "b"}) == AttributeValue::SS({"a"}));
  EXPECT_EQ(AttributeValue::NS({"1", "2.5"}), AttributeValue::NS({"2.5", "1"}));
  // Large sets take the sorting path.
  std::vector<std::string> a, b;
  for (int i = 0; i < 100; ++i) {
    a.push_back(std::to_string(i));
    b.push_back(std::to_string(99 - i));
  }
  EXPECT_EQ(AttributeValue::BS(a), AttributeValue::BS(b));
  b[50] = "x";
  EXPECT_FALSE(AttributeValue::BS(a) == AttributeValue::BS(b));
}

TEST(AttributeValue, ListsAreOrderedAndMapsCompareDeeply) {
  const auto l1 = AttributeValue::L({AttributeValue::S("a"), AttributeValue::N("1")});
  const auto l2 = AttributeValue::L({AttributeValue::N("1"), AttributeValue::S("a")});
  EXPECT_FALSE(l1 == l2);
  EXPECT_EQ(l1, l1);
  const auto m1 = AttributeValue::M({{"x", l1}, {"y", AttributeValue::SS({"p", "q"})}});
  const auto m2 = AttributeValue::M({{"x", l1}, {"y", AttributeValue::SS({"q", "p"})}});
  const auto m3 = AttributeValue::M({{"x", l2}, {"y", AttributeValue::SS({"q", "p"})}});
  EXPECT_EQ(m1, m2);
  EXPECT_FALSE(m1 == m3);
}

}  // namespace attribute_value_test
}  // namespace ddbemu
