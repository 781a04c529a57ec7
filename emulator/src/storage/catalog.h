// Catalog: the tables of each namespace, persisted in the "catalog" DBI as encoded
// TableSchemas (table_schema.h), plus the allocator of key-space ids.
//
// A namespace is an opaque string: the server uses one per (access key id, region) unless it
// runs with -sharedDb, as DynamoDB Local does; the in-process API uses "". Keys are
// `u32 BE length of namespace | namespace | table name`, so one namespace's tables are
// contiguous and sorted by name, the order ListTables returns.
//
// Every call works inside a transaction the caller owns: a CreateTable writes its schema, its
// key-space ids and anything else in one WriteTxn.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "storage/env.h"
#include "storage/table_schema.h"
#include "sync/mutex.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {

// One page of ListTables: names in ascending order, and whether more follow the last one.
struct TableNamePage {
  std::vector<std::string> names;
  bool has_more = false;
};

// The id of the committed snapshot `txn` reads, or 0 for a write transaction (whose id is the
// one its commit will have: what it reads can still change, and an abort reuses the id).
// A committed snapshot never changes, so what it holds can be remembered by id.
std::uint64_t CommittedSnapshot(const Txn& txn);

class Catalog {
 public:
  explicit Catalog(const Env& env) : catalog_(env.catalog_dbi()), meta_(env.meta_dbi()) {}

  // The schema of table `name` in namespace `ns`, or nullopt when there is no such table.
  // Fails on an LMDB error or a record that does not decode.
  Result<std::optional<TableSchema>> Get(const Txn& txn, std::string_view ns,
                                         std::string_view name) const;

  // Creates or replaces the schema stored under (ns, schema.name).
  Status Put(WriteTxn& txn, std::string_view ns, const TableSchema& schema);

  // Removes table `name` from `ns`; returns false when it did not exist. Only the catalog
  // entry: the caller drops the table's items (ItemStore::DropTable) in the same transaction.
  Result<bool> Delete(WriteTxn& txn, std::string_view ns, std::string_view name);

  // Up to `limit` table names of `ns` in ascending order, starting after
  // `exclusive_start_name` (which need not name an existing table; empty starts at the first).
  Result<TableNamePage> List(const Txn& txn, std::string_view ns,
                             std::string_view exclusive_start_name, std::size_t limit) const;

  // Every table of every namespace as (namespace, schema), for work that spans namespaces
  // (the Time to Live sweeper).
  Result<std::vector<std::pair<std::string, TableSchema>>> ListAll(const Txn& txn) const;

  // A new key-space id, never handed out before in this database (ids are not reused even
  // after DropTable). Ids start at 1.
  Result<std::uint32_t> AllocateKeyspaceId(WriteTxn& txn);

  // What must never go back when the whole database is replaced (Env::ReplaceContents: a
  // snapshot's restore, a reset): key-space ids are never handed out twice, and the catalog
  // generation names one catalog state (the schema cache relies on both).
  struct Counters {
    std::uint32_t next_keyspace_id = 1;
    std::uint64_t generation = 0;
  };
  Result<Counters> ReadCounters(const Txn& txn) const;
  // After the replacement in `txn`: the next key-space id is the larger of `before`'s and the
  // copy's, and the generation moves past every one seen, so no cached schema survives.
  Status KeepCounters(WriteTxn& txn, const Counters& before);

  // A number that changes whenever any Put or Delete commits: a cache of decoded schemas
  // stays valid while the generation seen in the reader's snapshot is the cached one.
  Result<std::uint64_t> Generation(const Txn& txn) const;

  // Like Get, but decoded schemas are shared and cached per catalog generation, so the hot
  // path of an item operation (look the table up, then read or write one item) decodes no
  // schema. The result is the schema as of `txn`'s snapshot; null when there is no table.
  Result<std::shared_ptr<const TableSchema>> GetShared(const Txn& txn, std::string_view ns,
                                                       std::string_view name) const;

 private:
  Status BumpGeneration(WriteTxn& txn);
  // Records that committed snapshot `snapshot` (0: not one) holds catalog generation
  // `generation`, when that is the cached generation.
  void RememberSnapshot(std::uint64_t snapshot, std::uint64_t generation) const EXCLUDES(cache_mu_);

  Dbi catalog_;
  Dbi meta_;
  // Every generation this process has written, committed or not, is at most this mark, so a
  // generation number names one catalog state even when a transaction that bumped it aborted.
  std::atomic<std::uint64_t> generations_handed_out_{0};
  // Decoded schemas of generation `cache_generation_` (GetShared).
  mutable sync::SharedMutex cache_mu_;
  mutable std::uint64_t cache_generation_ GUARDED_BY(cache_mu_) = 0;
  // A committed snapshot (LMDB transaction id) known to hold `cache_generation_`; 0: none.
  // A reader on that snapshot needs no read of the generation key.
  mutable std::uint64_t cache_snapshot_ GUARDED_BY(cache_mu_) = 0;
  // Keyed by catalog key (namespace and name), searched with a string_view (the hot path builds
  // the key on the stack).
  struct KeyHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view key) const {
      return std::hash<std::string_view>{}(key);
    }
  };
  mutable std::unordered_map<std::string, std::shared_ptr<const TableSchema>, KeyHash,
                             std::equal_to<>>
      cache_ GUARDED_BY(cache_mu_);
};

// ---- the table memo -----------------------------------------------------------------------------
// TableMemo: the last table one embedded client resolved, so that its next request naming the
// same table skips the catalog's shared cache (a lock, a hash of the catalog key and a probe).
//
// An entry holds for one committed snapshot only (storage::CommittedSnapshot): a snapshot never
// changes, so what the catalog held in it is what it holds for every reader on it. Any commit
// (a write, CreateTable, DeleteTable, UpdateTable) makes a new snapshot, on which the memo
// misses and the caller asks the catalog, which sees the change. A write transaction (snapshot
// 0) never uses it.
//
// Thread-safe: a Client may be shared by many threads (ddbemu/client.h).

class TableMemo {
 public:
  // The schema of table `name` as resolved in committed snapshot `snapshot`, or null.
  std::shared_ptr<const TableSchema> Find(std::uint64_t snapshot, std::string_view name) const;
  // Records `schema` (non-null) as table `name` in committed snapshot `snapshot` (not 0).
  void Remember(std::uint64_t snapshot, std::string_view name,
                std::shared_ptr<const TableSchema> schema);

 private:
  mutable sync::Mutex mu_;
  std::uint64_t snapshot_ GUARDED_BY(mu_) = 0;  // 0: empty
  std::string name_ GUARDED_BY(mu_);
  std::shared_ptr<const TableSchema> schema_ GUARDED_BY(mu_);
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
