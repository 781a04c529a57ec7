// The dispatch table's lookup (operation_table.h): by length, then name, with each entry's
// model operation found when the table is compiled.
#include "operation_table.h"

#include <gtest/gtest.h>

#include <string>

#include "api/api_model.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace operation_table_test {

TEST(OperationTableTest, FindsEachImplementedOperationWithItsModel) {
  for (const char* name : {"GetItem", "Query", "Scan", "PutItem", "BatchGetItem", "CreateTable",
                           "TransactWriteItems", "UpdateTimeToLive", "DescribeLimits"}) {
    const OperationEntry* entry = FindOperation(name);
    ASSERT_NE(entry, nullptr) << name;
    EXPECT_EQ(entry->name, name);
    ASSERT_NE(entry->model, nullptr) << name;
    EXPECT_EQ(api_model::Str(entry->model->name), name);
    EXPECT_EQ(entry->model, api_model::FindOperation(name));
  }
}

TEST(OperationTableTest, StreamsOperationsHaveNoModel) {
  const OperationEntry* entry = FindOperation("DynamoDBStreams_20120810.GetRecords");
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->model, nullptr);
  EXPECT_EQ(FindOperation("GetRecords"), nullptr);
}

TEST(OperationTableTest, NearNamesAreNotFound) {
  for (const char* name : {"", "G", "getItem", "GetIte", "GetItemX", "HetItem", "GetItem ", "Quer",
                           "QUERY", "DynamoDB_20120810.GetItem"}) {
    EXPECT_EQ(FindOperation(name), nullptr) << name;
  }
  EXPECT_EQ(FindOperation(std::string(200, 'Q')), nullptr);
}

TEST(OperationTableTest, EveryModelOperationIsFoundOrUnimplemented) {
  // Each model operation the table has is found under its own name, with that model.
  int found = 0;
  for (const api_model::Operation& op : api_model::Operations()) {
    const OperationEntry* entry = FindOperation(api_model::Str(op.name));
    if (entry == nullptr) continue;
    ++found;
    EXPECT_EQ(entry->name, api_model::Str(op.name));
    EXPECT_EQ(entry->model, &op);
  }
  EXPECT_GE(found, 30);  // the lookup works for more than a few
}

}  // namespace operation_table_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
