// The floor under a typed GetItem at a given size: raw LMDB point lookups on a ddb-local data
// directory (scale_bench --keep-dirs 1 leaves them), with nothing of ours on the path. It
// samples every k-th key of the data DBI (about 50,000), shuffles them, and times each lookup
// in a renewed read transaction, as the engine's GetItem takes one; two passes, the second
// timed, so both start from the same page-cache state a benchmark's reads see.
//
//   raw_lmdb_get DATA_DIR     prints: entries N depth D sampled S: p50 X us p99 Y us
#include <lmdb.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

struct EnvClose {
  void operator()(MDB_env* env) const { mdb_env_close(env); }
};
struct TxnAbort {
  void operator()(MDB_txn* txn) const { mdb_txn_abort(txn); }
};
struct CursorClose {
  void operator()(MDB_cursor* cursor) const { mdb_cursor_close(cursor); }
};
using Env = std::unique_ptr<MDB_env, EnvClose>;
using Txn = std::unique_ptr<MDB_txn, TxnAbort>;
using Cursor = std::unique_ptr<MDB_cursor, CursorClose>;

int Fail(const char* what, int rc) {
  std::fprintf(stderr, "raw_lmdb_get: %s: %s\n", what, mdb_strerror(rc));
  return 1;
}

Txn BeginRead(MDB_env* env, int* rc) {
  MDB_txn* txn = nullptr;
  *rc = mdb_txn_begin(env, nullptr, MDB_RDONLY, &txn);
  return Txn(*rc == 0 ? txn : nullptr);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: raw_lmdb_get DATA_DIR\n");
    return 2;
  }
  MDB_env* raw_env = nullptr;
  if (int rc = mdb_env_create(&raw_env); rc != 0) return Fail("mdb_env_create", rc);
  Env env(raw_env);
  mdb_env_set_maxdbs(env.get(), 8);
  mdb_env_set_mapsize(env.get(), std::size_t{1} << 40);
  if (int rc = mdb_env_open(env.get(), argv[1], MDB_RDONLY | MDB_NOTLS, 0644); rc != 0)
    return Fail("mdb_env_open", rc);

  // A DBI handle opened in a read transaction outlives it only once that transaction commits.
  int rc = 0;
  MDB_dbi dbi = 0;
  {
    Txn txn = BeginRead(env.get(), &rc);
    if (rc != 0) return Fail("mdb_txn_begin", rc);
    if (rc = mdb_dbi_open(txn.get(), "data", 0, &dbi); rc != 0) return Fail("mdb_dbi_open", rc);
    rc = mdb_txn_commit(txn.release());
    if (rc != 0) return Fail("mdb_txn_commit", rc);
  }

  Txn txn = BeginRead(env.get(), &rc);
  if (rc != 0) return Fail("mdb_txn_begin", rc);
  MDB_stat stat{};
  mdb_stat(txn.get(), dbi, &stat);
  const std::size_t step = std::max<std::size_t>(1, stat.ms_entries / 50'000);
  std::vector<std::string> keys;
  {
    MDB_cursor* raw_cursor = nullptr;
    if (rc = mdb_cursor_open(txn.get(), dbi, &raw_cursor); rc != 0)
      return Fail("mdb_cursor_open", rc);
    Cursor cursor(raw_cursor);
    MDB_val key, value;
    std::size_t i = 0;
    for (rc = mdb_cursor_get(cursor.get(), &key, &value, MDB_FIRST); rc == 0;
         rc = mdb_cursor_get(cursor.get(), &key, &value, MDB_NEXT), ++i)
      if (i % step == 0) keys.emplace_back(static_cast<const char*>(key.mv_data), key.mv_size);
  }
  if (keys.empty()) return Fail("the data DBI", MDB_NOTFOUND);
  std::shuffle(keys.begin(), keys.end(), std::mt19937_64(7));
  mdb_txn_reset(txn.get());

  std::vector<double> micros;
  for (int pass = 0; pass < 2; ++pass) {
    micros.clear();
    for (std::string& k : keys) {
      const auto start = std::chrono::steady_clock::now();
      if (rc = mdb_txn_renew(txn.get()); rc != 0) return Fail("mdb_txn_renew", rc);
      MDB_val key{k.size(), k.data()}, value;
      if (rc = mdb_get(txn.get(), dbi, &key, &value); rc != 0) return Fail("mdb_get", rc);
      mdb_txn_reset(txn.get());
      micros.push_back(
          std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
              .count());
    }
  }
  std::sort(micros.begin(), micros.end());
  std::printf("entries %zu depth %u sampled %zu: p50 %.2f us p99 %.2f us\n", stat.ms_entries,
              stat.ms_depth, keys.size(), micros[micros.size() / 2],
              micros[micros.size() * 99 / 100]);
  return 0;
}
