// The item codec's contract: decode(encode(x)) == x for every value shape, and corrupt or
// truncated bytes are rejected without crashing or over-reading.
#include "value/item_codec.h"

#include <gtest/gtest.h>

#include "ddbemu/testing/matchers.h"
#include "random_values.h"
#include "value/item_size.h"

using ::ddbemu::testing::Attr;

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::itemcodec {
namespace item_codec_test {

using ddbemu::testing::CorruptBytes;
using ddbemu::testing::RandomItem;
using ddbemu::testing::RandomValues;

TEST(ItemCodec, RoundTripsRandomItems) {
  RandomValues r(7);
  for (int i = 0; i < 3000; ++i) {
    const Item item = RandomItem(r);
    std::string bytes;
    EncodeItem(item, &bytes);
    Item decoded;
    ASSERT_TRUE(DecodeItem(bytes, &decoded)) << i;
    ASSERT_EQ(decoded, item) << i;
  }
}

// The sizing decode (how GetItem and Query charge capacity) gives the same item and exactly
// ItemSize of it, for every value shape; a corrupt input is refused as by DecodeItem.
TEST(ItemCodec, SizingDecodeGivesTheItemAndItsItemSize) {
  RandomValues r(11);
  for (int i = 0; i < 3000; ++i) {
    const Item item = RandomItem(r);
    std::string bytes;
    EncodeItem(item, &bytes);
    Item decoded;
    std::size_t size = 12345;
    ASSERT_TRUE(DecodeItem(bytes, &decoded, &size)) << i;
    ASSERT_EQ(decoded, item) << i;
    ASSERT_EQ(size, ItemSize(item)) << i;
    bytes.pop_back();
    EXPECT_FALSE(DecodeItem(bytes, &decoded, &size)) << i;
  }
}

TEST(ItemCodec, EncodeAppendsAndReservesExactly) {
  Item item{{"pk", AttributeValue::S("user#1")}, {"n", AttributeValue::N("-12.5")}};
  std::string out = "prefix";
  EncodeItem(item, &out);
  EXPECT_EQ(out.compare(0, 6, "prefix"), 0);
  EXPECT_EQ(out, std::string("prefix\x01\x02"
                             "\x01n\x02\x05-12.5"
                             "\x02pk\x01\x06user#1",
                             28));
  Item decoded;
  EXPECT_TRUE(DecodeItem(std::string_view(out).substr(6), &decoded));
  EXPECT_EQ(decoded, item);
}

// Format 0x02 (value/item_format.h): the stored form, the item's size ahead of its body.
TEST(ItemCodec, StoredItemCarriesItsSizeAheadOfTheSameBody) {
  Item item{{"pk", AttributeValue::S("user#1")}, {"n", AttributeValue::N("-12.5")}};
  std::string plain, stored = "prefix";
  EncodeItem(item, &plain);
  EncodeStoredItem(item, 300, &stored);  // 300 takes two varint bytes
  EXPECT_EQ(stored, "prefix" + std::string("\x02\xac\x02", 3) + plain.substr(1));
  Item decoded;
  std::size_t size = 0;
  ASSERT_TRUE(DecodeItem(std::string_view(stored).substr(6), &decoded, &size));
  EXPECT_EQ(decoded, item);
  EXPECT_EQ(size, ItemSize(item));  // decoding sizes the body, whatever the preamble says
  for (std::size_t len = 6; len < stored.size(); ++len) {
    EXPECT_FALSE(DecodeItem(std::string_view(stored).substr(6, len - 6), &decoded)) << len;
  }
}

TEST(ItemCodec, EmptyItemRoundTrips) {
  std::string bytes;
  EncodeItem({}, &bytes);
  EXPECT_EQ(bytes, std::string("\x01\x00", 2));
  Item decoded{{"stale", AttributeValue::Null()}};
  ASSERT_TRUE(DecodeItem(bytes, &decoded));
  EXPECT_TRUE(decoded.empty());
}

TEST(ItemCodec, ValueRoundTripAdvancesInput) {
  std::string bytes;
  const AttributeValue a = AttributeValue::L({AttributeValue::Bool(true), AttributeValue::Null()});
  const AttributeValue b = AttributeValue::NS({"1", "-0.5"});
  EncodeValue(a, &bytes);
  EncodeValue(b, &bytes);
  std::string_view in(bytes);
  AttributeValue da, db;
  ASSERT_TRUE(DecodeValue(&in, &da));
  ASSERT_TRUE(DecodeValue(&in, &db));
  EXPECT_TRUE(in.empty());
  EXPECT_EQ(da, a);
  EXPECT_EQ(db, b);
}

TEST(ItemCodec, EveryTruncationIsRejected) {
  RandomValues r(8);
  for (int i = 0; i < 200; ++i) {
    Item item = RandomItem(r);
    item["x"] = RandomValue(r, 0);  // never empty
    std::string bytes;
    EncodeItem(item, &bytes);
    for (std::size_t len = 0; len < bytes.size(); ++len) {
      // A copy of exactly `len` bytes, so that AddressSanitizer would catch an over-read.
      const std::string prefix = bytes.substr(0, len);
      Item out;
      ASSERT_FALSE(DecodeItem(prefix, &out)) << i << " len " << len;
    }
  }
}

TEST(ItemCodec, RandomCorruptionNeverCrashes) {
  RandomValues r(9);
  int rejected = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string bytes;
    EncodeItem(RandomItem(r), &bytes);
    Item out;
    if (!DecodeItem(CorruptBytes(r, std::move(bytes)), &out)) ++rejected;
  }
  EXPECT_GT(rejected, 1000);  // corruption is mostly detected; never a crash
}

TEST(ItemCodec, RejectsStructuralCorruption) {
  Item out;
  EXPECT_FALSE(DecodeItem("", &out));
  EXPECT_FALSE(DecodeItem(std::string("\x02\x00", 2), &out));      // unknown format version
  EXPECT_FALSE(DecodeItem(std::string("\x01\x00\x00", 3), &out));  // trailing bytes
  // A count far beyond the remaining bytes must not be trusted (no huge reservation).
  EXPECT_FALSE(DecodeItem(std::string("\x01\xFF\xFF\xFF\xFF\x0F", 6), &out));
  // A varint longer than 5 bytes.
  EXPECT_FALSE(DecodeItem(std::string("\x01\x80\x80\x80\x80\x80\x01", 7), &out));
  // Names out of order or repeated.
  EXPECT_FALSE(DecodeItem(std::string("\x01\x02\x01"
                                      "b\x06\x01"
                                      "a\x06",
                                      8),
                          &out));
  EXPECT_FALSE(DecodeItem(std::string("\x01\x02\x01"
                                      "a\x06\x01"
                                      "a\x06",
                                      8),
                          &out));
  // An empty set, an unknown tag, an empty number.
  EXPECT_FALSE(DecodeItem(std::string("\x01\x01\x01"
                                      "a\x09\x00",
                                      6),
                          &out));
  EXPECT_FALSE(DecodeItem(std::string("\x01\x01\x01"
                                      "a\x0C",
                                      5),
                          &out));
  EXPECT_FALSE(DecodeItem(std::string("\x01\x01\x01"
                                      "a\x02\x00",
                                      6),
                          &out));
}

TEST(ItemCodec, RejectsRunawayNesting) {
  // 100 nested one-element lists: deeper than any value DynamoDB accepts.
  std::string bytes = std::string(
      "\x01\x01\x01"
      "a",
      4);
  for (int i = 0; i < 100; ++i) bytes += std::string("\x08\x01", 2);
  bytes += "\x06";
  Item out;
  EXPECT_FALSE(DecodeItem(bytes, &out));
  // 32 levels (DynamoDB's limit) decode.
  AttributeValue v = AttributeValue::Null();
  for (int i = 0; i < 32; ++i) v = AttributeValue::L({v});
  std::string ok;
  EncodeItem({{"a", v}}, &ok);
  ASSERT_TRUE(DecodeItem(ok, &out));
  EXPECT_EQ(Attr(out, "a"), v);
}

}  // namespace item_codec_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::itemcodec
