// Heap allocations per request on the JSON path, so that a change that adds allocations to the
// hot path shows as a number, not as a few percent of noise in a throughput figure. Each
// operation is measured twice: through Database::Call (JSON body in, JSON body out) and
// through the server's RequestRouter::Route (the HTTP reply ddb-local builds around it: request
// id, CRC32, headers), which is what a request costs ddb-local minus the socket and the HTTP
// parser. The counters are per request: `allocs` (malloc, calloc and realloc calls, which
// operator new reaches too) and `bytes` allocated.
//
//   build/bench/alloc_count_bench
//
// This binary replaces malloc for itself only (the counting wrappers below forward to glibc's
// own entry points), which is why it is separate from ddbemu_bench.
#include <arpa/inet.h>
#include <benchmark/benchmark.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/database.h"
#include "server/http_server.h"
#include "server/request_router.h"

extern "C" {
void* __libc_malloc(std::size_t size);
void* __libc_calloc(std::size_t n, std::size_t size);
void* __libc_realloc(void* p, std::size_t size);
}

namespace {

std::atomic<std::uint64_t> g_allocs{0};
std::atomic<std::uint64_t> g_bytes{0};

void Count(std::size_t bytes) {
  g_allocs.fetch_add(1, std::memory_order_relaxed);
  g_bytes.fetch_add(bytes, std::memory_order_relaxed);
}

}  // namespace

// glibc's malloc is interposable: these definitions take precedence over libc's for every
// caller in the process (libstdc++'s operator new, rapidjson, LMDB), and free stays libc's.
extern "C" void* malloc(std::size_t size) {
  Count(size);
  return __libc_malloc(size);
}
extern "C" void* calloc(std::size_t n, std::size_t size) {
  Count(n * size);
  return __libc_calloc(n, size);
}
extern "C" void* realloc(void* p, std::size_t size) {
  Count(size);
  return __libc_realloc(p, size);
}

namespace {

constexpr int kOrgs = 20;
// The caller of every call, as the router derives it from the Authorization header below (the
// access key names the caller's tables, as DynamoDB Local keeps them).
const ddbemu::RequestContext kCaller{"hrbench"};
constexpr int kEmployeesPerOrg = 50;

// A table of the HR schema's shape (docs/hr-schema.md): PK/SK strings, items of about ten
// attributes as hrcore writes employees.
std::unique_ptr<ddbemu::Database> OpenSeeded() {
  ddbemu::Options options;
  options.in_memory = true;
  options.durability = ddbemu::Durability::kNone;
  options.throttle = false;
  options.audit = true;  // as ddb-local runs
  auto db = ddbemu::Database::Open(options);
  if (!db.ok()) {
    std::fprintf(stderr, "open: %s\n", db.error().message().c_str());
    std::abort();
  }
  auto created = (*db)->Call("CreateTable", R"({"TableName":"hrb",
      "KeySchema":[{"AttributeName":"PK","KeyType":"HASH"},{"AttributeName":"SK","KeyType":"RANGE"}],
      "AttributeDefinitions":[{"AttributeName":"PK","AttributeType":"S"},{"AttributeName":"SK","AttributeType":"S"}],
      "BillingMode":"PAY_PER_REQUEST"})",
                             kCaller);
  if (created.http_status != 200) {
    std::fprintf(stderr, "CreateTable: %s\n", created.body.c_str());
    std::abort();
  }
  return std::move(db).value();
}

std::string EmployeeItem(int org, int employee) {
  const std::string o = std::to_string(org), e = std::to_string(employee);
  return R"({"PK":{"S":"ORG#)" + o + R"("},"SK":{"S":"EMP#)" + e +
         R"("},"EntityType":{"S":"Employee"},"EmployeeId":{"S":")" + e +
         R"("},"Name":{"S":"Ada Lovelace"},"Email":{"S":"ada)" + e +
         R"(@example.com"},"DepartmentId":{"S":"D1"},"Title":{"S":"Engineer"},"Salary":{"N":"120000"},"Active":{"BOOL":true},"HiredAt":{"S":"2024-01-01T00:00:00Z"}})";
}

std::string PutBody(int org, int employee) {
  return R"({"TableName":"hrb","Item":)" + EmployeeItem(org, employee) + "}";
}

std::string GetBody(int org, int employee) {
  return R"({"TableName":"hrb","Key":{"PK":{"S":"ORG#)" + std::to_string(org) +
         R"("},"SK":{"S":"EMP#)" + std::to_string(employee) + R"("}}})";
}

std::string QueryBody(int org) {
  return R"js({"TableName":"hrb","KeyConditionExpression":"PK = :pk AND begins_with(SK, :sk)",)js"
         R"js("ExpressionAttributeValues":{":pk":{"S":"ORG#)js" +
         std::to_string(org) + R"("},":sk":{"S":"EMP#"}},"Limit":10})";
}

std::unique_ptr<ddbemu::Database> OpenWithEmployees() {
  auto db = OpenSeeded();
  for (int org = 0; org < kOrgs; ++org) {
    for (int e = 0; e < kEmployeesPerOrg; ++e) {
      if (db->Call("PutItem", PutBody(org, e), kCaller).http_status != 200) std::abort();
    }
  }
  return db;
}

// Runs `call(i)` per iteration and reports the allocations per call.
template <class Call>
void MeasureAllocs(benchmark::State& state, Call call) {
  std::uint64_t i = 0;
  call(i++);  // warm: first-use caches (schema, expression cache) are not the steady state
  const std::uint64_t allocs0 = g_allocs.load(), bytes0 = g_bytes.load();
  for (auto _ : state) call(i++);
  const double n = static_cast<double>(state.iterations());
  state.counters["allocs"] = static_cast<double>(g_allocs.load() - allocs0) / n;
  state.counters["bytes"] = static_cast<double>(g_bytes.load() - bytes0) / n;
}

// The JSON path.
template <class Body>
void CallPath(benchmark::State& state, const char* operation, bool seed, Body body_of) {
  auto db = seed ? OpenWithEmployees() : OpenSeeded();
  std::vector<std::string> bodies;
  for (int i = 0; i < 256; ++i) bodies.push_back(body_of(i));
  MeasureAllocs(state, [&](std::uint64_t i) {
    ddbemu::Response response = db->Call(operation, bodies[i % bodies.size()], kCaller);
    if (response.http_status != 200) std::abort();
    benchmark::DoNotOptimize(response);
  });
}

// An SDK's Authorization header, of the caller kCaller (its signature is not verified).
const std::string kAuthorization =
    "AWS4-HMAC-SHA256 Credential=hrbench/20260101/us-east-1/dynamodb/aws4_request, "
    "SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=" +
    std::string(64, 'a');

// The server's path: the router with ddb-local's handler, on a request as an SDK sends it.
template <class Body>
void RouterPath(benchmark::State& state, const char* operation, bool seed, Body body_of) {
  auto db = seed ? OpenWithEmployees() : OpenSeeded();
  ddbemu::server::RequestRouter router(
      [&db](std::string_view op, std::string_view body, const ddbemu::RequestContext& context) {
        return db->Call(op, body, context);
      },
      ddbemu::server::CorsPolicy());
  std::vector<std::string> bodies;
  for (int i = 0; i < 256; ++i) bodies.push_back(body_of(i));
  const std::string target = std::string("DynamoDB_20120810.") + operation;
  ddbemu::server::HttpReply reply;  // kept, as a connection keeps it
  MeasureAllocs(state, [&](std::uint64_t i) {
    ddbemu::server::HttpRequestView request;
    request.method = "POST";
    request.target = "/";
    request.content_type = "application/x-amz-json-1.0";
    request.amz_target = target;
    request.authorization = kAuthorization;
    request.body = bodies[i % bodies.size()];
    router.Route(request, reply);
    if (reply.status != 200) {
      std::fprintf(stderr, "%s: %d %s\n", operation, reply.status, reply.body.c_str());
      std::abort();
    }
    benchmark::DoNotOptimize(reply);
  });
}

// The whole server: ddb-local's HttpServer on a loopback socket, one keep-alive connection
// from a client that allocates nothing per request (raw socket calls into fixed buffers), so
// every allocation counted is the server's: Beast's parsing, the router, the operation.
class RawClient {
 public:
  explicit RawClient(std::uint16_t port) {
    fd_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) std::abort();
    int one = 1;
    setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  }
  ~RawClient() { close(fd_); }

  // Sends `request` and reads the whole reply; returns its status code.
  int RoundTrip(std::string_view request) {
    for (std::size_t sent = 0; sent < request.size();) {
      const ssize_t n = send(fd_, request.data() + sent, request.size() - sent, 0);
      if (n <= 0) std::abort();
      sent += static_cast<std::size_t>(n);
    }
    std::size_t have = 0;
    for (;;) {
      const ssize_t n = recv(fd_, buffer_ + have, sizeof buffer_ - have, 0);
      if (n <= 0) std::abort();
      have += static_cast<std::size_t>(n);
      const std::string_view got(buffer_, have);
      const std::size_t end = got.find("\r\n\r\n");
      if (end == std::string_view::npos) continue;
      const std::size_t at = got.find("Content-Length: ");
      if (at == std::string_view::npos || at > end) std::abort();
      const std::size_t length = std::strtoul(buffer_ + at + 16, nullptr, 10);
      if (have < end + 4 + length) continue;
      if (have != end + 4 + length) std::abort();  // one reply per request
      return std::atoi(buffer_ + 9);
    }
  }

 private:
  int fd_ = -1;
  char buffer_[64 * 1024];
};

template <class Body>
void ServerPath(benchmark::State& state, const char* operation, Body body_of) {
  auto db = OpenWithEmployees();
  ddbemu::server::ServerOptions options;
  options.host = "127.0.0.1";
  options.port = 0;
  options.threads = 1;
  auto server = ddbemu::server::HttpServer::Start(
      options,
      [&db](std::string_view op, std::string_view body, const ddbemu::RequestContext& context) {
        return db->Call(op, body, context);
      });
  if (!server.ok()) std::abort();
  std::vector<std::string> requests;
  for (int i = 0; i < 256; ++i) {
    const std::string body = body_of(i);
    requests.push_back(
        std::string("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n") +
        "Content-Type: application/x-amz-json-1.0\r\nX-Amz-Target: DynamoDB_20120810." + operation +
        "\r\nX-Amz-Date: 20260101T000000Z\r\nAuthorization: " + kAuthorization +
        "\r\nUser-Agent: alloc_count_bench\r\nAccept-Encoding: identity\r\n" +
        "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
  }
  auto client = std::make_unique<RawClient>((*server)->port());
  MeasureAllocs(state, [&](std::uint64_t i) {
    if (client->RoundTrip(requests[i % requests.size()]) != 200) std::abort();
  });
}

// A hire as hrcore writes it, in short: the employee and its e-mail's uniqueness item in one
// TransactWriteItems with a ClientRequestToken (so the request's fingerprint is computed).
constexpr std::string_view kTokenDigits = "0000000000";

std::string TransactBody(int org, int employee) {
  const std::string o = std::to_string(org), e = std::to_string(employee);
  return R"({"TransactItems":[{"Put":{"TableName":"hrb","Item":)" + EmployeeItem(org, employee) +
         R"(}},{"Put":{"TableName":"hrb","Item":{"PK":{"S":"EMAIL#ada)" + e +
         R"(@example.com"},"SK":{"S":"EMAIL"},"EmployeeId":{"S":")" + e + R"("},"OrgId":{"S":")" +
         o + R"("}}}}],"ClientRequestToken":"hire-)" + std::string(kTokenDigits) + R"("})";
}

// The transaction path: each call's token is new (written in place, allocating nothing), as
// every hire's is; a repeated token would be answered from the idempotency record instead.
void TransactPath(benchmark::State& state) {
  auto db = OpenWithEmployees();
  std::vector<std::string> bodies;
  for (int i = 0; i < 256; ++i) bodies.push_back(TransactBody(i % kOrgs, i % kEmployeesPerOrg));
  MeasureAllocs(state, [&](std::uint64_t i) {
    std::string& body = bodies[i % bodies.size()];
    const std::size_t at = body.rfind("hire-") + 5;
    char digits[16];
    std::snprintf(digits, sizeof digits, "%010llu", static_cast<unsigned long long>(i));
    body.replace(at, kTokenDigits.size(), digits, kTokenDigits.size());
    ddbemu::Response response = db->Call("TransactWriteItems", body, kCaller);
    if (response.http_status != 200) {
      std::fprintf(stderr, "TransactWriteItems: %s\n", response.body.c_str());
      std::abort();
    }
    benchmark::DoNotOptimize(response);
  });
}

auto Get = [](int i) { return GetBody(i % kOrgs, i % kEmployeesPerOrg); };
auto Query = [](int i) { return QueryBody(i % kOrgs); };
// Overwrites: the table's item count stays fixed.
auto Put = [](int i) { return PutBody(i % kOrgs, i % kEmployeesPerOrg); };

void BM_CallGetItem(benchmark::State& s) { CallPath(s, "GetItem", true, Get); }
void BM_CallQuery10(benchmark::State& s) { CallPath(s, "Query", true, Query); }
void BM_CallPutItem(benchmark::State& s) { CallPath(s, "PutItem", true, Put); }
void BM_CallTransactHire(benchmark::State& s) { TransactPath(s); }
void BM_RouteGetItem(benchmark::State& s) { RouterPath(s, "GetItem", true, Get); }
void BM_RouteQuery10(benchmark::State& s) { RouterPath(s, "Query", true, Query); }
void BM_RoutePutItem(benchmark::State& s) { RouterPath(s, "PutItem", true, Put); }

void BM_ServerGetItem(benchmark::State& s) { ServerPath(s, "GetItem", Get); }
void BM_ServerQuery10(benchmark::State& s) { ServerPath(s, "Query", Query); }
void BM_ServerPutItem(benchmark::State& s) { ServerPath(s, "PutItem", Put); }

BENCHMARK(BM_CallGetItem);
BENCHMARK(BM_CallQuery10);
BENCHMARK(BM_CallPutItem);
BENCHMARK(BM_CallTransactHire);
BENCHMARK(BM_RouteGetItem);
BENCHMARK(BM_RouteQuery10);
BENCHMARK(BM_RoutePutItem);
BENCHMARK(BM_ServerGetItem);
BENCHMARK(BM_ServerQuery10);
BENCHMARK(BM_ServerPutItem);

}  // namespace
