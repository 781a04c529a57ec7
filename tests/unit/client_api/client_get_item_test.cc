// GetItem's fast path through every client: the key lent instead of copied (numbers still
// normalized), the storage key built on the stack or, when it must be, in a string, and the
// table looked up afresh after DDL: a table deleted and created again under the same name with
// another key schema answers by its new schema, never by a schema some cache kept.
#include <gtest/gtest.h>

#include <string>

#include "client_fixture.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace client_get_item_test {

using client_test::N;
using client_test::S;

class GetItemPath : public client_test::ClientTest {
 protected:
  void Create(const std::string& name, std::vector<AttributeDefinition> attributes,
              std::vector<KeySchemaElement> key_schema) {
    auto created = client_->CreateTable({.table_name = name,
                                         .attribute_definitions = std::move(attributes),
                                         .key_schema = std::move(key_schema),
                                         .billing_mode = BillingMode::kPayPerRequest});
    ASSERT_TRUE(created.ok()) << created.error().message();
  }
  void Store(const std::string& table, const Item& item) {
    auto put = client_->PutItem({.table_name = table, .item = item});
    ASSERT_TRUE(put.ok()) << put.error().message();
  }
  std::optional<Item> Get(const std::string& table, const Item& key) {
    auto got = client_->GetItem({.table_name = table, .key = key, .consistent_read = true});
    EXPECT_TRUE(got.ok()) << got.error().message();
    return got.ok() ? got->item : std::nullopt;
  }
};

TEST_P(GetItemPath, RecreatedTableAnswersByItsNewKeySchema) {
  Create("things", {{"pk", ScalarAttributeType::kS}, {"sk", ScalarAttributeType::kS}},
         {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}});
  Store("things", {{"pk", S("a")}, {"sk", S("b")}, {"v", S("old")}});
  ASSERT_EQ(Get("things", {{"pk", S("a")}, {"sk", S("b")}}),
            (Item{{"pk", S("a")}, {"sk", S("b")}, {"v", S("old")}}));

  ASSERT_TRUE(client_->DeleteTable({.table_name = "things"}).ok());
  Create("things", {{"id", ScalarAttributeType::kN}}, {{"id", KeyType::kHash}});

  // The old key no longer fits the table: the error of the new schema, on every path.
  auto old_key =
      client_->GetItem({.table_name = "things", .key = {{"pk", S("a")}, {"sk", S("b")}}});
  DDB_EXPECT_API_ERROR(old_key, ErrorCode::kValidation,
                       "The provided key element does not match the schema");
  // The new key reads the new table, empty until written; its items are the new table's.
  EXPECT_EQ(Get("things", {{"id", N("7")}}), std::nullopt);
  Store("things", {{"id", N("7")}, {"v", S("new")}});
  EXPECT_EQ(Get("things", {{"id", N("7")}}), (Item{{"id", N("7")}, {"v", S("new")}}));
  // A number key is normalized before the lookup (not lent as sent): 7.0 is 7.
  EXPECT_EQ(Get("things", {{"id", N("7.0")}}), (Item{{"id", N("7")}, {"v", S("new")}}));
}

TEST_P(GetItemPath, ReadsItsOwnWritesAtOnce) {
  Create("things", {{"pk", ScalarAttributeType::kS}}, {{"pk", KeyType::kHash}});
  for (int i = 0; i < 3; ++i) {
    const Item item = {{"pk", S("k")}, {"n", N(std::to_string(i))}};
    Store("things", item);
    EXPECT_EQ(Get("things", {{"pk", S("k")}}), item);
  }
  ASSERT_TRUE(client_->DeleteItem({.table_name = "things", .key = {{"pk", S("k")}}}).ok());
  EXPECT_EQ(Get("things", {{"pk", S("k")}}), std::nullopt);
}

// Keys whose storage key cannot be built on the stack (a zero byte to escape, a value too long
// for the inline buffer, a binary key) are found as they were stored.
TEST_P(GetItemPath, KeysOffTheStackPathRoundTrip) {
  Create("things", {{"pk", ScalarAttributeType::kS}, {"sk", ScalarAttributeType::kB}},
         {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}});
  const std::string zero("a\0b", 3);
  const std::string long_value(300, 'x');
  const Item keys[] = {
      {{"pk", S(zero)}, {"sk", AttributeValue::B(zero)}},
      {{"pk", S(long_value)}, {"sk", AttributeValue::B("s")}},
      {{"pk", S("p")}, {"sk", AttributeValue::B(std::string(200, '\x01'))}},
      {{"pk", S("p")}, {"sk", AttributeValue::B("plain")}},
  };
  int n = 0;
  for (const Item& key : keys) {
    Item item = key;
    item["n"] = N(std::to_string(n++));
    Store("things", item);
  }
  n = 0;
  for (const Item& key : keys) {
    Item expected = key;
    expected["n"] = N(std::to_string(n++));
    EXPECT_EQ(Get("things", key), expected);
  }
  EXPECT_EQ(Get("things", {{"pk", S("p")}, {"sk", AttributeValue::B("plai")}}), std::nullopt);
}

DDB_INSTANTIATE_CLIENT_SUITE(GetItemPath);

}  // namespace client_get_item_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
