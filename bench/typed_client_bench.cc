// The typed in-process path (ddbemu::Client, embedded) against its honest floor: raw LMDB
// reading the very entries the emulator stored. One data directory is written once (100
// partitions of 100 HR employee items); the floor benchmarks open it with LMDB's C API alone,
// read the stored keys back from the emulator's "data" database and look them up; the typed
// benchmarks open it as a Database and ask for the same items.
//
// The floor is held to what a typed call must do at least: look up the full stored key (keyspace
// prefix included), in a renewed read transaction, and copy each whole value out of the map
// (a typed response owns its items; LMDB's bytes die with the transaction). A setup check
// (FloorReadsWhatTypedReads) decodes the bytes the floor copies and compares them with what the
// typed calls return, so the two sides provably read the same entries.
//
//   build/bench/ddbemu_bench --benchmark_filter='Typed|Floor'
//   bench/typed_vs_floor.sh build   (the same ratios in instructions, counted by callgrind)
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
#include "employee_table.h"
#include "value/item_codec.h"

namespace {

constexpr int kPartitions = 100;
constexpr int kPerPartition = 100;

using bench::Emp;
using bench::Org;
using bench::S;

ddbemu::Options DataDirOptions(const std::string& path) {
  ddbemu::Options options;
  options.path = path;
  options.durability = ddbemu::Durability::kNone;
  options.throttle = false;                       // the floor has no admission either
  options.map_size_bytes = std::size_t{1} << 30;  // small enough to run under valgrind
  return options;
}

// Writes the data directory once per process and returns its path.
const std::string& DataDir() {
  static const std::string dir = [] {
    auto path =
        std::filesystem::temp_directory_path() / ("ddbemu-typed-bench-" + std::to_string(getpid()));
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
    std::atexit([] {
      std::filesystem::remove_all(std::filesystem::temp_directory_path() /
                                  ("ddbemu-typed-bench-" + std::to_string(getpid())));
    });
    auto db = ddbemu::Database::Open(DataDirOptions(path.string()));
    if (!db.ok()) std::abort();
    auto client = ddbemu::MakeEmbeddedClient(**db);
    bench::SeedEmployeeTable(*client, kPartitions, kPerPartition);
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
    mdb_env_set_mapsize(env, std::size_t{1} << 30);
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
    // Only the items live in "data" (no index here), so entry n*100 starts partition n.
    if (keys.size() != static_cast<std::size_t>(kPartitions * kPerPartition)) std::abort();
  }
  ~RawLmdb() { mdb_env_close(env); }
};

// The setup check: every entry the floor reads decodes to the item the typed GetItem returns
// for its key, and each run of 100 entries the cursor walk reads is, in order, the items the
// typed Query returns for that partition. Aborts otherwise. Runs once, before the floors.
void CheckFloorReadsWhatTypedReads() {
  static const bool checked = [] {
    std::vector<ddbemu::Item> stored;  // in the floor's key order
    {
      RawLmdb raw;
      MDB_txn* txn = nullptr;
      mdb_txn_begin(raw.env, nullptr, MDB_RDONLY, &txn);
      for (const std::string& key : raw.keys) {
        MDB_val k{key.size(), const_cast<char*>(key.data())};
        MDB_val v;
        if (mdb_get(txn, raw.data, &k, &v) != 0) std::abort();
        ddbemu::Item item;
        if (!ddbemu::itemcodec::DecodeItem({static_cast<const char*>(v.mv_data), v.mv_size}, &item))
          std::abort();
        stored.push_back(std::move(item));
      }
      mdb_txn_abort(txn);
    }
    auto db = ddbemu::Database::Open(DataDirOptions(DataDir()));
    if (!db.ok()) std::abort();
    auto client = ddbemu::MakeEmbeddedClient(**db);
    for (const ddbemu::Item& item : stored) {
      auto got = client->GetItem({.table_name = bench::kEmployeeTable,
                                  .key = {{"PK", *item.get("PK")}, {"SK", *item.get("SK")}}});
      if (!got.ok() || !got->item || *got->item != item) std::abort();
    }
    for (std::size_t first = 0; first < stored.size(); first += kPerPartition) {
      auto got =
          client->Query({.table_name = bench::kEmployeeTable,
                         .key_condition_expression = "PK = :pk",
                         .expression_attribute_values = {{":pk", *stored[first].get("PK")}}});
      if (!got.ok() || got->items.size() != static_cast<std::size_t>(kPerPartition)) std::abort();
      for (int n = 0; n < kPerPartition; ++n) {
        if (got->items[n] != stored[first + n]) std::abort();
      }
    }
    return true;
  }();
  benchmark::DoNotOptimize(checked);
}

// One read transaction (renewed, as the emulator's pooled readers are), one mdb_get of a
// stored item key and a copy of the whole value. Not inlined, so that a callgrind run can count
// the floor's instructions per read (--toggle-collect='*FloorGet*') as it counts the typed
// call's (--toggle-collect='*EmbeddedClient::GetItem(*').
[[gnu::noinline]] std::string FloorGet(MDB_txn* reader, MDB_dbi dbi, const std::string& key) {
  mdb_txn_renew(reader);
  MDB_val k{key.size(), const_cast<char*>(key.data())};
  MDB_val v;
  if (mdb_get(reader, dbi, &k, &v) != 0) std::abort();
  std::string value(static_cast<const char*>(v.mv_data), v.mv_size);
  mdb_txn_reset(reader);
  return value;
}

void BM_FloorLmdbGet(benchmark::State& state) {
  CheckFloorReadsWhatTypedReads();
  RawLmdb raw;
  MDB_txn* reader = nullptr;
  mdb_txn_begin(raw.env, nullptr, MDB_RDONLY, &reader);
  mdb_txn_reset(reader);
  std::size_t i = 0;
  for (auto _ : state) {
    std::string value = FloorGet(reader, raw.data, raw.keys[(i++ * 7919) % raw.keys.size()]);
    benchmark::DoNotOptimize(value);
  }
  mdb_txn_abort(reader);
}
BENCHMARK(BM_FloorLmdbGet);

// One read transaction and a cursor walk over one partition's 100 consecutive entries,
// copying each whole value out into a vector, as a Query response holds its items.
// callgrind: --toggle-collect='*FloorWalk100*' against '*EmbeddedClient::Query(*'.
[[gnu::noinline]] std::vector<std::string> FloorWalk100(MDB_txn* reader, MDB_dbi dbi,
                                                        const std::string& first) {
  std::vector<std::string> values;
  values.reserve(kPerPartition);
  mdb_txn_renew(reader);
  MDB_cursor* cursor = nullptr;
  mdb_cursor_open(reader, dbi, &cursor);
  MDB_val k{first.size(), const_cast<char*>(first.data())};
  MDB_val v;
  int rc = mdb_cursor_get(cursor, &k, &v, MDB_SET_RANGE);
  for (int n = 0; n < kPerPartition; ++n) {
    if (rc != 0) std::abort();
    values.emplace_back(static_cast<const char*>(v.mv_data), v.mv_size);
    rc = mdb_cursor_get(cursor, &k, &v, MDB_NEXT);
  }
  mdb_cursor_close(cursor);
  mdb_txn_reset(reader);
  return values;
}

void BM_FloorCursorWalk100(benchmark::State& state) {
  CheckFloorReadsWhatTypedReads();
  RawLmdb raw;
  MDB_txn* reader = nullptr;
  mdb_txn_begin(raw.env, nullptr, MDB_RDONLY, &reader);
  mdb_txn_reset(reader);
  std::size_t partition = 0;
  for (auto _ : state) {
    auto values =
        FloorWalk100(reader, raw.data, raw.keys[(partition++ % kPartitions) * kPerPartition]);
    benchmark::DoNotOptimize(values);
  }
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
      requests.push_back(
          {.table_name = bench::kEmployeeTable, .key = {{"PK", S(Org(p))}, {"SK", S(Emp(i))}}});
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
    auto response =
        client->Query({.table_name = bench::kEmployeeTable,
                       .key_condition_expression = "PK = :pk",
                       .expression_attribute_values = {
                           {":pk", S(Org(static_cast<int>(partition++ % kPartitions)))}}});
    if (!response.ok() || response->count != kPerPartition) std::abort();
    benchmark::DoNotOptimize(response);
  }
}
BENCHMARK(BM_TypedQuery100);

}  // namespace
