// Costs of single reads and writes (docs/capacity.md §1), in half-units.
#include "capacity/capacity_units.h"

#include <gtest/gtest.h>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {
namespace capacity_units_test {

TEST(CapacityUnits, ReadsAreChargedPerStarted4KBAndHalvedWhenEventuallyConsistent) {
  EXPECT_EQ(ReadCost(0, true), 2);  // a missing item still costs one unit
  EXPECT_EQ(ReadCost(0, false), 1);
  EXPECT_EQ(ReadCost(4096, true), 2);
  EXPECT_EQ(ReadCost(4097, true), 4);
  EXPECT_EQ(ReadCost(4097, false), 2);
  EXPECT_EQ(ReadCost(400 * 1024, false), 100);
}

TEST(CapacityUnits, WritesAreChargedPerStartedKBOfTheLargerImage) {
  EXPECT_EQ(WriteCost(0, 0), 2);  // deleting a missing item costs one unit
  EXPECT_EQ(WriteCost(0, 1024), 2);
  EXPECT_EQ(WriteCost(0, 1025), 4);
  EXPECT_EQ(WriteCost(2049, 10), 6);  // a short item over a long one pays for the long one
}

TEST(CapacityUnits, TransactionsPayTwice) {
  EXPECT_EQ(TransactionalReadCost(0), 4);
  EXPECT_EQ(TransactionalReadCost(4097), 8);
  EXPECT_EQ(TransactionalWriteCost(1500, 0), 8);
}

TEST(CapacityUnits, IndexEntriesPayForWhatChanged) {
  EXPECT_EQ(IndexEntryWriteCost(false, false, 100, 100), 0);  // untouched entry
  EXPECT_EQ(IndexEntryWriteCost(false, true, 0, 100), 2);     // new entry: a put
  EXPECT_EQ(IndexEntryWriteCost(true, false, 100, 0), 2);     // removed: a delete
  EXPECT_EQ(IndexEntryWriteCost(false, true, 2000, 100), 4);  // rewritten in place
  EXPECT_EQ(IndexEntryWriteCost(true, true, 100, 100), 4);    // key moved: delete + put
  EXPECT_EQ(IndexEntryWriteCost(true, true, 1500, 3000), 4 + 6);
}

}  // namespace capacity_units_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
