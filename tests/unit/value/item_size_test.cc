// Item size by the service's rule (docs/capacity.md section 1, AWS "Item sizes and formats").
#include "value/item_size.h"

#include <gtest/gtest.h>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace item_size_test {

TEST(ItemSize, NumberSizeIsOneBytePerDigitPairPlusOne) {
  EXPECT_EQ(NumberSize("27"), 2u);
  EXPECT_EQ(NumberSize("-27"), 3u);  // a negative number carries a terminator byte
  EXPECT_EQ(NumberSize("461"), 3u);
  EXPECT_EQ(NumberSize("0"), 1u);
}

TEST(ItemSize, NumberDigitsPairAroundTheDecimalPoint) {
  EXPECT_EQ(NumberSize("1"), 2u);
  EXPECT_EQ(NumberSize("1100"), 2u);        // 11|00: trailing zero pairs are dropped
  EXPECT_EQ(NumberSize("110"), 3u);         // 01|10
  EXPECT_EQ(NumberSize("1.5"), 3u);         // 01.50
  EXPECT_EQ(NumberSize("12.5"), 3u);        // 12.50
  EXPECT_EQ(NumberSize("0.05"), 2u);        // .05
  EXPECT_EQ(NumberSize("0.5"), 2u);         // .50
  EXPECT_EQ(NumberSize("0.01234"), 4u);     // .01|23|40
  EXPECT_EQ(NumberSize("0.1234"), 3u);      // .12|34
  EXPECT_EQ(NumberSize("1786461547"), 6u);  // a 10-digit timestamp
  EXPECT_EQ(NumberSize("-0.5"), 3u);
}

// The pairs of an integer count down to the power of its last significant digit.
TEST(ItemSize, IntegerDigitPairsDropTrailingZeroPairs) {
  EXPECT_EQ(NumberSize("10"), 2u);       // 10
  EXPECT_EQ(NumberSize("100"), 2u);      // 01|00
  EXPECT_EQ(NumberSize("1000000"), 2u);  // 01|00|00|00
  EXPECT_EQ(NumberSize("12300"), 3u);    // 01|23|00
  EXPECT_EQ(NumberSize("12345"), 4u);    // 01|23|45
  EXPECT_EQ(NumberSize("-12300"), 4u);   // and the negative one's terminator
}

// The decoder's inline sizing (one pass for non-negative integers) agrees with the general rule,
// integers or not.
TEST(ItemSize, InlineNumberSizeAgreesWithTheGeneralRule) {
  for (const char* n : {"0",          "1",
                        "9",          "10",
                        "27",         "100",
                        "110",        "461",
                        "1100",       "12300",
                        "12345",      "1000000",
                        "1786461547", "99999999999999999999999999999999999999",
                        "-27",        "-12300",
                        "1.5",        "12.5",
                        "0.05",       "0.01234",
                        "-0.5"}) {
    EXPECT_EQ(NumberSizeInline(n), NumberSize(n)) << n;
  }
}

TEST(ItemSize, NumberSizeBoundsFromTheItemLimit) {
  // The boundaries dynalite measured at AWS's 400 KB limit (all 1.xxE+125 values).
  EXPECT_EQ(NumberSize("1" + std::string(125, '0')), 2u);
  EXPECT_EQ(NumberSize("11" + std::string(124, '0')), 2u);
  EXPECT_EQ(NumberSize("11111" + std::string(121, '0')), 4u);
  EXPECT_EQ(NumberSize("111111" + std::string(120, '0')), 4u);
  EXPECT_EQ(NumberSize("1111111" + std::string(119, '0')), 5u);
  EXPECT_EQ(NumberSize(std::string(38, '1') + std::string(88, '0')), 20u);
  // At most 21 bytes: 38 digits misaligned take 20 pairs; the terminator is then omitted.
  EXPECT_EQ(NumberSize("1." + std::string(37, '1')), 21u);
  EXPECT_EQ(NumberSize("-1." + std::string(37, '1')), 21u);
  EXPECT_EQ(NumberSize("-" + std::string(38, '1')), 21u);  // 19 pairs + terminator
}

TEST(ItemSize, ScalarsSetsAndDocuments) {
  EXPECT_EQ(AttributeValueSize(AttributeValue::S("héllo")), 6u);  // UTF-8 bytes
  EXPECT_EQ(AttributeValueSize(AttributeValue::B(std::string(3, '\0'))), 3u);
  EXPECT_EQ(AttributeValueSize(AttributeValue::Bool(false)), 1u);
  EXPECT_EQ(AttributeValueSize(AttributeValue::Null()), 1u);
  EXPECT_EQ(AttributeValueSize(AttributeValue::SS({"ab", "c"})), 3u);
  EXPECT_EQ(AttributeValueSize(AttributeValue::NS({"27", "-27"})), 5u);
  EXPECT_EQ(AttributeValueSize(AttributeValue::BS({"xyz"})), 3u);
  EXPECT_EQ(AttributeValueSize(AttributeValue::L({})), 3u);
  EXPECT_EQ(AttributeValueSize(AttributeValue::M({})), 3u);
  // 3 + (1 + 1) + (1 + 2): overhead, then one byte per element plus its size.
  EXPECT_EQ(
      AttributeValueSize(AttributeValue::L({AttributeValue::Null(), AttributeValue::S("ab")})), 8u);
  // 3 + (1 + len("key") + 2).
  EXPECT_EQ(AttributeValueSize(AttributeValue::M({{"key", AttributeValue::N("27")}})), 9u);
}

TEST(ItemSize, ItemIsNamesPlusValues) {
  const Item item{{"pk", AttributeValue::S("user#1")},
                  {"age", AttributeValue::N("27")},
                  {"ok", AttributeValue::Bool(true)}};
  EXPECT_EQ(ItemSize(item), 2u + 6u + 3u + 2u + 2u + 1u);
  EXPECT_EQ(ItemSize({}), 0u);
  EXPECT_EQ(kMaxItemSizeBytes, 409600u);
}

}  // namespace item_size_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
