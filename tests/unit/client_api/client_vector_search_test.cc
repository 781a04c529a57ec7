// Vector indexes and SearchVectors through every client (embedded, JSON over the loopback, HTTP
// against ddb-local): CreateTable's VectorIndexes as DescribeTable reports them, writes that the
// index refuses or leaves out, exact searches ordered and scored per distance function, the
// SearchSchema's partition and filters, projections, UpdateTable's create (with backfill) and
// delete, and the service's errors. tests/clients/js/vector_search.test.mjs runs the same cases
// through the AWS SDK for JavaScript v3.
#include <gtest/gtest.h>

#include "client_fixture.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace client_vector_search_test {

using client_test::N;
using client_test::S;

AttributeValue Vec(std::vector<std::string> values) {
  AttributeList list;
  for (auto& v : values) list.push_back(N(std::move(v)));
  return AttributeValue::L(std::move(list));
}
std::vector<AttributeValue> Query(std::vector<std::string> values) {
  std::vector<AttributeValue> out;
  for (auto& v : values) out.push_back(N(std::move(v)));
  return out;
}

class VectorSearch : public client_test::ClientTest {
 protected:
  // "docs": p (key), v (3-dimensional), three indexes on v, one with a SearchSchema.
  void CreateDocs() {
    CreateTableRequest create{
        .table_name = "docs",
        .attribute_definitions = {{"p", ScalarAttributeType::kS},
                                  {"tenant", ScalarAttributeType::kS},
                                  {"kind", ScalarAttributeType::kS}},
        .key_schema = {{"p", KeyType::kHash}},
        .billing_mode = BillingMode::kPayPerRequest,
        .vector_indexes = {{.index_name = "byCosine",
                            .vector_attribute = "v",
                            .projection = {ProjectionType::kKeysOnly},
                            .dimensions = 3,
                            .distance_function = VectorDistanceFunction::kCosine},
                           {.index_name = "byEuclid",
                            .vector_attribute = "v",
                            .projection = {ProjectionType::kAll},
                            .dimensions = 3,
                            .distance_function = VectorDistanceFunction::kEuclidean},
                           {.index_name = "byTenant",
                            .vector_attribute = "v",
                            .search_schema = {{"tenant", SearchSchemaElementType::kHash},
                                              {"kind", SearchSchemaElementType::kInlineFilter}},
                            .projection = {ProjectionType::kInclude, {"title"}},
                            .dimensions = 3,
                            .distance_function = VectorDistanceFunction::kDotProduct}},
    };
    auto created = client_->CreateTable(create);
    ASSERT_TRUE(created.ok()) << created.error().message();
    AdvanceSeconds(1);
  }
  void Put(std::string p, AttributeValue v, std::optional<std::string> tenant = {},
           std::optional<std::string> kind = {}) {
    Item item{{"p", S(std::move(p))}, {"v", std::move(v)}, {"title", S("t")}};
    if (tenant) item["tenant"] = S(*tenant);
    if (kind) item["kind"] = S(*kind);
    auto put = client_->PutItem({.table_name = "docs", .item = item});
    ASSERT_TRUE(put.ok()) << put.error().message();
  }
  // The four documents of the scoring cases: nearest to [1, 0, 0] in the order given for COSINE.
  void PutFour() {
    Put("a", Vec({"1", "0", "0"}), "t1", "x");
    Put("b", Vec({"1", "0.1", "0"}), "t1", "y");
    Put("c", Vec({"0", "2", "0"}), "t1", "x");
    Put("d", Vec({"-1", "0", "0"}), "t2", "x");
  }
  Result<SearchVectorsResponse> Search(std::string index, std::int64_t top_k,
                                       std::optional<std::string> condition = {},
                                       ExpressionAttributeValues values = {}) {
    return client_->SearchVectors({.table_name = "docs",
                                   .index_name = std::move(index),
                                   .search_vector = Query({"1", "0", "0"}),
                                   .top_k = top_k,
                                   .search_condition_expression = std::move(condition),
                                   .expression_attribute_values = std::move(values)});
  }
  static std::vector<std::string> Keys(const SearchVectorsResponse& r) {
    std::vector<std::string> keys;
    for (const auto& hit : r.search_results) keys.push_back(hit.item.find("p")->second.scalar());
    return keys;
  }
  static std::vector<float> Scores(const SearchVectorsResponse& r) {
    std::vector<float> scores;
    for (const auto& hit : r.search_results) scores.push_back(static_cast<float>(hit.score));
    return scores;
  }
};

TEST_P(VectorSearch, DescribeTableReportsTheVectorIndexes) {
  ASSERT_NO_FATAL_FAILURE(CreateDocs());
  ASSERT_NO_FATAL_FAILURE(Put("a", Vec({"1", "0", "0"}), "t1"));
  auto described = client_->DescribeTable({"docs"});
  ASSERT_TRUE(described.ok()) << described.error().message();
  const auto& indexes = described->table.vector_indexes;
  ASSERT_EQ(indexes.size(), 3u);
  const VectorIndexDescription& tenant = indexes[2];
  EXPECT_EQ(tenant.index_name, "byTenant");
  EXPECT_EQ(tenant.index_arn, "arn:aws:dynamodb:us-east-1:000000000000:table/docs/index/byTenant");
  EXPECT_EQ(tenant.vector_attribute, "v");
  EXPECT_EQ(tenant.search_schema,
            (std::vector<SearchSchemaElement>{{"tenant", SearchSchemaElementType::kHash},
                                              {"kind", SearchSchemaElementType::kInlineFilter}}));
  EXPECT_EQ(tenant.projection, (Projection{ProjectionType::kInclude, {"title"}}));
  EXPECT_EQ(tenant.dimensions, 3);
  EXPECT_EQ(tenant.distance_function, VectorDistanceFunction::kDotProduct);
  EXPECT_EQ(tenant.index_status, IndexStatus::kActive);
  EXPECT_FALSE(tenant.backfilling.has_value());
  EXPECT_EQ(tenant.item_count, 1);
  EXPECT_GT(tenant.index_size_bytes, 12);  // four bytes a dimension, and the projection
  EXPECT_TRUE(indexes[0].search_schema.empty());
}

TEST_P(VectorSearch, ResultsAreOrderedAndScoredPerDistanceFunction) {
  ASSERT_NO_FATAL_FAILURE(CreateDocs());
  ASSERT_NO_FATAL_FAILURE(PutFour());
  auto cosine = Search("byCosine", 4);
  ASSERT_TRUE(cosine.ok()) << cosine.error().message();
  EXPECT_EQ(Keys(*cosine), (std::vector<std::string>{"a", "b", "c", "d"}));
  // 1 - cos: 0, 1 - 1/sqrt(1.01), 1 (orthogonal), 2 (opposite), in float32.
  EXPECT_EQ(Scores(*cosine), (std::vector<float>{0.0f, 0.0049628615f, 1.0f, 2.0f}));
  auto euclid = Search("byEuclid", 2);
  ASSERT_TRUE(euclid.ok()) << euclid.error().message();
  EXPECT_EQ(Keys(*euclid), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(Scores(*euclid), (std::vector<float>{0.0f, 0.1f}));
  // DOT_PRODUCT: highest first, within the HASH partition t1.
  auto dot = Search("byTenant", 3, "tenant = :t", {{":t", S("t1")}});
  ASSERT_TRUE(dot.ok()) << dot.error().message();
  EXPECT_EQ(Keys(*dot), (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(Scores(*dot), (std::vector<float>{1.0f, 1.0f, 0.0f}));  // ties in key order
}

TEST_P(VectorSearch, ProjectionsReturnTheIndexCopyOfTheVectorOnlyWhenAsked) {
  ASSERT_NO_FATAL_FAILURE(CreateDocs());
  ASSERT_NO_FATAL_FAILURE(
      Put("a", Vec({"1", "3.1415926535897932384626433832795028841", "0"}), "t1", "x"));
  auto keys_only = Search("byCosine", 1);
  ASSERT_TRUE(keys_only.ok()) << keys_only.error().message();
  EXPECT_EQ(keys_only->search_results.at(0).item, (Item{{"p", S("a")}}));
  auto all = Search("byEuclid", 1);
  ASSERT_TRUE(all.ok()) << all.error().message();
  EXPECT_EQ(all->search_results.at(0).item,
            (Item{{"p", S("a")}, {"tenant", S("t1")}, {"kind", S("x")}, {"title", S("t")}}));
  // SearchSchema attributes are always projected; INCLUDE adds "title".
  auto include = Search("byTenant", 1, "tenant = :t", {{":t", S("t1")}});
  ASSERT_TRUE(include.ok()) << include.error().message();
  EXPECT_EQ(include->search_results.at(0).item,
            (Item{{"p", S("a")}, {"tenant", S("t1")}, {"kind", S("x")}, {"title", S("t")}}));
  auto with_vector = client_->SearchVectors({.table_name = "docs",
                                             .index_name = "byCosine",
                                             .search_vector = Query({"1", "0", "0"}),
                                             .top_k = 1,
                                             .projection_expression = "v, #t",
                                             .expression_attribute_names = {{"#t", "title"}}});
  ASSERT_TRUE(with_vector.ok()) << with_vector.error().message();
  // The float32 copy (3.1415927), not the item's 38 digits; "title" is not projected.
  EXPECT_EQ(with_vector->search_results.at(0).item, (Item{{"v", Vec({"1", "3.1415927", "0"})}}));
}

TEST_P(VectorSearch, SearchSchemaPartitionsAndFilters) {
  ASSERT_NO_FATAL_FAILURE(CreateDocs());
  ASSERT_NO_FATAL_FAILURE(PutFour());
  ASSERT_NO_FATAL_FAILURE(Put("e", Vec({"1", "0", "0"})));  // no HASH value: not indexed there
  auto filtered =
      Search("byTenant", 10, "tenant = :t AND kind = :k", {{":t", S("t1")}, {":k", S("x")}});
  ASSERT_TRUE(filtered.ok()) << filtered.error().message();
  EXPECT_EQ(Keys(*filtered), (std::vector<std::string>{"a", "c"}));
  auto other = Search("byTenant", 10, "tenant = :t", {{":t", S("t2")}});
  ASSERT_TRUE(other.ok()) << other.error().message();
  EXPECT_EQ(Keys(*other), (std::vector<std::string>{"d"}));
  auto whole = Search("byCosine", 10);
  ASSERT_TRUE(whole.ok());
  EXPECT_EQ(whole->search_results.size(), 5u);
  DDB_EXPECT_API_ERROR(
      Search("byTenant", 1), ErrorCode::kValidation,
      "SearchConditionExpression must be provided when SearchSchema has a HASH key");
  DDB_EXPECT_API_ERROR(
      Search("byTenant", 1, "kind = :k", {{":k", S("x")}}), ErrorCode::kValidation,
      "SearchConditionExpression must be provided when SearchSchema has a HASH key");
  DDB_EXPECT_API_ERROR(
      Search("byTenant", 1, "tenant = :t AND kind < :k", {{":t", S("t1")}, {":k", S("x")}}),
      ErrorCode::kValidation,
      "Invalid SearchConditionExpression: Invalid comparator used in SearchConditionExpression");
  DDB_EXPECT_API_ERROR(
      Search("byTenant", 1, "tenant = :t OR kind = :k", {{":t", S("t1")}, {":k", S("x")}}),
      ErrorCode::kValidation,
      "Invalid SearchConditionExpression: Invalid operator used in SearchConditionExpression");
  DDB_EXPECT_API_ERROR(
      Search("byTenant", 1, "tenant = :t AND p = :p", {{":t", S("t1")}, {":p", S("a")}}),
      ErrorCode::kValidation,
      "SearchConditionExpression must not contain any attributes that is not in SearchSchema. "
      "Invalid attribute: p");
  DDB_EXPECT_API_ERROR(
      Search("byTenant", 1, "tenant = :t", {{":t", S("t1")}, {":unused", S("a")}}),
      ErrorCode::kValidation,
      "Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}");
}

TEST_P(VectorSearch, WritesRefuseVectorsTheIndexCannotHold) {
  ASSERT_NO_FATAL_FAILURE(CreateDocs());
  const auto put = [&](AttributeValue v) {
    return client_->PutItem({.table_name = "docs", .item = {{"p", S("z")}, {"v", std::move(v)}}});
  };
  DDB_EXPECT_API_ERROR(put(Vec({"1", "0"})), ErrorCode::kValidation,
                       "One or more parameter values were invalid. Invalid size for parameter v, "
                       "Expected: 3, Actual: 2. IndexName: byCosine");
  DDB_EXPECT_API_ERROR(put(S("not a list")), ErrorCode::kValidation,
                       "One or more parameter values were invalid. Invalid type for parameter v, "
                       "Expected: 32-bit floating point number list IndexName: byCosine");
  DDB_EXPECT_API_ERROR(put(AttributeValue::L({N("1"), S("x"), N("0")})), ErrorCode::kValidation,
                       "One or more parameter values were invalid. Invalid type for parameter "
                       "v[1], Expected: 32-bit floating point number, Actual: S. IndexName: "
                       "byCosine");
  DDB_EXPECT_API_ERROR(put(Vec({"1", "1E+100", "0"})), ErrorCode::kValidation,
                       "One or more parameter values were invalid. Invalid type for parameter "
                       "v[1], Expected: 32-bit floating point number, Actual: N. IndexName: "
                       "byCosine");
  auto refused = client_->GetItem({.table_name = "docs", .key = {{"p", S("z")}}});
  ASSERT_TRUE(refused.ok());
  EXPECT_FALSE(refused->item.has_value());
  // Without the vector attribute an item is written and not indexed.
  auto plain = client_->PutItem({.table_name = "docs", .item = {{"p", S("y")}}});
  ASSERT_TRUE(plain.ok()) << plain.error().message();
  auto search = Search("byCosine", 10);
  ASSERT_TRUE(search.ok());
  EXPECT_TRUE(search->search_results.empty());
}

TEST_P(VectorSearch, UpdateTableAddsAVectorIndexWithItsBackfillAndDeletesIt) {
  auto created = client_->CreateTable({.table_name = "docs",
                                       .attribute_definitions = {{"p", ScalarAttributeType::kS}},
                                       .key_schema = {{"p", KeyType::kHash}},
                                       .billing_mode = BillingMode::kPayPerRequest});
  ASSERT_TRUE(created.ok());
  AdvanceSeconds(1);
  ASSERT_NO_FATAL_FAILURE(Put("a", Vec({"0", "1", "0"})));
  ASSERT_NO_FATAL_FAILURE(Put("b", Vec({"1", "0", "0"})));
  ASSERT_NO_FATAL_FAILURE(Put("bad", Vec({"1", "0"})));  // no index yet: any list goes
  auto updated =
      client_->UpdateTable({.table_name = "docs",
                            .vector_index_updates = {CreateVectorIndexAction{
                                .index_name = "later",
                                .vector_attribute = "v",
                                .projection = {ProjectionType::kKeysOnly},
                                .dimensions = 3,
                                .distance_function = VectorDistanceFunction::kEuclidean}}});
  ASSERT_TRUE(updated.ok()) << updated.error().message();
  EXPECT_EQ(updated->table_description.table_status, TableStatus::kUpdating);
  ASSERT_EQ(updated->table_description.vector_indexes.size(), 1u);
  EXPECT_EQ(updated->table_description.vector_indexes[0].index_status, IndexStatus::kCreating);
  EXPECT_EQ(updated->table_description.vector_indexes[0].backfilling, false);
  AdvanceSeconds(1);
  auto search = Search("later", 5);
  ASSERT_TRUE(search.ok()) << search.error().message();
  EXPECT_EQ(Keys(*search), (std::vector<std::string>{"b", "a"}));  // "bad" left out
  auto deleted = client_->UpdateTable(
      {.table_name = "docs", .vector_index_updates = {DeleteVectorIndexAction{"later"}}});
  ASSERT_TRUE(deleted.ok()) << deleted.error().message();
  EXPECT_EQ(deleted->table_description.vector_indexes.at(0).index_status, IndexStatus::kDeleting);
  AdvanceSeconds(1);
  DDB_EXPECT_API_ERROR(Search("later", 1), ErrorCode::kValidation,
                       "The table does not have the specified index: later");
  DDB_EXPECT_API_ERROR(
      client_->UpdateTable(
          {.table_name = "docs", .vector_index_updates = {DeleteVectorIndexAction{"later"}}}),
      ErrorCode::kResourceNotFound, "Requested resource not found: Index later for table docs");
}

TEST_P(VectorSearch, ProvisionedTablesAndBadSearchesAreRefused) {
  auto provisioned =
      client_->CreateTable({.table_name = "prov",
                            .attribute_definitions = {{"p", ScalarAttributeType::kS}},
                            .key_schema = {{"p", KeyType::kHash}},
                            .provisioned_throughput = ProvisionedThroughput{1, 1},
                            .vector_indexes = {{.index_name = "vec",
                                                .vector_attribute = "v",
                                                .projection = {ProjectionType::kKeysOnly},
                                                .dimensions = 3}}});
  DDB_EXPECT_API_ERROR(provisioned, ErrorCode::kValidation,
                       "One or more parameter values were invalid: Vector indexes are supported "
                       "only on tables with BillingMode PAY_PER_REQUEST");
  ASSERT_NO_FATAL_FAILURE(CreateDocs());
  DDB_EXPECT_API_ERROR(Search("byCosine", 101), ErrorCode::kValidation,
                       "Provided TopK value '101' is out of valid range. The value must be "
                       "between 1 and 100 inclusive");
  DDB_EXPECT_API_ERROR(Search("nope", 1), ErrorCode::kValidation,
                       "The table does not have the specified index: nope");
  // Vector indexes are read by SearchVectors only.
  DDB_EXPECT_API_ERROR(client_->Scan({.table_name = "docs", .index_name = "byCosine"}),
                       ErrorCode::kValidation, "Scan operation not supported on this index type");
  DDB_EXPECT_API_ERROR(client_->Query({.table_name = "docs",
                                       .index_name = "byCosine",
                                       .key_condition_expression = "p = :p",
                                       .expression_attribute_values = {{":p", S("a")}}}),
                       ErrorCode::kValidation, "Query operation not supported on this index type");
  DDB_EXPECT_API_ERROR(client_->SearchVectors({.table_name = "docs",
                                               .index_name = "byCosine",
                                               .search_vector = Query({"1", "0"}),
                                               .top_k = 1}),
                       ErrorCode::kValidation,
                       "Input search vector dimension 2 does not match vector index dimension 3");
  DDB_EXPECT_API_ERROR(client_->SearchVectors({.table_name = "docs",
                                               .index_name = "byCosine",
                                               .search_vector = {N("1"), S("0"), N("0")},
                                               .top_k = 1}),
                       ErrorCode::kValidation,
                       "Search vector contains invalid values. All values in the search vector "
                       "must be a 32-bit floating-point number attribute");
  auto metered =
      client_->SearchVectors({.table_name = "docs",
                              .index_name = "byCosine",
                              .search_vector = Query({"1", "0", "0"}),
                              .top_k = 1,
                              .return_consumed_capacity = ReturnConsumedCapacity::kTotal});
  ASSERT_TRUE(metered.ok()) << metered.error().message();
  ASSERT_TRUE(metered->consumed_capacity.has_value());
  EXPECT_EQ(metered->consumed_capacity->vector_search_request_bytes, 1024.0);  // the minimum
}

TEST_P(VectorSearch, WritesReportVectorWriteRequestBytesWithIndexes) {
  ASSERT_NO_FATAL_FAILURE(CreateDocs());
  const Item item{{"p", S("a")}, {"v", Vec({"1", "0", "0"})}, {"tenant", S("t1")}};
  auto total = client_->PutItem({.table_name = "docs",
                                 .item = item,
                                 .return_consumed_capacity = ReturnConsumedCapacity::kTotal});
  ASSERT_TRUE(total.ok()) << total.error().message();
  ASSERT_TRUE(total->consumed_capacity.has_value());
  EXPECT_TRUE(total->consumed_capacity->vector_indexes.empty());  // INDEXES only
  Item moved = item;
  moved["v"] = Vec({"0", "1", "0"});
  auto indexes = client_->PutItem({.table_name = "docs",
                                   .item = moved,
                                   .return_consumed_capacity = ReturnConsumedCapacity::kIndexes});
  ASSERT_TRUE(indexes.ok()) << indexes.error().message();
  ASSERT_TRUE(indexes->consumed_capacity.has_value());
  // Every vector index's entry changed; a small vector still meters 1 KB.
  const VectorCapacity kilobyte{std::nullopt, 1024.0};
  EXPECT_EQ(indexes->consumed_capacity->vector_indexes,
            (std::map<std::string, VectorCapacity>{
                {"byCosine", kilobyte}, {"byEuclid", kilobyte}, {"byTenant", kilobyte}}));
  // A write that leaves the vector entries as they were reports none.
  auto same = client_->PutItem({.table_name = "docs",
                                .item = moved,
                                .return_consumed_capacity = ReturnConsumedCapacity::kIndexes});
  ASSERT_TRUE(same.ok());
  EXPECT_TRUE(same->consumed_capacity->vector_indexes.empty());
}

// BatchWriteItem and TransactWriteItems: each item pays its own VectorWriteRequestBytes (1 KB at
// least), summed by index in the table's ConsumedCapacity entry; a ConditionCheck pays none.
TEST_P(VectorSearch, BatchesAndTransactionsReportVectorWriteRequestBytes) {
  ASSERT_NO_FATAL_FAILURE(CreateDocs());
  const Item a{{"p", S("a")}, {"v", Vec({"1", "0", "0"})}, {"tenant", S("t1")}};
  const Item b{{"p", S("b")}, {"v", Vec({"0", "1", "0"})}};  // no tenant: not in byTenant
  auto batch =
      client_->BatchWriteItem({.request_items = {{"docs", {PutRequest{a}, PutRequest{b}}}},
                               .return_consumed_capacity = ReturnConsumedCapacity::kIndexes});
  ASSERT_TRUE(batch.ok()) << batch.error().message();
  ASSERT_EQ(batch->consumed_capacity.size(), 1u);
  const VectorCapacity one{std::nullopt, 1024.0}, two{std::nullopt, 2048.0};
  EXPECT_EQ(batch->consumed_capacity[0].vector_indexes,
            (std::map<std::string, VectorCapacity>{
                {"byCosine", two}, {"byEuclid", two}, {"byTenant", one}}));
  auto total =
      client_->BatchWriteItem({.request_items = {{"docs", {DeleteRequest{{{"p", S("b")}}}}}},
                               .return_consumed_capacity = ReturnConsumedCapacity::kTotal});
  ASSERT_TRUE(total.ok()) << total.error().message();
  ASSERT_EQ(total->consumed_capacity.size(), 1u);
  EXPECT_TRUE(total->consumed_capacity[0].vector_indexes.empty());  // INDEXES only

  const Item c{{"p", S("c")}, {"v", Vec({"0", "0", "1"})}, {"tenant", S("t2")}};
  auto transact = client_->TransactWriteItems(
      {.transact_items = {ddbemu::Put{.table_name = "docs", .item = c},
                          Delete{.table_name = "docs", .key = {{"p", S("a")}}},
                          ConditionCheck{.table_name = "docs",
                                         .key = {{"p", S("z")}},
                                         .condition_expression = "attribute_not_exists(p)"}},
       .return_consumed_capacity = ReturnConsumedCapacity::kIndexes});
  ASSERT_TRUE(transact.ok()) << transact.error().message();
  ASSERT_EQ(transact->consumed_capacity.size(), 1u);
  // c's entries added and a's removed, in each of the three indexes.
  EXPECT_EQ(transact->consumed_capacity[0].vector_indexes,
            (std::map<std::string, VectorCapacity>{
                {"byCosine", two}, {"byEuclid", two}, {"byTenant", two}}));
}

// SearchVectors answers at most 16 MB and has no pagination: past the limit the farther results
// are left out. 45 items of about 380 KB, all projected by byEuclid: 43 fit (43 * 381 KB < 16 MB
// < 44 * 380 KB); byCosine projects keys only, so all 45 fit.
TEST_P(VectorSearch, ResultsStopAtTheSixteenMegabyteResponseLimit) {
  ASSERT_NO_FATAL_FAILURE(CreateDocs());
  const std::string title(std::size_t{380} * 1024, 'x');
  for (int i = 0; i < 45; ++i) {
    const std::string p = (i < 10 ? "k0" : "k") + std::to_string(i);
    auto put = client_->PutItem(
        {.table_name = "docs",
         .item = {{"p", S(p)}, {"v", Vec({"1", std::to_string(i), "0"})}, {"title", S(title)}}});
    ASSERT_TRUE(put.ok()) << put.error().message();
    AdvanceSeconds(1);  // 380 WCU a write: within a partition's 1000 WCU a second
  }
  auto all = Search("byEuclid", 45);
  ASSERT_TRUE(all.ok()) << all.error().message();
  ASSERT_EQ(all->search_results.size(), 43u);
  for (std::size_t i = 0; i < all->search_results.size(); ++i) {  // the nearest, nearest first
    EXPECT_EQ(all->search_results[i].score, static_cast<double>(i));
  }
  EXPECT_EQ(Keys(*all).back(), "k42");
  auto keys = Search("byCosine", 45);
  ASSERT_TRUE(keys.ok()) << keys.error().message();
  EXPECT_EQ(keys->search_results.size(), 45u);
}

// A backup's description lists the table's vector indexes (SourceTableFeatureDetails'
// VectorIndexInfo, their definitions as CreateTable took them); a restore recreates and fills them.
TEST_P(VectorSearch, BackupsDescribeAndRestoreTheVectorIndexes) {
  ASSERT_NO_FATAL_FAILURE(CreateDocs());
  ASSERT_NO_FATAL_FAILURE(PutFour());
  auto made = client_->CreateBackup({.table_name = "docs", .backup_name = "nightly"});
  ASSERT_TRUE(made.ok()) << made.error().message();
  const std::string arn = made->backup_details.backup_arn;
  auto described = client_->DescribeBackup({.backup_arn = arn});
  ASSERT_TRUE(described.ok()) << described.error().message();
  const auto& features = described->backup_description.source_table_feature_details;
  ASSERT_TRUE(features.has_value());
  ASSERT_EQ(features->vector_indexes.size(), 3u);
  EXPECT_EQ(features->vector_indexes[0],
            (VectorIndexInfo{.index_name = "byCosine",
                             .vector_attribute = "v",
                             .projection = {ProjectionType::kKeysOnly},
                             .dimensions = 3,
                             .distance_function = VectorDistanceFunction::kCosine}));
  EXPECT_EQ(features->vector_indexes[2],
            (VectorIndexInfo{.index_name = "byTenant",
                             .vector_attribute = "v",
                             .search_schema = {{"tenant", SearchSchemaElementType::kHash},
                                               {"kind", SearchSchemaElementType::kInlineFilter}},
                             .projection = {ProjectionType::kInclude, {"title"}},
                             .dimensions = 3,
                             .distance_function = VectorDistanceFunction::kDotProduct}));

  auto restored =
      client_->RestoreTableFromBackup({.target_table_name = "docs2", .backup_arn = arn});
  ASSERT_TRUE(restored.ok()) << restored.error().message();
  AdvanceSeconds(1);
  auto found = client_->SearchVectors({.table_name = "docs2",
                                       .index_name = "byCosine",
                                       .search_vector = Query({"1", "0", "0"}),
                                       .top_k = 2});
  ASSERT_TRUE(found.ok()) << found.error().message();
  EXPECT_EQ(Keys(*found), (std::vector<std::string>{"a", "b"}));
}

// VectorIndexOverride (RestoreOverrides, in process and over HTTP): the restored table keeps the
// listed indexes, each the source's of the same definition, under the name the list gives.
TEST_P(VectorSearch, RestoreKeepsTheVectorIndexesTheOverrideLists) {
  ASSERT_NO_FATAL_FAILURE(CreateDocs());
  ASSERT_NO_FATAL_FAILURE(PutFour());
  auto made = client_->CreateBackup({.table_name = "docs", .backup_name = "nightly"});
  ASSERT_TRUE(made.ok()) << made.error().message();
  RestoreOverrides overrides;
  overrides.vector_indexes = std::vector<VectorIndex>{{.index_name = "cosine2",
                                                       .vector_attribute = "v",
                                                       .projection = {ProjectionType::kKeysOnly},
                                                       .dimensions = 3}};
  auto restored = client_->RestoreTableFromBackup({.target_table_name = "docs3",
                                                   .backup_arn = made->backup_details.backup_arn,
                                                   .overrides = overrides});
  ASSERT_TRUE(restored.ok()) << restored.error().message();
  AdvanceSeconds(1);
  auto described = client_->DescribeTable({.table_name = "docs3"});
  ASSERT_TRUE(described.ok()) << described.error().message();
  ASSERT_EQ(described->table.vector_indexes.size(), 1u);
  EXPECT_EQ(described->table.vector_indexes[0].index_name, "cosine2");
  auto found = client_->SearchVectors({.table_name = "docs3",
                                       .index_name = "cosine2",
                                       .search_vector = Query({"1", "0", "0"}),
                                       .top_k = 2});
  ASSERT_TRUE(found.ok()) << found.error().message();
  EXPECT_EQ(Keys(*found), (std::vector<std::string>{"a", "b"}));

  // A definition the source lacks (another dimension count) is refused, as the service refuses
  // an index a restore would have to create.
  overrides.vector_indexes->front().dimensions = 4;
  auto refused = client_->RestoreTableFromBackup({.target_table_name = "docs4",
                                                  .backup_arn = made->backup_details.backup_arn,
                                                  .overrides = overrides});
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().code(), ErrorCode::kValidation);
}

DDB_INSTANTIATE_CLIENT_SUITE(VectorSearch);

}  // namespace client_vector_search_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
