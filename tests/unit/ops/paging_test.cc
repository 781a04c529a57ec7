// Paging through Database::Call: thousands of items come back exactly once and in order, page
// by page, forwards and backwards, from a table and from an index; and a page ends where the
// service ends it at 1 MB of items read.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "read_fixture.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::read_test {
namespace paging_test {

constexpr int kItems = 2500;

class PagingTest : public ReadTest {
 protected:
  void SetUp() override {
    ReadTest::SetUp();
    Ok("CreateTable",
       KeyedTable(
           "pages", "N",
           R"(,{"AttributeName":"gpk","AttributeType":"S"},{"AttributeName":"gsk","AttributeType":"N"})",
           R"(,"GlobalSecondaryIndexes":[{"IndexName":"by_g","KeySchema":[{"AttributeName":"gpk","KeyType":"HASH"},{"AttributeName":"gsk","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}])"));
  }

  // kItems items in partition "p", sort keys 0..kItems-1; every third one is in the GSI, whose
  // sort key repeats (i % 10), so equal index keys come in table-key order.
  void Fill() {
    for (int i = 0; i < kItems; ++i) {
      std::string item =
          R"({"pk":{"S":"p"},"sk":{"N":")" + std::to_string(i) + R"("},"v":{"S":"x"})";
      if (i % 3 == 0) item += R"(,"gpk":{"S":"g"},"gsk":{"N":")" + std::to_string(i % 10) + R"("})";
      Put("pages", item + "}");
    }
  }
};

std::vector<std::string> Numbers(int from, int to, int step = 1) {
  std::vector<std::string> out;
  for (int i = from; step > 0 ? i < to : i > to; i += step) out.push_back(std::to_string(i));
  return out;
}

TEST_F(PagingTest, QueryReturnsEveryItemOnceInOrderForwardsAndBackwards) {
  Fill();
  const std::string query =
      R"("TableName":"pages","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"p"}})";
  Pages forward = Drain("Query", "{" + query + R"(,"Limit":97})", "sk");
  EXPECT_EQ(forward.values, Numbers(0, kItems));
  EXPECT_EQ(forward.pages.size(), static_cast<std::size_t>(kItems / 97 + 1));
  EXPECT_EQ(forward.scanned_count, kItems);
  Pages backward = Drain("Query", "{" + query + R"(,"Limit":100,"ScanIndexForward":false})", "sk");
  EXPECT_EQ(backward.values, Numbers(kItems - 1, -1, -1));
  // Limit equal to the item count: the last page is empty and final.
  EXPECT_EQ(backward.pages.size(), static_cast<std::size_t>(kItems / 100 + 1));
  EXPECT_EQ(backward.pages.back()["Count"].GetInt(), 0);
  // A range in the middle, with a filter: pages keep their size in items read.
  Pages filtered = Drain(
      "Query",
      R"({"TableName":"pages","Limit":50,"KeyConditionExpression":"pk = :p AND sk BETWEEN :a AND :b",)"
      R"j("FilterExpression":"attribute_exists(gpk)","ExpressionAttributeValues":{":p":{"S":"p"},":a":{"N":"1000"},":b":{"N":"1999"}}})j",
      "sk");
  EXPECT_EQ(filtered.values, Numbers(1002, 2000, 3));
  EXPECT_EQ(filtered.scanned_count, 1000);
  EXPECT_EQ(filtered.pages.size(), 21u);
}

// Pages written from the stored bytes (ReadPage reserves their buffers from the first item kept,
// a Limit's worth or 64 items): a page far past that reserve, of items of growing sizes, and a
// page whose first items the filter drops, hold every item whole and in order.
TEST_F(PagingTest, PagesPastTheirFirstReserveHoldEveryItemWhole) {
  for (int i = 0; i < 300; ++i) {
    Put("pages", R"({"pk":{"S":"q"},"sk":{"N":")" + std::to_string(i) + R"("},"v":{"S":")" +
                     std::string(static_cast<std::size_t>(1 + i * 7), 'v') + R"("}})");
  }
  const std::string query =
      R"("TableName":"pages","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"q"}})";
  Pages whole = Drain("Query", "{" + query + "}", "sk");
  ASSERT_EQ(whole.pages.size(), 1u);
  EXPECT_EQ(whole.values, Numbers(0, 300));
  const rapidjson::Value& items = whole.pages[0]["Items"];
  ASSERT_EQ(items.Size(), 300u);
  for (rapidjson::SizeType i = 0; i < items.Size(); ++i) {
    EXPECT_EQ(items[i]["v"]["S"].GetStringLength(), 1 + i * 7) << i;
  }
  Pages limited = Drain("Query", "{" + query + R"(,"Limit":7})", "sk");
  EXPECT_EQ(limited.values, Numbers(0, 300));
  Pages filtered =
      Drain("Query",
            R"({"TableName":"pages","KeyConditionExpression":"pk = :p","FilterExpression":)"
            R"("size(v) > :n","ExpressionAttributeValues":{":p":{"S":"q"},":n":{"N":"1000"}}})",
            "sk");
  EXPECT_EQ(filtered.values, Numbers(143, 300));
  EXPECT_EQ(filtered.scanned_count, 300);
}

TEST_F(PagingTest, IndexQueryReturnsEveryEntryOnceInIndexThenTableKeyOrder) {
  Fill();
  std::vector<std::pair<int, int>> expected;  // (gsk, sk)
  for (int i = 0; i < kItems; i += 3) expected.emplace_back(i % 10, i);
  std::sort(expected.begin(), expected.end());
  std::vector<std::string> ascending;
  for (const auto& [gsk, sk] : expected) ascending.push_back(std::to_string(sk));
  const std::string query =
      R"("TableName":"pages","IndexName":"by_g","KeyConditionExpression":"gpk = :g","ExpressionAttributeValues":{":g":{"S":"g"}})";
  EXPECT_EQ(Drain("Query", "{" + query + R"(,"Limit":41})", "sk").values, ascending);
  EXPECT_EQ(Drain("Query", "{" + query + R"(,"Limit":64,"ScanIndexForward":false})", "sk").values,
            std::vector<std::string>(ascending.rbegin(), ascending.rend()));
  // Scanning the index pages the same entries (one index partition).
  EXPECT_EQ(Drain("Scan", R"({"TableName":"pages","IndexName":"by_g","Limit":33})", "sk").values,
            ascending);
}

class PageSizeTest : public ReadTest {
 protected:
  void SetUp() override {
    ReadTest::SetUp();
    Ok("CreateTable", KeyedTable("big", "N"));
  }
  // An item of exactly `size` bytes: pk (2+3) + sk (2+2 for one or two digits) + p (1+n).
  void PutSized(int sk, std::size_t size) {
    Put("big", R"({"pk":{"S":"big"},"sk":{"N":")" + std::to_string(sk) + R"("},"p":{"S":")" +
                   std::string(size - 10, 'x') + R"("}})");
  }
  rapidjson::Document QueryAll(const std::string& extra = "") {
    return Ok(
        "Query",
        R"({"TableName":"big","Select":"COUNT","ReturnConsumedCapacity":"TOTAL",)"
        R"("KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"big"}})" +
            extra + "}");
  }
  static constexpr std::size_t kMb = 1 << 20;
  static constexpr std::size_t kTenth = 104857;
};

TEST_F(PageSizeTest, APageEndsWithTheItemThatReachesOneMegabyteWhenMoreFollow) {
  for (int i = 1; i <= 9; ++i) PutSized(i, kTenth);
  PutSized(10, kMb - 9 * kTenth);  // the ten items weigh exactly 1 MB
  PutSized(11, 100);
  EXPECT_EQ(
      ToJson(QueryAll()),
      R"({"Count":10,"ScannedCount":10,"LastEvaluatedKey":{"pk":{"S":"big"},"sk":{"N":"10"}},)"
      R"("ConsumedCapacity":{"TableName":"big","CapacityUnits":128.0}})");
  // One byte less: the eleventh item fits in the page, and nothing follows it.
  PutSized(10, kMb - 9 * kTenth - 1);
  EXPECT_EQ(
      ToJson(QueryAll()),
      R"({"Count":11,"ScannedCount":11,"ConsumedCapacity":{"TableName":"big","CapacityUnits":128.5}})");
  // One byte more: the tenth item crosses 1 MB, and is the last of the page.
  PutSized(10, kMb - 9 * kTenth + 1);
  EXPECT_EQ(
      ToJson(QueryAll()),
      R"({"Count":10,"ScannedCount":10,"LastEvaluatedKey":{"pk":{"S":"big"},"sk":{"N":"10"}},)"
      R"("ConsumedCapacity":{"TableName":"big","CapacityUnits":128.5}})");
  // The filter does not change what was read.
  EXPECT_EQ(ToJson(QueryAll(R"j(,"FilterExpression":"attribute_not_exists(p)")j")),
            R"({"Count":0,"ScannedCount":10,"LastEvaluatedKey":{"pk":{"S":"big"},"sk":{"N":"10"}},)"
            R"("ConsumedCapacity":{"TableName":"big","CapacityUnits":128.5}})");
}

TEST_F(PageSizeTest, NoKeyFollowsThePageThatReachesOneMegabyteAtTheLastItem) {
  for (int i = 1; i <= 9; ++i) PutSized(i, kTenth);
  PutSized(10, kMb - 9 * kTenth);
  EXPECT_EQ(
      ToJson(QueryAll()),
      R"({"Count":10,"ScannedCount":10,"ConsumedCapacity":{"TableName":"big","CapacityUnits":128.0}})");
  EXPECT_EQ(
      ToJson(QueryAll(R"(,"ScanIndexForward":false)")),
      R"({"Count":10,"ScannedCount":10,"ConsumedCapacity":{"TableName":"big","CapacityUnits":128.0}})");
  EXPECT_EQ(ToJson(Ok("Scan", R"({"TableName":"big","Select":"COUNT"})")),
            R"({"Count":10,"ScannedCount":10})");
}

TEST_F(PageSizeTest, LargeItemsArePagedByMegabytes) {
  // 30 items of 300,000 bytes: four per page (the fourth crosses 1 MB).
  for (int i = 10; i < 40; ++i) PutSized(i, 300000);
  Pages pages = Drain(
      "Query",
      R"({"TableName":"big","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"big"}}})",
      "sk");
  EXPECT_EQ(pages.values, Numbers(10, 40));
  ASSERT_EQ(pages.pages.size(), 8u);
  for (std::size_t i = 0; i + 1 < pages.pages.size(); ++i)
    EXPECT_EQ(pages.pages[i]["Count"].GetInt(), 4);
  EXPECT_EQ(pages.pages.back()["Count"].GetInt(), 2);
}

}  // namespace paging_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::read_test
