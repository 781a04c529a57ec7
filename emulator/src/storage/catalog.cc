// Catalog (see catalog.h).
#include "storage/catalog.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "storage/cursor.h"
#include "storage/env.h"
#include "storage/meta_keys.h"
#include "storage/record_codec.h"
#include "storage/table_schema.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace {

// The namespace part of a catalog key; table names follow it.
std::string NamespacePrefix(std::string_view ns) {
  std::string key;
  key.reserve(4 + ns.size() + 32);
  AppendU32(static_cast<std::uint32_t>(ns.size()), &key);
  key.append(ns);
  return key;
}

std::string CatalogKey(std::string_view ns, std::string_view name) {
  std::string key = NamespacePrefix(ns);
  key.append(name);
  return key;
}

// CatalogKey(ns, name) built on the stack when it fits (a table name and a namespace of
// ordinary length), so that a cache hit of GetShared allocates nothing.
class CatalogKeyBuffer {
 public:
  CatalogKeyBuffer(std::string_view ns, std::string_view name) {
    const std::size_t size = 4 + ns.size() + name.size();
    if (size > sizeof(inline_)) {
      heap_ = CatalogKey(ns, name);
      view_ = heap_;
      return;
    }
    StoreU32(static_cast<std::uint32_t>(ns.size()), inline_);  // as NamespacePrefix's AppendU32
    std::memcpy(inline_ + 4, ns.data(), ns.size());
    std::memcpy(inline_ + 4 + ns.size(), name.data(), name.size());
    view_ = std::string_view(inline_, size);
  }
  CatalogKeyBuffer(const CatalogKeyBuffer&) = delete;
  CatalogKeyBuffer& operator=(const CatalogKeyBuffer&) = delete;

  std::string_view view() const { return view_; }

 private:
  char inline_[192];
  std::string heap_;
  std::string_view view_;
};

}  // namespace

Result<std::optional<TableSchema>> Catalog::Get(const Txn& txn, std::string_view ns,
                                                std::string_view name) const {
  DDBEMU_ASSIGN_OR_RETURN(auto bytes, txn.Get(catalog_, CatalogKey(ns, name)));
  if (!bytes) return std::optional<TableSchema>();
  DDBEMU_ASSIGN_OR_RETURN(TableSchema schema, DecodeTableSchema(*bytes));
  return std::optional<TableSchema>(std::move(schema));
}

Status Catalog::Put(WriteTxn& txn, std::string_view ns, const TableSchema& schema) {
  std::string bytes;
  EncodeTableSchema(schema, &bytes);
  DDBEMU_RETURN_IF_ERROR(txn.Put(catalog_, CatalogKey(ns, schema.name), bytes));
  return BumpGeneration(txn);
}

Result<bool> Catalog::Delete(WriteTxn& txn, std::string_view ns, std::string_view name) {
  DDBEMU_ASSIGN_OR_RETURN(bool existed, txn.Delete(catalog_, CatalogKey(ns, name)));
  if (existed) DDBEMU_RETURN_IF_ERROR(BumpGeneration(txn));
  return existed;
}

Result<TableNamePage> Catalog::List(const Txn& txn, std::string_view ns,
                                    std::string_view exclusive_start_name,
                                    std::size_t limit) const {
  const std::string prefix = NamespacePrefix(ns);
  DDBEMU_ASSIGN_OR_RETURN(Cursor cursor, Cursor::Open(txn, catalog_));
  TableNamePage page;
  bool on = cursor.Seek(prefix + std::string(exclusive_start_name));
  if (on && !exclusive_start_name.empty() &&
      cursor.key().substr(prefix.size()) == exclusive_start_name) {
    on = cursor.Next();
  }
  for (; on && cursor.key().starts_with(prefix); on = cursor.Next()) {
    if (page.names.size() == limit) {
      page.has_more = true;
      break;
    }
    page.names.emplace_back(cursor.key().substr(prefix.size()));
  }
  DDBEMU_RETURN_IF_ERROR(cursor.status());
  return page;
}

Result<std::vector<std::pair<std::string, TableSchema>>> Catalog::ListAll(const Txn& txn) const {
  std::vector<std::pair<std::string, TableSchema>> tables;
  DDBEMU_ASSIGN_OR_RETURN(Cursor cursor, Cursor::Open(txn, catalog_));
  for (bool on = cursor.First(); on; on = cursor.Next()) {
    const std::string_view key = cursor.key();
    if (key.size() < 4) return CorruptionError("a catalog key");
    const std::uint32_t ns_size = ReadU32(key);
    if (key.size() < 4 + ns_size) return CorruptionError("a catalog key");
    DDBEMU_ASSIGN_OR_RETURN(TableSchema schema, DecodeTableSchema(cursor.value()));
    tables.emplace_back(std::string(key.substr(4, ns_size)), std::move(schema));
  }
  DDBEMU_RETURN_IF_ERROR(cursor.status());
  return tables;
}

Result<std::uint32_t> Catalog::AllocateKeyspaceId(WriteTxn& txn) {
  DDBEMU_ASSIGN_OR_RETURN(auto stored, txn.Get(meta_, metakeys::kNextKeyspaceId));
  std::uint32_t id = 1;
  if (stored) {
    if (stored->size() != 4) return CorruptionError("the key-space id counter");
    id = ReadU32(*stored);
  }
  if (id == UINT32_MAX) return ApiError::InternalServerError("Key-space ids are exhausted");
  std::string next;
  AppendU32(id + 1, &next);
  DDBEMU_RETURN_IF_ERROR(txn.Put(meta_, metakeys::kNextKeyspaceId, next));
  return id;
}

Result<std::uint64_t> Catalog::Generation(const Txn& txn) const {
  DDBEMU_ASSIGN_OR_RETURN(auto stored, txn.Get(meta_, metakeys::kCatalogGeneration));
  if (!stored) return std::uint64_t{0};
  if (stored->size() != 8) return CorruptionError("the catalog generation");
  return ReadU64(*stored);
}

Result<Catalog::Counters> Catalog::ReadCounters(const Txn& txn) const {
  Counters counters;
  DDBEMU_ASSIGN_OR_RETURN(auto stored, txn.Get(meta_, metakeys::kNextKeyspaceId));
  if (stored) {
    if (stored->size() != 4) return CorruptionError("the key-space id counter");
    counters.next_keyspace_id = ReadU32(*stored);
  }
  DDBEMU_ASSIGN_OR_RETURN(counters.generation, Generation(txn));
  return counters;
}

Status Catalog::KeepCounters(WriteTxn& txn, const Counters& before) {
  DDBEMU_ASSIGN_OR_RETURN(Counters now, ReadCounters(txn));
  std::string next;
  AppendU32(std::max(before.next_keyspace_id, now.next_keyspace_id), &next);
  DDBEMU_RETURN_IF_ERROR(txn.Put(meta_, metakeys::kNextKeyspaceId, next));
  // BumpGeneration moves past the handed-out mark; `before` may come from a database this
  // process has not written (a data directory's first restore after opening).
  if (before.generation > generations_handed_out_.load(std::memory_order_relaxed)) {
    generations_handed_out_.store(before.generation, std::memory_order_relaxed);
  }
  return BumpGeneration(txn);
}

Status Catalog::BumpGeneration(WriteTxn& txn) {
  DDBEMU_ASSIGN_OR_RETURN(std::uint64_t generation, Generation(txn));
  // LMDB has one writer at a time, so this read-modify-write of the mark does not race.
  const std::uint64_t next_generation =
      std::max(generation, generations_handed_out_.load(std::memory_order_relaxed)) + 1;
  generations_handed_out_.store(next_generation, std::memory_order_relaxed);
  std::string next;
  AppendU64(next_generation, &next);
  return txn.Put(meta_, metakeys::kCatalogGeneration, next);
}

std::uint64_t CommittedSnapshot(const Txn& txn) {
  const std::size_t id = mdb_txn_id(txn.handle());
  MDB_envinfo info;
  if (mdb_env_info(mdb_txn_env(txn.handle()), &info) != 0) return 0;
  return id <= info.me_last_txnid ? id : 0;
}

Result<std::shared_ptr<const TableSchema>> Catalog::GetShared(const Txn& txn, std::string_view ns,
                                                              std::string_view name) const {
  const CatalogKeyBuffer buffer(ns, name);
  const std::string_view key = buffer.view();
  const std::uint64_t snapshot = CommittedSnapshot(txn);
  // The common case: a reader on the snapshot the cache was last confirmed on, no LMDB read.
  if (snapshot != 0) {
    sync::ReaderMutexLock lock(cache_mu_);
    if (snapshot == cache_snapshot_) {
      if (auto it = cache_.find(key); it != cache_.end()) return it->second;
    }
  }
  DDBEMU_ASSIGN_OR_RETURN(std::uint64_t generation, Generation(txn));
  std::shared_ptr<const TableSchema> found;  // cached entries are never null
  {
    sync::ReaderMutexLock lock(cache_mu_);
    if (generation == cache_generation_) {
      if (auto it = cache_.find(key); it != cache_.end()) found = it->second;
    }
  }
  if (found != nullptr) {
    RememberSnapshot(snapshot, generation);
    return found;
  }
  DDBEMU_ASSIGN_OR_RETURN(std::optional<TableSchema> schema, Get(txn, ns, name));
  if (!schema) return std::shared_ptr<const TableSchema>();
  auto shared = std::make_shared<const TableSchema>(std::move(*schema));
  sync::WriterMutexLock lock(cache_mu_);
  // Only the newest generation is cached; a reader on an older snapshot just decodes.
  if (generation > cache_generation_) {
    cache_.clear();
    cache_generation_ = generation;
    cache_snapshot_ = 0;
  }
  if (generation == cache_generation_) {
    cache_.emplace(std::string(key), shared);
    if (snapshot > cache_snapshot_) cache_snapshot_ = snapshot;
  }
  return shared;
}

void Catalog::RememberSnapshot(std::uint64_t snapshot, std::uint64_t generation) const {
  if (snapshot == 0) return;
  sync::WriterMutexLock lock(cache_mu_);
  // Newer snapshots first: readers begin on the newest, so that is the one worth matching.
  if (generation == cache_generation_ && snapshot > cache_snapshot_) cache_snapshot_ = snapshot;
}

std::shared_ptr<const TableSchema> TableMemo::Find(std::uint64_t snapshot,
                                                   std::string_view name) const {
  if (snapshot == 0) return nullptr;
  sync::MutexLock lock(mu_);
  if (snapshot != snapshot_ || name != name_) return nullptr;
  return schema_;
}

void TableMemo::Remember(std::uint64_t snapshot, std::string_view name,
                         std::shared_ptr<const TableSchema> schema) {
  if (snapshot == 0 || schema == nullptr) return;
  sync::MutexLock lock(mu_);
  if (snapshot < snapshot_) return;  // a reader on an older snapshot: keep the newer entry
  snapshot_ = snapshot;
  name_.assign(name);
  schema_ = std::move(schema);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
