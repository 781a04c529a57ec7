// The key codec's contract: memcmp order of encodings is DynamoDB's order, decoding inverts
// encoding, and concatenated components sort component-wise.
#include "value/key_codec.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <tuple>

#include "random_values.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::keycodec {
namespace key_codec_test {

using ddbemu::testing::RandomValues;
using ddbemu::testing::ReferenceCompareNumbers;

std::string Encode(const AttributeValue& v) {
  std::string out;
  AppendComponent(v, &out);
  return out;
}

int Sign(int c) { return c < 0 ? -1 : (c > 0 ? 1 : 0); }

int MemCompare(const std::string& a, const std::string& b) { return Sign(a.compare(b)); }

int BytesCompare(const std::string& a, const std::string& b) {
  // Unsigned byte order (std::string::compare uses char_traits<char>, which is unsigned-safe
  // only by specification of memcmp; spell it out here for the reference).
  const std::size_t n = std::min(a.size(), b.size());
  const int c = std::memcmp(a.data(), b.data(), n);
  if (c != 0) return Sign(c);
  return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
}

AttributeValue Decode(AttributeType type, const std::string& bytes) {
  std::string_view in(bytes);
  AttributeValue v;
  EXPECT_TRUE(DecodeComponent(type, &in, &v));
  EXPECT_TRUE(in.empty());
  return v;
}

TEST(KeyCodec, StringEncodingEscapesZeroAndTerminates) {
  EXPECT_EQ(Encode(AttributeValue::S("ab")), std::string("ab\0\x01", 4));
  EXPECT_EQ(Encode(AttributeValue::S(std::string("a\0b", 3))), std::string("a\0\xFF"
                                                                           "b\0\x01",
                                                                           6));
  EXPECT_EQ(Encode(AttributeValue::B("")), std::string("\0\x01", 2));
}

TEST(KeyCodec, NumberEncodingIsSignExponentDigitPairs) {
  // 12.5 = 0.125 x 10^2: positive class, exponent byte 2 + 129, pairs "12" "50", terminator.
  EXPECT_EQ(Encode(AttributeValue::N("12.5")), std::string("\x03\x83\x0D\x33\x00", 5));
  EXPECT_EQ(Encode(AttributeValue::N("0")), std::string("\x02", 1));
  // -1 = -(0.1 x 10^1): negative class, exponent byte 255 - 130, pair 100 - 10, 0xFF.
  EXPECT_EQ(Encode(AttributeValue::N("-1")), std::string("\x01\x7D\x5A\xFF", 4));
}

TEST(KeyCodec, StringsAndBinariesSortByUnsignedBytes) {
  RandomValues r(1);
  for (int i = 0; i < 5000; ++i) {
    const std::string a = r.Bytes(6), b = r.Bytes(6);
    for (auto type : {AttributeType::kS, AttributeType::kB}) {
      const AttributeValue va =
          type == AttributeType::kS ? AttributeValue::S(a) : AttributeValue::B(a);
      const AttributeValue vb =
          type == AttributeType::kS ? AttributeValue::S(b) : AttributeValue::B(b);
      ASSERT_EQ(MemCompare(Encode(va), Encode(vb)), BytesCompare(a, b)) << i;
      ASSERT_EQ(Decode(type, Encode(va)), va);
    }
  }
}

TEST(KeyCodec, NumbersSortNumerically) {
  RandomValues r(2);
  for (int i = 0; i < 20000; ++i) {
    const std::string a = r.CanonicalNumber(), b = r.CanonicalNumber();
    ASSERT_EQ(MemCompare(Encode(AttributeValue::N(a)), Encode(AttributeValue::N(b))),
              ReferenceCompareNumbers(a, b))
        << a << " vs " << b;
    ASSERT_EQ(Decode(AttributeType::kN, Encode(AttributeValue::N(a))).scalar(), a);
  }
}

TEST(KeyCodec, NumberEdgeCasesSortNumerically) {
  const std::vector<std::string> ordered = {
      "-99999999999999999999999999999999999999" + std::string(88, '0'),
      "-1" + std::string(125, '0'),
      "-1000",
      "-101",
      "-100.5",
      "-100",
      "-12.5",
      "-12.34",
      "-12.3",
      "-12",
      "-1.0001",
      "-1",
      "-0.99",
      "-0.9",
      "-0.1",
      "-0.01",
      "-0." + std::string(129, '0') + "1",
      "0",
      "0." + std::string(129, '0') + "1",
      "0." + std::string(129, '0') + "12",
      "0.01",
      "0.1",
      "0.9",
      "0.99",
      "1",
      "1.0001",
      "12",
      "12.3",
      "12.34",
      "12.5",
      "100",
      "100.5",
      "101",
      "1000",
      "1" + std::string(125, '0'),
      "99999999999999999999999999999999999999" + std::string(88, '0'),
  };
  for (std::size_t i = 0; i + 1 < ordered.size(); ++i) {
    EXPECT_LT(Encode(AttributeValue::N(ordered[i])), Encode(AttributeValue::N(ordered[i + 1])))
        << ordered[i] << " < " << ordered[i + 1];
  }
  for (const auto& n : ordered)
    EXPECT_EQ(Decode(AttributeType::kN, Encode(AttributeValue::N(n))).scalar(), n);
}

TEST(KeyCodec, NonCanonicalNumberTextEncodesByValue) {
  EXPECT_EQ(Encode(AttributeValue::N("1E+3")), Encode(AttributeValue::N("1000")));
  EXPECT_EQ(Encode(AttributeValue::N("-0.0")), Encode(AttributeValue::N("0")));
  EXPECT_EQ(Encode(AttributeValue::N("1.50")), Encode(AttributeValue::N("1.5")));
}

int ReferenceCompare(const AttributeValue& a, const AttributeValue& b) {
  if (a.type() == AttributeType::kN) return ReferenceCompareNumbers(a.scalar(), b.scalar());
  return BytesCompare(a.scalar(), b.scalar());
}

TEST(KeyCodec, ConcatenatedTuplesSortComponentWise) {
  RandomValues r(3);
  const AttributeType schemas[][3] = {
      {AttributeType::kS, AttributeType::kN, AttributeType::kB},
      {AttributeType::kN, AttributeType::kS, AttributeType::kS},
      {AttributeType::kB, AttributeType::kB, AttributeType::kN},
  };
  auto random_value = [&](AttributeType t) {
    if (t == AttributeType::kN) return AttributeValue::N(r.CanonicalNumber());
    std::string s = r.Bytes(3);
    return t == AttributeType::kS ? AttributeValue::S(std::move(s))
                                  : AttributeValue::B(std::move(s));
  };
  for (const auto& schema : schemas) {
    for (int i = 0; i < 5000; ++i) {
      AttributeValue a[3], b[3];
      std::string ea, eb;
      for (int k = 0; k < 3; ++k) {
        a[k] = random_value(schema[k]);
        // Often share a prefix of components, so that later components decide.
        b[k] = r.Int(0, 2) == 0 ? a[k] : random_value(schema[k]);
        AppendComponent(a[k], &ea);
        AppendComponent(b[k], &eb);
      }
      int expected = 0;
      for (int k = 0; k < 3 && expected == 0; ++k) expected = ReferenceCompare(a[k], b[k]);
      ASSERT_EQ(MemCompare(ea, eb), expected) << i;
      std::string_view in(ea);
      for (int k = 0; k < 3; ++k) {
        AttributeValue d;
        ASSERT_TRUE(DecodeComponent(schema[k], &in, &d));
        ASSERT_EQ(d, a[k]);
      }
      ASSERT_TRUE(in.empty());
    }
  }
}

TEST(KeyCodec, DecodeRejectsTruncatedAndCorruptBytes) {
  AttributeValue v;
  for (const std::string& n : {std::string("12.5"), std::string("-0.001"), std::string("0")}) {
    const std::string full = Encode(AttributeValue::N(n));
    for (std::size_t len = 0; len < full.size(); ++len) {
      std::string_view in(full.data(), len);
      EXPECT_FALSE(DecodeComponent(AttributeType::kN, &in, &v)) << n << " len " << len;
    }
  }
  const std::string s = Encode(AttributeValue::S(std::string("a\0b", 3)));
  for (std::size_t len = 0; len < s.size(); ++len) {
    std::string_view in(s.data(), len);
    EXPECT_FALSE(DecodeComponent(AttributeType::kS, &in, &v)) << len;
  }
  const std::string bad[] = {
      std::string("a\0\x02", 3),           // neither escape nor terminator after 0x00
      std::string("\x04", 1),              // unknown number class
      std::string("\x03\x83\x65\x00", 4),  // pair byte 101 is out of range
      std::string("\x03\x83\x01\x00", 4),  // leading digit 0
      std::string("\x03\x83\x00", 3),      // no digits
  };
  std::string_view in(bad[0]);
  EXPECT_FALSE(DecodeComponent(AttributeType::kB, &in, &v));
  for (int i = 1; i < 5; ++i) {
    std::string_view n(bad[i]);
    EXPECT_FALSE(DecodeComponent(AttributeType::kN, &n, &v)) << i;
  }
  std::string_view any(s);
  EXPECT_FALSE(DecodeComponent(AttributeType::kBool, &any, &v));
}

TEST(KeyCodec, PartitionHashIsStableForever) {
  // Golden values: these hashes are persisted in every storage key. If this test fails, the
  // hash changed and existing databases would be unreadable — revert the change.
  EXPECT_EQ(PartitionHash(""), 0x2afe34cd8336b1fdULL);
  EXPECT_EQ(PartitionHash("a"), 0x2bcbfed9fd23f124ULL);
  EXPECT_EQ(PartitionHash(Encode(AttributeValue::S("user#42"))), 0xc7515c3dc9fa395bULL);
  EXPECT_EQ(PartitionHash(std::string(100, 'x')), 0xa4019113f2aed19dULL);
}

TEST(KeyCodec, PartitionHashSpreadsKeys) {
  // Sequential keys land evenly over 16 hash ranges (the partitions of the capacity model).
  int buckets[16] = {};
  for (int i = 0; i < 16000; ++i) {
    ++buckets[PartitionHash(Encode(AttributeValue::S("key" + std::to_string(i)))) >> 60];
  }
  for (int count : buckets) {
    EXPECT_GT(count, 850);
    EXPECT_LT(count, 1150);
  }
}

TEST(KeyCodec, AppendHashIsBigEndian) {
  std::string out = "p";
  AppendHash(0x0102030405060708ULL, &out);
  EXPECT_EQ(out, std::string("p\x01\x02\x03\x04\x05\x06\x07\x08", 9));
  std::string lo, hi;
  AppendHash(0x00000000000000FFULL, &lo);
  AppendHash(0x0000000000000100ULL, &hi);
  EXPECT_LT(lo, hi);
}

}  // namespace key_codec_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::keycodec
