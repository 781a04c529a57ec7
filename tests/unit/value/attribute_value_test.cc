// AttributeValue: type descriptors and DynamoDB equality.
#include "ddbemu/attribute_value.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
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

TEST(AttributeValue, NumbersFromCppNumbersAreCanonical) {
  EXPECT_EQ(AttributeValue::N(30).scalar(), "30");
  EXPECT_EQ(AttributeValue::N(-7L).scalar(), "-7");
  EXPECT_EQ(AttributeValue::N(std::uint64_t{18446744073709551615u}).scalar(),
            "18446744073709551615");
  EXPECT_EQ(AttributeValue::N(0.1).scalar(), "0.1");
  EXPECT_EQ(AttributeValue::N(2.5e-7).scalar(), "0.00000025");
  EXPECT_EQ(AttributeValue::N(1e20).scalar(), "100000000000000000000");
  EXPECT_EQ(AttributeValue::N(-0.0).scalar(), "0");
  EXPECT_EQ(AttributeValue::N(3.0).scalar(), "3");
  EXPECT_EQ(AttributeValue::N(1e300).scalar(), "1e+300");  // beyond 9.99E+125: refused later
  EXPECT_TRUE(AttributeValue::N(1.5).is(AttributeType::kN));
  EXPECT_EQ(AttributeValue::N("1.50").scalar(), "1.50");  // text as given (a request fixes it)
}

TEST(AttributeValue, StringsFromViewsAndLiterals) {
  const std::string_view view = "hello world";
  EXPECT_EQ(AttributeValue::S(view.substr(0, 5)), AttributeValue::S(std::string("hello")));
  EXPECT_EQ(AttributeValue::S("lit").scalar(), "lit");
}

TEST(AttributeValue, TypedGettersAnswerOnlyForTheirType) {
  const auto s = AttributeValue::S("x");
  ASSERT_NE(s.as_string(), nullptr);
  EXPECT_EQ(*s.as_string(), "x");
  EXPECT_EQ(s.as_number_text(), nullptr);
  EXPECT_EQ(s.as_int64(), std::nullopt);
  EXPECT_EQ(s.as_bool(), std::nullopt);
  EXPECT_EQ(s.as_map(), nullptr);

  EXPECT_EQ(AttributeValue::N(-42).as_int64(), -42);
  EXPECT_EQ(AttributeValue::N("9223372036854775807").as_int64(), INT64_MAX);
  EXPECT_EQ(AttributeValue::N("9223372036854775808").as_int64(), std::nullopt);  // out of range
  EXPECT_EQ(AttributeValue::N("1.5").as_int64(), std::nullopt);
  EXPECT_EQ(AttributeValue::N("1.5").as_double(), 1.5);
  EXPECT_EQ(AttributeValue::N("x").as_double(), std::nullopt);
  EXPECT_EQ(*AttributeValue::N(7).as_number_text(), "7");
  EXPECT_EQ(AttributeValue::Bool(true).as_bool(), true);
  EXPECT_TRUE(AttributeValue::Null().is_null());
  EXPECT_EQ(*AttributeValue::B("\\x01").as_binary(), "\\x01");

  const auto m = AttributeValue::M({{"k", AttributeValue::N(1)}});
  ASSERT_NE(m.as_map(), nullptr);
  EXPECT_EQ(m.as_map()->size(), 1u);
  EXPECT_EQ(m.as_list(), nullptr);
  EXPECT_EQ(AttributeValue::L({m}).as_list()->size(), 1u);
  EXPECT_EQ(AttributeValue::SS({"a"}).as_string_set()->front(), "a");
  EXPECT_EQ(AttributeValue::SS({"a"}).as_number_set(), nullptr);
  EXPECT_EQ(AttributeValue::NS({"1"}).as_number_set()->size(), 1u);
  EXPECT_EQ(AttributeValue::BS({"b"}).as_binary_set()->size(), 1u);
}

}  // namespace attribute_value_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
