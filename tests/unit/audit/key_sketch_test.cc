// The audit's keys without allocation (audit/access_audit.h, audit/key_sketch.h): labels written
// directly are the capacity report's labels (what rapidjson writes), and a sketch compares keys
// by hash and writes a label only when a key takes a counter.
#include "audit/key_sketch.h"

#include <gtest/gtest.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <string>

#include "audit/access_audit.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {
namespace key_sketch_test {

std::string RapidjsonLabel(const Item& key) {
  rapidjson::StringBuffer buffer;
  JsonWriter writer(buffer);
  WriteItem(key, writer);
  return std::string(buffer.GetString(), buffer.GetSize());
}

std::string Label(const KeyAttribute& attribute, const Item& item) {
  std::string out;
  WriteKeyLabel(KeyOf({&attribute, 1}, item), out);
  return out;
}

TEST(KeyLabel, IsWhatTheCapacityReportWrites) {
  const KeyAttribute pk{"PK", AttributeType::kS};
  const KeyAttribute n{"n", AttributeType::kN};
  for (const std::string value : {"ORG#1", "quote\"d", "back\\slash", "tab\there", "é utf-8"}) {
    const Item item{{"PK", AttributeValue::S(value)}, {"other", AttributeValue::S("x")}};
    EXPECT_EQ(Label(pk, item), RapidjsonLabel({{"PK", AttributeValue::S(value)}})) << value;
  }
  const Item numbered{{"n", AttributeValue::N("-12.5")}};
  EXPECT_EQ(Label(n, numbered), R"({"n":{"N":"-12.5"}})");
  const Item binary{{"PK", AttributeValue::B(std::string("\x01\x02", 2))}};
  EXPECT_EQ(Label(pk, binary), RapidjsonLabel(binary));
  EXPECT_EQ(Label(pk, Item{}), "") << "a missing attribute has no label";
}

TEST(KeyHash, DependsOnTypeAndValueAndIsNeverZeroForAKey) {
  const KeyAttribute pk{"PK", AttributeType::kS};
  const Item s1{{"PK", AttributeValue::S("1")}};
  const Item n1{{"PK", AttributeValue::N("1")}};
  const Item s2{{"PK", AttributeValue::S("2")}};
  EXPECT_NE(KeyHash({&pk, 1}, s1), 0u);
  EXPECT_NE(KeyHash({&pk, 1}, s1), KeyHash({&pk, 1}, n1));
  EXPECT_NE(KeyHash({&pk, 1}, s1), KeyHash({&pk, 1}, s2));
  EXPECT_EQ(KeyHash({&pk, 1}, Item{}), 0u);
}

TEST(KeySketch, KeepsTheFrequentKeysAndWritesLabelsOnlyWhenAKeyComesIn) {
  KeySketch sketch(2);
  int labels_written = 0;
  auto add = [&](std::uint64_t hash, const std::string& label) {
    sketch.Add(hash, [&](std::string& out) {
      ++labels_written;
      out = label;
    });
  };
  for (int i = 0; i < 10; ++i) add(1, "hot");
  EXPECT_EQ(labels_written, 1);
  add(2, "b");
  add(3, "c");  // takes b's counter
  add(1, "hot");
  EXPECT_EQ(labels_written, 3);
  EXPECT_EQ(sketch.Top(), (std::vector<std::string>{"hot", "c"}));
}

}  // namespace key_sketch_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit
