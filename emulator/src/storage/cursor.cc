// Cursor (see cursor.h).
#include "storage/cursor.h"

#include <cassert>
#include <utility>

#include "storage/env.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {

Result<Cursor> Cursor::Open(const Txn& txn, Dbi dbi) {
  assert(txn.active());
  MDB_cursor* cursor = nullptr;
  if (int rc = mdb_cursor_open(txn.handle(), dbi.id, &cursor); rc != 0) {
    return LmdbError("mdb_cursor_open", rc);
  }
  return Cursor(&txn, cursor);
}

Cursor::Cursor(const Txn* txn, MDB_cursor* cursor) : txn_(txn), cursor_(cursor) {
  ++txn_->open_cursors_;
}

Cursor::Cursor(Cursor&& other) noexcept
    : txn_(other.txn_),
      cursor_(std::exchange(other.cursor_, nullptr)),
      key_(other.key_),
      value_(other.value_),
      valid_(std::exchange(other.valid_, false)),
      deleted_(std::exchange(other.deleted_, false)),
      status_(std::move(other.status_)) {}

Cursor& Cursor::operator=(Cursor&& other) noexcept {
  if (this != &other) {
    Close();
    txn_ = other.txn_;
    cursor_ = std::exchange(other.cursor_, nullptr);
    key_ = other.key_;
    value_ = other.value_;
    valid_ = std::exchange(other.valid_, false);
    deleted_ = std::exchange(other.deleted_, false);
    status_ = std::move(other.status_);
  }
  return *this;
}

Cursor::~Cursor() { Close(); }

void Cursor::Close() {
  if (cursor_ == nullptr) return;
  mdb_cursor_close(cursor_);
  cursor_ = nullptr;
  --txn_->open_cursors_;
}

bool Cursor::Move(MDB_cursor_op op, MDB_val* key) {
  deleted_ = false;
  if (key != nullptr) key_ = *key;
  int rc = mdb_cursor_get(cursor_, &key_, &value_, op);
  valid_ = rc == 0;
  if (rc != 0 && rc != MDB_NOTFOUND && status_.ok()) status_ = LmdbError("mdb_cursor_get", rc);
  return valid_;
}

bool Cursor::Seek(std::string_view key) {
  MDB_val k = ToVal(key);
  return Move(MDB_SET_RANGE, &k);
}

bool Cursor::SeekAtOrBefore(std::string_view key) {
  if (!Seek(key)) return status_.ok() && Last();
  if (this->key() == key) return true;
  return Prev();
}

bool Cursor::First() { return Move(MDB_FIRST); }
bool Cursor::Last() { return Move(MDB_LAST); }

bool Cursor::Next() {
  // Off the entries, LMDB's MDB_NEXT depends on how the cursor got there (a failed SET_RANGE
  // leaves it at EOF); choosing FIRST explicitly keeps the behaviour documented in cursor.h.
  return Move(valid_ || deleted_ ? MDB_NEXT : MDB_FIRST);
}

bool Cursor::Prev() { return Move(valid_ || deleted_ ? MDB_PREV : MDB_LAST); }

Status Cursor::DeleteCurrent() {
  assert(valid_);
  int rc = mdb_cursor_del(cursor_, 0);
  if (rc != 0) return LmdbError("mdb_cursor_del", rc);
  // LMDB leaves the cursor on the following entry, flagged so that MDB_NEXT returns it and
  // MDB_PREV the entry before the deleted one.
  valid_ = false;
  deleted_ = true;
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
