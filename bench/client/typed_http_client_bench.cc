// The typed HTTP Client (ddbemu/http_client.h) against a ddb-local it starts (throttling off, so
// that the figures are the client's, the transport's and the server's, not the token buckets'):
// GetItem of one small item and a Query of a 100-item partition, one calling thread per pooled
// connection, at 1 and 16 connections. The same shapes as the embedded BM_TypedGetItem and
// BM_TypedQuery100 (typed_client_bench.cc), so the two read side by side.
//
//   build/bench/client_bench --benchmark_filter=Typed
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "ddbemu/http_client.h"
#include "ddbemu/testing/ddb_local_server.h"
#include "employee_table.h"

namespace {

constexpr int kPartitions = 16;
constexpr int kPerPartition = 100;

using bench::Emp;
using bench::Org;
using bench::S;

ddbemu::testing::DdbLocalServer& Server() {
  // Destroyed at exit, which stops the server.
  static ddbemu::testing::DdbLocalServer server(DDB_LOCAL_BIN, {"-inMemory", "--throttle", "off"});
  if (!server.started()) std::abort();
  return server;
}

std::unique_ptr<ddbemu::Client> Open(std::size_t connections) {
  ddbemu::HttpClientOptions o;
  o.endpoint = Server().url();
  o.region = "us-east-1";
  o.credentials = ddbemu::AwsCredentials{"BENCH", "secret", ""};
  o.max_connections = connections;
  o.max_attempts = 1;  // a retry would hide a failure inside a figure
  auto client = ddbemu::OpenHttpClient(std::move(o));
  if (!client.ok()) std::abort();
  return std::move(client).value();
}

void Seed(ddbemu::Client& client) { bench::SeedEmployeeTable(client, kPartitions, kPerPartition); }

// One client per pool size, shared by the benchmark's threads; the first one seeds the table.
ddbemu::Client& ClientWith(std::size_t connections) {
  static std::mutex mutex;
  static std::map<std::size_t, std::unique_ptr<ddbemu::Client>> clients;
  std::lock_guard lock(mutex);
  auto& slot = clients[connections];
  if (!slot) {
    slot = Open(connections);
    if (clients.size() == 1) Seed(*slot);
  }
  return *slot;
}

void BM_TypedHttpGetItem(benchmark::State& state) {
  ddbemu::Client& client = ClientWith(static_cast<std::size_t>(state.range(0)));
  int i = state.thread_index() * 7919;
  for (auto _ : state) {
    const int n = i++ % (kPartitions * kPerPartition);
    auto r = client.GetItem(
        {.table_name = bench::kEmployeeTable,
         .key = {{"PK", S(Org(n / kPerPartition))}, {"SK", S(Emp(n % kPerPartition))}}});
    if (!r.ok() || !r->item) {
      state.SkipWithError(r.ok() ? "item not found" : r.error().message().c_str());
      break;
    }
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TypedHttpGetItem)->Arg(1)->Threads(1)->UseRealTime();
BENCHMARK(BM_TypedHttpGetItem)->Arg(16)->Threads(16)->UseRealTime();

void BM_TypedHttpQuery100(benchmark::State& state) {
  ddbemu::Client& client = ClientWith(static_cast<std::size_t>(state.range(0)));
  int p = state.thread_index();
  for (auto _ : state) {
    auto r = client.Query({.table_name = bench::kEmployeeTable,
                           .key_condition_expression = "PK = :pk",
                           .expression_attribute_values = {{":pk", S(Org(p++ % kPartitions))}}});
    if (!r.ok() || r->count != kPerPartition) {
      state.SkipWithError(r.ok() ? "short partition" : r.error().message().c_str());
      break;
    }
    benchmark::DoNotOptimize(r);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TypedHttpQuery100)->Arg(1)->Threads(1)->UseRealTime();
BENCHMARK(BM_TypedHttpQuery100)->Arg(16)->Threads(16)->UseRealTime();

}  // namespace
