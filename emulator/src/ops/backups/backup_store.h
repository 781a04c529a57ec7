// On-demand backups as real snapshots inside the LMDB environment. A backup is
//  - a copy of the table's schema, stored in the catalog under a namespace no request can
//    name (kBackupNamespacePrefix + the caller's namespace) with the backup's id as its name,
//    and with key spaces of its own;
//  - a copy of every item of the table in those key spaces, written in the same transaction
//    that reads them, so the snapshot is exactly the table at one instant;
//  - a metadata record in the meta DBI: "B" | u32 length of namespace | namespace | backup id
//    -> the backup's name, source table and sizes.
// Restoring creates a new table from the copied schema and writes the copied items into it
// through ItemStore::Put, which rebuilds every index and statistic.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "storage/catalog.h"
#include "storage/env.h"
#include "storage/txn.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

inline constexpr std::string_view kBackupNamespacePrefix =
    "\x1e"
    "backups\x1e";

struct BackupRecord {
  std::string id;  // "01700000000000-1a2b3c4d": creation millis and a random suffix
  std::string name;
  std::string table_name;
  std::string table_id;
  std::int64_t creation_micros = 0;
  std::uint64_t size_bytes = 0;
  std::uint64_t item_count = 0;
};

class BackupStore {
 public:
  explicit BackupStore(const storage::Env& env) : meta_(env.meta_dbi()) {}

  Status Put(storage::WriteTxn& txn, std::string_view ns, const BackupRecord& record) const;
  Result<std::optional<BackupRecord>> Get(const storage::Txn& txn, std::string_view ns,
                                          std::string_view id) const;
  Result<bool> Delete(storage::WriteTxn& txn, std::string_view ns, std::string_view id) const;
  // The next number of `ns`'s backup sequence (1, 2, ...): makes ids created within one
  // millisecond sort in creation order.
  Result<std::uint64_t> NextSequence(storage::WriteTxn& txn, std::string_view ns) const;
  // Every backup of `ns`, by id (so by creation time).
  Result<std::vector<BackupRecord>> List(const storage::Txn& txn, std::string_view ns) const;

 private:
  storage::Dbi meta_;
};

// The catalog namespace holding the schema copies of `ns`'s backups.
std::string BackupNamespace(std::string_view ns);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
