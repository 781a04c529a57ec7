// The control plane through every client: CreateTable, DescribeTable, UpdateTable (throughput,
// GSI create and delete), DeleteTable and ListTables paging, each answer asserted member by
// member, and the service's errors for bad requests.
#include <gtest/gtest.h>

#include "client_fixture.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace client_tables_test {

using client_test::N;
using client_test::S;

class TableConformance : public client_test::ClientTest {
 protected:
  // A provisioned table with an LSI and a GSI, attribute definitions deliberately unsorted.
  CreateTableRequest Orders() {
    return {
        .table_name = "orders",
        .attribute_definitions = {{"pk", ScalarAttributeType::kS},
                                  {"sk", ScalarAttributeType::kN},
                                  {"byDate", ScalarAttributeType::kS},
                                  {"customer", ScalarAttributeType::kS}},
        .key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}},
        .local_secondary_indexes = {{.index_name = "LsiDate",
                                     .key_schema = {{"pk", KeyType::kHash},
                                                    {"byDate", KeyType::kRange}},
                                     .projection = {ProjectionType::kKeysOnly}}},
        .global_secondary_indexes = {{.index_name = "GsiCustomer",
                                      .key_schema = {{"customer", KeyType::kHash}},
                                      .projection = {ProjectionType::kInclude, {"total", "note"}},
                                      .provisioned_throughput = ProvisionedThroughput{3, 4}}},
        .provisioned_throughput = ProvisionedThroughput{5, 6},
        .tags = {{"team", "shop"}},
    };
  }
};

TEST_P(TableConformance, CreateTableDescribesTheNewTable) {
  auto created = client_->CreateTable(Orders());
  ASSERT_TRUE(created.ok()) << created.error().message();
  const TableDescription& d = created->table_description;
  EXPECT_EQ(d.table_name, "orders");
  EXPECT_EQ(d.table_arn, "arn:aws:dynamodb:us-east-1:000000000000:table/orders");
  EXPECT_FALSE(d.table_id.empty());
  EXPECT_EQ(d.table_status, TableStatus::kCreating);  // ACTIVE once the clock moves on
  EXPECT_GT(d.creation_date_time_micros, 0);
  EXPECT_EQ(d.creation_date_time_micros % 1000, 0) << "the service reports milliseconds";
  // The service answers AttributeDefinitions sorted by name.
  EXPECT_EQ(d.attribute_definitions,
            (std::vector<AttributeDefinition>{{"byDate", ScalarAttributeType::kS},
                                              {"customer", ScalarAttributeType::kS},
                                              {"pk", ScalarAttributeType::kS},
                                              {"sk", ScalarAttributeType::kN}}));
  EXPECT_EQ(d.key_schema,
            (std::vector<KeySchemaElement>{{"pk", KeyType::kHash}, {"sk", KeyType::kRange}}));
  EXPECT_EQ(d.billing_mode, BillingMode::kProvisioned);
  EXPECT_EQ(d.provisioned_throughput, (ProvisionedThroughput{5, 6}));
  EXPECT_FALSE(d.on_demand_throughput.has_value());
  EXPECT_EQ(d.table_size_bytes, 0);
  EXPECT_EQ(d.item_count, 0);
  EXPECT_FALSE(d.deletion_protection_enabled);
  EXPECT_EQ(d.table_class, "STANDARD");
  ASSERT_EQ(d.local_secondary_indexes.size(), 1u);
  const LocalSecondaryIndexDescription& lsi = d.local_secondary_indexes[0];
  EXPECT_EQ(lsi.index_name, "LsiDate");
  EXPECT_EQ(lsi.index_arn, d.table_arn + "/index/LsiDate");
  EXPECT_EQ(lsi.projection, (Projection{ProjectionType::kKeysOnly, {}}));
  EXPECT_EQ(lsi.key_schema,
            (std::vector<KeySchemaElement>{{"pk", KeyType::kHash}, {"byDate", KeyType::kRange}}));
  ASSERT_EQ(d.global_secondary_indexes.size(), 1u);
  const GlobalSecondaryIndexDescription& gsi = d.global_secondary_indexes[0];
  EXPECT_EQ(gsi.index_name, "GsiCustomer");
  EXPECT_EQ(gsi.index_arn, d.table_arn + "/index/GsiCustomer");
  EXPECT_EQ(gsi.index_status, IndexStatus::kCreating);
  EXPECT_FALSE(gsi.backfilling);
  // NonKeyAttributes come back sorted by name too.
  EXPECT_EQ(gsi.projection, (Projection{ProjectionType::kInclude, {"note", "total"}}));
  EXPECT_EQ(gsi.provisioned_throughput, (ProvisionedThroughput{3, 4}));
}

TEST_P(TableConformance, DescribeTableMatchesCreate) {
  auto created = client_->CreateTable(Orders());
  ASSERT_TRUE(created.ok());
  AdvanceSeconds(60);
  auto described = client_->DescribeTable({.table_name = "orders"});
  ASSERT_TRUE(described.ok()) << described.error().message();
  const TableDescription& c = created->table_description;
  const TableDescription& d = described->table;
  EXPECT_EQ(d.table_status, TableStatus::kActive);
  EXPECT_EQ(d.global_secondary_indexes[0].index_status, IndexStatus::kActive);
  EXPECT_EQ(d.table_id, c.table_id);
  EXPECT_EQ(d.creation_date_time_micros, c.creation_date_time_micros);
  EXPECT_EQ(d.attribute_definitions, c.attribute_definitions);
  EXPECT_EQ(d.global_secondary_indexes[0].projection, c.global_secondary_indexes[0].projection);
  EXPECT_EQ(d.provisioned_throughput, c.provisioned_throughput);
}

TEST_P(TableConformance, OnDemandTableHasABillingSummaryAndZeroThroughput) {
  auto created = client_->CreateTable({.table_name = "events",
                                       .attribute_definitions = {{"id", ScalarAttributeType::kS}},
                                       .key_schema = {{"id", KeyType::kHash}},
                                       .billing_mode = BillingMode::kPayPerRequest,
                                       .on_demand_throughput = OnDemandThroughput{100, -1},
                                       .table_class = "STANDARD_INFREQUENT_ACCESS",
                                       .deletion_protection_enabled = true});
  ASSERT_TRUE(created.ok()) << created.error().message();
  const TableDescription& d = created->table_description;
  EXPECT_EQ(d.billing_mode, BillingMode::kPayPerRequest);
  EXPECT_EQ(d.provisioned_throughput, (ProvisionedThroughput{0, 0}));
  EXPECT_EQ(d.on_demand_throughput, (OnDemandThroughput{100, -1}));
  EXPECT_EQ(d.table_class, "STANDARD_INFREQUENT_ACCESS");
  EXPECT_TRUE(d.deletion_protection_enabled);
  auto deleted = client_->DeleteTable({.table_name = "events"});
  ASSERT_FALSE(deleted.ok());
  EXPECT_EQ(deleted.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(deleted.error().message(),
            "Resource cannot be deleted as it is currently protected against deletion. Disable "
            "deletion protection first.");
}

TEST_P(TableConformance, UpdateTableChangesThroughput) {
  auto created = client_->CreateTable(Orders());
  ASSERT_TRUE(created.ok());
  const std::int64_t t0 = created->table_description.creation_date_time_micros;
  AdvanceSeconds(60);
  auto updated = client_->UpdateTable(
      {.table_name = "orders", .provisioned_throughput = ProvisionedThroughput{10, 6}});
  ASSERT_TRUE(updated.ok()) << updated.error().message();
  // The answer shows the table UPDATING, still at the old throughput; the change is dated when
  // it was asked for.
  EXPECT_EQ(updated->table_description.table_status, TableStatus::kUpdating);
  EXPECT_EQ(updated->table_description.provisioned_throughput, (ProvisionedThroughput{5, 6}));
  AdvanceSeconds(60);
  auto described = client_->DescribeTable({.table_name = "orders"});
  ASSERT_TRUE(described.ok());
  EXPECT_EQ(described->table.table_status, TableStatus::kActive);
  EXPECT_EQ(described->table.provisioned_throughput,
            (ProvisionedThroughput{10, 6, t0 + 60'000'000, 0, 0}));

  auto decreased = client_->UpdateTable(
      {.table_name = "orders", .provisioned_throughput = ProvisionedThroughput{2, 6}});
  ASSERT_TRUE(decreased.ok()) << decreased.error().message();
  AdvanceSeconds(60);
  described = client_->DescribeTable({.table_name = "orders"});
  ASSERT_TRUE(described.ok());
  EXPECT_EQ(described->table.provisioned_throughput,
            (ProvisionedThroughput{2, 6, t0 + 60'000'000, t0 + 120'000'000, 1}));
}

TEST_P(TableConformance, UpdateTableCreatesAndDeletesAGsi) {
  ASSERT_TRUE(client_->CreateTable(Orders()).ok());
  AdvanceSeconds(60);
  auto created = client_->UpdateTable({
      .table_name = "orders",
      .attribute_definitions = {{"status", ScalarAttributeType::kS}},
      .global_secondary_index_updates = {CreateGlobalSecondaryIndexAction{
          .index_name = "GsiStatus",
          .key_schema = {{"status", KeyType::kHash}},
          .projection = {ProjectionType::kAll},
          .provisioned_throughput = ProvisionedThroughput{1, 1}}},
  });
  ASSERT_TRUE(created.ok()) << created.error().message();
  const TableDescription& d = created->table_description;
  EXPECT_EQ(d.table_status, TableStatus::kUpdating);
  ASSERT_EQ(d.global_secondary_indexes.size(), 2u);
  const GlobalSecondaryIndexDescription& gsi = d.global_secondary_indexes[1];
  EXPECT_EQ(gsi.index_name, "GsiStatus");
  EXPECT_EQ(gsi.index_status, IndexStatus::kCreating);
  EXPECT_FALSE(gsi.backfilling);
  EXPECT_EQ(gsi.provisioned_throughput, (ProvisionedThroughput{1, 1}));

  AdvanceSeconds(600);  // index creation completes on the clock
  auto described = client_->DescribeTable({.table_name = "orders"});
  ASSERT_TRUE(described.ok());
  EXPECT_EQ(described->table.table_status, TableStatus::kActive);
  EXPECT_EQ(described->table.global_secondary_indexes[1].index_status, IndexStatus::kActive);

  auto deleted = client_->UpdateTable(
      {.table_name = "orders",
       .global_secondary_index_updates = {DeleteGlobalSecondaryIndexAction{"GsiStatus"}}});
  ASSERT_TRUE(deleted.ok()) << deleted.error().message();
  ASSERT_EQ(deleted->table_description.global_secondary_indexes.size(), 2u);
  EXPECT_EQ(deleted->table_description.global_secondary_indexes[1].index_status,
            IndexStatus::kDeleting);
  AdvanceSeconds(600);
  described = client_->DescribeTable({.table_name = "orders"});
  ASSERT_TRUE(described.ok());
  ASSERT_EQ(described->table.global_secondary_indexes.size(), 1u);
  EXPECT_EQ(described->table.global_secondary_indexes[0].index_name, "GsiCustomer");
}

TEST_P(TableConformance, UpdateOfAMissingIndexIsResourceNotFound) {
  ASSERT_TRUE(client_->CreateTable(Orders()).ok());
  AdvanceSeconds(60);
  auto r = client_->UpdateTable(
      {.table_name = "orders",
       .global_secondary_index_updates = {UpdateGlobalSecondaryIndexAction{
           .index_name = "Nope", .provisioned_throughput = ProvisionedThroughput{2, 2}}}});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(r.error().message(), "Requested resource not found: Index Nope for table orders");
}

TEST_P(TableConformance, DeleteTableAnswersTheShortDescription) {
  ASSERT_TRUE(client_->CreateTable(Orders()).ok());
  AdvanceSeconds(60);
  ASSERT_TRUE(client_
                  ->PutItem({.table_name = "orders",
                             .item = {{"pk", S("a")}, {"sk", N("1")}, {"customer", S("c")}}})
                  .ok());
  auto deleted = client_->DeleteTable({.table_name = "orders"});
  ASSERT_TRUE(deleted.ok()) << deleted.error().message();
  const TableDescription& d = deleted->table_description;
  EXPECT_EQ(d.table_name, "orders");
  EXPECT_EQ(d.table_status, TableStatus::kDeleting);
  EXPECT_EQ(d.item_count, 1);
  EXPECT_EQ(d.provisioned_throughput, (ProvisionedThroughput{5, 6}));
  // The service leaves the schema, the creation time and the indexes out of this answer.
  EXPECT_TRUE(d.key_schema.empty());
  EXPECT_TRUE(d.attribute_definitions.empty());
  EXPECT_EQ(d.creation_date_time_micros, 0);
  EXPECT_TRUE(d.global_secondary_indexes.empty());
  EXPECT_TRUE(d.local_secondary_indexes.empty());

  auto again = client_->DescribeTable({.table_name = "orders"});
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().code(), ErrorCode::kResourceNotFound);
  EXPECT_EQ(again.error().message(), "Requested resource not found: Table: orders not found");
}

TEST_P(TableConformance, ListTablesPagesInNameOrder) {
  for (const char* name : {"t-c", "t-a", "t-e", "t-b", "t-d"}) {
    ASSERT_TRUE(client_
                    ->CreateTable({.table_name = name,
                                   .attribute_definitions = {{"id", ScalarAttributeType::kS}},
                                   .key_schema = {{"id", KeyType::kHash}},
                                   .billing_mode = BillingMode::kPayPerRequest})
                    .ok());
  }
  ListTablesRequest request{.limit = 2};
  std::vector<std::vector<std::string>> pages;
  for (int i = 0; i < 5; ++i) {
    auto page = client_->ListTables(request);
    ASSERT_TRUE(page.ok()) << page.error().message();
    pages.push_back(page->table_names);
    if (!page->last_evaluated_table_name) break;
    EXPECT_EQ(*page->last_evaluated_table_name, page->table_names.back());
    request.exclusive_start_table_name = page->last_evaluated_table_name;
  }
  EXPECT_EQ(pages,
            (std::vector<std::vector<std::string>>{{"t-a", "t-b"}, {"t-c", "t-d"}, {"t-e"}}));
}

TEST_P(TableConformance, ListTablesLimitIsAModelConstraint) {
  auto r = client_->ListTables({.limit = 0});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(r.error().message(),
            "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: "
            "Member must have value greater than or equal to 1");
}

TEST_P(TableConformance, CreatingAnExistingTableIsResourceInUse) {
  ASSERT_TRUE(client_->CreateTable(Orders()).ok());
  auto again = client_->CreateTable(Orders());
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().code(), ErrorCode::kResourceInUse);
  EXPECT_EQ(again.error().message(), "Table already exists: orders");
}

TEST_P(TableConformance, KeyWithoutDefinitionIsAValidationError) {
  CreateTableRequest request = Orders();
  request.attribute_definitions.pop_back();  // "customer", the GSI's key
  auto r = client_->CreateTable(request);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(r.error().message(),
            "One or more parameter values were invalid: Some index key attributes are not defined "
            "in AttributeDefinitions. Keys: [customer], AttributeDefinitions: [byDate, sk, pk]");
}

TEST_P(TableConformance, ProvisionedTableWithoutThroughputIsAValidationError) {
  CreateTableRequest request = Orders();
  request.provisioned_throughput.reset();
  auto r = client_->CreateTable(request);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(r.error().message(),
            "One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits "
            "must both be specified when BillingMode is PROVISIONED");
}

DDB_INSTANTIATE_CLIENT_SUITE(TableConformance);

}  // namespace client_tables_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
