// A fixture for ItemStore tests: an in-memory Env, an ItemStore, schema builders and helpers
// that run one write per transaction the way a request does.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "ddbemu/version.h"
#include "storage/cursor.h"
#include "storage/item_store.h"
#include "test_env.h"
#include "value/item_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage::testing {

inline AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
inline AttributeValue N(std::string n) { return AttributeValue::N(std::move(n)); }
inline AttributeValue B(std::string b) { return AttributeValue::B(std::move(b)); }

inline KeyAttribute Key(std::string name, AttributeType type = AttributeType::kS) {
  return {std::move(name), type};
}

inline IndexSchema Gsi(std::string name, std::uint32_t keyspace, std::vector<KeyAttribute> pk,
                       std::vector<KeyAttribute> sk = {},
                       ProjectionType projection = ProjectionType::kAll,
                       std::vector<std::string> include = {}) {
  IndexSchema index;
  index.name = std::move(name);
  index.keyspace_id = keyspace;
  index.partition_key = std::move(pk);
  index.sort_key = std::move(sk);
  index.projection = projection;
  index.non_key_attributes = std::move(include);
  return index;
}

class ItemStoreFixture : public ::testing::Test {
 protected:
  // A table keyed (pk S, sk `sort_type`) in key space 1.
  static TableSchema MakeTable(AttributeType sort_type = AttributeType::kS) {
    TableSchema schema;
    schema.name = "T";
    schema.keyspace_id = 1;
    schema.partition_key = Key("pk");
    schema.sort_key = Key("sk", sort_type);
    return schema;
  }

  std::string TableKey(const TableSchema& schema, const Item& item) {
    return Ok(EncodeTableKey(schema, item));
  }

  // Put as a request would: read the old item, write, commit.
  IndexChanges Write(const TableSchema& schema, const Item& item) {
    auto txn = Ok(env_->BeginWrite());
    std::string key = TableKey(schema, item);
    Item old;
    bool had = Ok(store_.Get(txn, key, &old));
    IndexChanges changes = Ok(store_.Put(txn, schema, key, had ? &old : nullptr, item));
    ExpectOk(txn.Commit());
    return changes;
  }

  IndexChanges Remove(const TableSchema& schema, const Item& key_item) {
    auto txn = Ok(env_->BeginWrite());
    std::string key = TableKey(schema, key_item);
    Item old;
    IndexChanges changes;
    if (Ok(store_.Get(txn, key, &old))) changes = Ok(store_.Delete(txn, schema, key, old));
    ExpectOk(txn.Commit());
    return changes;
  }

  std::optional<Item> Read(const TableSchema& schema, const Item& key_item) {
    auto txn = Ok(env_->BeginRead());
    Item item;
    if (!Ok(store_.Get(txn, TableKey(schema, key_item), &item))) return std::nullopt;
    return item;
  }

  // Every (key, decoded value) of a range, in cursor order.
  std::vector<std::pair<std::string, Item>> Entries(
      const KeyRange& range, ScanDirection direction = ScanDirection::kForward,
      std::optional<std::string_view> start_after = std::nullopt) {
    auto txn = Ok(env_->BeginRead());
    auto cursor = Ok(store_.OpenRange(txn, range, direction, start_after));
    std::vector<std::pair<std::string, Item>> out;
    for (; cursor.valid(); cursor.Next()) {
      Item item;
      EXPECT_TRUE(itemcodec::DecodeItem(cursor.value(), &item));
      out.emplace_back(std::string(cursor.key()), std::move(item));
    }
    ExpectOk(cursor.status());
    return out;
  }
  std::vector<Item> IndexItems(const IndexSchema& index) {
    std::vector<Item> items;
    for (auto& [key, item] : Entries(KeyspaceRange(index.keyspace_id))) items.push_back(item);
    return items;
  }

  KeyspaceStats Stats(std::uint32_t keyspace) {
    auto txn = Ok(env_->BeginRead());
    return Ok(ReadKeyspaceStats(txn, env_->meta_dbi(), keyspace));
  }

  // Number of raw LMDB keys in the data DBI.
  std::size_t RawKeyCount() {
    auto txn = Ok(env_->BeginRead());
    auto cursor = Ok(Cursor::Open(txn, env_->data_dbi()));
    std::size_t n = 0;
    for (bool on = cursor.First(); on; on = cursor.Next()) ++n;
    return n;
  }

  std::unique_ptr<Env> env_ = OpenInMemory();
  ItemStore store_{*env_};
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage::testing
