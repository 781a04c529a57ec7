// Set members are kept and returned in set order: SS and BS by bytes, NS by numeric value,
// as DynamoDB Local returns them (issue 13, point 6).
#include "value/value_rules.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ddbemu/testing/matchers.h"
#include "value/item_codec.h"

using ::ddbemu::testing::Attr;

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace set_order_test {

using Members = std::vector<std::string>;

TEST(SetOrder, StringsAndBinariesSortByUnsignedBytes) {
  Members ss = {"b", "\xc3\xa9", "B", "", "ab", "a"};
  SortSetMembers(AttributeType::kSS, ss);
  EXPECT_EQ(ss, (Members{"", "B", "a", "ab", "b", "\xc3\xa9"}));
  Members bs = {std::string("\xff", 1), std::string("\x00", 1), std::string("\x7f", 1)};
  SortSetMembers(AttributeType::kBS, bs);
  EXPECT_EQ(bs, (Members{std::string("\x00", 1), std::string("\x7f", 1), std::string("\xff", 1)}));
}

TEST(SetOrder, NumbersSortByValueNotText) {
  Members ns = {"10", "9", "-1", "-10", "0.5", "1E+2", "0"};
  SortSetMembers(AttributeType::kNS, ns);
  EXPECT_EQ(ns, (Members{"-10", "-1", "0", "0.5", "9", "10", "1E+2"}));
  EXPECT_TRUE(SetMembersSorted(AttributeType::kNS, ns));
  EXPECT_FALSE(SetMembersSorted(AttributeType::kSS, ns));  // "10" < "9" as text
}

TEST(SetOrder, AStoredSetWrittenUnsortedIsReadBackSorted) {
  // A set stored before sets were kept sorted (or built by hand) decodes in set order.
  Item item;
  item.emplace("s", AttributeValue::SS({"z", "a", "m"}));
  item.emplace("n", AttributeValue::NS({"3", "-7", "20"}));
  std::string bytes;
  itemcodec::EncodeItem(item, &bytes);
  Item back;
  ASSERT_TRUE(itemcodec::DecodeItem(bytes, &back));
  EXPECT_EQ(Attr(back, "s").set(), (Members{"a", "m", "z"}));
  EXPECT_EQ(Attr(back, "n").set(), (Members{"-7", "3", "20"}));
}

}  // namespace set_order_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
