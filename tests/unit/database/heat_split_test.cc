// Split for heat through the Database, and its record in the catalog (docs/capacity.md §10;
// Options::split_for_heat_seconds). Tenants that share a partition and together outrun it
// throttle until the partition has been hot for the configured run, then its split serves them
// all and the capacity report shows the new partition; one hot tenant alone keeps throttling at
// its key's cap. One tenant's item collection of many items splits by sort key when the table
// has no LSI (the capacity report names the collection's parts and counts their items); with an
// LSI it stays whole and throttling. The partitions gained survive closing and reopening the
// data directory, as the service's do. Exact on the virtual clock (split for heat after 10 s).
#include <unistd.h>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "capacity/partition_map.h"
#include "database_test_util.h"
#include "ddbemu/clock.h"
#include "ddbemu/testing/gtest.h"
#include "value/key_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace heat_split_test {

constexpr std::int64_t kSecond = 1'000'000;

// `count` tenant names whose partition key falls in the first of a new table's four partitions.
std::vector<std::string> TenantsOfOnePartition(int count) {
  const capacity::PartitionMap quarters(4);
  std::vector<std::string> tenants;
  for (int seed = 0; static_cast<int>(tenants.size()) < count; ++seed) {
    const std::string name = "tenant#" + std::to_string(seed);
    std::string key;
    keycodec::AppendComponent(AttributeValue::S(name), &key);
    if (quarters.PartitionOf(keycodec::PartitionHash(key)) == 0) tenants.push_back(name);
  }
  return tenants;
}

class HeatSplitTest : public DatabaseTest {
 protected:
  void ConfigureOptions(Options& options) override { options.split_for_heat_seconds = 10; }
  void SetUp() override {
    ASSERT_NO_FATAL_FAILURE(DatabaseTest::SetUp());
    CallOk("CreateTable", kHashRangeTable);
  }
  // One write of just under 50 KB (50 WCU) per tenant; returns how many were served.
  int WriteEach(const std::vector<std::string>& tenants, bool one_item = false) {
    int served = 0;
    for (std::size_t i = 0; i < tenants.size(); ++i) {
      const std::string pad(50 * 1024 - 64, 'x');
      Response r = db().Call("PutItem", R"({"TableName":"items","Item":{"pk":{"S":")" + tenants[i] +
                                            R"("},"sk":{"N":")" + std::to_string(one_item ? 0 : i) +
                                            R"("},"pad":{"S":")" + pad + R"("}}})");
      if (r.http_status == 200) {
        ++served;
      } else {
        EXPECT_EQ(ParseError(r).type, "ProvisionedThroughputExceededException");
      }
    }
    return served;
  }
  std::size_t Partitions() {
    auto report = db().CapacityReport("items");
    EXPECT_TRUE(report.ok());
    return report.ok() ? report->table.partitions.size() : 0;
  }
};

TEST_F(HeatSplitTest, TenantsSharingAPartitionAreServedOnceItSplits) {
  // 30 tenants x 50 WCU a second: 1,500 WCU on a partition that serves 1,000.
  const std::vector<std::string> tenants = TenantsOfOnePartition(30);
  for (int s = 0; s < 9; ++s) {
    ASSERT_EQ(WriteEach(tenants), 20) << "second " << s;
    AdvanceClock(std::chrono::seconds(1));
  }
  EXPECT_EQ(Partitions(), 4u);
  WriteEach(tenants);  // the tenth hot second: the partition splits
  EXPECT_EQ(Partitions(), 5u);
  AdvanceClock(std::chrono::seconds(1));
  EXPECT_EQ(WriteEach(tenants), 30);
  AdvanceClock(std::chrono::seconds(1));
  EXPECT_EQ(WriteEach(tenants), 30);
}

TEST_F(HeatSplitTest, OneHotItemKeepsItsCap) {
  // One tenant's one item (30 writes of the same key a second): no split divides it. (Writes to
  // 30 items of one tenant would split that item collection by sort key: heat_split_restart_test.)
  const std::vector<std::string> one(30, TenantsOfOnePartition(1)[0]);
  for (int s = 0; s < 30; ++s) {
    ASSERT_EQ(WriteEach(one, /*one_item=*/true), 20) << "second " << s;
    AdvanceClock(std::chrono::seconds(1));
  }
  EXPECT_EQ(Partitions(), 4u);
}

// ---- What a split leaves in the catalog: reopening the directory ----

constexpr std::int64_t kStart = 1'700'000'000 * kSecond;  // a whole second

constexpr const char* kTableWithLocalIndex = R"({"TableName":"items",
  "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
    {"AttributeName":"sk","AttributeType":"N"},{"AttributeName":"at","AttributeType":"S"}],
  "LocalSecondaryIndexes":[{"IndexName":"by_at","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
    {"AttributeName":"at","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}],
  "BillingMode":"PAY_PER_REQUEST"})";

class HeatSplitRestartTest : public ::testing::Test {
 protected:
  static Options HeatOptions() {
    Options options;
    options.split_for_heat_seconds = 10;
    return options;
  }
  // Closes the database (saving what its tables gained) and opens the directory again.
  void Open(std::int64_t now) { ASSERT_TRUE(db_.Reopen(now)); }
  // One write of just under 50 KB (50 WCU) for each (tenant, sort key); returns how many were
  // served.
  int WriteEach(const std::vector<std::string>& tenants, const std::vector<int>& sorts) {
    int served = 0;
    const std::string pad(50 * 1024 - 64, 'x');
    for (std::size_t i = 0; i < tenants.size(); ++i) {
      Response r = db_->Call("PutItem", R"({"TableName":"items","Item":{"pk":{"S":")" + tenants[i] +
                                            R"("},"sk":{"N":")" + std::to_string(sorts[i]) +
                                            R"("},"pad":{"S":")" + pad + R"("}}})");
      if (r.http_status == 200) {
        ++served;
      } else {
        EXPECT_EQ(ParseError(r).type, "ProvisionedThroughputExceededException") << r.body;
      }
    }
    return served;
  }
  // 40 writes to 40 items of one tenant: 2,000 WCU, twice a partition's cap.
  int WriteOneCollection() {
    std::vector<int> sorts;
    for (int n = 0; n < 40; ++n) sorts.push_back(n);
    return WriteEach(std::vector<std::string>(40, TenantsOfOnePartition(1)[0]), sorts);
  }
  void Second(std::int64_t s) { db_.clock().SetMicros(kStart + s * kSecond); }
  std::vector<PartitionCapacity> Partitions() {
    auto report = db_->CapacityReport("items");
    EXPECT_TRUE(report.ok());
    return report.ok() ? report->table.partitions : std::vector<PartitionCapacity>{};
  }
  static std::string Layout(const std::vector<PartitionCapacity>& partitions) {
    std::string out;
    for (const PartitionCapacity& p : partitions) {
      out += std::to_string(p.first_hash) + "-" + std::to_string(p.last_hash) + " " +
             p.item_collection + "\n";
    }
    return out;
  }

  DatabaseOnDisk db_{"heat-restart", HeatOptions()};
};

TEST_F(HeatSplitRestartTest, OneTenantsCollectionSplitsBySortKeyAndKeepsItsPartsAfterAReopen) {
  ASSERT_NO_FATAL_FAILURE(Open(kStart));
  ASSERT_EQ(db_->Call("CreateTable", kHashRangeTable).http_status, 200);
  for (int s = 0; s < 9; ++s) {
    Second(s);
    ASSERT_EQ(WriteOneCollection(), 20) << "second " << s;
  }
  Second(9);
  WriteOneCollection();  // the tenth hot second: the collection splits
  std::vector<PartitionCapacity> split = Partitions();
  ASSERT_EQ(split.size(), 5u);
  // Sort keys are numbers 0..39: the upper part begins at 20, and holds items 20..39.
  EXPECT_EQ(split[0].item_collection,
            R"({"pk":{"S":")" + TenantsOfOnePartition(1)[0] + R"("}} before {"sk":{"N":"20"}})");
  EXPECT_EQ(split[1].item_collection,
            R"({"pk":{"S":")" + TenantsOfOnePartition(1)[0] + R"("}} from {"sk":{"N":"20"}})");
  Second(10);
  EXPECT_EQ(WriteOneCollection(), 40);
  // Every item written now (only items 0..19 were served before the split): 20 in each part.
  const std::vector<PartitionCapacity> counted = Partitions();
  ASSERT_EQ(counted.size(), 5u);
  EXPECT_EQ(counted[0].item_count, 20u);
  EXPECT_EQ(counted[1].item_count, 20u);
  // Closed and reopened a day later: the same five partitions, serving all 2,000 WCU at once.
  ASSERT_NO_FATAL_FAILURE(Open(kStart + 86'400 * kSecond));
  EXPECT_EQ(Layout(Partitions()), Layout(split));
  EXPECT_EQ(WriteOneCollection(), 40);
}

TEST_F(HeatSplitRestartTest, TenantsSplitByHashKeepTheirPartitionsAfterAReopen) {
  ASSERT_NO_FATAL_FAILURE(Open(kStart));
  ASSERT_EQ(db_->Call("CreateTable", kHashRangeTable).http_status, 200);
  // 30 tenants x 50 WCU a second: 1,500 WCU on a partition that serves 1,000.
  const std::vector<std::string> tenants = TenantsOfOnePartition(30);
  const std::vector<int> sorts(30, 0);
  for (int s = 0; s < 10; ++s) {
    Second(s);
    WriteEach(tenants, sorts);
  }
  const std::vector<PartitionCapacity> split = Partitions();
  ASSERT_EQ(split.size(), 5u);
  EXPECT_NE(split[1].first_hash, capacity::PartitionMap(4).FirstHash(1));  // uneven: by load
  ASSERT_NO_FATAL_FAILURE(Open(kStart + 86'400 * kSecond));
  EXPECT_EQ(Layout(Partitions()), Layout(split));
  EXPECT_EQ(WriteEach(tenants, sorts), 30);
  // A second close with nothing new keeps the record as it was.
  ASSERT_NO_FATAL_FAILURE(Open(kStart + 2 * 86'400 * kSecond));
  EXPECT_EQ(Layout(Partitions()), Layout(split));
}

TEST_F(HeatSplitRestartTest, ACollectionOfATableWithALocalIndexStaysWholeAndThrottling) {
  ASSERT_NO_FATAL_FAILURE(Open(kStart));
  ASSERT_EQ(db_->Call("CreateTable", kTableWithLocalIndex).http_status, 200);
  // The items have no `at`, so the (sparse) LSI costs nothing: the same 2,000 WCU offered.
  for (int s = 0; s < 30; ++s) {
    Second(s);
    ASSERT_EQ(WriteOneCollection(), 20) << "second " << s;
  }
  EXPECT_EQ(Partitions().size(), 4u);
  ASSERT_NO_FATAL_FAILURE(Open(kStart + 86'400 * kSecond));
  EXPECT_EQ(Partitions().size(), 4u);
}

}  // namespace heat_split_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
