// What a whole-database snapshot and its restore cost (Database::Snapshot, Database::Restore;
// docs/testing.md, "Snapshots"): a table of 100,000 items of about 200 bytes with one GSI, in
// memory. The restore copies LMDB's records back in key order (MDB_APPEND); loading the same items
// again through BatchWriteItem — what a test suite without snapshots does, after restarting its
// server — is measured beside it.
//
//   build/bench/ddbemu_bench --benchmark_filter=Snapshot
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <memory>
#include <string>

#include "ddbemu/database.h"

namespace {

constexpr int kItems = 100'000;

std::unique_ptr<ddbemu::Database> OpenEmpty() {
  ddbemu::Options options;
  options.in_memory = true;
  options.durability = ddbemu::Durability::kNone;
  options.throttle = false;  // the load is not what is measured
  auto db = ddbemu::Database::Open(options);
  if (!db.ok()) std::abort();
  return std::move(db).value();
}

void CreateTable(ddbemu::Database& db) {
  auto created = db.Call("CreateTable", R"({"TableName":"employees","BillingMode":"PAY_PER_REQUEST",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
        {"AttributeName":"sk","AttributeType":"S"},{"AttributeName":"email","AttributeType":"S"}],
      "GlobalSecondaryIndexes":[{"IndexName":"byEmail",
        "KeySchema":[{"AttributeName":"email","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}]})");
  if (created.http_status != 200) std::abort();
}

// Items [from, from + 25) as one BatchWriteItem: an HR employee of about 200 bytes each.
std::string Batch(int from) {
  std::string body = R"({"RequestItems":{"employees":[)";
  for (int i = from; i < from + 25; ++i) {
    if (i > from) body += ',';
    const std::string n = std::to_string(i);
    body += R"({"PutRequest":{"Item":{"pk":{"S":"ORG#)" + std::to_string(i % 500) +
            R"("},"sk":{"S":"EMP#)" + n + R"("},"email":{"S":"employee)" + n +
            R"(@example.com"},"name":{"S":"Ada Lovelace"},"title":{"S":"Senior Engineer"},)" +
            R"("department":{"S":"Research and Development"},"salary":{"N":"123456"},)" +
            R"("active":{"BOOL":true},"started":{"S":"2021-03-04T05:06:07Z"}}}})";
  }
  return body + "]}}";
}

void Load(ddbemu::Database& db) {
  for (int i = 0; i < kItems; i += 25) {
    if (db.Call("BatchWriteItem", Batch(i)).http_status != 200) std::abort();
  }
}

// The database every benchmark below starts from, loaded once.
ddbemu::Database& Loaded() {
  static std::unique_ptr<ddbemu::Database> db = [] {
    auto opened = OpenEmpty();
    CreateTable(*opened);
    Load(*opened);
    if (!opened->Snapshot("loaded").ok()) std::abort();
    return opened;
  }();
  return *db;
}

void BM_SnapshotRestore100kItems(benchmark::State& state) {
  ddbemu::Database& db = Loaded();
  for (auto _ : state) {
    if (!db.Restore("loaded").ok()) std::abort();
  }
  state.SetItemsProcessed(state.iterations() * kItems);
  auto listed = db.ListSnapshots();
  if (listed.ok() && !listed->empty()) {
    state.counters["snapshot_MiB"] = static_cast<double>((*listed)[0].size_bytes) / (1 << 20);
  }
}
BENCHMARK(BM_SnapshotRestore100kItems)->Unit(benchmark::kMillisecond)->MinTime(2.0);

void BM_SnapshotTake100kItems(benchmark::State& state) {
  ddbemu::Database& db = Loaded();
  for (auto _ : state) {
    if (!db.Snapshot("again").ok()) std::abort();
  }
  state.SetItemsProcessed(state.iterations() * kItems);
}
BENCHMARK(BM_SnapshotTake100kItems)->Unit(benchmark::kMillisecond)->MinTime(2.0);

// The alternative a snapshot replaces: drop everything and put the 100,000 items again.
void BM_SnapshotReloadByBatchWrite100kItems(benchmark::State& state) {
  ddbemu::Database& db = Loaded();
  for (auto _ : state) {
    if (!db.Reset().ok()) std::abort();
    CreateTable(db);
    Load(db);
  }
  state.SetItemsProcessed(state.iterations() * kItems);
  if (!db.Restore("loaded").ok()) std::abort();
}
BENCHMARK(BM_SnapshotReloadByBatchWrite100kItems)->Unit(benchmark::kMillisecond)->Iterations(2);

}  // namespace
