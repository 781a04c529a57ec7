// TableMemo (see table_memo.h).
#include "storage/table_memo.h"

#include <utility>

namespace ddbemu::storage {

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

}  // namespace ddbemu::storage
