// Catalog::GetShared: decoded schemas are shared while the catalog is unchanged, and never
// outlive a change, including one whose transaction aborted.
#include <gtest/gtest.h>

#include "storage/catalog.h"
#include "test_env.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace catalog_cache_test {

using testing::ExpectOk;
using testing::Ok;

TableSchema Table(std::string name, std::uint32_t keyspace) {
  TableSchema s;
  s.name = std::move(name);
  s.partition_key = {"pk", AttributeType::kS};
  s.attribute_definitions = {s.partition_key};
  s.keyspace_id = keyspace;
  return s;
}

class CatalogCacheTest : public ::testing::Test {
 protected:
  void Put(const TableSchema& schema, bool commit) {
    auto txn = Ok(env_->BeginWrite());
    ExpectOk(catalog_.Put(txn, "", schema));
    // A lookup inside the writing transaction sees (and may cache) the uncommitted state.
    auto seen = Ok(catalog_.GetShared(txn, "", schema.name));
    ASSERT_NE(seen, nullptr);
    EXPECT_EQ(seen->keyspace_id, schema.keyspace_id);
    if (commit) ExpectOk(txn.Commit());
  }
  std::shared_ptr<const TableSchema> Read(const std::string& name) {
    auto txn = Ok(env_->BeginRead());
    return Ok(catalog_.GetShared(txn, "", name));
  }

  std::unique_ptr<Env> env_ = testing::OpenInMemory();
  Catalog catalog_{*env_};
};

TEST_F(CatalogCacheTest, RepeatedLookupsShareOneDecodedSchema) {
  Put(Table("T", 1), /*commit=*/true);
  auto first = Read("T");
  auto second = Read("T");
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first.get(), second.get());
}

TEST_F(CatalogCacheTest, AMissingTableIsNull) { EXPECT_EQ(Read("nope"), nullptr); }

TEST_F(CatalogCacheTest, ACommittedChangeIsSeenAtOnce) {
  Put(Table("T", 1), true);
  ASSERT_EQ(Read("T")->keyspace_id, 1u);
  Put(Table("T", 2), true);
  EXPECT_EQ(Read("T")->keyspace_id, 2u);
}

TEST_F(CatalogCacheTest, AnAbortedChangeNeverLeaksIntoLaterLookups) {
  Put(Table("T", 1), true);
  ASSERT_EQ(Read("T")->keyspace_id, 1u);
  Put(Table("T", 99), /*commit=*/false);  // cached under its generation, then aborted
  EXPECT_EQ(Read("T")->keyspace_id, 1u);
  // The next committed change must not reuse the aborted generation's cache entry.
  Put(Table("Other", 5), true);
  EXPECT_EQ(Read("T")->keyspace_id, 1u);
}

TEST_F(CatalogCacheTest, AReaderOnAnOlderSnapshotSeesItsOwnState) {
  Put(Table("T", 1), true);
  auto old_reader = Ok(env_->BeginRead());
  Put(Table("T", 2), true);
  EXPECT_EQ(Read("T")->keyspace_id, 2u);
  EXPECT_EQ(Ok(catalog_.GetShared(old_reader, "", "T"))->keyspace_id, 1u);
}

}  // namespace catalog_cache_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
