// HttpTransport against the fault-injecting server: exact attempts, backoff delays (from an
// injected random source; the sleeps are recorded, not slept), quota, timeouts, the CRC32
// check, the request's shape and the pool's reuse of connections.
#include "http_client/transport/http_transport.h"

#include <gtest/gtest.h>
#include <sys/socket.h>

#include <atomic>
#include <thread>

#include "fault_server.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client {
namespace http_transport_test {

using std::chrono::microseconds;
using testing::FaultServer;
using testing::FaultStep;

class HttpTransportTest : public ::testing::Test {
 protected:
  std::unique_ptr<HttpTransport> Connect(const std::string& url, int max_attempts = 3,
                                         std::size_t max_connections = 4) {
    HttpTransportOptions o;
    o.endpoint = url;
    o.region = "eu-west-1";
    o.credentials = Credentials{"AKIDTEST", "secret", ""};
    o.request_timeout = std::chrono::milliseconds(300);
    o.connect_timeout = std::chrono::milliseconds(1000);
    o.max_connections = max_connections;
    o.retry.max_attempts = max_attempts;
    o.retry.random = [] { return 0.5; };
    o.retry.sleep = [this](microseconds d) {
      std::lock_guard lock(mutex_);
      sleeps_.push_back(d);
    };
    auto t = HttpTransport::Create(std::move(o));
    EXPECT_TRUE(t.ok()) << t.error().message();
    return std::move(*t);
  }
  std::vector<microseconds> sleeps() {
    std::lock_guard lock(mutex_);
    return sleeps_;
  }

  std::mutex mutex_;
  std::vector<microseconds> sleeps_;
};

// AWS serves SearchVectors on search-dynamodb.<region>; any other endpoint serves it itself.
TEST_F(HttpTransportTest, SearchVectorsGoesToAwsSearchEndpointOnlyWhenTalkingToAws) {
  HttpTransportOptions aws;
  aws.region = "eu-west-1";
  aws.credentials = Credentials{"AKIDTEST", "secret", ""};
  aws.environment = AwsEnvironment{[](const std::string&) { return std::optional<std::string>(); }};
  auto to_aws = HttpTransport::Create(std::move(aws));
  ASSERT_TRUE(to_aws.ok()) << to_aws.error().message();
  EXPECT_EQ((*to_aws)->endpoint().host, "dynamodb.eu-west-1.amazonaws.com");
  ASSERT_NE((*to_aws)->search_endpoint(), nullptr);
  EXPECT_EQ((*to_aws)->search_endpoint()->host, "search-dynamodb.eu-west-1.amazonaws.com");
  EXPECT_TRUE((*to_aws)->search_endpoint()->https);

  FaultServer server({FaultStep::Ok(R"({"Items":[]})")});
  auto local = Connect(server.url());
  EXPECT_EQ(local->search_endpoint(), nullptr);
  const auto r = local->Call("SearchVectors", "{}");
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(server.requests(), 1);
}

TEST_F(HttpTransportTest, ThrottledTwiceThenSucceedsWithBackoffHalfThenOneSecond) {
  FaultServer server({FaultStep::Throttle(), FaultStep::Throttle(), FaultStep::Ok(R"({"a":1})")});
  auto t = Connect(server.url());
  const auto r = t->Call("GetItem", "{}");
  ASSERT_TRUE(r.ok()) << r.error().message();
  EXPECT_EQ(*r, R"({"a":1})");
  EXPECT_EQ(server.requests(), 3);
  EXPECT_EQ(sleeps(), (std::vector<microseconds>{microseconds(500'000), microseconds(1'000'000)}));
  EXPECT_EQ(t->retry_quota_available(), 495);  // 500 - 5 - 5, then the last 5 refunded
  EXPECT_EQ(server.connections(), 1);          // a 400 keeps the connection alive
}

TEST_F(HttpTransportTest, ThrottledOnEveryAttemptReturnsTheServiceErrorAfterThree) {
  FaultServer server({FaultStep::Throttle()});
  auto t = Connect(server.url());
  const auto r = t->Call("PutItem", "{}");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kProvisionedThroughputExceeded);
  EXPECT_EQ(r.error().message(),
            "The level of configured provisioned throughput for the table was exceeded.");
  EXPECT_EQ(server.requests(), 3);
  EXPECT_EQ(sleeps().size(), 2u);
  EXPECT_EQ(t->retry_quota_available(), 490);
}

TEST_F(HttpTransportTest, ServerErrorsAndTransactionConflictsAreRetried) {
  FaultServer server({FaultStep::Error(500, "com.amazonaws.dynamodb.v20120810#InternalServerError",
                                       "Internal server error"),
                      FaultStep::Error(400,
                                       "com.amazonaws.dynamodb.v20120810#"
                                       "TransactionConflictException",
                                       "Transaction is ongoing for the item"),
                      FaultStep::Ok()});
  auto t = Connect(server.url());
  ASSERT_TRUE(t->Call("TransactWriteItems", "{}").ok());
  EXPECT_EQ(server.requests(), 3);
}

TEST_F(HttpTransportTest, ClientErrorsAreReturnedAtOnce) {
  FaultServer server({FaultStep::Error(400, "com.amazon.coral.validate#ValidationException",
                                       "1 validation error detected")});
  auto t = Connect(server.url());
  const auto r = t->Call("GetItem", "{}");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kValidation);
  EXPECT_EQ(r.error().message(), "1 validation error detected");
  EXPECT_EQ(server.requests(), 1);
  EXPECT_TRUE(sleeps().empty());
  EXPECT_EQ(t->retry_quota_available(), 500);
}

TEST_F(HttpTransportTest, DroppedConnectionIsRetriedOnANewOne) {
  FaultServer server({FaultStep::Drop(), FaultStep::Ok()});
  auto t = Connect(server.url());
  ASSERT_TRUE(t->Call("GetItem", "{}").ok());
  EXPECT_EQ(server.requests(), 2);
  EXPECT_EQ(server.connections(), 2);
  EXPECT_EQ(sleeps(), std::vector<microseconds>{microseconds(500'000)});
  EXPECT_EQ(t->retry_quota_available(), 500);  // 5 taken, 5 refunded
}

TEST_F(HttpTransportTest, SlowAnswerTimesOutAndEachTimeoutCostsTen) {
  FaultServer server({FaultStep::Hang()});
  auto t = Connect(server.url(), /*max_attempts=*/2);
  const auto r = t->Call("GetItem", "{}");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kTransport);
  EXPECT_NE(r.error().message().find("timed out"), std::string::npos) << r.error().message();
  EXPECT_EQ(server.requests(), 2);
  EXPECT_EQ(server.connections(), 2);  // a timed-out connection is not reused
  EXPECT_EQ(t->retry_quota_available(), 490);
}

TEST_F(HttpTransportTest, Crc32MismatchIsRetriedThenReported) {
  FaultServer once({FaultStep::BadCrc(R"({"x":1})"), FaultStep::Ok(R"({"x":2})")});
  auto t = Connect(once.url());
  const auto r = t->Call("GetItem", "{}");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(*r, R"({"x":2})");
  EXPECT_EQ(once.requests(), 2);

  FaultServer always({FaultStep::BadCrc()});
  auto t2 = Connect(always.url());
  const auto r2 = t2->Call("GetItem", "{}");
  ASSERT_FALSE(r2.ok());
  EXPECT_EQ(r2.error().code(), ErrorCode::kTransport);
  EXPECT_NE(r2.error().message().find("x-amz-crc32"), std::string::npos);
  EXPECT_EQ(always.requests(), 3);
}

TEST_F(HttpTransportTest, RefusedConnectionFailsAfterEveryAttempt) {
  // A port that was free a moment ago and has no listener.
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  socklen_t len = sizeof addr;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
  ::close(fd);
  auto t = Connect("http://127.0.0.1:" + std::to_string(ntohs(addr.sin_port)));
  const auto r = t->Call("ListTables", "{}");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code(), ErrorCode::kTransport);
  EXPECT_NE(r.error().message().find("connect to 127.0.0.1"), std::string::npos);
  EXPECT_EQ(sleeps().size(), 2u);
}

TEST_F(HttpTransportTest, SendsTheJsonProtocolRequestSigned) {
  FaultServer server({FaultStep::Ok()});
  auto t = Connect(server.url());
  ASSERT_TRUE(t->Call("Query", R"({"TableName":"T"})").ok());
  ASSERT_TRUE(t->Call("GetRecords", "{}", "DynamoDBStreams_20120810").ok());
  auto h = server.request(0);
  EXPECT_EQ(h["x-amz-target"], "DynamoDB_20120810.Query");
  EXPECT_EQ(h["content-type"], "application/x-amz-json-1.0");
  EXPECT_EQ(h["host"], "127.0.0.1:" + std::to_string(server.port()));
  EXPECT_EQ(h[":body"], R"({"TableName":"T"})");
  EXPECT_EQ(h["x-amz-date"].size(), 16u);
  EXPECT_EQ(h["authorization"].rfind("AWS4-HMAC-SHA256 Credential=AKIDTEST/" +
                                         h["x-amz-date"].substr(0, 8) +
                                         "/eu-west-1/dynamodb/aws4_request, SignedHeaders="
                                         "content-type;host;x-amz-date;x-amz-target, Signature=",
                                     0),
            0u)
      << h["authorization"];
  EXPECT_EQ(server.request(1)["x-amz-target"], "DynamoDBStreams_20120810.GetRecords");
}

TEST_F(HttpTransportTest, SequentialCallsReuseOneConnection) {
  FaultServer server({FaultStep::Ok()});
  auto t = Connect(server.url());
  for (int i = 0; i < 20; ++i) ASSERT_TRUE(t->Call("GetItem", "{}").ok());
  EXPECT_EQ(server.requests(), 20);
  EXPECT_EQ(server.connections(), 1);
  EXPECT_EQ(t->connections_opened(), 1u);
}

TEST_F(HttpTransportTest, ConcurrentCallsShareAtMostMaxConnections) {
  FaultServer server({FaultStep::Ok()});
  auto t = Connect(server.url(), 3, /*max_connections=*/3);
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i) {
    threads.emplace_back([&] {
      for (int j = 0; j < 25; ++j) {
        if (!t->Call("GetItem", "{}").ok()) ++failures;
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(server.requests(), 200);
  EXPECT_LE(server.connections(), 3);
  EXPECT_LE(t->connections_opened(), 3u);
}

TEST_F(HttpTransportTest, ConnectionTheServerClosedWhileIdleIsReplacedWithoutARetry) {
  FaultStep closing = FaultStep::Ok();
  closing.close_after = true;
  FaultServer server({closing});
  auto t = Connect(server.url());
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(t->Call("GetItem", "{}").ok());
  EXPECT_EQ(server.requests(), 5);
  EXPECT_EQ(server.connections(), 5);
  EXPECT_TRUE(sleeps().empty());
  EXPECT_EQ(t->retry_quota_available(), 500);
}

}  // namespace http_transport_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client
