// TableMemo: an entry answers only for its own snapshot and table name; a newer snapshot
// replaces it, an older one does not; snapshot 0 (a write transaction) is never remembered.
#include "storage/catalog.h"

#include <gtest/gtest.h>

#include <memory>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace table_memo_test {

std::shared_ptr<const TableSchema> Schema(const std::string& name) {
  auto schema = std::make_shared<TableSchema>();
  schema->name = name;
  return schema;
}

TEST(TableMemoTest, AnswersOnlyForItsSnapshotAndName) {
  TableMemo memo;
  EXPECT_EQ(memo.Find(5, "a"), nullptr);
  const auto a = Schema("a");
  memo.Remember(5, "a", a);
  EXPECT_EQ(memo.Find(5, "a"), a);
  EXPECT_EQ(memo.Find(6, "a"), nullptr);  // a commit since: the catalog must be asked
  EXPECT_EQ(memo.Find(4, "a"), nullptr);
  EXPECT_EQ(memo.Find(5, "b"), nullptr);
  EXPECT_EQ(memo.Find(0, "a"), nullptr);
}

TEST(TableMemoTest, KeepsTheNewestSnapshotAndNeverAWritersZero) {
  TableMemo memo;
  const auto old_a = Schema("a");
  const auto new_a = Schema("a");
  memo.Remember(7, "a", new_a);
  memo.Remember(6, "a", old_a);  // a reader on an older snapshot does not replace it
  EXPECT_EQ(memo.Find(7, "a"), new_a);
  EXPECT_EQ(memo.Find(6, "a"), nullptr);
  memo.Remember(0, "b", Schema("b"));
  EXPECT_EQ(memo.Find(0, "b"), nullptr);
  EXPECT_EQ(memo.Find(7, "a"), new_a);
  memo.Remember(8, "b", Schema("b"));
  EXPECT_EQ(memo.Find(7, "a"), nullptr);
  EXPECT_NE(memo.Find(8, "b"), nullptr);
}

}  // namespace table_memo_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
