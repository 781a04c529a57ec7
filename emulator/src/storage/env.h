// Env: one LMDB environment — the storage of one database (docs/architecture.md "Storage on LMDB").
//
// It owns the directory (a data directory, or for in-memory mode a private temporary one that
// is removed when the Env closes), the three named databases every other storage class
// uses, and a pool of idle read transactions that makes BeginRead() cheap.
//
//   catalog  table schemas by (namespace, table name)             — catalog.h
//   data     base items and index entries, by key space            — item_store.h
//   meta     counters and per-key-space statistics                 — meta_keys.h
//
// Thread-safe: any thread may begin transactions. LMDB allows one environment per path per
// process; opening the same path twice in one process is not supported (the caller, Database,
// owns the one Env).
#pragma once

#include <lmdb.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/error.h"
#include "ddbemu/options.h"
#include "ddbemu/version.h"
#include "storage/txn.h"
#include "sync/mutex.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {

struct EnvOptions {
  // Data directory, created (with parents) if missing. Ignored when in_memory is true.
  std::string path;
  // Use a private temporary directory, removed when the Env closes; implies no fsync.
  bool in_memory = false;
  // kFsync: a commit is on disk when Commit() returns. kNone: MDB_NOSYNC|MDB_NOMETASYNC,
  // a commit survives a crash of the process but not of the machine.
  Durability durability = Durability::kFsync;
  // Upper bound of the memory map, i.e. of the database size (MDB_MAP_FULL beyond it).
  std::size_t map_size_bytes = std::size_t{64} << 30;
  // LMDB reader slots: the most read transactions (live or pooled) at one time. Each thread
  // of a server's pool holds at most one or two.
  unsigned max_readers = 1024;
  // Bytes free on the file system holding `dir`, or nullopt when unknown. In-memory databases
  // write into their map directly (MDB_WRITEMAP), where a full file system is a SIGBUS rather
  // than an error; BeginWrite asks this before the database grows into the last free space.
  // Defaults to statvfs(2); tests pass their own.
  std::function<std::optional<std::uint64_t>(const std::string& dir)> free_space;
};

// Bytes a write transaction may still add after the room check passed. A
// TransactWriteItems of 100 items of 400 KB, with its index entries, stays well below it.
inline constexpr std::uint64_t kWriteHeadroomBytes = std::uint64_t{64} << 20;

class Env {
 public:
  // Opens (creating if needed) the environment and its named databases. Fails with an
  // InternalServerError naming the path when the directory cannot be created or used, or
  // when it holds a database of an unknown storage format.
  static Result<std::unique_ptr<Env>> Open(const EnvOptions& options);

  // Closes the environment; removes the directory in in-memory mode. Every transaction must
  // have ended before (asserted in debug builds).
  ~Env();
  Env(const Env&) = delete;
  Env& operator=(const Env&) = delete;

  // A snapshot of the latest committed state. Reuses a pooled handle when one is idle.
  // Fails only on an LMDB error (e.g. MDB_READERS_FULL when max_readers are all in use).
  Result<ReadTxn> BeginRead();
  // The write transaction. Blocks while another WriteTxn of this Env is live (LMDB has one
  // writer): a thread must not begin a second WriteTxn while it holds one.
  Result<WriteTxn> BeginWrite();

  Dbi catalog_dbi() const { return catalog_; }
  Dbi data_dbi() const { return data_; }
  Dbi meta_dbi() const { return meta_; }

  // The directory the environment lives in (the temporary one in in-memory mode).
  const std::string& path() const { return path_; }
  bool in_memory() const { return in_memory_; }
  std::size_t map_size_bytes() const { return map_size_bytes_; }

  // Flushes committed writes to disk even under Durability::kNone (e.g. at clean shutdown).
  Status Sync();

  // ---- Whole-database copies (storage/env_copy.cc; Database::Snapshot and Restore) ----
  // Writes the latest committed state to `file` as a compacted LMDB file (mdb_env_copyfd2 with
  // MDB_CP_COMPACT: the pages in use, renumbered, without the free ones), first under a temporary
  // name beside it, then renamed over `file`, so that `file` is never half written. Writers go on
  // meanwhile: the copy is of the one snapshot its read transaction sees. Under kFsync the file
  // is on disk before this returns. Fails with InternalServerError naming the file.
  Status CopyTo(const std::string& file) const;
  // Makes `txn` replace everything this environment holds by the records of `copy` (a file
  // CopyTo wrote; null: nothing, an empty database): the three named databases are emptied and
  // refilled from the copy's in key order (MDB_APPEND, which fills each page once, with no
  // search). Nothing is decoded. The format version of the copy must be this build's; the
  // caller fixes up what must not go back (Catalog::KeepCounters) and commits. Readers see the
  // old state until the commit and the new one after it, never a mix.
  class Copy;
  Status ReplaceContents(WriteTxn& txn, const Copy* copy);

 private:
  friend class ReadTxn;
  friend class WriteTxn;
  Env(MDB_env* env, std::string path, const EnvOptions& options);
  Status OpenDatabases();
  // In-memory mode: refuses the write (an error, not a SIGBUS) when the file system under the
  // map has less than kWriteHeadroomBytes free. Runs under LMDB's writer lock.
  Status CheckRoomToGrow();
  // Called by ReadTxn: resets `txn` and keeps it for the next BeginRead().
  void ReturnReader(MDB_txn* txn) EXCLUDES(pool_mu_);
  void TxnEnded() { live_txns_.fetch_sub(1, std::memory_order_relaxed); }

  MDB_env* env_;
  std::string path_;
  bool in_memory_;
  std::size_t map_size_bytes_;
  std::function<std::optional<std::uint64_t>(const std::string&)> free_space_;
  // The size of the used map at which CheckRoomToGrow asks the file system again; guarded by
  // LMDB's writer lock.
  std::uint64_t next_room_check_bytes_ = 0;
  Dbi catalog_;
  Dbi data_;
  Dbi meta_;
  sync::Mutex pool_mu_;
  std::vector<MDB_txn*> idle_readers_ GUARDED_BY(pool_mu_);  // each is reset, ready to renew
  std::atomic<int> live_txns_{0};  // to assert that no transaction outlives the Env
};

// A file CopyTo wrote, open read-only (without a lock file: nothing writes it) for
// Env::ReplaceContents; closed at destruction. Readable from any thread, one at a time.
class Env::Copy {
 public:
  // Fails with an InternalServerError naming `file` when it is not an LMDB
  // copy of this build's format (a truncated file, another program's, an older format).
  static Result<std::unique_ptr<Copy>> Open(const std::string& file);
  ~Copy();
  Copy(const Copy&) = delete;
  Copy& operator=(const Copy&) = delete;

  // The file's size in bytes (what the copy adds to the database at most).
  std::uint64_t size_bytes() const { return size_bytes_; }

 private:
  friend class Env;
  Copy(MDB_env* env, std::uint64_t size_bytes) : env_(env), size_bytes_(size_bytes) {}
  MDB_env* env_;
  std::uint64_t size_bytes_;
};

// What RepackDirectory did: the size of data.mdb before and after.
struct RepackResult {
  std::uint64_t bytes_before = 0;
  std::uint64_t bytes_after = 0;
};

// Rewrites the database of the data directory `dir` with every B-tree page full: its records
// are appended in key order into a new file (Env::ReplaceContents), which then replaces
// data.mdb. Items written in hash order leave leaf pages about two-thirds full (a page splits
// at its middle); MDB_CP_COMPACT keeps the pages as they are and drops only the free ones.
// Nothing is decoded: the records, and so every table, item, index, stream, backup and TTL
// setting, stay byte for byte. No process may have the directory open, this one included; one
// that has is ResourceInUseException. A crash leaves the old file in place (the new one is
// renamed over it). An older storage format is an InternalServerError saying to open the
// directory once (which upgrades it) first.
Result<RepackResult> RepackDirectory(const std::string& dir);

// ---- LMDB errors --------------------------------------------------------------------------------
// How LMDB failures become ApiErrors. LMDB reports failures as integer codes; everything
// above storage/ speaks DynamoDB errors, so every LMDB call site converts here, in one place,
// and keeps the library's own text (mdb_strerror) so a failure can be diagnosed from the
// message alone.

// An InternalServerError naming the LMDB call that failed and LMDB's description of `rc`.
// MDB_MAP_FULL gets a message that says what to do about it (raise map_size_bytes), because
// it is the one failure a user can cause and fix.
ApiError LmdbError(std::string_view call, int rc);

// The same error for a Status-returning call; Ok when rc is 0 (MDB_SUCCESS).
inline Status LmdbStatus(std::string_view call, int rc) {
  if (rc == 0) return Status::Ok();
  return LmdbError(call, rc);
}

// A stored record that does not decode: a bug or on-disk corruption, never a user error.
ApiError CorruptionError(std::string_view what);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
