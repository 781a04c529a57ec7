// ReadTxn and WriteTxn (see txn.h).
#include "storage/txn.h"

#include <cassert>
#include <utility>

#include "storage/env.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {

Txn::Txn(Txn&& other) noexcept
    : env_(other.env_), txn_(std::exchange(other.txn_, nullptr)), open_cursors_(0) {
  assert(other.open_cursors_ == 0 && "moving a transaction that has open cursors");
}

Txn& Txn::operator=(Txn&& other) noexcept {
  assert(txn_ == nullptr && "derived class must end its transaction before assignment");
  assert(other.open_cursors_ == 0 && "moving a transaction that has open cursors");
  env_ = other.env_;
  txn_ = std::exchange(other.txn_, nullptr);
  return *this;
}

void Txn::CheckNoOpenCursors() const {
  assert(open_cursors_ == 0 && "a Cursor outlived its transaction");
}

MDB_txn* Txn::Release() noexcept {
  CheckNoOpenCursors();
  return std::exchange(txn_, nullptr);
}

Result<std::optional<std::string_view>> Txn::Get(Dbi dbi, std::string_view key) const {
  MDB_val k = ToVal(key);
  MDB_val v;
  int rc = mdb_get(txn_, dbi.id, &k, &v);
  if (rc == MDB_NOTFOUND) return std::optional<std::string_view>();
  if (rc != 0) return LmdbError("mdb_get", rc);
  return std::optional<std::string_view>(ToView(v));
}

ReadTxn& ReadTxn::operator=(ReadTxn&& other) noexcept {
  if (this != &other) {
    End();
    Txn::operator=(std::move(other));
  }
  return *this;
}

ReadTxn::~ReadTxn() { End(); }

void ReadTxn::End() {
  if (!active()) return;
  Env& e = env();
  e.ReturnReader(Release());
  e.TxnEnded();
}

WriteTxn& WriteTxn::operator=(WriteTxn&& other) noexcept {
  if (this != &other) {
    Abort();
    Txn::operator=(std::move(other));
  }
  return *this;
}

WriteTxn::~WriteTxn() { Abort(); }

Status WriteTxn::Put(Dbi dbi, std::string_view key, std::string_view value) {
  MDB_val k = ToVal(key);
  MDB_val v = ToVal(value);
  return LmdbStatus("mdb_put", mdb_put(handle(), dbi.id, &k, &v, 0));
}

Result<bool> WriteTxn::Delete(Dbi dbi, std::string_view key) {
  MDB_val k = ToVal(key);
  int rc = mdb_del(handle(), dbi.id, &k, nullptr);
  if (rc == MDB_NOTFOUND) return false;
  if (rc != 0) return LmdbError("mdb_del", rc);
  return true;
}

Status WriteTxn::Commit() {
  if (!active()) return ApiError::InternalServerError("Commit of a transaction that has ended");
  Env& e = env();
  int rc = mdb_txn_commit(Release());
  e.TxnEnded();
  return LmdbStatus("mdb_txn_commit", rc);
}

void WriteTxn::Abort() {
  if (!active()) return;
  Env& e = env();
  mdb_txn_abort(Release());
  e.TxnEnded();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
