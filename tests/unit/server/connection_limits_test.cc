// What the server does against hostile or careless clients: the bound on open connections
// (the longest-waiting one makes room; a full house of busy ones refuses newcomers), the idle
// and read timeouts, and the pause in accepting when the process runs out of descriptors.
// Loopback only; timeouts are set short through ServerOptions so that every test is quick.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <chrono>
#include <functional>
#include <future>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "raw_http_client.h"
#include "server/http_server.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {
namespace connection_limits_test {

using namespace std::chrono_literals;
using testing::DynamoRequest;
using testing::RawHttpClient;

// Polls `done` until it holds or `limit` passes (waiting for an observable event).
bool WaitUntil(const std::function<bool()>& done, std::chrono::milliseconds limit = 5s) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(1ms);
  }
  return true;
}

class ConnectionLimitsTest : public ::testing::Test {
 protected:
  void Start(ServerOptions options) {
    options.port = 0;
    options.host = "127.0.0.1";
    options.threads = 2;
    auto server =
        HttpServer::Start(std::move(options), [this](std::string_view op, std::string_view,
                                                     const RequestContext&) { return Handle(op); });
    ASSERT_TRUE(server.ok()) << server.error().message();
    server_ = std::move(*server);
  }

  Response Handle(std::string_view operation) {
    if (operation == "Block") {
      entered_.set_value();
      gate_.wait();
      return {200, "{}"};
    }
    if (operation == "Sleep") {
      // A slow operation (not synchronisation): it outlasts the read and idle timeouts.
      std::this_thread::sleep_for(400ms);
      return {200, "{}"};
    }
    return {200, R"({"TableNames":[]})"};
  }

  // One keep-alive request on `client`; true when it was answered 200.
  static bool Served(RawHttpClient& client, std::string_view operation = "ListTables") {
    if (!client.Send(DynamoRequest(operation, "{}"))) return false;
    const auto response = client.Read();
    return response && response->status == 200;
  }

  std::uint16_t port() const { return server_->port(); }

  std::promise<void> entered_;
  std::promise<void> release_;
  std::shared_future<void> gate_ = release_.get_future().share();
  std::unique_ptr<HttpServer> server_;
};

ServerOptions Options() {
  ServerOptions options;
  options.idle_timeout = 0ms;  // tests that want timeouts set them
  options.read_timeout = 0ms;
  return options;
}

TEST_F(ConnectionLimitsTest, FullServerClosesTheLongestIdleConnectionForANewOne) {
  ServerOptions options = Options();
  options.max_connections = 3;
  Start(options);
  RawHttpClient first(port()), second(port()), third(port());
  // Served in this order, so `first` has been idle longest.
  ASSERT_TRUE(Served(first));
  ASSERT_TRUE(Served(second));
  ASSERT_TRUE(Served(third));
  // A client may read its reply before the server has finished its side of the write.
  ASSERT_TRUE(WaitUntil([&] { return server_->stats().waiting_connections == 3; }));

  RawHttpClient fourth(port());
  EXPECT_TRUE(Served(fourth));
  EXPECT_TRUE(first.PeerClosed());
  EXPECT_TRUE(Served(second));
  EXPECT_TRUE(Served(third));
  EXPECT_EQ(server_->stats().evicted, 1u);
  EXPECT_EQ(server_->stats().refused, 0u);
}

TEST_F(ConnectionLimitsTest, FullServerOfBusyConnectionsRefusesANewOne) {
  ServerOptions options = Options();
  options.max_connections = 1;
  Start(options);
  RawHttpClient busy(port());
  ASSERT_TRUE(busy.Send(DynamoRequest("Block", "{}")));
  ASSERT_EQ(entered_.get_future().wait_for(5s), std::future_status::ready);

  RawHttpClient late(port());
  EXPECT_TRUE(late.PeerClosed());
  EXPECT_EQ(server_->stats().refused, 1u);

  release_.set_value();
  const auto reply = busy.Read();
  ASSERT_TRUE(reply.has_value());
  EXPECT_EQ(reply->status, 200);
  EXPECT_EQ(server_->stats().evicted, 0u);
}

TEST_F(ConnectionLimitsTest, DefaultBoundStaysUnderTheDescriptorLimit) {
  rlimit limit{};
  ASSERT_EQ(getrlimit(RLIMIT_NOFILE, &limit), 0);
  const std::size_t bound = DefaultMaxConnections();
  EXPECT_GT(bound, 0u);
  if (limit.rlim_cur != RLIM_INFINITY) {
    EXPECT_LT(bound, limit.rlim_cur);
  }
  if (limit.rlim_cur == 1024) {
    EXPECT_EQ(bound, 960u);
  }
  Start(Options());
  EXPECT_EQ(server_->stats().max_connections, bound);
}

TEST_F(ConnectionLimitsTest, RequestWhoseBodyNeverArrivesIsClosedAfterTheReadTimeout) {
  ServerOptions options = Options();
  options.read_timeout = 200ms;
  Start(options);
  RawHttpClient client(port());
  std::string request = DynamoRequest("ListTables", std::string(100, ' '));
  request.resize(request.size() - 90);  // Content-Length: 100, 10 bytes sent
  ASSERT_TRUE(client.Send(request));
  const auto start = std::chrono::steady_clock::now();
  EXPECT_TRUE(client.PeerClosed());
  EXPECT_GE(std::chrono::steady_clock::now() - start, 150ms);
  EXPECT_TRUE(WaitUntil([&] { return server_->stats().timed_out == 1; }));
}

TEST_F(ConnectionLimitsTest, HeaderThatNeverEndsIsClosedAfterTheReadTimeout) {
  ServerOptions options = Options();
  options.read_timeout = 200ms;
  Start(options);
  RawHttpClient slowloris(port());
  ASSERT_TRUE(slowloris.Send("POST / HTTP/1.1\r\nHost: localhost\r\nX-Amz-Target: Dyn"));
  EXPECT_TRUE(slowloris.PeerClosed());
  EXPECT_TRUE(WaitUntil([&] { return server_->stats().timed_out == 1; }));
}

TEST_F(ConnectionLimitsTest, IdleConnectionsAreClosedAfterTheIdleTimeout) {
  ServerOptions options = Options();
  options.idle_timeout = 200ms;
  Start(options);
  RawHttpClient keep_alive(port());
  ASSERT_TRUE(Served(keep_alive));
  RawHttpClient silent(port());  // connects and never sends a byte
  EXPECT_TRUE(keep_alive.PeerClosed());
  EXPECT_TRUE(silent.PeerClosed());
  EXPECT_TRUE(WaitUntil([&] { return server_->stats().timed_out == 2; }));
  EXPECT_TRUE(WaitUntil([&] { return server_->stats().open_connections == 0; }));
}

TEST_F(ConnectionLimitsTest, SlowOperationIsNotCutByTheTimeouts) {
  ServerOptions options = Options();
  options.idle_timeout = 100ms;
  options.read_timeout = 100ms;
  Start(options);
  RawHttpClient client(port());
  EXPECT_TRUE(Served(client, "Sleep"));
  EXPECT_EQ(server_->stats().timed_out, 0u);
}

// The number the next new descriptor would get: every one below it is open, so a limit of
// this number leaves the process none to open.
int LowestFreeDescriptor() {
  const int fd = ::dup(0);
  ::close(fd);
  return fd;
}

TEST_F(ConnectionLimitsTest, AcceptPausesWhenDescriptorsRunOutAndResumesAfter) {
  ServerOptions options = Options();
  options.accept_backoff = 50ms;
  // Timers in use before descriptors run out: UBSan's vptr check reads /proc the first time it
  // meets a type, which it cannot do without a descriptor (a false report in the ASan tree).
  options.idle_timeout = 60s;
  Start(options);
  {
    RawHttpClient warm(port());  // the I/O threads are running
    ASSERT_TRUE(Served(warm));
  }
  ASSERT_TRUE(WaitUntil([&] { return server_->stats().open_connections == 0; }));

  // Sockets made now, connected once no descriptor is left: their connections wait in the
  // listen backlog, where the server cannot accept them.
  std::vector<std::unique_ptr<RawHttpClient>> clients;
  for (int i = 0; i < 3; ++i) clients.push_back(std::make_unique<RawHttpClient>());
  rlimit saved{};
  ASSERT_EQ(getrlimit(RLIMIT_NOFILE, &saved), 0);
  rlimit tight = saved;
  tight.rlim_cur = static_cast<rlim_t>(LowestFreeDescriptor());
  ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &tight), 0);
  for (auto& client : clients) EXPECT_TRUE(client->Connect(port()));
  const bool failing = WaitUntil([&] { return server_->stats().accept_errors >= 1; });
  const auto first_seen = std::chrono::steady_clock::now();
  const std::uint64_t first = server_->stats().accept_errors;
  const bool retried = WaitUntil([&] { return server_->stats().accept_errors >= first + 2; });
  const auto elapsed = std::chrono::steady_clock::now() - first_seen;
  ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &saved), 0);

  ASSERT_TRUE(failing);
  ASSERT_TRUE(retried);
  // Two retries took two pauses; without them thousands of failures happen per millisecond.
  EXPECT_GE(elapsed, 90ms);
  for (auto& client : clients) EXPECT_TRUE(Served(*client));
}

// Oversized request headers: AWS answers 400 Bad Request, as to any head it cannot read
// (DynamoDB Local's Jetty, 8 KB limit, answers 431), and closes the connection. Ours allows
// 64 KB (SigV4 headers with session tokens are a few KB).
TEST_F(ConnectionLimitsTest, OversizedHeadersGet400AndTheConnectionCloses) {
  ServerOptions options = Options();
  options.max_header_bytes = 4096;
  Start(options);
  RawHttpClient client(port());
  ASSERT_TRUE(
      client.Send(DynamoRequest("ListTables", "{}", "X-Pad: " + std::string(8192, 'p') + "\r\n")));
  const auto reply = client.Read();
  ASSERT_TRUE(reply.has_value());
  EXPECT_EQ(reply->status, 400);
  EXPECT_EQ(reply->Header("connection"), "close");
  EXPECT_TRUE(client.PeerClosed());
}

}  // namespace connection_limits_test
}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
