// The clients the conformance suite runs every case against, and the fixture the cases share.
// Each client gets its own in-memory database on a virtual clock that the case moves
// (AdvanceMicros), so throttling (on by default) is asserted exactly, without sleeping:
//   embedded  the in-process Client (ddbemu/embedded_client.h), no JSON;
//   json      HttpClient (src/http_client/) over a loopback transport into Database::Call:
//             the typed request rendered as an SDK's JSON body, served by the JSON path
//             ddb-local serves, and the response parsed back;
//   http      OpenHttpClient against a ddb-local this fixture starts for the case (in memory,
//             --virtual-clock, a port of its own choosing), over SigV4, the connection pool
//             and the x-amz-crc32 check, with retries off so that every error is seen as sent.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ddbemu/embedded_client.h"
#include "ddbemu/version.h"
#include "http_client/json_client.h"
#include "loopback/loopback_transport.h"

#ifdef DDB_LOCAL_BIN
#include "ddbemu/http_client.h"
#include "ddbemu/testing/ddb_local_server.h"
#endif

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// Readable failures for the shapes the cases compare whole.
inline void PrintTo(const Capacity& c, std::ostream* os) {
  *os << "{" << c.capacity_units;
  if (c.read_capacity_units) *os << " R" << *c.read_capacity_units;
  if (c.write_capacity_units) *os << " W" << *c.write_capacity_units;
  *os << "}";
}
inline void PrintTo(const ConsumedCapacity& c, std::ostream* os) {
  *os << c.table_name << " ";
  PrintTo(Capacity{c.capacity_units, c.read_capacity_units, c.write_capacity_units}, os);
  if (c.table) {
    *os << " table";
    PrintTo(*c.table, os);
  }
  for (const auto& [name, i] : c.local_secondary_indexes) {
    *os << " lsi " << name;
    PrintTo(i, os);
  }
  for (const auto& [name, i] : c.global_secondary_indexes) {
    *os << " gsi " << name;
    PrintTo(i, os);
  }
}
inline void PrintTo(const ProvisionedThroughput& p, std::ostream* os) {
  *os << "{" << p.read_capacity_units << ", " << p.write_capacity_units << ", inc "
      << p.last_increase_micros << ", dec " << p.last_decrease_micros << ", " << p.decreases_today
      << "}";
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client_test {

// One client, what keeps its database alive, and how to move the database's clock.
struct ClientUnderTest {
  std::unique_ptr<Client> client;
  std::unique_ptr<StreamsClient> streams;  // the same database's DynamoDB Streams API
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
         return ClientUnderTest{MakeEmbeddedClient(*db), MakeEmbeddedStreamsClient(*db),
                                [clock](std::int64_t us) { clock->AdvanceMicros(us); }, db};
       }},
      {"json",
       [] {
         auto clock = std::make_shared<VirtualClock>();
         std::shared_ptr<Database> db = OpenTestDatabase(clock);
         return ClientUnderTest{
             http_client::MakeHttpClient(http_client::MakeLoopbackTransport(*db)),
             http_client::MakeHttpStreamsClient(http_client::MakeLoopbackTransport(*db)),
             [clock](std::int64_t us) { clock->AdvanceMicros(us); }, db};
       }},
#ifdef DDB_LOCAL_BIN
      {"http",
       [] {
         auto server = std::make_shared<testing::DdbLocalServer>(
             DDB_LOCAL_BIN, std::vector<std::string>{"-inMemory", "--virtual-clock"});
         EXPECT_TRUE(server->started());
         const HttpClientOptions options{.endpoint = server->url(),
                                         .region = "us-east-1",
                                         .credentials = AwsCredentials{"AKIDCONFORMANCE", "secret"},
                                         .max_attempts = 1};
         auto client = OpenHttpClient(options);
         EXPECT_TRUE(client.ok());
         auto streams = OpenHttpStreamsClient(options);
         EXPECT_TRUE(streams.ok());
         return ClientUnderTest{std::move(client).value(), std::move(streams).value(),
                                [server](std::int64_t us) {
                                  ASSERT_TRUE(server->AdvanceClock(std::chrono::microseconds(us)));
                                },
                                server};
       }},
#endif
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
    streams_ = under_test_.streams.get();
  }
  void TearDown() override {
    under_test_.client.reset();  // before the database it may point into
    under_test_.streams.reset();
  }
  bool embedded() const { return GetParam().name == "embedded"; }
  void AdvanceSeconds(double s) {
    under_test_.advance_clock(static_cast<std::int64_t>(s * 1'000'000));
  }

  ClientUnderTest under_test_;
  Client* client_ = nullptr;
  StreamsClient* streams_ = nullptr;
};

// An error's type and message, for cases that assert both (the same on every path).
#define DDB_EXPECT_API_ERROR(result, expected_code, expected_message)                  \
  do {                                                                                 \
    ASSERT_FALSE((result).ok()) << "expected " << (expected_message);                  \
    EXPECT_EQ((result).error().code(), (expected_code)) << (result).error().message(); \
    EXPECT_EQ((result).error().message(), (expected_message));                         \
  } while (0)

#define DDB_INSTANTIATE_CLIENT_SUITE(Suite)                                               \
  INSTANTIATE_TEST_SUITE_P(Clients, Suite,                                                \
                           ::testing::ValuesIn(::ddbemu::client_test::ClientFactories()), \
                           [](const auto& info) { return info.param.name; })

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::client_test
