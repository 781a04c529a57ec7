// The clients the conformance suite runs every case against, and the fixture the cases share.
// Each client gets its own in-memory database on a virtual clock that the case moves
// (AdvanceMicros), so throttling (on by default) is asserted exactly, without sleeping:
//   embedded  the in-process Client (ddbemu/embedded_client.h), no JSON;
//   json      HttpClient (src/http_client/) over a loopback transport into Database::Call:
//             the typed request rendered as an SDK's JSON body, served by the JSON path
//             ddb-local serves, and the response parsed back.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ddbemu/embedded_client.h"
#include "http_client/http_client.h"
#include "http_client/loopback/loopback_transport.h"

namespace ddbemu::client_test {

// One client, what keeps its database alive, and how to move the database's clock.
struct ClientUnderTest {
  std::unique_ptr<Client> client;
  std::function<void(std::int64_t micros)> advance_clock;
  std::shared_ptr<void> owner;
};

struct ClientFactory {
  std::string name;
  std::function<ClientUnderTest()> open;
  friend void PrintTo(const ClientFactory& f, std::ostream* os) { *os << f.name; }
};

inline std::shared_ptr<Database> OpenTestDatabase(const std::shared_ptr<VirtualClock>& clock) {
  auto db = Database::Open(
      {.in_memory = true, .durability = Durability::kNone, .throttle = true, .clock = clock});
  EXPECT_TRUE(db.ok());
  return std::shared_ptr<Database>(std::move(db).value());
}

inline std::vector<ClientFactory> ClientFactories() {
  return {
      {"embedded",
       [] {
         auto clock = std::make_shared<VirtualClock>();
         std::shared_ptr<Database> db = OpenTestDatabase(clock);
         return ClientUnderTest{MakeEmbeddedClient(*db),
                                [clock](std::int64_t us) { clock->AdvanceMicros(us); }, db};
       }},
      {"json",
       [] {
         auto clock = std::make_shared<VirtualClock>();
         std::shared_ptr<Database> db = OpenTestDatabase(clock);
         return ClientUnderTest{
             http_client::MakeHttpClient(http_client::MakeLoopbackTransport(*db)),
             [clock](std::int64_t us) { clock->AdvanceMicros(us); }, db};
       }},
  };
}

inline AttributeValue S(std::string s) { return AttributeValue::S(std::move(s)); }
inline AttributeValue N(std::string n) { return AttributeValue::N(std::move(n)); }

// A fixture with a client and nothing created yet.
class ClientTest : public ::testing::TestWithParam<ClientFactory> {
 protected:
  void SetUp() override {
    under_test_ = GetParam().open();
    client_ = under_test_.client.get();
  }
  void TearDown() override {
    under_test_.client.reset();  // before the database it may point into
  }
  bool embedded() const { return GetParam().name == "embedded"; }
  void AdvanceSeconds(double s) {
    under_test_.advance_clock(static_cast<std::int64_t>(s * 1'000'000));
  }

  ClientUnderTest under_test_;
  Client* client_ = nullptr;
};

#define DDB_INSTANTIATE_CLIENT_SUITE(Suite)                                               \
  INSTANTIATE_TEST_SUITE_P(Clients, Suite,                                                \
                           ::testing::ValuesIn(::ddbemu::client_test::ClientFactories()), \
                           [](const auto& info) { return info.param.name; })

}  // namespace ddbemu::client_test
