// EnvOptions::item_json: items and index entries stored with their size and their JSON
// (value/item_format.h, format 0x02) hold exactly what the plain form holds, the stamp of the
// storage format says which readers may open the directory, and either form reads back.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <utility>
#include <vector>

#include "item_fixture.h"
#include "storage/index_projection.h"
#include "storage/meta_keys.h"
#include "value/encoded_item_json.h"
#include "value/encoded_item_size.h"
#include "value/item_format.h"
#include "value/item_size.h"

namespace ddbemu::storage {
namespace {

using namespace testing;  // NOLINT(google-build-using-namespace)

std::unique_ptr<Env> OpenWithItemJson(bool item_json) {
  EnvOptions options;
  options.in_memory = true;
  options.map_size_bytes = std::size_t{256} << 20;
  options.item_json = item_json;
  return Ok(Env::Open(options));
}

std::string JsonOf(std::string_view bytes) {
  std::string json;
  itemcodec::AppendEncodedItemJson(bytes, json);
  return json;
}

// One store per form, written alike.
struct Store {
  explicit Store(bool item_json) : env(OpenWithItemJson(item_json)), items(*env) {}

  void Write(const TableSchema& schema, const Item& item) {
    auto txn = Ok(env->BeginWrite());
    const std::string key = Ok(EncodeTableKey(schema, item));
    Item old;
    const bool had = Ok(items.Get(txn, key, &old));
    Ok(items.Put(txn, schema, key, had ? &old : nullptr, item));
    ExpectOk(txn.Commit());
  }
  void Remove(const TableSchema& schema, const Item& item) {
    auto txn = Ok(env->BeginWrite());
    const std::string key = Ok(EncodeTableKey(schema, item));
    Item old;
    if (Ok(items.Get(txn, key, &old))) Ok(items.Delete(txn, schema, key, old));
    ExpectOk(txn.Commit());
  }
  // Every stored (key, bytes) of the table's and its indexes' key spaces (1 to 4).
  std::vector<std::pair<std::string, std::string>> Raw() {
    auto txn = Ok(env->BeginRead());
    std::vector<std::pair<std::string, std::string>> out;
    for (std::uint32_t keyspace = 1; keyspace <= 4; ++keyspace) {
      auto cursor = Ok(items.OpenRange(txn, KeyspaceRange(keyspace), ScanDirection::kForward));
      for (; cursor.valid(); cursor.Next()) out.emplace_back(cursor.key(), cursor.value());
      ExpectOk(cursor.status());
    }
    return out;
  }

  std::unique_ptr<Env> env;
  ItemStore items;
};

TableSchema IndexedTable() {
  TableSchema schema;
  schema.name = "T";
  schema.keyspace_id = 1;
  schema.partition_key = Key("pk");
  schema.sort_key = Key("sk");
  schema.indexes = {Gsi("All", 2, {Key("g")}, {Key("sk")}),
                    Gsi("KeysOnly", 3, {Key("g")}, {}, ProjectionType::kKeysOnly),
                    Gsi("Include", 4, {Key("h")}, {Key("g")}, ProjectionType::kInclude, {"x"})};
  return schema;
}

// Random writes and deletes over a few keys: both stores end up holding the same items and
// entries under the same keys, the JSON form carrying each one's size and JSON.
TEST(ItemJsonStore, HoldsWhatThePlainFormHolds) {
  const TableSchema schema = IndexedTable();
  Store plain(false), with_json(true);
  std::mt19937 rng(7);
  auto pick = [&](int n) { return std::to_string(std::uniform_int_distribution<>(0, n - 1)(rng)); };
  for (int i = 0; i < 400; ++i) {
    Item item = {{"pk", S("p" + pick(3))}, {"sk", S("s" + pick(5))}};
    if (pick(3) != "0") item["g"] = S("g" + pick(2));
    if (pick(2) == "0") item["h"] = S("h" + pick(2));
    if (pick(2) == "0") item["x"] = AttributeValue::M({{"n", N(pick(100))}});
    if (pick(2) == "0") item["y"] = S(std::string(std::stoul(pick(3000)), 'y') + "\n\"");
    if (pick(5) == "0") {
      plain.Remove(schema, item);
      with_json.Remove(schema, item);
    } else {
      plain.Write(schema, item);
      with_json.Write(schema, item);
    }
  }
  const auto expected = plain.Raw();
  const auto got = with_json.Raw();
  ASSERT_EQ(got.size(), expected.size());
  ASSERT_GT(got.size(), 20u);
  for (std::size_t i = 0; i < got.size(); ++i) {
    SCOPED_TRACE(i);
    ASSERT_EQ(got[i].first, expected[i].first);
    ASSERT_EQ(got[i].second[0], itemcodec::kFormatVersionWithJson);
    ASSERT_EQ(expected[i].second[0], itemcodec::kFormatVersion);
    Item a, b;
    ASSERT_TRUE(itemcodec::DecodeItem(got[i].second, &a));
    ASSERT_TRUE(itemcodec::DecodeItem(expected[i].second, &b));
    EXPECT_EQ(a, b);
    EXPECT_EQ(itemcodec::EncodedItemSize(got[i].second), ItemSize(b));
    EXPECT_EQ(JsonOf(got[i].second), JsonOf(expected[i].second));
  }
  for (std::uint32_t keyspace : {1u, 2u, 3u, 4u}) {
    auto a = Ok(with_json.env->BeginRead());
    auto b = Ok(plain.env->BeginRead());
    const KeyspaceStats x = Ok(ReadKeyspaceStats(a, with_json.env->meta_dbi(), keyspace));
    const KeyspaceStats y = Ok(ReadKeyspaceStats(b, plain.env->meta_dbi(), keyspace));
    EXPECT_EQ(x, y) << keyspace;
  }
}

std::uint32_t Stamp(const std::string& dir) {
  EnvOptions options;
  options.path = dir;
  options.map_size_bytes = std::size_t{64} << 20;
  auto env = Ok(Env::Open(options));
  auto txn = Ok(env->BeginRead());
  const auto bytes = Ok(txn.Get(env->meta_dbi(), metakeys::kFormatVersion));
  EXPECT_TRUE(bytes && bytes->size() == 4);
  return bytes && bytes->size() == 4 ? ReadU32(*bytes) : 0;
}

// A directory stays readable by older builds (stamp 1) until it is opened to store items with
// their JSON; from then on it says so (stamp 2), and reads the items written either way.
TEST(ItemJsonStore, StampOfTheStorageFormat) {
  ScratchDir scratch;
  EnvOptions options;
  options.path = scratch.path();
  options.map_size_bytes = std::size_t{64} << 20;
  const TableSchema schema = IndexedTable();
  const Item plain_item = {{"pk", S("a")}, {"sk", S("1")}, {"g", S("x")}};
  const Item json_item = {{"pk", S("b")}, {"sk", S("2")}, {"g", S("x")}};
  auto write = [&](bool item_json, const Item& item) {
    options.item_json = item_json;
    auto env = Ok(Env::Open(options));
    ItemStore store(*env);
    auto txn = Ok(env->BeginWrite());
    Ok(store.Put(txn, schema, Ok(EncodeTableKey(schema, item)), nullptr, item));
    ExpectOk(txn.Commit());
  };
  write(false, plain_item);
  EXPECT_EQ(Stamp(scratch.path()), metakeys::kFormatVersionItemsOnly);
  write(true, json_item);
  EXPECT_EQ(Stamp(scratch.path()), metakeys::kFormatVersionItemJson);
  options.item_json = false;
  auto env = Ok(Env::Open(options));
  ItemStore store(*env);
  auto txn = Ok(env->BeginRead());
  for (const Item& item : {plain_item, json_item}) {
    Item read;
    ASSERT_TRUE(Ok(store.Get(txn, Ok(EncodeTableKey(schema, item)), &read)));
    EXPECT_EQ(read, item);
  }
}

}  // namespace
}  // namespace ddbemu::storage
