// ItemCollectionGuard: the 10 GB item-collection limit of tables with LSIs (tested with a lowered
// limit) and ItemCollectionMetrics, over a real ItemStore in one write transaction per write.
#include "ops/items/item_collections.h"

#include <gtest/gtest.h>
#include <rapidjson/stringbuffer.h>

#include <memory>

#include "api_json/operation_codecs.h"
#include "storage/env.h"
#include "storage/item_store.h"
#include "storage/key_layout.h"
#include "value/item_size.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace item_collections_test {

class ItemCollectionsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    storage::EnvOptions options;
    options.in_memory = true;
    options.map_size_bytes = std::size_t{64} << 20;
    auto env = storage::Env::Open(options);
    ASSERT_TRUE(env.ok());
    env_ = std::move(env).value();
    store_ = std::make_unique<storage::ItemStore>(*env_);
    table_.name = "T";
    table_.keyspace_id = 1;
    table_.partition_key = {"pk", AttributeType::kS};
    table_.sort_key = KeyAttribute{"sk", AttributeType::kS};
    IndexSchema lsi;
    lsi.name = "by_date";
    lsi.is_local = true;
    lsi.keyspace_id = 2;
    lsi.partition_key = {table_.partition_key};
    lsi.sort_key = {{"date", AttributeType::kN}};
    lsi.projection = ProjectionType::kAll;
    table_.indexes = {lsi};
  }

  // Writes `item` as a request would, with a guard of `limit` bytes; returns the guard's
  // verdict and, on success, the metrics.
  Result<std::optional<api::ItemCollectionMetrics>> Write(const Item& item, std::uint64_t limit,
                                                          bool remove = false) {
    auto txn = env_->BeginWrite();
    EXPECT_TRUE(txn.ok());
    auto key = storage::EncodeTableKey(table_, item);
    EXPECT_TRUE(key.ok());
    Item old;
    auto had = store_->Get(*txn, *key, &old);
    EXPECT_TRUE(had.ok());
    DDBEMU_ASSIGN_OR_RETURN(ItemCollectionGuard guard,
                            ItemCollectionGuard::Begin(*store_, *txn, table_, item, limit));
    if (remove) {
      if (*had) {
        EXPECT_TRUE(store_->Delete(*txn, table_, *key, old).ok());
      }
    } else {
      EXPECT_TRUE(store_->Put(*txn, table_, *key, *had ? &old : nullptr, item).ok());
    }
    DDBEMU_RETURN_IF_ERROR(guard.Finish(*txn));  // an error aborts the transaction
    EXPECT_TRUE(txn->Commit().ok());
    return guard.Metrics();
  }

  static Item Sized(const std::string& sk, std::size_t payload) {
    return {{"pk", AttributeValue::S("p")},
            {"sk", AttributeValue::S(sk)},
            {"date", AttributeValue::N("1")},
            {"v", AttributeValue::S(std::string(payload, 'v'))}};
  }

  std::unique_ptr<storage::Env> env_;
  std::unique_ptr<storage::ItemStore> store_;
  TableSchema table_;
};

TEST_F(ItemCollectionsTest, AWriteThatGrowsTheCollectionBeyondTheLimitFailsAndChangesNothing) {
  const Item a = Sized("a", 300);
  // Each item counts twice: in the table and in the ALL-projected LSI.
  const std::uint64_t one = 2 * ItemSize(a);
  ASSERT_TRUE(Write(a, 3 * one).ok());
  ASSERT_TRUE(Write(Sized("b", 300), 3 * one).ok());
  ASSERT_TRUE(Write(Sized("c", 300), 3 * one).ok());  // exactly at the limit
  Result<std::optional<api::ItemCollectionMetrics>> over = Write(Sized("d", 300), 3 * one);
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.error().code(), ErrorCode::kItemCollectionSizeLimitExceeded);
  EXPECT_EQ(over.error().message(),
            "The total size of an item collection has exceeded the maximum limit of 10 gigabytes.");
  auto txn = env_->BeginRead();
  EXPECT_EQ(*store_->CollectionSize(*txn, table_, a), 3 * one);  // the failed write left nothing
}

TEST_F(ItemCollectionsTest, ShrinkingAnOversizedCollectionIsAllowed) {
  ASSERT_TRUE(Write(Sized("a", 1000), 100000).ok());
  ASSERT_TRUE(Write(Sized("b", 1000), 100000).ok());
  // The limit drops below the size (as if the collection had grown before): shrinking writes
  // and deletes still pass, growing ones do not.
  EXPECT_TRUE(Write(Sized("a", 10), 100).ok());
  EXPECT_FALSE(Write(Sized("a", 20), 100).ok());
  EXPECT_TRUE(Write(Sized("b", 0), 100, /*remove=*/true).ok());
}

TEST_F(ItemCollectionsTest, MetricsNameThePartitionKeyAndEstimateWholeGigabytes) {
  auto metrics = Write(Sized("a", 10), kMaxItemCollectionBytes);
  ASSERT_TRUE(metrics.ok());
  ASSERT_TRUE(metrics->has_value());
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  api::json::WriteItemCollectionMetrics(**metrics, w);
  EXPECT_EQ(std::string(buffer.GetString()),
            R"({"ItemCollectionKey":{"pk":{"S":"p"}},"SizeEstimateRangeGB":[0.0,1.0]})");
  api::ItemCollectionMetrics large =
      CollectionMetrics({{"pk", AttributeValue::S("p")}}, (std::uint64_t{5} << 30) + 1);
  EXPECT_EQ(large.size_lower_gb, 5.0);
  EXPECT_EQ(large.size_upper_gb, 6.0);
}

TEST_F(ItemCollectionsTest, TablesWithoutLocalIndexesHaveNoMetrics) {
  table_.indexes.clear();
  auto metrics = Write(Sized("a", 10), 1);  // no limit applies either
  ASSERT_TRUE(metrics.ok());
  EXPECT_FALSE(metrics->has_value());
}

}  // namespace item_collections_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
