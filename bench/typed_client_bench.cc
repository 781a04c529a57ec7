// The typed in-process path (ddbemu::Client, embedded) against its honest floor: raw LMDB
// reading the very entries the emulator stored. One data directory is written once (100
// partitions of 100 HR employee items); the floor benchmarks open it with LMDB's C API alone,
// read the stored keys back from the emulator's "data" database and look them up; the typed
// benchmarks open it as a Database and ask for the same items.
//
//   build/bench/ddbemu_bench --benchmark_filter='Typed|Floor'
//
// Ratios to report: BM_TypedGetItem / BM_FloorLmdbGet (target <= 3x) and
// BM_TypedQuery100 / BM_FloorCursorWalk100 (target <= 5x).
#include <benchmark/benchmark.h>
#include <lmdb.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "ddbemu/database.h"
#include "ddbemu/embedded_client.h"

namespace {

constexpr int kPartitions = 100;
constexpr int kPerPartition = 100;

ddbemu::AttributeValue S(std::string s) { return ddbemu::AttributeValue::S(std::move(s)); }

std::string Org(int p) { return "ORG#" + std::to_string(1000 + p); }
std::string Emp(int i) { return "EMP#" + std::to_string(100000 + i); }

ddbemu::Options DataDirOptions(const std::string& path) {
  ddbemu::Options options;
  options.path = path;
  options.durability = ddbemu::Durability::kNone;
  options.throttle = false;  // the floor has no admission either
  return options;
}

// Writes the data directory once per process and returns its path.
const std::string& DataDir() {
  static const std::string dir = [] {
    auto path = std::filesystem::temp_directory_path() /
                ("ddbemu-typed-bench-" + std::to_string(getpid()));
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
    std::atexit([] {
      std::filesystem::remove_all(std::filesystem::temp_directory_path() /
                                  ("ddbemu-typed-bench-" + std::to_string(getpid())));
    });
    auto db = ddbemu::Database::Open(DataDirOptions(path.string()));
    if (!db.ok()) std::abort();
    auto client = ddbemu::MakeEmbeddedClient(**db);
    auto created = client->CreateTable(
        {.table_name = "acme-hr",
         .attribute_definitions = {{"PK", ddbemu::ScalarAttributeType::kS},
                                   {"SK", ddbemu::ScalarAttributeType::kS}},
         .key_schema = {{"PK", ddbemu::KeyType::kHash}, {"SK", ddbemu::KeyType::kRange}},
         .billing_mode = ddbemu::BillingMode::kPayPerRequest});
    if (!created.ok()) std::abort();
    for (int p = 0; p < kPartitions; ++p) {
      for (int i = 0; i < kPerPartition; ++i) {
        ddbemu::Item item{{"PK", S(Org(p))},
                          {"SK", S(Emp(i))},
                          {"firstName", S("Ada")},
                          {"lastName", S("Lovelace")},
                          {"email", S("ada" + std::to_string(p * kPerPartition + i) + "@x.org")},
                          {"role", S("employee")},
                          {"status", S("active")},
                          {"version", ddbemu::AttributeValue::N("1")}};
        if (!client->PutItem({.table_name = "acme-hr", .item = std::move(item)}).ok()) std::abort();
      }
    }
    return path.string();
  }();
  return dir;
}

// ---- the floor: LMDB alone, on the emulator's own entries ----------------------------------

struct RawLmdb {
  MDB_env* env = nullptr;
  MDB_dbi data = 0;
  std::vector<std::string> keys;  // every stored entry of the data database, in key order

  RawLmdb() {
    const std::string& dir = DataDir();
    mdb_env_create(&env);
    mdb_env_set_maxdbs(env, 8);
    mdb_env_set_mapsize(env, std::size_t{64} << 30);
    if (mdb_env_open(env, dir.c_str(), MDB_NOTLS | MDB_RDONLY, 0644) != 0) std::abort();
    MDB_txn* txn = nullptr;
    mdb_txn_begin(env, nullptr, MDB_RDONLY, &txn);
    if (mdb_dbi_open(txn, "data", 0, &data) != 0) std::abort();
    MDB_cursor* cursor = nullptr;
    mdb_cursor_open(txn, data, &cursor);
    MDB_val k, v;
    for (int rc = mdb_cursor_get(cursor, &k, &v, MDB_FIRST); rc == 0;
         rc = mdb_cursor_get(cursor, &k, &v, MDB_NEXT)) {
      keys.emplace_back(static_cast<const char*>(k.mv_data), k.mv_size);
    }
    mdb_cursor_close(cursor);
    mdb_txn_commit(txn);  // keeps the DBI handle open for later transactions (abort would not)
    if (keys.size() < static_cast<std::size_t>(kPartitions * kPerPartition)) std::abort();
  }
  ~RawLmdb() { mdb_env_close(env); }
};

// One read transaction (renewed, as the emulator's pooled readers are) and one mdb_get of a
// stored item key, touching the value's bytes.
void BM_FloorLmdbGet(benchmark::State& state) {
  RawLmdb raw;
  MDB_txn* reader = nullptr;
  mdb_txn_begin(raw.env, nullptr, MDB_RDONLY, &reader);
  mdb_txn_reset(reader);
  std::size_t i = 0;
  std::uint64_t sum = 0;
  for (auto _ : state) {
    mdb_txn_renew(reader);
    const std::string& key = raw.keys[(i++ * 7919) % raw.keys.size()];
    MDB_val k{key.size(), const_cast<char*>(key.data())};
    MDB_val v;
    if (mdb_get(reader, raw.data, &k, &v) != 0) std::abort();
    sum += static_cast<const unsigned char*>(v.mv_data)[v.mv_size - 1];
    mdb_txn_reset(reader);
  }
  benchmark::DoNotOptimize(sum);
  mdb_txn_abort(reader);
}
BENCHMARK(BM_FloorLmdbGet);

// One read transaction and a cursor walk over one partition's 100 consecutive entries,
// touching each value.
void BM_FloorCursorWalk100(benchmark::State& state) {
  RawLmdb raw;
  MDB_txn* reader = nullptr;
  mdb_txn_begin(raw.env, nullptr, MDB_RDONLY, &reader);
  mdb_txn_reset(reader);
  std::size_t partition = 0;
  std::uint64_t sum = 0;
  for (auto _ : state) {
    mdb_txn_renew(reader);
    MDB_cursor* cursor = nullptr;
    mdb_cursor_open(reader, raw.data, &cursor);
    const std::string& first = raw.keys[(partition++ % kPartitions) * kPerPartition];
    MDB_val k{first.size(), const_cast<char*>(first.data())};
    MDB_val v;
    int rc = mdb_cursor_get(cursor, &k, &v, MDB_SET_RANGE);
    for (int n = 0; n < kPerPartition; ++n) {
      if (rc != 0) std::abort();
      sum += static_cast<const unsigned char*>(v.mv_data)[v.mv_size - 1];
      rc = mdb_cursor_get(cursor, &k, &v, MDB_NEXT);
    }
    mdb_cursor_close(cursor);
    mdb_txn_reset(reader);
  }
  benchmark::DoNotOptimize(sum);
  mdb_txn_abort(reader);
}
BENCHMARK(BM_FloorCursorWalk100);

// ---- the typed path on the same directory ----------------------------------------------------

void BM_TypedGetItem(benchmark::State& state) {
  auto db = ddbemu::Database::Open(DataDirOptions(DataDir()));
  if (!db.ok()) std::abort();
  auto client = ddbemu::MakeEmbeddedClient(**db);
  std::vector<ddbemu::GetItemRequest> requests;
  for (int p = 0; p < kPartitions; ++p) {
    for (int i = 0; i < kPerPartition; ++i)
      requests.push_back({.table_name = "acme-hr", .key = {{"PK", S(Org(p))}, {"SK", S(Emp(i))}}});
  }
  std::size_t i = 0;
  for (auto _ : state) {
    auto response = client->GetItem(requests[(i++ * 7919) % requests.size()]);
    if (!response.ok() || !response->item) std::abort();
    benchmark::DoNotOptimize(response);
  }
}
BENCHMARK(BM_TypedGetItem);

void BM_TypedQuery100(benchmark::State& state) {
  auto db = ddbemu::Database::Open(DataDirOptions(DataDir()));
  if (!db.ok()) std::abort();
  auto client = ddbemu::MakeEmbeddedClient(**db);
  std::size_t partition = 0;
  for (auto _ : state) {
    auto response = client->Query({.table_name = "acme-hr",
                                   .key_condition_expression = "PK = :pk",
                                   .expression_attribute_values = {
                                       {":pk", S(Org(static_cast<int>(partition++ % kPartitions)))}}});
    if (!response.ok() || response->count != kPerPartition) std::abort();
    benchmark::DoNotOptimize(response);
  }
}
BENCHMARK(BM_TypedQuery100);

}  // namespace
