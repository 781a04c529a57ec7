// Cursor: a move-only RAII position in one DBI of one transaction, in LMDB's byte order.
//
// Positioning calls return whether the cursor now sits on an entry; a false return means
// "ran off the end" unless status() reports an LMDB error (the LevelDB iterator idiom, which
// keeps scan loops free of error plumbing):
//
//   for (bool on = c.Seek(prefix); on && c.key().starts_with(prefix); on = c.Next()) ...
//   DDBEMU_RETURN_IF_ERROR(c.status());
//
// A cursor must be destroyed before its transaction ends or moves (asserted in debug builds);
// its key()/value() views are valid until the cursor moves or the transaction writes.
#pragma once

#include <lmdb.h>

#include <string_view>

#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "storage/txn.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {

class Cursor {
 public:
  // Opens a cursor on `dbi` in `txn`, positioned nowhere. Fails only on an LMDB error.
  static Result<Cursor> Open(const Txn& txn, Dbi dbi);
  Cursor(Cursor&& other) noexcept;
  Cursor& operator=(Cursor&& other) noexcept;
  Cursor(const Cursor&) = delete;
  Cursor& operator=(const Cursor&) = delete;
  ~Cursor();

  // The first entry whose key is >= `key`.
  bool Seek(std::string_view key);
  // The last entry whose key is <= `key`.
  bool SeekAtOrBefore(std::string_view key);
  bool First();
  bool Last();
  // Off the entries (never positioned, or ran off an end), Next is First and Prev is Last.
  bool Next();
  bool Prev();

  bool valid() const { return valid_; }
  // Requires valid().
  std::string_view key() const { return ToView(key_); }
  std::string_view value() const { return ToView(value_); }

  // Removes the current entry (write transactions only). The cursor then sits *before* the
  // entry that followed, so the next Next() lands on it: deleting in a Next() loop visits
  // every entry once.
  Status DeleteCurrent();

  // Ok unless a positioning call failed with an LMDB error (sticky).
  Status status() const { return status_; }

 private:
  Cursor(const Txn* txn, MDB_cursor* cursor);
  bool Move(MDB_cursor_op op, MDB_val* key = nullptr);
  void Close();

  const Txn* txn_;
  MDB_cursor* cursor_;
  MDB_val key_{};
  MDB_val value_{};
  bool valid_ = false;
  bool deleted_ = false;  // the current entry was just deleted (see DeleteCurrent)
  Status status_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
