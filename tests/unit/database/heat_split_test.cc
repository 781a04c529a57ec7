// Split for heat through the Database (docs/capacity.md §10; Options::split_for_heat_seconds):
// tenants that share a partition and together outrun it throttle until the partition has been
// hot for the configured run, then its split serves them all and the capacity report shows the
// new partition; one hot tenant alone keeps throttling at its key's cap. Exact on the virtual
// clock.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "capacity/partition_map.h"
#include "database_test_util.h"
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

}  // namespace heat_split_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
