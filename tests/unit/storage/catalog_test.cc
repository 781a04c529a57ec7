// Catalog: tables per namespace, listing with paging, key-space ids.
#include "storage/catalog.h"

#include <gtest/gtest.h>

#include "test_env.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace catalog_test {

using testing::ExpectOk;
using testing::Ok;

TableSchema Table(std::string name, std::uint32_t keyspace = 1) {
  TableSchema s;
  s.name = std::move(name);
  s.partition_key = {"pk", AttributeType::kS};
  s.attribute_definitions = {s.partition_key};
  s.keyspace_id = keyspace;
  return s;
}

class CatalogTest : public ::testing::Test {
 protected:
  void Create(std::string_view ns, std::initializer_list<const char*> names) {
    auto txn = Ok(env_->BeginWrite());
    for (const char* name : names) ExpectOk(catalog_.Put(txn, ns, Table(name)));
    ExpectOk(txn.Commit());
  }
  TableNamePage List(std::string_view ns, std::string_view start, std::size_t limit) {
    auto txn = Ok(env_->BeginRead());
    return Ok(catalog_.List(txn, ns, start, limit));
  }

  std::unique_ptr<Env> env_ = testing::OpenInMemory();
  Catalog catalog_{*env_};
};

TEST_F(CatalogTest, GetReturnsWhatPutStored) {
  TableSchema schema = Table("Orders", 7);
  schema.sort_key = KeyAttribute{"sk", AttributeType::kN};
  {
    auto txn = Ok(env_->BeginWrite());
    ExpectOk(catalog_.Put(txn, "", schema));
    ExpectOk(txn.Commit());
  }
  auto txn = Ok(env_->BeginRead());
  auto got = Ok(catalog_.Get(txn, "", "Orders"));
  ASSERT_TRUE(got.has_value());
  EXPECT_EQ(*got, schema);
  EXPECT_FALSE(Ok(catalog_.Get(txn, "", "Missing")).has_value());
}

TEST_F(CatalogTest, PutReplacesAnExistingSchema) {
  Create("", {"T"});
  TableSchema updated = Table("T");
  updated.status = TableStatus::kUpdating;
  {
    auto txn = Ok(env_->BeginWrite());
    ExpectOk(catalog_.Put(txn, "", updated));
    ExpectOk(txn.Commit());
  }
  auto txn = Ok(env_->BeginRead());
  EXPECT_EQ(Ok(catalog_.Get(txn, "", "T"))->status, TableStatus::kUpdating);
}

TEST_F(CatalogTest, NamespacesAreSeparate) {
  Create("AKIA1/us-east-1", {"T"});
  Create("AKIA1/eu-west-1", {"U"});
  Create("", {"V"});
  auto txn = Ok(env_->BeginRead());
  EXPECT_TRUE(Ok(catalog_.Get(txn, "AKIA1/us-east-1", "T")).has_value());
  EXPECT_FALSE(Ok(catalog_.Get(txn, "AKIA1/eu-west-1", "T")).has_value());
  EXPECT_FALSE(Ok(catalog_.Get(txn, "", "T")).has_value());
  EXPECT_EQ(List("AKIA1/us-east-1", "", 100).names, std::vector<std::string>{"T"});
  EXPECT_EQ(List("AKIA1/eu-west-1", "", 100).names, std::vector<std::string>{"U"});
  EXPECT_EQ(List("", "", 100).names, std::vector<std::string>{"V"});
}

TEST_F(CatalogTest, NamespaceThatIsAPrefixOfAnotherDoesNotSeeItsTables) {
  Create("ab", {"T1"});
  Create("a", {"bT2"});
  EXPECT_EQ(List("a", "", 100).names, std::vector<std::string>{"bT2"});
  EXPECT_EQ(List("ab", "", 100).names, std::vector<std::string>{"T1"});
}

TEST_F(CatalogTest, DeleteRemovesOnlyThatTable) {
  Create("", {"A", "B"});
  {
    auto txn = Ok(env_->BeginWrite());
    EXPECT_TRUE(Ok(catalog_.Delete(txn, "", "A")));
    EXPECT_FALSE(Ok(catalog_.Delete(txn, "", "A")));
    ExpectOk(txn.Commit());
  }
  EXPECT_EQ(List("", "", 100).names, std::vector<std::string>{"B"});
}

TEST_F(CatalogTest, ListIsAscendingByName) {
  Create("", {"b", "A", "a", "B.1", "a-b", "a_b", "0"});
  // Byte order of the names, which is what ListTables returns for DynamoDB's name alphabet.
  EXPECT_EQ(List("", "", 100).names,
            (std::vector<std::string>{"0", "A", "B.1", "a", "a-b", "a_b", "b"}));
}

TEST_F(CatalogTest, ListPagesWithLimitAndExclusiveStartName) {
  Create("", {"t1", "t2", "t3", "t4", "t5"});
  TableNamePage first = List("", "", 2);
  EXPECT_EQ(first.names, (std::vector<std::string>{"t1", "t2"}));
  EXPECT_TRUE(first.has_more);
  TableNamePage second = List("", "t2", 2);
  EXPECT_EQ(second.names, (std::vector<std::string>{"t3", "t4"}));
  EXPECT_TRUE(second.has_more);
  TableNamePage last = List("", "t4", 2);
  EXPECT_EQ(last.names, (std::vector<std::string>{"t5"}));
  EXPECT_FALSE(last.has_more);
  // Exactly `limit` remaining: no more.
  TableNamePage exact = List("", "t3", 2);
  EXPECT_EQ(exact.names, (std::vector<std::string>{"t4", "t5"}));
  EXPECT_FALSE(exact.has_more);
}

TEST_F(CatalogTest, ListStartsAfterANameThatIsNotATable) {
  Create("", {"a", "c", "e"});
  EXPECT_EQ(List("", "b", 100).names, (std::vector<std::string>{"c", "e"}));
  EXPECT_EQ(List("", "z", 100).names, std::vector<std::string>{});
  EXPECT_FALSE(List("", "z", 100).has_more);
}

TEST_F(CatalogTest, ListOfAnEmptyNamespaceIsEmpty) {
  TableNamePage page = List("nobody", "", 100);
  EXPECT_TRUE(page.names.empty());
  EXPECT_FALSE(page.has_more);
}

TEST_F(CatalogTest, KeyspaceIdsStartAtOneAndAreNeverReused) {
  auto txn = Ok(env_->BeginWrite());
  EXPECT_EQ(Ok(catalog_.AllocateKeyspaceId(txn)), 1u);
  EXPECT_EQ(Ok(catalog_.AllocateKeyspaceId(txn)), 2u);
  ExpectOk(txn.Commit());
  {
    auto aborted = Ok(env_->BeginWrite());
    EXPECT_EQ(Ok(catalog_.AllocateKeyspaceId(aborted)), 3u);
  }  // aborted: 3 was never handed out durably
  auto again = Ok(env_->BeginWrite());
  EXPECT_EQ(Ok(catalog_.AllocateKeyspaceId(again)), 3u);
}

TEST_F(CatalogTest, KeyspaceCounterSurvivesReopen) {
  testing::ScratchDir scratch;
  EnvOptions options;
  options.path = scratch.path();
  options.map_size_bytes = std::size_t{64} << 20;
  {
    auto env = Ok(Env::Open(options));
    Catalog catalog(*env);
    auto txn = Ok(env->BeginWrite());
    EXPECT_EQ(Ok(catalog.AllocateKeyspaceId(txn)), 1u);
    ExpectOk(catalog.Put(txn, "", Table("T")));
    ExpectOk(txn.Commit());
  }
  auto env = Ok(Env::Open(options));
  Catalog catalog(*env);
  auto txn = Ok(env->BeginWrite());
  EXPECT_EQ(Ok(catalog.AllocateKeyspaceId(txn)), 2u);
  EXPECT_TRUE(Ok(catalog.Get(txn, "", "T")).has_value());
}

TEST_F(CatalogTest, GenerationChangesWithEveryCatalogWrite) {
  auto read = [&] {
    auto txn = Ok(env_->BeginRead());
    return Ok(catalog_.Generation(txn));
  };
  std::uint64_t g0 = read();
  Create("", {"A"});
  std::uint64_t g1 = read();
  EXPECT_NE(g1, g0);
  {
    auto txn = Ok(env_->BeginWrite());
    EXPECT_TRUE(Ok(catalog_.Delete(txn, "", "A")));
    ExpectOk(txn.Commit());
  }
  EXPECT_NE(read(), g1);
}

}  // namespace catalog_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
