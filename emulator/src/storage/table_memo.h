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
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "storage/table_schema.h"
#include "sync/mutex.h"

namespace ddbemu::storage {

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

}  // namespace ddbemu::storage
