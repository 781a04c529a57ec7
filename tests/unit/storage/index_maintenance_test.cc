// ItemStore index maintenance: GSI and LSI entries follow their items — sparse, moving with
// their keys, projected as declared — and their statistics stay exact.
#include <gtest/gtest.h>

#include <random>

#include "ddbemu/testing/matchers.h"
#include "item_fixture.h"
#include "storage/table_schema.h"
#include "value/item_size.h"

using ::ddbemu::testing::Attr;

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace index_maintenance_test {

using namespace testing;  // NOLINT(google-build-using-namespace)

class IndexMaintenanceTest : public ItemStoreFixture {
 protected:
  void SetUp() override {
    schema_ = MakeTable();
    schema_.indexes = {Gsi("ByStatus", 2, {Key("status")}, {Key("date", AttributeType::kN)})};
  }
  const IndexSchema& gsi() const { return schema_.indexes[0]; }
  std::vector<std::string> IndexKeys(const IndexSchema& index) {
    std::vector<std::string> keys;
    for (auto& [key, item] : Entries(KeyspaceRange(index.keyspace_id))) keys.push_back(key);
    return keys;
  }

  TableSchema schema_;
  Item base_ = {{"pk", S("p")}, {"sk", S("s")}};
};

TEST_F(IndexMaintenanceTest, ItemWithoutTheIndexKeyHasNoEntry) {
  Write(schema_, base_);
  Item partial = base_;
  partial["status"] = S("open");  // the index sort key `date` is still missing
  Write(schema_, partial);
  EXPECT_TRUE(IndexKeys(gsi()).empty());
  EXPECT_EQ(Stats(2), KeyspaceStats{});
}

TEST_F(IndexMaintenanceTest, AddingTheIndexKeyAttributesCreatesTheEntry) {
  Write(schema_, base_);
  Item item = base_;
  item["status"] = S("open");
  item["date"] = N("20240101");
  IndexChanges changes = Write(schema_, item);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_FALSE(changes[0].removed);
  EXPECT_TRUE(changes[0].written);
  EXPECT_EQ(changes[0].old_size, 0u);
  EXPECT_EQ(changes[0].new_size, ItemSize(item));
  ASSERT_EQ(IndexKeys(gsi()), std::vector<std::string>{*EncodeIndexKey(schema_, gsi(), item)});
  EXPECT_EQ(IndexItems(gsi()), std::vector<Item>{item});
  EXPECT_EQ(Stats(2), (KeyspaceStats{1, ItemSize(item)}));
}

TEST_F(IndexMaintenanceTest, ChangingAnIndexKeyMovesTheEntry) {
  Item item = base_;
  item["status"] = S("open");
  item["date"] = N("1");
  Write(schema_, item);
  Item moved = item;
  moved["status"] = S("closed");
  IndexChanges changes = Write(schema_, moved);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_TRUE(changes[0].removed);  // a changed index key is a delete plus a put
  EXPECT_TRUE(changes[0].written);
  EXPECT_EQ(IndexKeys(gsi()), std::vector<std::string>{*EncodeIndexKey(schema_, gsi(), moved)});
  EXPECT_EQ(IndexItems(gsi()), std::vector<Item>{moved});
  EXPECT_EQ(Stats(2), (KeyspaceStats{1, ItemSize(moved)}));
  // Query the new index partition: the entry is there; the old partition is empty.
  auto open = *PartitionRange(2, gsi().partition_key, {{"status", S("open")}});
  auto closed = *PartitionRange(2, gsi().partition_key, {{"status", S("closed")}});
  EXPECT_TRUE(Entries(open).empty());
  EXPECT_EQ(Entries(closed).size(), 1u);
}

TEST_F(IndexMaintenanceTest, RemovingAnIndexKeyAttributeRemovesTheEntry) {
  Item item = base_;
  item["status"] = S("open");
  item["date"] = N("1");
  Write(schema_, item);
  Item without = item;
  without.erase("date");
  IndexChanges changes = Write(schema_, without);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_TRUE(changes[0].removed);
  EXPECT_FALSE(changes[0].written);
  EXPECT_EQ(changes[0].old_size, ItemSize(item));
  EXPECT_TRUE(IndexKeys(gsi()).empty());
  EXPECT_EQ(Stats(2), KeyspaceStats{});
}

TEST_F(IndexMaintenanceTest, IndexKeyOfTheWrongTypeIsNotIndexed) {
  Item item = base_;
  item["status"] = S("open");
  item["date"] = S("not a number");  // declared N
  Write(schema_, item);
  EXPECT_TRUE(IndexKeys(gsi()).empty());
  item["date"] = N("5");
  Write(schema_, item);
  EXPECT_EQ(IndexKeys(gsi()).size(), 1u);
  item["status"] = AttributeValue::SS({"open"});  // declared S
  Write(schema_, item);
  EXPECT_TRUE(IndexKeys(gsi()).empty());
  EXPECT_EQ(Stats(2), KeyspaceStats{});
}

TEST_F(IndexMaintenanceTest, DeletingTheItemRemovesItsEntry) {
  Item item = base_;
  item["status"] = S("open");
  item["date"] = N("1");
  Write(schema_, item);
  IndexChanges changes = Remove(schema_, item);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_TRUE(changes[0].removed);
  EXPECT_TRUE(IndexKeys(gsi()).empty());
  EXPECT_EQ(Stats(2), KeyspaceStats{});
  EXPECT_EQ(RawKeyCount(), 0u);
}

TEST_F(IndexMaintenanceTest, UnchangedProjectionReportsNoIndexWrite) {
  schema_.indexes[0].projection = ProjectionType::kKeysOnly;
  Item item = base_;
  item["status"] = S("open");
  item["date"] = N("1");
  item["note"] = S("a");
  Write(schema_, item);
  item["note"] = S("b");  // not projected into a KEYS_ONLY index
  EXPECT_TRUE(Write(schema_, item).empty());
}

TEST_F(IndexMaintenanceTest, ChangedProjectedAttributeRewritesTheEntryInPlace) {
  Item item = base_;
  item["status"] = S("open");
  item["date"] = N("1");
  item["note"] = S("a");
  Write(schema_, item);
  Item updated = item;
  updated["note"] = S("longer");
  IndexChanges changes = Write(schema_, updated);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_FALSE(changes[0].removed);
  EXPECT_TRUE(changes[0].written);
  EXPECT_EQ(changes[0].old_size, ItemSize(item));
  EXPECT_EQ(changes[0].new_size, ItemSize(updated));
  EXPECT_EQ(IndexItems(gsi()), std::vector<Item>{updated});
  EXPECT_EQ(Stats(2), (KeyspaceStats{1, ItemSize(updated)}));
}

TEST_F(IndexMaintenanceTest, ProjectionsHoldTheDeclaredAttributes) {
  TableSchema schema = MakeTable();
  schema.indexes = {
      Gsi("All", 2, {Key("g")}, {}, ProjectionType::kAll),
      Gsi("Keys", 3, {Key("g")}, {Key("h")}, ProjectionType::kKeysOnly),
      Gsi("Some", 4, {Key("g")}, {}, ProjectionType::kInclude, {"a", "missing"}),
  };
  Item item = {{"pk", S("p")}, {"sk", S("s")}, {"g", S("G")},
               {"h", S("H")},  {"a", N("1")},  {"b", N("2")}};
  Write(schema, item);
  EXPECT_EQ(IndexItems(schema.indexes[0]), std::vector<Item>{item});
  EXPECT_EQ(IndexItems(schema.indexes[1]),
            (std::vector<Item>{{{"pk", S("p")}, {"sk", S("s")}, {"g", S("G")}, {"h", S("H")}}}));
  EXPECT_EQ(IndexItems(schema.indexes[2]),
            (std::vector<Item>{{{"pk", S("p")}, {"sk", S("s")}, {"g", S("G")}, {"a", N("1")}}}));
  Item keys_only = IndexItems(schema.indexes[1])[0];
  EXPECT_EQ(Stats(3), (KeyspaceStats{1, ItemSize(keys_only)}));
  EXPECT_TRUE(IsProjected(schema, schema.indexes[2], "a"));
  EXPECT_FALSE(IsProjected(schema, schema.indexes[2], "b"));
}

TEST_F(IndexMaintenanceTest, MultiAttributeKeysOfFourPlusFour) {
  TableSchema schema = MakeTable();
  std::vector<KeyAttribute> pk = {Key("p1"), Key("p2", AttributeType::kN),
                                  Key("p3", AttributeType::kB), Key("p4")};
  std::vector<KeyAttribute> sk = {Key("s1", AttributeType::kN), Key("s2"), Key("s3"),
                                  Key("s4", AttributeType::kB)};
  schema.indexes = {Gsi("Multi", 2, pk, sk, ProjectionType::kKeysOnly)};
  const IndexSchema& index = schema.indexes[0];
  auto make = [](int i, const char* s2, const char* s3) {
    return Item{{"pk", S("p" + std::to_string(i))},
                {"sk", S("s")},
                {"p1", S("tenant")},
                {"p2", N("7")},
                {"p3", B("\x01\x02")},
                {"p4", S("x")},
                {"s1", N("10")},
                {"s2", S(s2)},
                {"s3", S(s3)},
                {"s4", B("\xff")}};
  };
  // Inserted out of order; the index sorts by (s1, s2, s3, s4) then the table key.
  Write(schema, make(1, "b", "a"));
  Write(schema, make(2, "a", "z"));
  Write(schema, make(3, "a", "b"));
  Item lacking = make(4, "a", "a");
  lacking.erase("p4");  // one missing partition attribute: no entry
  Write(schema, lacking);
  Item lacking_sort = make(5, "a", "a");
  lacking_sort.erase("s4");  // one missing sort attribute: no entry
  Write(schema, lacking_sort);
  auto range =
      PartitionRange(2, index.partition_key,
                     {{"p1", S("tenant")}, {"p2", N("7")}, {"p3", B("\x01\x02")}, {"p4", S("x")}});
  ASSERT_TRUE(range);
  std::vector<std::string> order;
  for (auto& [key, item] : Entries(*range)) {
    order.push_back(Attr(item, "pk").scalar());
    Item decoded;
    ASSERT_TRUE(DecodeIndexKey(schema, index, key, &decoded));
    EXPECT_EQ(decoded, item);  // KEYS_ONLY: the projection is exactly the keys
  }
  EXPECT_EQ(order, (std::vector<std::string>{"p3", "p2", "p1"}));
  // A different value of any one partition attribute is another partition.
  EXPECT_TRUE(
      Entries(*PartitionRange(
                  2, index.partition_key,
                  {{"p1", S("tenant")}, {"p2", N("8")}, {"p3", B("\x01\x02")}, {"p4", S("x")}}))
          .empty());
  EXPECT_EQ(Stats(2).item_count, 3u);
}

TEST_F(IndexMaintenanceTest, LocalIndexSharesTheTablePartitionAndSortsByItsSortKey) {
  TableSchema schema = MakeTable();
  IndexSchema lsi = Gsi("ByDate", 2, {Key("pk")}, {Key("date", AttributeType::kN)});
  lsi.is_local = true;
  schema.indexes = {lsi};
  Write(schema, {{"pk", S("p")}, {"sk", S("a")}, {"date", N("30")}});
  Write(schema, {{"pk", S("p")}, {"sk", S("b")}, {"date", N("10")}});
  Write(schema, {{"pk", S("p")}, {"sk", S("c")}, {"date", N("20")}});
  Write(schema, {{"pk", S("p")}, {"sk", S("d")}});  // no date: not in the LSI
  Write(schema, {{"pk", S("q")}, {"sk", S("a")}, {"date", N("1")}});
  auto range = *PartitionRange(2, schema.indexes[0].partition_key, {{"pk", S("p")}});
  std::vector<std::string> sks;
  for (auto& [key, item] : Entries(range)) sks.push_back(Attr(item, "sk").scalar());
  EXPECT_EQ(sks, (std::vector<std::string>{"b", "c", "a"}));
  // The LSI entry's partition hash is the base item's (same partition key).
  std::string base_key = TableKey(schema, {{"pk", S("p")}, {"sk", S("a")}});
  EXPECT_EQ(StoredPartitionHash(Entries(range)[0].first), StoredPartitionHash(base_key));
  // Moving an item within the LSI.
  Write(schema, {{"pk", S("p")}, {"sk", S("a")}, {"date", N("5")}});
  sks.clear();
  for (auto& [key, item] : Entries(range)) sks.push_back(Attr(item, "sk").scalar());
  EXPECT_EQ(sks, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(Stats(2).item_count, 4u);
}

TEST_F(IndexMaintenanceTest, RandomWorkloadKeepsIndexesAndStatisticsExact) {
  TableSchema schema = MakeTable();
  schema.indexes = {
      Gsi("G", 2, {Key("g")}, {Key("h", AttributeType::kN)}, ProjectionType::kInclude, {"v"}),
      Gsi("K", 3, {Key("g")}, {}, ProjectionType::kKeysOnly)};
  std::mt19937 rng(11);
  std::map<std::string, Item> model;
  for (int i = 0; i < 400; ++i) {
    Item item = {{"pk", S("p" + std::to_string(rng() % 4))}, {"sk", S(std::to_string(rng() % 15))}};
    if (rng() % 5 == 0) {
      Remove(schema, item);
      model.erase(TableKey(schema, item));
      continue;
    }
    if (rng() % 3) item["g"] = rng() % 6 ? S("g" + std::to_string(rng() % 3)) : N("1");
    if (rng() % 3) item["h"] = N(std::to_string(rng() % 4));
    if (rng() % 2) item["v"] = S(std::string(rng() % 50, 'v'));
    Write(schema, item);
    model[TableKey(schema, item)] = item;
  }
  for (const IndexSchema& index : schema.indexes) {
    std::map<std::string, Item> expected;
    KeyspaceStats stats;
    for (const auto& [key, item] : model) {
      auto index_key = EncodeIndexKey(schema, index, item);
      if (!index_key) continue;
      Item projected = ProjectItem(schema, index, item);
      stats.item_count += 1;
      stats.size_bytes += ItemSize(projected);
      expected[*index_key] = projected;
    }
    std::map<std::string, Item> actual;
    for (auto& [key, item] : Entries(KeyspaceRange(index.keyspace_id))) actual[key] = item;
    EXPECT_EQ(actual, expected) << index.name;
    EXPECT_EQ(Stats(index.keyspace_id), stats) << index.name;
  }
}

TEST_F(IndexMaintenanceTest, BackfillIndexesExistingItemsLikeMaintenanceWould) {
  TableSchema schema = MakeTable();
  for (int i = 0; i < 1200; ++i) {  // more than one backfill batch
    Item item = {{"pk", S("p" + std::to_string(i))}, {"sk", S("s")}};
    if (i % 3) item["g"] = S("g" + std::to_string(i % 7));
    Write(schema, item);
  }
  schema.indexes = {Gsi("G", 2, {Key("g")}, {}, ProjectionType::kKeysOnly)};
  {
    auto txn = Ok(env_->BeginWrite());
    ExpectOk(store_.BackfillIndex(txn, schema, 0));
    ExpectOk(txn.Commit());
  }
  EXPECT_EQ(Stats(2).item_count, 800u);
  EXPECT_EQ(IndexItems(schema.indexes[0]).size(), 800u);
  {
    auto txn = Ok(env_->BeginWrite());
    ExpectOk(store_.DropIndex(txn, schema.indexes[0]));
    ExpectOk(txn.Commit());
  }
  EXPECT_TRUE(IndexItems(schema.indexes[0]).empty());
  EXPECT_EQ(Stats(2), KeyspaceStats{});
  EXPECT_EQ(Stats(1).item_count, 1200u);
}

}  // namespace index_maintenance_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
