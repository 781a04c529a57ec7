// EncodeTableKey's overloads for values already found (storage::KeyValues): into a string and
// into a TableKeyBuffer (on the stack, or in a string when it must be), each the very bytes of
// EncodeTableKey(schema, item), which stored items are keyed by; and EncodePartitionPrefix's
// overload for one attribute's value, the bytes of the Item overload.
#include "storage/key_layout.h"
#include "ddbemu/testing/matchers.h"

#include <gtest/gtest.h>

#include <string>

using ::ddbemu::testing::Attr;

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace key_layout_test {

KeyAttribute Key(const std::string& name, AttributeType type) {
  KeyAttribute attribute;
  attribute.name = name;
  attribute.type = type;
  return attribute;
}

TableSchema Table(AttributeType partition, std::optional<AttributeType> sort) {
  TableSchema schema;
  schema.name = "T";
  schema.keyspace_id = 0x01020304;
  schema.partition_key = Key("pk", partition);
  if (sort) schema.sort_key = Key("sk", *sort);
  return schema;
}

void ExpectSameBytes(const TableSchema& schema, const Item& key) {
  auto expected = EncodeTableKey(schema, key);
  ASSERT_TRUE(expected.ok());
  KeyValues values{&Attr(key, "pk"), schema.sort_key ? &Attr(key, "sk") : nullptr};
  std::string in_string = "left over";
  EncodeTableKey(schema, values, &in_string);
  EXPECT_EQ(in_string, *expected);
  TableKeyBuffer buffer;
  EncodeTableKey(schema, values, &buffer);
  EXPECT_EQ(buffer.view(), *expected);
}

TEST(KeyLayoutTest, KeyValuesEncodeAsTheItemDoes) {
  const std::string zero("a\0b", 3);
  const TableSchema s_s = Table(AttributeType::kS, AttributeType::kS);
  for (const auto& [pk, sk] : {std::pair<std::string, std::string>{"p", "s"},
                               {"ORG#0001", "EMP#0042"},
                               {zero, "s"},
                               {"p", zero},
                               {std::string(120, 'p'), "s"},  // over the inline buffer
                               {std::string(2048, 'p'), std::string(1024, 's')}}) {
    ExpectSameBytes(s_s, {{"pk", AttributeValue::S(pk)}, {"sk", AttributeValue::S(sk)}});
  }
  ExpectSameBytes(Table(AttributeType::kS, std::nullopt), {{"pk", AttributeValue::S("only")}});
  ExpectSameBytes(Table(AttributeType::kB, AttributeType::kB),
                  {{"pk", AttributeValue::B("\x01\xff")}, {"sk", AttributeValue::B(zero)}});
  ExpectSameBytes(Table(AttributeType::kN, AttributeType::kS),
                  {{"pk", AttributeValue::N("-12.5")}, {"sk", AttributeValue::S("s")}});
  ExpectSameBytes(Table(AttributeType::kS, AttributeType::kN),
                  {{"pk", AttributeValue::S("p")}, {"sk", AttributeValue::N("1000")}});
}

// The one-attribute overload (Query's partition prefix) writes the bytes of the Item overload,
// and refuses a value of another type as it does.
TEST(KeyLayoutTest, OneAttributePartitionPrefixEncodesAsTheItemDoes) {
  const std::string zero("a\0b", 3);
  for (const AttributeValue& value :
       {AttributeValue::S("p"), AttributeValue::S(zero), AttributeValue::S(std::string(2048, 'p')),
        AttributeValue::N("-12.5"), AttributeValue::N("1000"), AttributeValue::B("\x01\xff"),
        AttributeValue::B(zero)}) {
    const KeyAttribute attribute = Key("pk", value.type());
    const std::optional<std::string> expected =
        EncodePartitionPrefix(7, {&attribute, 1}, Item{{"pk", value}});
    ASSERT_TRUE(expected.has_value());
    EXPECT_EQ(EncodePartitionPrefix(7, attribute, value), expected);
  }
  const KeyAttribute number = Key("pk", AttributeType::kN);
  EXPECT_EQ(EncodePartitionPrefix(7, number, AttributeValue::S("1")), std::nullopt);
  EXPECT_EQ(EncodePartitionPrefix(7, {&number, 1}, Item{{"pk", AttributeValue::S("1")}}),
            std::nullopt);
}

}  // namespace key_layout_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
