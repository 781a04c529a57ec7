// Item-collection sizes: for tables with local secondary indexes, ItemStore keeps the size of
// each partition key's items plus their LSI entries exact through every write, and forgets it
// with the table.
#include <gtest/gtest.h>

#include <random>

#include "ddbemu/testing/matchers.h"
#include "item_fixture.h"
#include "storage/table_schema.h"
#include "value/item_size.h"

using ::ddbemu::testing::Attr;

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace collection_stats_test {

using namespace testing;  // NOLINT(google-build-using-namespace)

class CollectionStatsTest : public ItemStoreFixture {
 protected:
  void SetUp() override {
    schema_ = MakeTable();
    IndexSchema lsi =
        Gsi("ByDate", 2, {Key("pk")}, {Key("date", AttributeType::kN)}, ProjectionType::kKeysOnly);
    lsi.is_local = true;
    schema_.indexes = {lsi, Gsi("ByStatus", 3, {Key("status")})};
  }

  std::uint64_t Size(const std::string& pk) {
    auto txn = Ok(env_->BeginRead());
    return Ok(store_.CollectionSize(txn, schema_, {{"pk", S(pk)}}));
  }

  // What the collection of `pk` should weigh: its items and their LSI entries (the GSI is not
  // part of the item collection).
  std::uint64_t Expected(const std::vector<Item>& items) {
    std::uint64_t total = 0;
    for (const Item& item : items) {
      total += ItemSize(item);
      if (item.count("date") != 0 && Attr(item, "date").is(AttributeType::kN)) {
        total += ItemSize(ProjectItem(schema_, schema_.indexes[0], item));
      }
    }
    return total;
  }

  TableSchema schema_;
};

TEST_F(CollectionStatsTest, PutsAndDeletesKeepTheSizeOfEachPartitionKey) {
  Item a = {{"pk", S("p")}, {"sk", S("a")}, {"date", N("1")}, {"x", S("payload")}};
  Item b = {{"pk", S("p")}, {"sk", S("b")}, {"status", S("open")}};  // not in the LSI
  Item c = {{"pk", S("q")}, {"sk", S("a")}, {"date", N("2")}};
  Write(schema_, a);
  Write(schema_, b);
  Write(schema_, c);
  EXPECT_EQ(Size("p"), Expected({a, b}));
  EXPECT_EQ(Size("q"), Expected({c}));
  EXPECT_EQ(Size("none"), 0u);

  // Growing an item and giving it an LSI key; then taking the LSI key away again.
  Item b2 = b;
  b2["date"] = N("12345");
  b2["y"] = S(std::string(1000, 'y'));
  Write(schema_, b2);
  EXPECT_EQ(Size("p"), Expected({a, b2}));
  Write(schema_, b);
  EXPECT_EQ(Size("p"), Expected({a, b}));

  Remove(schema_, a);
  Remove(schema_, b);
  EXPECT_EQ(Size("p"), 0u);
  EXPECT_EQ(Size("q"), Expected({c}));
}

TEST_F(CollectionStatsTest, TablesWithoutLocalIndexesKeepNoSizes) {
  schema_.indexes.erase(schema_.indexes.begin());
  Write(schema_, {{"pk", S("p")}, {"sk", S("a")}, {"date", N("1")}});
  EXPECT_EQ(Size("p"), 0u);
}

TEST_F(CollectionStatsTest, LongPartitionKeysHaveTheirOwnRecords) {
  // Keys beyond LMDB's 511 bytes go through the OrderedMap's long-key layout.
  const std::string long1(2000, 'k');
  const std::string long2 = std::string(1999, 'k') + "j";
  Item a = {{"pk", S(long1)}, {"sk", S("a")}, {"date", N("1")}};
  Item b = {{"pk", S(long2)}, {"sk", S("a")}};
  Write(schema_, a);
  Write(schema_, b);
  EXPECT_EQ(Size(long1), Expected({a}));
  EXPECT_EQ(Size(long2), Expected({b}));
}

TEST_F(CollectionStatsTest, DroppingTheTableForgetsItsSizes) {
  Write(schema_, {{"pk", S("p")}, {"sk", S("a")}, {"date", N("1")}});
  auto txn = Ok(env_->BeginWrite());
  ExpectOk(store_.DropTable(txn, schema_));
  ExpectOk(txn.Commit());
  EXPECT_EQ(Size("p"), 0u);
}

TEST_F(CollectionStatsTest, RandomWorkloadKeepsEverySizeExact) {
  std::mt19937 rng(7);
  std::map<std::pair<std::string, std::string>, Item> live;
  for (int step = 0; step < 2000; ++step) {
    const std::string pk = "p" + std::to_string(rng() % 5);
    const std::string sk = "s" + std::to_string(rng() % 20);
    if (rng() % 4 == 0) {
      Remove(schema_, {{"pk", S(pk)}, {"sk", S(sk)}});
      live.erase({pk, sk});
      continue;
    }
    Item item = {{"pk", S(pk)}, {"sk", S(sk)}, {"v", S(std::string(rng() % 300, 'v'))}};
    if (rng() % 2 == 0) item["date"] = N(std::to_string(rng() % 1000));
    Write(schema_, item);
    live[{pk, sk}] = item;
  }
  for (int p = 0; p < 5; ++p) {
    const std::string pk = "p" + std::to_string(p);
    std::vector<Item> items;
    for (const auto& [key, item] : live) {
      if (key.first == pk) items.push_back(item);
    }
    EXPECT_EQ(Size(pk), Expected(items)) << pk;
  }
}

}  // namespace collection_stats_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
