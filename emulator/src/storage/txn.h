// ReadTxn and WriteTxn: move-only RAII owners of LMDB transactions.
//
// A ReadTxn is an MVCC snapshot: it never blocks writers and sees nothing committed after it
// began. Ending it hands the LMDB handle back to its Env's pool (reset, not aborted), so the
// next BeginRead() costs an mdb_txn_renew instead of a begin.
//
// A WriteTxn is the one writer of its Env: every write of one request happens in one
// WriteTxn (docs/architecture.md: base item and index entries change together or not at all). It is
// aborted by its destructor unless Commit() succeeded.
//
// Both derive from Txn, the read interface, so that lookups and cursors accept either.
// A transaction belongs to one thread at a time (it may move between threads: the Env uses
// MDB_NOTLS) and must end before its Env closes.
#pragma once

#include <lmdb.h>

#include <optional>
#include <string_view>

#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {

class Env;

// A named LMDB database (DBI) of an Env. Plain value: valid for the Env's lifetime.
struct Dbi {
  MDB_dbi id = 0;
};

// Views returned by a transaction (keys, values) point into LMDB's memory map: they stay valid
// until the transaction ends or, in a WriteTxn, until the next write to the same DBI.
class Txn {
 public:
  Txn(const Txn&) = delete;
  Txn& operator=(const Txn&) = delete;

  // The value stored under `key`, or nullopt when there is none (not an error).
  // Fails only on an LMDB error (e.g. a key longer than LMDB's 511-byte limit).
  Result<std::optional<std::string_view>> Get(Dbi dbi, std::string_view key) const;

  // True while this object owns a live transaction (false after a move, Commit or Abort).
  bool active() const { return txn_ != nullptr; }
  MDB_txn* handle() const { return txn_; }
  Env& env() const { return *env_; }

 protected:
  Txn(Env* env, MDB_txn* txn) : env_(env), txn_(txn) {}
  Txn(Txn&& other) noexcept;
  Txn& operator=(Txn&& other) noexcept;
  ~Txn() = default;
  // Asserts (in debug builds) the Cursor rule: no cursor of this transaction is still open.
  void CheckNoOpenCursors() const;
  MDB_txn* Release() noexcept;

 private:
  friend class Cursor;  // counts open cursors, to catch a cursor outliving its transaction
  Env* env_;
  MDB_txn* txn_;
  mutable int open_cursors_ = 0;
};

class ReadTxn final : public Txn {
 public:
  ReadTxn(ReadTxn&& other) noexcept = default;
  ReadTxn& operator=(ReadTxn&& other) noexcept;
  // Returns the handle to the Env's pool of idle readers.
  ~ReadTxn();

  // Ends the snapshot now instead of at destruction (also returns the handle to the pool).
  void End();

 private:
  friend class Env;
  ReadTxn(Env* env, MDB_txn* txn) : Txn(env, txn) {}
};

class WriteTxn final : public Txn {
 public:
  WriteTxn(WriteTxn&& other) noexcept = default;
  WriteTxn& operator=(WriteTxn&& other) noexcept;
  // Aborts the transaction unless it was committed: nothing it wrote becomes visible.
  ~WriteTxn();

  // Stores `value` under `key`, replacing any previous value. Fails on an LMDB error, e.g.
  // MDB_MAP_FULL (the database is full) or a key longer than LMDB's limit; after a failure
  // the caller must abort (LMDB leaves the transaction unusable).
  Status Put(Dbi dbi, std::string_view key, std::string_view value);
  // Removes `key`. Returns false when there was nothing to remove (not an error).
  Result<bool> Delete(Dbi dbi, std::string_view key);

  // Makes every write durable (per the Env's durability) and visible to later readers.
  // Afterwards the object is inactive whether or not the commit succeeded (on failure LMDB
  // has aborted the transaction). Committing an ended transaction is an InternalServerError.
  Status Commit();
  // Discards every write. Idempotent.
  void Abort();

 private:
  friend class Env;
  WriteTxn(Env* env, MDB_txn* txn) : Txn(env, txn) {}
};

// Byte views of an LMDB MDB_val and back.
inline std::string_view ToView(const MDB_val& v) {
  return {static_cast<const char*>(v.mv_data), v.mv_size};
}
inline MDB_val ToVal(std::string_view s) { return MDB_val{s.size(), const_cast<char*>(s.data())}; }

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
