// A vector index's statuses on the transient-status clock (Options::transient_status_ms, exact
// on a virtual clock; ops/realism/transient_statuses.h): one created with its table is CREATING
// without Backfilling while the table is; one added by UpdateTable is CREATING with Backfilling
// false while the table is UPDATING, then CREATING with Backfilling true while the table is
// ACTIVE, then ACTIVE without Backfilling — and SearchVectors answers "The table does not have
// the specified index" in the first period and "Cannot search backfilling vector index" in the
// second, as the service does; a deleted one is DELETING, then gone.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "database_test_util.h"
#include "ddbemu/testing/gtest.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {
namespace vector_index_status_test {

constexpr std::int64_t kDelayMs = 2000;

constexpr const char* kVectorIndex = R"({"IndexName":"vec","VectorAttribute":{"AttributeName":"v"},
  "Dimensions":2,"DistanceFunction":"COSINE","Projection":{"ProjectionType":"KEYS_ONLY"}})";

constexpr const char* kSearch = R"({"TableName":"slow","IndexName":"vec",
  "SearchVector":[{"N":"1"},{"N":"0"}],"TopK":1})";

class VectorIndexStatusTest : public DatabaseTest {
 protected:
  void ConfigureOptions(Options& options) override { options.transient_status_ms = kDelayMs; }
  void Advance(std::int64_t ms) { AdvanceClock(std::chrono::milliseconds(ms)); }
  void CreateTable(bool with_index) {
    std::string body = R"({"TableName":"slow","BillingMode":"PAY_PER_REQUEST",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}])";
    if (with_index) body += std::string(R"(,"VectorIndexes":[)") + kVectorIndex + "]";
    Response r = db().Call("CreateTable", body + "}");
    ASSERT_EQ(r.http_status, 200) << r.body;
  }
  // "TableStatus / IndexStatus / Backfilling" of the table and its one vector index.
  std::string Shown() {
    Response r = db().Call("DescribeTable", R"({"TableName":"slow"})");
    EXPECT_EQ(r.http_status, 200) << r.body;
    rapidjson::Document d = ParseJson(r.body);
    const auto& table = d["Table"];
    std::string shown = table["TableStatus"].GetString();
    if (!table.HasMember("VectorIndexes")) return shown + " / -";
    const auto& index = table["VectorIndexes"][0];
    shown += std::string(" / ") + index["IndexStatus"].GetString();
    if (index.HasMember("Backfilling"))
      shown += index["Backfilling"].GetBool() ? " / true" : " / false";
    return shown;
  }
  std::string SearchError() {
    Response r = db().Call("SearchVectors", kSearch);
    if (r.http_status == 200) return "ok";
    return ParseError(r).message;
  }
};

TEST_F(VectorIndexStatusTest, AnIndexCreatedWithItsTableNeverReportsBackfilling) {
  ASSERT_NO_FATAL_FAILURE(CreateTable(true));
  EXPECT_EQ(Shown(), "CREATING / CREATING");
  Advance(kDelayMs);
  EXPECT_EQ(Shown(), "ACTIVE / ACTIVE");
  EXPECT_EQ(SearchError(), "ok");
}

TEST_F(VectorIndexStatusTest, AnIndexAddedByUpdateTableBackfillsAfterTheTableUpdate) {
  ASSERT_NO_FATAL_FAILURE(CreateTable(false));
  Advance(kDelayMs);
  Response put = db().Call("PutItem", R"({"TableName":"slow","Item":{"pk":{"S":"a"},
    "v":{"L":[{"N":"1"},{"N":"0"}]}}})");
  ASSERT_EQ(put.http_status, 200) << put.body;
  Response update = db().Call("UpdateTable", std::string(R"({"TableName":"slow",
    "VectorIndexUpdates":[{"Create":)") + kVectorIndex +
                                                 "}]}");
  ASSERT_EQ(update.http_status, 200) << update.body;
  EXPECT_EQ(Shown(), "UPDATING / CREATING / false");
  EXPECT_EQ(SearchError(), "The table does not have the specified index: vec");
  Advance(kDelayMs);
  EXPECT_EQ(Shown(), "ACTIVE / CREATING / true");
  EXPECT_EQ(SearchError(), "Cannot search backfilling vector index: vec");
  Advance(kDelayMs);
  EXPECT_EQ(Shown(), "ACTIVE / ACTIVE");
  EXPECT_EQ(SearchError(), "ok");
  Response del = db().Call("UpdateTable", R"({"TableName":"slow",
    "VectorIndexUpdates":[{"Delete":{"IndexName":"vec"}}]})");
  ASSERT_EQ(del.http_status, 200) << del.body;
  EXPECT_EQ(Shown(), "UPDATING / DELETING");
  Advance(kDelayMs);
  EXPECT_EQ(Shown(), "ACTIVE / -");
}

TEST_F(VectorIndexStatusTest, OneOnlineIndexOperationAtATime) {
  ASSERT_NO_FATAL_FAILURE(CreateTable(false));
  Advance(kDelayMs);
  const std::string two = std::string(R"({"TableName":"slow","VectorIndexUpdates":[{"Create":)") +
                          kVectorIndex + R"(},{"Delete":{"IndexName":"other"}}]})";
  Response r = db().Call("UpdateTable", two);
  EXPECT_EQ(ParseError(r).type, "LimitExceededException");
  EXPECT_EQ(ParseError(r).message,
            "Subscriber limit exceeded: Only 1 online index can be created or deleted "
            "simultaneously per table");
  Response stream = db().Call("UpdateTable", std::string(R"({"TableName":"slow",
    "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"KEYS_ONLY"},
    "VectorIndexUpdates":[{"Create":)") + kVectorIndex +
                                                 "}]}");
  EXPECT_EQ(ParseError(stream).message,
            "You cannot create or delete index while changing stream status");
}

}  // namespace vector_index_status_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing
