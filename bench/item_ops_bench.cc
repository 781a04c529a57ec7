// In-process cost of the single-item operations through Database::Call (JSON in, JSON out),
// next to the floor they are measured against: a raw LMDB lookup of a key of the same shape.
//
//   build/bench/ddbemu_bench --benchmark_filter=Item
#include <benchmark/benchmark.h>
#include <lmdb.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "api_json/operation_codecs.h"
#include "ddbemu/database.h"
#include "ddbemu/embedded_client.h"

namespace {

std::unique_ptr<ddbemu::Database> OpenWithTable() {
  ddbemu::Options options;
  options.in_memory = true;
  options.durability = ddbemu::Durability::kNone;
  options.throttle = false;  // measure the operations, not the throttling of a hot benchmark
  auto db = ddbemu::Database::Open(options);
  if (!db.ok()) std::abort();
  auto created = (*db)->Call("CreateTable", R"({"TableName":"bench",
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"S"}],
      "BillingMode":"PAY_PER_REQUEST"})");
  if (created.http_status != 200) std::abort();
  return std::move(db).value();
}

std::string PutBody(int i) {
  return R"({"TableName":"bench","Item":{"pk":{"S":"ORG#)" + std::to_string(i % 100) +
         R"("},"sk":{"S":"EMP#)" + std::to_string(i) +
         R"("},"name":{"S":"Ada Lovelace"},"age":{"N":"36"},"active":{"BOOL":true}}})";
}

std::string GetBody(int i) {
  return R"({"TableName":"bench","Key":{"pk":{"S":"ORG#)" + std::to_string(i % 100) +
         R"("},"sk":{"S":"EMP#)" + std::to_string(i) + R"("}}})";
}

constexpr int kItems = 10000;

void BM_PutItem(benchmark::State& state) {
  auto db = OpenWithTable();
  int i = 0;
  for (auto _ : state) {
    auto response = db->Call("PutItem", PutBody(i++ % kItems));
    benchmark::DoNotOptimize(response);
  }
}
BENCHMARK(BM_PutItem);

void BM_GetItem(benchmark::State& state) {
  auto db = OpenWithTable();
  for (int i = 0; i < kItems; ++i) db->Call("PutItem", PutBody(i));
  std::vector<std::string> bodies;
  for (int i = 0; i < kItems; ++i) bodies.push_back(GetBody(i));
  int i = 0;
  for (auto _ : state) {
    auto response = db->Call("GetItem", bodies[i++ % kItems]);
    benchmark::DoNotOptimize(response);
  }
}
BENCHMARK(BM_GetItem);

// A floor of the same shape: one read transaction, one mdb_get of a ~40-byte key (a 12-byte
// keyspace-and-hash prefix, then the key components, as the emulator's storage key) from an
// environment holding kItems entries, and a copy of the value. The floor held against the
// emulator's own stored entries is BM_FloorLmdbGet (typed_client_bench.cc).
void BM_RawLmdbGet(benchmark::State& state) {
  auto dir = std::filesystem::temp_directory_path() / ("ddbemu-bench-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  MDB_env* env = nullptr;
  mdb_env_create(&env);
  mdb_env_set_mapsize(env, std::size_t{1} << 30);
  mdb_env_open(env, dir.c_str(), MDB_NOSYNC | MDB_NOTLS, 0600);
  MDB_dbi dbi;
  MDB_txn* txn = nullptr;
  mdb_txn_begin(env, nullptr, 0, &txn);
  mdb_dbi_open(txn, nullptr, 0, &dbi);
  std::vector<std::string> keys;
  const std::string value(60, 'v');
  for (int i = 0; i < kItems; ++i) {
    // std::string(literal, 12): the prefix starts with NUL bytes, which a C string would drop.
    keys.push_back(std::string("\x00\x00\x00\x01hashhash", 12) + "ORG#" + std::to_string(i % 100) +
                   std::string("\x00\x01", 2) + "EMP#" + std::to_string(i));
    MDB_val k{keys.back().size(), keys.back().data()};
    MDB_val v{value.size(), const_cast<char*>(value.data())};
    mdb_put(txn, dbi, &k, &v, 0);
  }
  mdb_txn_commit(txn);
  MDB_txn* reader = nullptr;
  mdb_txn_begin(env, nullptr, MDB_RDONLY, &reader);
  mdb_txn_reset(reader);
  int i = 0;
  for (auto _ : state) {
    mdb_txn_renew(reader);
    const std::string& key = keys[i++ % kItems];
    MDB_val k{key.size(), const_cast<char*>(key.data())};
    MDB_val v;
    if (mdb_get(reader, dbi, &k, &v) != 0) std::abort();
    std::string copy(static_cast<const char*>(v.mv_data), v.mv_size);
    mdb_txn_reset(reader);
    benchmark::DoNotOptimize(copy);
  }
  mdb_txn_abort(reader);
  mdb_env_close(env);
  std::filesystem::remove_all(dir);
}
BENCHMARK(BM_RawLmdbGet);

}  // namespace

namespace {

// The typed in-process path (no JSON): what an embedding program pays for a point read.
void BM_GetItemTyped(benchmark::State& state) {
  auto db = OpenWithTable();
  for (int i = 0; i < kItems; ++i) db->Call("PutItem", PutBody(i));
  auto client = ddbemu::MakeEmbeddedClient(*db);
  std::vector<ddbemu::GetItemRequest> requests(kItems);
  for (int i = 0; i < kItems; ++i) {
    requests[i].table_name = "bench";
    requests[i].key["pk"] = ddbemu::AttributeValue::S("ORG#" + std::to_string(i % 100));
    requests[i].key["sk"] = ddbemu::AttributeValue::S("EMP#" + std::to_string(i));
  }
  int i = 0;
  for (auto _ : state) {
    auto response = client->GetItem(requests[i++ % kItems]);
    benchmark::DoNotOptimize(response);
  }
}
BENCHMARK(BM_GetItemTyped);

}  // namespace

namespace {

// What a test fixture pays to get a fresh, empty database (DynamoDB Local: seconds).
void BM_OpenInMemoryDatabase(benchmark::State& state) {
  ddbemu::Options options;
  options.in_memory = true;
  options.durability = ddbemu::Durability::kNone;
  for (auto _ : state) {
    auto db = ddbemu::Database::Open(options);
    if (!db.ok()) std::abort();
    benchmark::DoNotOptimize(db);
  }
}
BENCHMARK(BM_OpenInMemoryDatabase)->Unit(benchmark::kMicrosecond);

}  // namespace
