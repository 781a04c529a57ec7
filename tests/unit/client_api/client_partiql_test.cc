// PartiQL through every client: ExecuteStatement with parameters and paging, BatchExecuteStatement
// with per-statement errors, ExecuteTransaction reads and an all-or-nothing write, and the
// service's errors — the same on the embedded, JSON and HTTP paths.
#include <gtest/gtest.h>

#include "client_fixture.h"
#include "ddbemu/testing/matchers.h"

using ::ddbemu::testing::Attr;

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace client_partiql_test {

using client_test::N;
using client_test::S;

class PartiqlConformance : public client_test::ClientTest {
 protected:
  void SetUp() override {
    ClientTest::SetUp();
    auto created = client_->CreateTable(
        {.table_name = "Music",
         .attribute_definitions = {{"Artist", ScalarAttributeType::kS},
                                   {"SongTitle", ScalarAttributeType::kS}},
         .key_schema = {{"Artist", KeyType::kHash}, {"SongTitle", KeyType::kRange}},
         .billing_mode = BillingMode::kPayPerRequest});
    ASSERT_TRUE(created.ok()) << created.error().message();
  }
  static Item Song(const std::string& artist, const std::string& title) {
    return {{"Artist", S(artist)}, {"SongTitle", S(title)}};
  }
};

TEST_P(PartiqlConformance, InsertSelectWithParametersAndPages) {
  for (const char* title : {"a", "b", "c"}) {
    auto inserted = client_->ExecuteStatement(
        {.statement = R"(INSERT INTO "Music" VALUE {'Artist': ?, 'SongTitle': ?, 'Year': ?})",
         .parameters = {S("Acme"), S(title), N("2020")}});
    ASSERT_TRUE(inserted.ok()) << inserted.error().message();
    EXPECT_TRUE(inserted->items.empty());
  }
  auto one = client_->ExecuteStatement(
      {.statement = R"(SELECT "Year" FROM "Music" WHERE Artist = ? AND SongTitle = ?)",
       .parameters = {S("Acme"), S("b")},
       .consistent_read = true,
       .return_consumed_capacity = ReturnConsumedCapacity::kTotal});
  ASSERT_TRUE(one.ok()) << one.error().message();
  EXPECT_EQ(one->items, (std::vector<Item>{{{"Year", N("2020")}}}));
  ASSERT_TRUE(one->consumed_capacity.has_value());
  EXPECT_EQ(one->consumed_capacity->table_name, "Music");
  EXPECT_EQ(one->consumed_capacity->capacity_units, 1.0);

  // A Query by partition key, two items a page.
  std::vector<Item> all;
  ExecuteStatementRequest page{.statement = R"(SELECT * FROM "Music" WHERE Artist = 'Acme')",
                               .limit = 2};
  for (int i = 0; i < 4; ++i) {
    auto got = client_->ExecuteStatement(page);
    ASSERT_TRUE(got.ok()) << got.error().message();
    all.insert(all.end(), got->items.begin(), got->items.end());
    if (!got->next_token) break;
    page.next_token = got->next_token;
  }
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(Attr(all[2], "SongTitle"), S("c"));
}

TEST_P(PartiqlConformance, StatementErrors) {
  ASSERT_TRUE(client_->PutItem({.table_name = "Music", .item = Song("Acme", "a")}).ok());
  auto duplicate = client_->ExecuteStatement(
      {.statement = R"(INSERT INTO "Music" VALUE {'Artist': 'Acme', 'SongTitle': 'a'})"});
  DDB_EXPECT_API_ERROR(duplicate, ErrorCode::kDuplicateItem,
                       "Duplicate primary key exists in table");
  auto no_key =
      client_->ExecuteStatement({.statement = R"(INSERT INTO "Music" VALUE {'Artist': 'x'})"});
  DDB_EXPECT_API_ERROR(no_key, ErrorCode::kValidation,
                       "Key attribute should be present in the item: Key SongTitle");
  auto empty = client_->ExecuteStatement({.statement = ""});
  DDB_EXPECT_API_ERROR(empty, ErrorCode::kValidation,
                       "1 validation error detected: Value '' at 'statement' failed to satisfy "
                       "constraint: Member must have length greater than or equal to 1");
  auto failed = client_->ExecuteStatement(
      {.statement = R"(UPDATE "Music" SET v = 1 WHERE Artist = 'Acme' AND SongTitle = 'zz')"});
  ASSERT_FALSE(failed.ok());
  EXPECT_EQ(failed.error().code(), ErrorCode::kConditionalCheckFailed);
}

TEST_P(PartiqlConformance, BatchReportsEachStatementsOwnError) {
  ASSERT_TRUE(client_->PutItem({.table_name = "Music", .item = Song("Acme", "a")}).ok());
  auto batch = client_->BatchExecuteStatement(
      {.statements = {{.statement =
                           R"(INSERT INTO "Music" VALUE {'Artist': 'Acme', 'SongTitle': 'b'})"},
                      {.statement = R"(INSERT INTO "Music" VALUE {'Artist': ?, 'SongTitle': ?})",
                       .parameters = {S("Acme"), S("a")}}},
       .return_consumed_capacity = ReturnConsumedCapacity::kTotal});
  ASSERT_TRUE(batch.ok()) << batch.error().message();
  ASSERT_EQ(batch->responses.size(), 2u);
  EXPECT_FALSE(batch->responses[0].error.has_value());
  EXPECT_EQ(batch->responses[0].table_name, "Music");
  ASSERT_TRUE(batch->responses[1].error.has_value());
  EXPECT_EQ(batch->responses[1].error->code, BatchStatementErrorCode::kDuplicateItem);
  EXPECT_EQ(batch->responses[1].error->message, "Duplicate primary key exists in table");
  ASSERT_EQ(batch->consumed_capacity.size(), 1u);
  EXPECT_EQ(batch->consumed_capacity[0].capacity_units, 1.0);

  auto reads = client_->BatchExecuteStatement(
      {.statements = {
           {.statement = R"(SELECT * FROM "Music" WHERE Artist = 'Acme' AND SongTitle = 'b')"},
           {.statement = R"(SELECT * FROM "Music" WHERE Artist = 'Acme' AND SongTitle = 'zz')"}}});
  ASSERT_TRUE(reads.ok()) << reads.error().message();
  ASSERT_EQ(reads->responses.size(), 2u);
  EXPECT_EQ(reads->responses[0].item, Song("Acme", "b"));
  EXPECT_FALSE(reads->responses[1].item.has_value());
}

TEST_P(PartiqlConformance, TransactionsAreAllOrNothing) {
  ASSERT_TRUE(client_->PutItem({.table_name = "Music", .item = Song("Acme", "a")}).ok());
  auto cancelled = client_->ExecuteTransaction(
      {.transact_statements = {
           {.statement = R"(INSERT INTO "Music" VALUE {'Artist': 'Acme', 'SongTitle': 'new'})"},
           {.statement = R"(INSERT INTO "Music" VALUE {'Artist': 'Acme', 'SongTitle': 'a'})"}}});
  ASSERT_FALSE(cancelled.ok());
  EXPECT_EQ(cancelled.error().code(), ErrorCode::kTransactionCanceled);
  ASSERT_EQ(cancelled.error().cancellation_reasons.size(), 2u);
  auto absent = client_->GetItem({.table_name = "Music", .key = Song("Acme", "new")});
  ASSERT_TRUE(absent.ok());
  EXPECT_FALSE(absent->item.has_value()) << "the first insert must not have happened";

  auto reads = client_->ExecuteTransaction(
      {.transact_statements = {
           {.statement = R"(SELECT * FROM "Music" WHERE Artist = 'Acme' AND SongTitle = 'a')"},
           {.statement = R"(SELECT * FROM "Music" WHERE Artist = ? AND SongTitle = ?)",
            .parameters = {S("Acme"), S("zz")}}}});
  ASSERT_TRUE(reads.ok()) << reads.error().message();
  EXPECT_EQ(reads->responses, (std::vector<std::optional<Item>>{Song("Acme", "a"), std::nullopt}));
}

DDB_INSTANTIATE_CLIENT_SUITE(PartiqlConformance);

}  // namespace client_partiql_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
