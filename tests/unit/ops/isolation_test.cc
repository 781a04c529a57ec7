// Isolation under concurrency: many clients running conflicting transactions and conditional
// writes never observe or leave partial state. A transaction is one LMDB write transaction
// (writers serialize), and TransactGetItems / BatchGetItem read one snapshot
// (ops/transact/transact.h).
#include <atomic>
#include <latch>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "batch_fixture.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::batch_test {
namespace isolation_test {

constexpr int kAccounts = 8;
constexpr long kInitialBalance = 1000;
constexpr long kTotal = kAccounts * kInitialBalance;

std::string Account(int i) { return "acct" + std::to_string(i); }

class IsolationTest : public BatchFixture {
 protected:
  void SetUp() override {
    BatchFixture::SetUp();
    for (int i = 0; i < kAccounts; ++i) {
      Put("hash", R"j({"pk":{"S":")j" + Account(i) + R"j("},"bal":{"N":")j" +
                      std::to_string(kInitialBalance) + R"j("}})j");
    }
  }

  static std::string TransferRequest(int from, int to, int amount) {
    const std::string a = std::to_string(amount);
    return R"j({"TransactItems":[
      {"Update":{"TableName":"hash","Key":{"pk":{"S":")j" +
           Account(from) + R"j("}},
        "UpdateExpression":"SET bal = bal - :a","ConditionExpression":"bal >= :a",
        "ExpressionAttributeValues":{":a":{"N":")j" +
           a + R"j("}}}},
      {"Update":{"TableName":"hash","Key":{"pk":{"S":")j" +
           Account(to) + R"j("}},
        "UpdateExpression":"SET bal = bal + :a","ExpressionAttributeValues":{":a":{"N":")j" +
           a + R"j("}}}}]})j";
  }

  // The sum of the balances a TransactGetItems of every account sees (-1 on an error).
  long TransactionalTotal() {
    std::string gets;
    for (int i = 0; i < kAccounts; ++i) {
      gets += std::string(i ? "," : "") + R"j({"Get":{"TableName":"hash","Key":{"pk":{"S":")j" +
              Account(i) + R"j("}}}})j";
    }
    Response r = db_->Call("TransactGetItems", R"j({"TransactItems":[)j" + gets + "]}");
    if (r.http_status != 200) return -1;
    rapidjson::Document doc = Parse(r.body);
    long total = 0;
    for (const auto& response : doc["Responses"].GetArray()) {
      total += std::stol(response["Item"]["bal"]["N"].GetString());
    }
    return total;
  }

  // The same through BatchGetItem, which reads one snapshot here too.
  long BatchTotal() {
    std::string keys;
    for (int i = 0; i < kAccounts; ++i) {
      keys += std::string(i ? "," : "") + R"j({"pk":{"S":")j" + Account(i) + R"j("}})j";
    }
    Response r = db_->Call("BatchGetItem", R"j({"RequestItems":{"hash":{"Keys":[)j" + keys +
                                               R"j(],"ConsistentRead":true}}})j");
    if (r.http_status != 200) return -1;
    rapidjson::Document doc = Parse(r.body);
    long total = 0;
    for (const auto& item : doc["Responses"]["hash"].GetArray()) {
      total += std::stol(item["bal"]["N"].GetString());
    }
    return total;
  }
};

TEST_F(IsolationTest, ConcurrentTransfersConserveTheTotalAndReadersNeverSeeHalfATransfer) {
  constexpr int kWriters = 4;
  constexpr int kTransfersPerWriter = 150;
  std::atomic<int> committed{0}, cancelled{0}, unexpected{0}, writers_done{0};
  std::atomic<int> reads{0}, torn_reads{0};

  // The writers start once both readers are reading, so that reads overlap the transfers
  // however fast the writers are.
  std::latch readers_reading(2);
  std::vector<std::thread> threads;
  for (int reader = 0; reader < 2; ++reader) {
    threads.emplace_back([&, reader] {
      bool first = true;
      do {
        const long total = reader == 0 ? TransactionalTotal() : BatchTotal();
        ++reads;
        if (total != kTotal) ++torn_reads;
        if (first) readers_reading.count_down();
        first = false;
      } while (writers_done.load() < kWriters);
    });
  }
  for (int w = 0; w < kWriters; ++w) {
    threads.emplace_back([&, w] {
      readers_reading.wait();
      std::mt19937 random(1234 + w);
      for (int n = 0; n < kTransfersPerWriter; ++n) {
        const int from = static_cast<int>(random() % kAccounts);
        const int to = (from + 1 + static_cast<int>(random() % (kAccounts - 1))) % kAccounts;
        const int amount = 1 + static_cast<int>(random() % 600);
        Response r = db_->Call("TransactWriteItems", TransferRequest(from, to, amount));
        if (r.http_status == 200) {
          ++committed;
        } else if (ParseError(r.body).type == "TransactionCanceledException") {
          ++cancelled;
        } else {
          ++unexpected;
        }
      }
      ++writers_done;
    });
  }
  for (std::thread& t : threads) t.join();

  EXPECT_EQ(unexpected.load(), 0);
  EXPECT_EQ(committed.load() + cancelled.load(), kWriters * kTransfersPerWriter);
  EXPECT_GT(committed.load(), 0);
  EXPECT_GT(reads.load(), 0);
  EXPECT_EQ(torn_reads.load(), 0);
  EXPECT_EQ(TransactionalTotal(), kTotal);
  for (int i = 0; i < kAccounts; ++i) {
    rapidjson::Document doc = Parse(Get("hash", R"j({"pk":{"S":")j" + Account(i) + R"j("}})j"));
    EXPECT_GE(std::stol(doc["bal"]["N"].GetString()), 0) << Account(i);
  }
}

TEST_F(IsolationTest, ConcurrentConditionalCreatesLetExactlyOneWin) {
  constexpr int kClients = 8;
  std::atomic<int> created{0}, refused{0};
  std::vector<std::thread> threads;
  for (int c = 0; c < kClients; ++c) {
    threads.emplace_back([&, c] {
      const std::string owner = std::to_string(c);
      Response put = db_->Call(
          "PutItem", R"j({"TableName":"hash","Item":{"pk":{"S":"lock"},"owner":{"S":")j" + owner +
                         R"j("}},"ConditionExpression":"attribute_not_exists(pk)"})j");
      Response txn =
          db_->Call("TransactWriteItems", R"j({"TransactItems":[{"Put":{"TableName":"range",
          "Item":{"pk":{"S":"lock"},"sk":{"N":"1"},"owner":{"S":")j" +
                                              owner + R"j("}},
          "ConditionExpression":"attribute_not_exists(pk)"}}]})j");
      for (const Response* r : {&put, &txn}) {
        if (r->http_status == 200) {
          ++created;
        } else {
          const std::string type = ParseError(r->body).type;
          if (type == "ConditionalCheckFailedException" || type == "TransactionCanceledException") {
            ++refused;
          }
        }
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(created.load(), 2);  // one PutItem, one transaction
  EXPECT_EQ(refused.load(), 2 * kClients - 2);
}

TEST_F(IsolationTest, ConcurrentRetriesOfOneTokenWriteOnce) {
  constexpr int kClients = 8;
  const std::string request = R"j({"ClientRequestToken":"retry-storm","TransactItems":[
      {"Update":{"TableName":"hash","Key":{"pk":{"S":"counter"}},"UpdateExpression":"ADD n :one",
        "ExpressionAttributeValues":{":one":{"N":"1"}}}}]})j";
  std::atomic<int> ok{0};
  std::vector<std::thread> threads;
  for (int c = 0; c < kClients; ++c) {
    threads.emplace_back([&] {
      if (db_->Call("TransactWriteItems", request).http_status == 200) ++ok;
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(ok.load(), kClients);
  EXPECT_EQ(Get("hash", R"j({"pk":{"S":"counter"}})j"),
            R"j({"n":{"N":"1"},"pk":{"S":"counter"}})j");
}

}  // namespace isolation_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::batch_test
