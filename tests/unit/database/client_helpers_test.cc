// The helpers over Client (ddbemu/paginate.h, retrying_client.h, batch_all.h) on the embedded
// client with throttling on: ranges that follow LastEvaluatedKey, retries whose waits move the
// virtual clock (so a throttled key refills exactly as much as the wait allows), and batches
// that send their unprocessed items again.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "ddbemu/batch_all.h"
#include "ddbemu/embedded_client.h"
#include "ddbemu/paginate.h"
#include "ddbemu/retrying_client.h"
#include "ddbemu/testing/gtest.h"
#include "ddbemu/testing/matchers.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace client_helpers_test {

using std::chrono::microseconds;
using std::chrono::milliseconds;

CreateTableRequest Table(std::string name) {
  CreateTableRequest table;
  table.table_name = std::move(name);
  table.billing_mode = BillingMode::kPayPerRequest;
  table.attribute_definitions = {{"pk", ScalarAttributeType::kS}, {"sk", ScalarAttributeType::kN}};
  table.key_schema = {{"pk", KeyType::kHash}, {"sk", KeyType::kRange}};
  return table;
}

// About one WCU: "pk" "sk" "pad" and their values stay under 1 KB.
Item Row(int sk) {
  return {{"pk", AttributeValue::S("hot")},
          {"sk", AttributeValue::N(sk)},
          {"pad", AttributeValue::S(std::string(990, 'x'))}};
}

// Counts the calls that reach the database, and can fail chosen ones.
class CountingClient final : public ForwardingClient {
 public:
  using ForwardingClient::ForwardingClient;
  Result<QueryResponse> Query(const QueryRequest& r) override {
    if (++queries == fail_query) return ApiError::InternalServerError("injected");
    return ForwardingClient::Query(r);
  }
  Result<PutItemResponse> PutItem(const PutItemRequest& r) override {
    ++puts;
    return ForwardingClient::PutItem(r);
  }
  Result<BatchWriteItemResponse> BatchWriteItem(const BatchWriteItemRequest& r) override {
    ++batch_writes;
    return ForwardingClient::BatchWriteItem(r);
  }
  Result<TransactWriteItemsResponse> TransactWriteItems(
      const TransactWriteItemsRequest& r) override {
    tokens.push_back(r.client_request_token.value_or(""));
    return ApiError(ErrorCode::kTransactionConflict, "conflict");
  }
  int queries = 0, puts = 0, batch_writes = 0;
  int fail_query = -1;
  std::vector<std::string> tokens;
};

class ClientHelpersTest : public DatabaseTest {
 protected:
  // A policy whose waits move the database's virtual clock (and are recorded), with the
  // jitter draw fixed at one half.
  RetryPolicy VirtualTimePolicy() {
    RetryPolicy policy;
    policy.clock = test_database().shared_clock();
    policy.random = [] { return 0.5; };
    policy.sleep = [this](microseconds wait) {
      waits.push_back(wait);
      AdvanceClock(wait);
    };
    return policy;
  }
  void FillOneKeysSecond() {
    ASSERT_OK(client_without_retries().CreateTable(Table("tbl")));
    for (int i = 0; i < 1000; ++i)
      ASSERT_OK(client_without_retries().PutItem({.table_name = "tbl", .item = Row(i)}));
    ASSERT_THAT(client_without_retries().PutItem({.table_name = "tbl", .item = Row(1000)}),
                IsApiError(ErrorCode::kProvisionedThroughputExceeded));
  }
  std::vector<microseconds> waits;
};

TEST_F(ClientHelpersTest, QueryPagesFollowLastEvaluatedKey) {
  ASSERT_OK(client_without_retries().CreateTable(Table("tbl")));
  for (int i = 0; i < 25; ++i)
    ASSERT_OK(client_without_retries().PutItem({.table_name = "tbl", .item = Row(i)}));
  QueryRequest query{.table_name = "tbl",
                     .key_condition_expression = "pk = :p",
                     .expression_attribute_values = {{":p", AttributeValue::S("hot")}},
                     .limit = 4};
  int pages = 0;
  std::size_t items_seen = 0;
  auto range = QueryPages(client_without_retries(), query);
  for (const QueryResponse& page : range) {
    ++pages;
    items_seen += page.items.size();
  }
  EXPECT_OK(range.status());
  EXPECT_EQ(pages, 7);  // 6 pages of 4 and one of 1 (no LastEvaluatedKey after a short page)
  EXPECT_EQ(items_seen, 25u);

  std::vector<std::int64_t> order;
  for (const Item& item : QueryItems(client_without_retries(), query))
    order.push_back(*item.get("sk")->as_int64());
  ASSERT_EQ(order.size(), 25u);
  for (int i = 0; i < 25; ++i) EXPECT_EQ(order[i], i);  // sort-key order across pages

  ASSERT_OK_AND_ASSIGN(const std::vector<Item> scanned,
                       ScanAll(client_without_retries(), {.table_name = "tbl", .limit = 3}));
  EXPECT_EQ(scanned.size(), 25u);
}

TEST_F(ClientHelpersTest, EmptyPagesArePassedOverAndTableNamesPage) {
  for (const char* name : {"aaa", "bbb", "ccc"})
    ASSERT_OK(client_without_retries().CreateTable(Table(name)));
  std::vector<std::string> names;
  auto range = ListTableNames(client_without_retries(), {.limit = 1});
  for (const std::string& name : range) names.push_back(name);
  EXPECT_OK(range.status());
  EXPECT_EQ(names, (std::vector<std::string>{"aaa", "bbb", "ccc"}));

  // A filter that matches only the last item leaves every page before it empty.
  for (int i = 0; i < 10; ++i) {
    Item row = Row(i);
    if (i == 9) row["tag"] = AttributeValue::S("last");
    ASSERT_OK(client_without_retries().PutItem({.table_name = "aaa", .item = row}));
  }
  ASSERT_OK_AND_ASSIGN(const std::vector<Item> last,
                       QueryAll(client_without_retries(),
                                {.table_name = "aaa",
                                 .key_condition_expression = "pk = :p",
                                 .filter_expression = "attribute_exists(tag)",
                                 .expression_attribute_values = {{":p", AttributeValue::S("hot")}},
                                 .limit = 2}));
  ASSERT_EQ(last.size(), 1u);
  EXPECT_THAT(last[0], HasAttribute("sk", AttributeValue::N(9)));
}

TEST_F(ClientHelpersTest, StreamsPage) {
  for (const char* name : {"st1", "st2"}) {
    CreateTableRequest t = Table(name);
    t.stream_specification = StreamSpecification{true, StreamViewType::kNewImage};
    ASSERT_OK(client_without_retries().CreateTable(t));
  }
  auto streams = MakeEmbeddedStreamsClient(db());
  int count = 0;
  auto range = ListStreamSummaries(*streams, {.limit = 1});
  for (const StreamSummary& s : range) {
    EXPECT_FALSE(s.stream_arn.empty());
    ++count;
  }
  EXPECT_OK(range.status());
  EXPECT_EQ(count, 2);
}

TEST_F(ClientHelpersTest, AFailedPageEndsTheRangeWithItsError) {
  ASSERT_OK(client_without_retries().CreateTable(Table("tbl")));
  for (int i = 0; i < 6; ++i)
    ASSERT_OK(client_without_retries().PutItem({.table_name = "tbl", .item = Row(i)}));
  CountingClient failing(client_without_retries());
  failing.fail_query = 2;
  int items = 0;
  auto range =
      QueryItems(failing, {.table_name = "tbl",
                           .key_condition_expression = "pk = :p",
                           .expression_attribute_values = {{":p", AttributeValue::S("hot")}},
                           .limit = 2});
  for (const Item& item : range) {
    EXPECT_TRUE(item.contains("sk"));
    ++items;
  }
  EXPECT_EQ(items, 2);  // the first page, then the injected failure
  EXPECT_THAT(range.status(), IsApiError(ErrorCode::kInternalServerError, "injected"));
  EXPECT_THAT(QueryAll(client_without_retries(),
                       {.table_name = "missing",
                        .key_condition_expression = "pk = :p",
                        .expression_attribute_values = {{":p", AttributeValue::S("x")}}}),
              IsApiError(ErrorCode::kResourceNotFound));
}

// The retry's wait refills the key's bucket by exactly the time waited: 25 ms is 25 WCU.
TEST_F(ClientHelpersTest, AThrottledWriteSucceedsOnceTheWaitRefillsTheKey) {
  ASSERT_NO_FATAL_FAILURE(FillOneKeysSecond());
  CountingClient counting(client_without_retries());
  RetryingClient retrying(counting, VirtualTimePolicy());
  EXPECT_OK(retrying.PutItem({.table_name = "tbl", .item = Row(1000)}));
  EXPECT_EQ(counting.puts, 2);
  EXPECT_EQ(waits, (std::vector<microseconds>{milliseconds(25)}));  // 0.5 * 50 ms
}

TEST_F(ClientHelpersTest, RetriesStopAtMaxAttemptsAndAtTheCallTimeout) {
  ASSERT_NO_FATAL_FAILURE(FillOneKeysSecond());
  CountingClient counting(client_without_retries());
  RetryPolicy policy = VirtualTimePolicy();
  policy.sleep = [this](microseconds wait) { waits.push_back(wait); };  // time stands still
  policy.max_attempts = 4;
  RetryingClient retrying(counting, policy);
  EXPECT_THAT(retrying.PutItem({.table_name = "tbl", .item = Row(1000)}),
              IsApiError(ErrorCode::kProvisionedThroughputExceeded));
  EXPECT_EQ(counting.puts, 4);
  EXPECT_EQ(waits,
            (std::vector<microseconds>{milliseconds(25), milliseconds(50), milliseconds(100)}));

  // With a 60 ms budget on a clock the waits move, the 50 ms wait would end past it.
  waits.clear();
  counting.puts = 0;
  policy = VirtualTimePolicy();
  auto budget_clock = std::make_shared<VirtualClock>();
  policy.clock = budget_clock;
  policy.sleep = [&](microseconds wait) {
    waits.push_back(wait);
    budget_clock->AdvanceMicros(wait.count());
  };
  policy.call_timeout = milliseconds(60);
  RetryingClient bounded(counting, policy);
  EXPECT_THAT(bounded.PutItem({.table_name = "tbl", .item = Row(1000)}),
              IsApiError(ErrorCode::kProvisionedThroughputExceeded));
  EXPECT_EQ(counting.puts, 2);
  EXPECT_EQ(waits, (std::vector<microseconds>{milliseconds(25)}));
}

TEST_F(ClientHelpersTest, OnlyRetryableErrorsAreRetriedAndTransactionsKeepOneToken) {
  ASSERT_OK(client_without_retries().CreateTable(Table("tbl")));
  CountingClient counting(client_without_retries());
  RetryPolicy policy = VirtualTimePolicy();
  policy.max_attempts = 3;
  RetryingClient retrying(counting, policy);
  // A validation error is the request's own fault: sent once.
  EXPECT_THAT(retrying.PutItem({.table_name = "tbl", .item = {{"pk", AttributeValue::S("x")}}}),
              IsApiError(ErrorCode::kValidation));
  EXPECT_EQ(counting.puts, 1);
  EXPECT_TRUE(waits.empty());

  // TransactionConflict is retried, with the token it was given before the first attempt.
  TransactWriteItemsRequest tx;
  tx.transact_items.push_back(Put{.table_name = "tbl", .item = Row(1)});
  EXPECT_THAT(retrying.TransactWriteItems(tx), IsApiError(ErrorCode::kTransactionConflict));
  ASSERT_EQ(counting.tokens.size(), 3u);
  EXPECT_EQ(counting.tokens[0].size(), 32u);
  EXPECT_EQ(counting.tokens[1], counting.tokens[0]);
  EXPECT_EQ(counting.tokens[2], counting.tokens[0]);
  tx.client_request_token = "mine";
  counting.tokens.clear();
  EXPECT_FALSE(retrying.TransactWriteItems(tx).ok());
  EXPECT_EQ(counting.tokens, (std::vector<std::string>{"mine", "mine", "mine"}));
}

TEST(RetryPolicy, DelaysDoubleFromFiftyMillisecondsUpToTheCap) {
  const RetryPolicy policy;
  EXPECT_EQ(policy.max_attempts, 11);
  EXPECT_EQ(RetryDelay(policy, 1, 1.0), milliseconds(50));
  EXPECT_EQ(RetryDelay(policy, 2, 1.0), milliseconds(100));
  EXPECT_EQ(RetryDelay(policy, 9, 1.0), milliseconds(12800));
  EXPECT_EQ(RetryDelay(policy, 10, 1.0), std::chrono::seconds(20));  // 25.6 s, over the cap
  EXPECT_EQ(RetryDelay(policy, 10, 0.5), milliseconds(10000));       // half of the 20 s cap
  EXPECT_EQ(RetryDelay(policy, 60, 1.0), std::chrono::seconds(20));
  EXPECT_EQ(RetryDelay(policy, 3, 0.0), microseconds(0));
}

TEST(IsRetryable, ThrottlingServerErrorsAndTransportOnly) {
  for (ErrorCode code :
       {ErrorCode::kProvisionedThroughputExceeded, ErrorCode::kThrottling,
        ErrorCode::kRequestLimitExceeded, ErrorCode::kInternalServerError,
        ErrorCode::kInternalFailure, ErrorCode::kTransport, ErrorCode::kTransactionConflict}) {
    EXPECT_TRUE(IsRetryable(ApiError(code, ""))) << ApiError(code, "").short_name();
  }
  for (ErrorCode code : {ErrorCode::kValidation, ErrorCode::kConditionalCheckFailed,
                         ErrorCode::kTransactionCanceled, ErrorCode::kResourceNotFound,
                         ErrorCode::kSerialization, ErrorCode::kIdempotentParameterMismatch}) {
    EXPECT_FALSE(IsRetryable(ApiError(code, ""))) << ApiError(code, "").short_name();
  }
}

// 1,100 one-WCU writes to one key: the first 1,000 fit its second; the rest come back
// unprocessed (or the whole call throttled) and go through as the waits refill the key.
TEST_F(ClientHelpersTest, BatchWriteAllSendsUnprocessedItemsAgain) {
  ASSERT_OK(client_without_retries().CreateTable(Table("tbl")));
  CountingClient counting(client_without_retries());
  RetryPolicy policy = VirtualTimePolicy();
  RetryingClient retrying(counting, policy);
  BatchWriteItemRequest writes;
  for (int i = 0; i < 1100; ++i) writes.request_items["tbl"].push_back(PutRequest{Row(i)});
  ASSERT_OK_AND_ASSIGN(const BatchWriteItemResponse written,
                       BatchWriteAll(retrying, std::move(writes), policy));
  EXPECT_TRUE(written.unprocessed_items.empty());
  EXPECT_GE(counting.batch_writes, 44);  // 1,100 / 25 calls at least
  EXPECT_FALSE(waits.empty());           // some were throttled and sent again
  std::int64_t stored = 0;               // 1,100 items of 1 KB take two pages of at most 1 MB
  auto pages = ScanPages(client_without_retries(), {.table_name = "tbl", .select = Select::kCount});
  for (const ScanResponse& page : pages) stored += page.count;
  EXPECT_OK(pages.status());
  EXPECT_EQ(stored, 1100);

  BatchGetItemRequest reads;
  for (int i = 0; i < 250; ++i) {
    reads.request_items["tbl"].keys.push_back(
        {{"pk", AttributeValue::S("hot")}, {"sk", AttributeValue::N(i)}});
  }
  reads.request_items["tbl"].projection_expression = "sk";
  ASSERT_OK_AND_ASSIGN(const BatchGetItemResponse got,
                       BatchGetAll(retrying, std::move(reads), policy));
  EXPECT_TRUE(got.unprocessed_keys.empty());
  ASSERT_EQ(got.responses.at("tbl").size(), 250u);
  EXPECT_FALSE(got.responses.at("tbl")[0].contains("pad"));  // the projection was kept
}

// OpenEmbeddedClient's handle: the client, its database and a Streams client over it.
TEST(EmbeddedHandle, GivesTheClientTheDatabaseAndStreams) {
  ASSERT_OK_AND_ASSIGN(EmbeddedHandle db, OpenEmbeddedClient({.in_memory = true}));
  CreateTableRequest t = Table("tbl");
  t.stream_specification = StreamSpecification{true, StreamViewType::kKeysOnly};
  ASSERT_OK(db->CreateTable(t));
  ASSERT_OK((*db).PutItem({.table_name = "tbl", .item = Row(1)}));
  ASSERT_OK_AND_ASSIGN(const TableCapacityReport report, db.database().CapacityReport("tbl"));
  EXPECT_TRUE(report.throttling);
  EXPECT_FALSE(report.table.partitions.empty());
  ASSERT_OK_AND_ASSIGN(const ListStreamsResponse streams, db.streams().ListStreams({}));
  EXPECT_EQ(streams.streams.size(), 1u);
  EmbeddedHandle moved = std::move(db);  // still one database, still open
  ASSERT_OK_AND_ASSIGN(const GetItemResponse got,
                       moved.client().GetItem({.table_name = "tbl",
                                               .key = {{"pk", AttributeValue::S("hot")},
                                                       {"sk", AttributeValue::N(1)}}}));
  EXPECT_TRUE(got.item.has_value());
}

}  // namespace client_helpers_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
