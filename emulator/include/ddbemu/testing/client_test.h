// A GoogleTest fixture that runs each test body twice: against the embedded Client, in this
// process, and against a ddb-local over HTTP (signed requests, the JSON protocol, a real
// socket), each on a fresh in-memory database and a virtual clock. Code that works on both is
// code that works against the service's wire protocol and against the library.
//
//   class OrdersTest : public ddbemu::testing::ClientTest {};
//   DDBEMU_INSTANTIATE_CLIENT_TEST(OrdersTest);   // OrdersTest/embedded, OrdersTest/http
//
//   TEST_P(OrdersTest, APutIsReadBack) {
//     ASSERT_OK(client().CreateTable(kOrders));
//     ...
//     AdvanceClock(std::chrono::seconds(1));      // moves whichever clock the client talks to
//   }
//
// The ddb-local binary is found as DdbLocalBinary() says (ddbemu/testing/ddb_local_server.h):
// $DDB_LOCAL_BIN, this build's own, or `ddb-local` on PATH; a test fails saying so when there is
// none. As in DatabaseTest, client() retries throttles as the AWS SDKs do, its waits moving the
// virtual clock; client_without_retries() returns every throttle.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "ddbemu/client.h"
#include "ddbemu/http_client.h"
#include "ddbemu/options.h"
#include "ddbemu/retrying_client.h"
#include "ddbemu/testing/ddb_local_server.h"
#include "ddbemu/testing/gtest.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing {

enum class ClientEndpoint {
  kEmbedded,  // MakeEmbeddedClient over a TestDatabase
  kDdbLocal,  // OpenHttpClient against a ddb-local started for the test
};

inline const char* EndpointName(ClientEndpoint endpoint) {
  return endpoint == ClientEndpoint::kEmbedded ? "embedded" : "http";
}
inline void PrintTo(ClientEndpoint endpoint, std::ostream* os) { *os << EndpointName(endpoint); }

class ClientTest : public ::testing::TestWithParam<ClientEndpoint> {
 protected:
  // The embedded database's options (TestDatabaseOptions already filled in).
  virtual void ConfigureOptions(Options& /*options*/) {}
  // ddb-local's flags beyond "-inMemory --virtual-clock" (docs/ddb-local.md), e.g.
  // {"--throttle", "off"}: what ConfigureOptions says for the embedded side.
  virtual std::vector<std::string> ServerFlags() const { return {}; }

  void SetUp() override {
    if (GetParam() == ClientEndpoint::kEmbedded) {
      ASSERT_NO_FATAL_FAILURE(database_.Open([this](Options& o) { ConfigureOptions(o); }));
      client_ = &database_.client_without_retries();
      advance_ = [this](std::chrono::microseconds d) { database_.AdvanceClock(d); };
    } else {
      ASSERT_NO_FATAL_FAILURE(StartServer());
    }
    retrying_ = std::make_unique<RetryingClient>(*client_, RetryPolicyOnTheTestClock());
  }
  void TearDown() override {
    retrying_.reset();  // before the client it wraps
    http_client_.reset();
    server_.reset();
    database_.Close();
  }

  // The typed API at this test's endpoint, retrying throttles as the SDKs do.
  Client& client() const { return *retrying_; }
  // The same API without retries: every throttle comes back, for tests that assert them.
  Client& client_without_retries() const { return *client_; }
  // Moves the clock of the database the client talks to: the only way time passes for it.
  void AdvanceClock(std::chrono::microseconds delta) const { advance_(delta); }
  // That database's clock, in microseconds since the epoch.
  std::int64_t NowMicros() const {
    return server_ ? server_->ClockMicros() : database_.clock().NowMicros();
  }
  ClientEndpoint endpoint() const { return GetParam(); }
  bool over_http() const { return GetParam() == ClientEndpoint::kDdbLocal; }
  // The server of an http test (null for an embedded one), for its admin endpoints.
  const DdbLocalServer* server() const { return server_.get(); }

 private:
  void StartServer() {
    const std::string binary = DdbLocalBinary();
    ASSERT_FALSE(binary.empty())
        << "no ddb-local to test over HTTP: set DDB_LOCAL_BIN or put ddb-local on PATH";
    std::vector<std::string> args = {"-inMemory", "--virtual-clock"};
    for (std::string& flag : ServerFlags()) args.push_back(std::move(flag));
    server_ = std::make_unique<DdbLocalServer>(binary, std::move(args));
    ASSERT_TRUE(server_->started()) << binary << " did not start";
    // Retries live in one place, the RetryingClient over this client, so the HTTP client's own
    // are off (max_attempts 1).
    auto opened = OpenHttpClient({.endpoint = server_->url(),
                                  .region = "us-east-1",
                                  .credentials = AwsCredentials{.access_key_id = "AKIDCLIENTTEST",
                                                                .secret_access_key = "local",
                                                                .session_token = ""},
                                  .max_attempts = 1});
    ASSERT_TRUE(opened.ok()) << opened.error().message();
    http_client_ = std::move(opened).value();
    client_ = http_client_.get();
    advance_ = [server = server_.get()](std::chrono::microseconds d) {
      ASSERT_TRUE(server->AdvanceClock(d)) << "ddb-local refused to move its clock";
    };
  }

  // VirtualTimeRetryPolicy's, with the waits on whichever clock this test moves.
  RetryPolicy RetryPolicyOnTheTestClock() {
    RetryPolicy policy = VirtualTimeRetryPolicy(database_.shared_clock());
    policy.clock = nullptr;  // no call_timeout is set, so the time it reads does not matter
    policy.sleep = [this](std::chrono::microseconds wait) { advance_(wait); };
    return policy;
  }

  TestDatabase database_;
  std::unique_ptr<DdbLocalServer> server_;
  std::unique_ptr<Client> http_client_;
  Client* client_ = nullptr;
  std::unique_ptr<RetryingClient> retrying_;
  std::function<void(std::chrono::microseconds)> advance_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::testing

// Runs every TEST_P of `Suite` (a ClientTest) once per endpoint: Suite/embedded, Suite/http.
#define DDBEMU_INSTANTIATE_CLIENT_TEST(Suite)                                       \
  INSTANTIATE_TEST_SUITE_P(                                                         \
      , Suite,                                                                      \
      ::testing::Values(::ddbemu::testing::ClientEndpoint::kEmbedded,               \
                        ::ddbemu::testing::ClientEndpoint::kDdbLocal),              \
      [](const ::testing::TestParamInfo<::ddbemu::testing::ClientEndpoint>& info) { \
        return std::string(::ddbemu::testing::EndpointName(info.param));            \
      })
