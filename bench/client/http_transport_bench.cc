// The HTTP transport against a ddb-local it starts (throttling off, so that the benchmark
// measures the transport and the server rather than the token buckets): GetItem as raw JSON,
// one calling thread per pooled connection, at 1 and 16 connections.
//
//   build/bench/client_bench
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <map>
#include <mutex>
#include <string>

#include "ddbemu/testing/ddb_local_server.h"
#include "http_client/transport/http_transport.h"

namespace {

using ddbemu::client::HttpTransport;

ddbemu::testing::DdbLocalServer& Server() {
  // Destroyed at exit, which stops the server.
  static ddbemu::testing::DdbLocalServer server(DDB_LOCAL_BIN, {"-inMemory", "--throttle", "off"});
  if (!server.started()) std::abort();
  return server;
}

// One transport per pool size, with a table holding 100 items.
HttpTransport& Transport(std::size_t connections) {
  static std::mutex mutex;
  static std::map<std::size_t, std::unique_ptr<HttpTransport>> transports;
  std::lock_guard lock(mutex);
  auto& slot = transports[connections];
  if (!slot) {
    ddbemu::client::HttpTransportOptions o;
    o.endpoint = Server().url();
    o.region = "us-east-1";
    o.credentials = ddbemu::client::Credentials{"BENCH", "secret", ""};
    o.max_connections = connections;
    auto t = HttpTransport::Create(std::move(o));
    if (!t.ok()) std::abort();
    slot = std::move(*t);
    if (transports.size() == 1) {
      (void)slot->Call("CreateTable", R"({"TableName":"bench","BillingMode":"PAY_PER_REQUEST",
          "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
          "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})");
      for (int i = 0; i < 100; ++i) {
        if (!slot->Call("PutItem", R"({"TableName":"bench","Item":{"pk":{"S":"k)" +
                                       std::to_string(i) +
                                       R"("},"name":{"S":"Ada Lovelace"},"age":{"N":"36"}}})")
                 .ok()) {
          std::abort();
        }
      }
    }
  }
  return *slot;
}

void BM_HttpGetItem(benchmark::State& state) {
  HttpTransport& t = Transport(static_cast<std::size_t>(state.range(0)));
  int i = state.thread_index() * 7;
  for (auto _ : state) {
    const std::string body =
        R"({"TableName":"bench","Key":{"pk":{"S":"k)" + std::to_string(i++ % 100) + R"("}}})";
    auto r = t.Call("GetItem", body);
    if (!r.ok()) {
      state.SkipWithError(r.error().message().c_str());
      break;
    }
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations());
  if (state.thread_index() == 0) {
    state.counters["connections_opened"] = static_cast<double>(t.connections_opened());
  }
}
BENCHMARK(BM_HttpGetItem)->Arg(1)->Threads(1)->UseRealTime();
BENCHMARK(BM_HttpGetItem)->Arg(16)->Threads(16)->UseRealTime();

}  // namespace
