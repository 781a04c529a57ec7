// A read's response written from stored bytes into one buffer (api_json/response_text.h, the
// encoded paths of RenderRead and RenderGetItem) must be byte for byte the response the Writer
// path writes for the same items decoded: clients check x-amz-crc32 over these bytes.
#include "api_json/response_text.h"

#include <gtest/gtest.h>

#include <string>

#include "../value/random_values.h"
#include "api_json/operation_codecs.h"
#include "value/item_codec.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {
namespace response_text_test {

using ddbemu::testing::RandomItem;
using ddbemu::testing::RandomValues;

// Capacity figures as the service reports them (halves, tenths of a write, whole units, large
// ones) and a few a double prints awkwardly.
double Units(RandomValues& r) {
  static constexpr double kUnits[] = {0,      0.5, 1,    1.5,     2,       12.5,    128,
                                      1024.5, 0.1, 1e-7, 3.25e21, 1.0 / 3, 99999999};
  return kUnits[r.Int(0, sizeof kUnits / sizeof kUnits[0] - 1)];
}

std::string Name(RandomValues& r) {
  static constexpr const char* kNames[] = {"acme-hr", "t", "GSI1", "idx.with-dots_0",
                                           "a\"quoted\\name"};
  return kNames[r.Int(0, 4)];
}

ReadConsumedCapacity RandomReadCapacity(RandomValues& r) {
  ReadConsumedCapacity c;
  c.table_name = Name(r);
  c.capacity_units = Units(r);
  c.with_parts = r.Coin();
  c.table_units = Units(r);
  if (r.Coin()) c.index_name = Name(r);
  c.index_is_local = r.Coin();
  c.index_units = Units(r);
  return c;
}

Capacity RandomCapacity(RandomValues& r) {
  return {.capacity_units = Units(r),
          .read_capacity_units = Units(r),
          .write_capacity_units = Units(r)};
}

ConsumedCapacity RandomItemCapacity(RandomValues& r) {
  ConsumedCapacity c;
  c.table_name = Name(r);
  c.capacity_units = Units(r);
  c.read_capacity_units = Units(r);
  c.write_capacity_units = Units(r);
  c.read_write_units = r.Coin();
  if (r.Coin()) c.table = RandomCapacity(r);
  for (int i = r.Int(0, 2); i > 0; --i) c.local_secondary_indexes[Name(r)] = RandomCapacity(r);
  for (int i = r.Int(0, 2); i > 0; --i) c.global_secondary_indexes[Name(r)] = RandomCapacity(r);
  return c;
}

std::string Encoded(const Item& item) {
  std::string bytes;
  itemcodec::EncodeItem(item, &bytes);
  return bytes;
}

TEST(ResponseText, EncodedReadIsTheWritersRead) {
  RandomValues r(51);
  // RenderRead into a string kept from one response to the next (a connection's reply body):
  // what it held before, longer or shorter, leaves no trace.
  std::string kept = "a body from before";
  for (int i = 0; i < 1500; ++i) {
    ReadResponse decoded;
    ReadResponse encoded;
    for (int n = r.Int(1, 6); n > 0; --n) {
      Item item;
      ASSERT_TRUE(itemcodec::DecodeItem(Encoded(RandomItem(r)), &item));  // sets in set order
      const std::string bytes = Encoded(item);
      encoded.encoded_items += bytes;
      encoded.encoded_item_sizes.push_back(static_cast<std::uint32_t>(bytes.size()));
      decoded.items.push_back(std::move(item));
    }
    decoded.count = encoded.count = r.Int(0, 100000);
    decoded.scanned_count = encoded.scanned_count = r.Coin() ? -r.Int(0, 9) : r.Int(0, 1 << 30);
    if (r.Coin()) {
      decoded.last_evaluated_key = encoded.last_evaluated_key =
          Item{{"PK", AttributeValue::S("ORG#" + std::to_string(i))},
               {"SK", AttributeValue::N(r.CanonicalNumber())}};
    }
    if (r.Int(0, 3) > 0) {
      decoded.consumed_capacity = encoded.consumed_capacity = RandomReadCapacity(r);
    }
    ASSERT_EQ(RenderRead(encoded), RenderRead(decoded)) << i;
    RenderRead(encoded, kept);
    ASSERT_EQ(kept, RenderRead(decoded)) << i;
    RenderRead(decoded, kept);
    ASSERT_EQ(kept, RenderRead(decoded)) << i;
    encoded.count_only = decoded.count_only = true;  // Select COUNT: no items written
    RenderRead(encoded, kept);
    ASSERT_EQ(kept, RenderRead(decoded)) << i;
    ASSERT_EQ(kept.find("\"Items\""), std::string::npos) << i;
  }
}

TEST(ResponseText, EncodedItemIsTheWritersItem) {
  RandomValues r(52);
  std::string kept = "a body from before";  // see EncodedReadIsTheWritersRead
  for (int i = 0; i < 3000; ++i) {
    ItemResponse decoded;
    ItemResponse encoded;
    Item item;
    ASSERT_TRUE(itemcodec::DecodeItem(Encoded(RandomItem(r)), &item));
    encoded.encoded_item = Encoded(item);
    decoded.item = std::move(item);
    if (r.Int(0, 3) > 0) {
      decoded.consumed_capacity = encoded.consumed_capacity = RandomItemCapacity(r);
    }
    if (r.Int(0, 3) == 0) {
      ItemCollectionMetrics metrics;
      metrics.item_collection_key = Item{{"PK", AttributeValue::S("ORG#1")}};
      metrics.size_upper_gb = Units(r);
      decoded.item_collection_metrics = encoded.item_collection_metrics = metrics;
    }
    ASSERT_EQ(RenderGetItem(encoded), RenderGetItem(decoded)) << i;
    ASSERT_EQ(RenderWriteItem(encoded), RenderWriteItem(decoded)) << i;
    RenderGetItem(encoded, kept);
    ASSERT_EQ(kept, RenderGetItem(decoded)) << i;
    RenderGetItem(decoded, kept);
    ASSERT_EQ(kept, RenderGetItem(decoded)) << i;
    RenderGetItem(ItemResponse{}, kept);  // no item
    ASSERT_EQ(kept, RenderGetItem(ItemResponse{})) << i;
  }
}

// The numbers alone, against the Writer's Int64 and Double.
TEST(ResponseText, NumbersAreTheWritersNumbers) {
  RandomValues r(53);
  const double doubles[] = {
      0, -0.0, 0.5, 1, 1e21, 1e-7, 123456789.125, 5e-324, 1.7976931348623157e308};
  for (double d : doubles) {
    rapidjson::StringBuffer buffer;
    JsonWriter w(buffer);
    w.Double(d);
    std::string out;
    {
      JsonText text(out);
      AppendDouble(d, text);
    }
    EXPECT_EQ(out, std::string(buffer.GetString(), buffer.GetSize())) << d;
  }
  for (int i = 0; i < 1000; ++i) {
    const std::int64_t v = (static_cast<std::int64_t>(r.Int(-1 << 30, 1 << 30)) << r.Int(0, 33));
    rapidjson::StringBuffer buffer;
    JsonWriter w(buffer);
    w.Int64(v);
    std::string out;
    {
      JsonText text(out);
      AppendInt64(v, text);
    }
    ASSERT_EQ(out, std::string(buffer.GetString(), buffer.GetSize())) << v;
  }
}

}  // namespace response_text_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
