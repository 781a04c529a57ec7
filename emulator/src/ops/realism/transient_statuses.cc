// TransientStatuses (see transient_statuses.h).
#include "ops/realism/transient_statuses.h"

#include <algorithm>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::realism {
namespace {

bool InTransition(const TableSchema& shown) {
  if (shown.status != TableStatus::kActive) return true;
  for (const IndexSchema& index : shown.indexes) {
    if (index.status != IndexStatus::kActive) return true;
  }
  for (const VectorIndexSchema& index : shown.vector_indexes) {
    if (index.status != IndexStatus::kActive) return true;
  }
  return false;
}

// A vector index that UpdateTable adds backfills for a second period after the table's change.
bool AddsVectorIndex(const TableSchema& shown) {
  return std::any_of(shown.vector_indexes.begin(), shown.vector_indexes.end(),
                     [](const VectorIndexSchema& i) {
                       return i.status == IndexStatus::kCreating && i.reports_backfilling;
                     });
}

ApiError InUse(std::string_view what, std::string_view table) {
  return ApiError::ResourceInUse(
      "Attempt to change a resource which is still in use: Table is being " + std::string(what) +
      ": " + std::string(table));
}

}  // namespace

std::string TransientStatuses::Key(std::string_view ns, std::string_view table) {
  std::string key(ns);
  key.push_back('\0');  // cannot occur in a namespace or a table name
  key.append(table);
  return key;
}

const TransientStatuses::Transition* TransientStatuses::Live(std::string_view ns,
                                                             std::string_view table) const {
  auto it = transitions_.find(Key(ns, table));
  if (it == transitions_.end()) return nullptr;
  if (clock_.NowMicros() >= it->second.until_micros) {
    transitions_.erase(it);
    return nullptr;
  }
  return &it->second;
}

void TransientStatuses::Started(std::string_view ns, std::string_view table,
                                const TableSchema& shown) {
  sync::MutexLock lock(mu_);
  if (!InTransition(shown)) return;
  const std::int64_t now = clock_.NowMicros();
  transitions_[Key(ns, table)] =
      Transition{shown, now + (AddsVectorIndex(shown) ? 2 : 1) * delay_, now + delay_};
}

std::optional<TableStatus> TransientStatuses::StatusOf(std::string_view ns,
                                                       std::string_view table) const {
  sync::MutexLock lock(mu_);
  const Transition* t = Live(ns, table);
  if (t == nullptr || !t->TableChanging(clock_.NowMicros())) return std::nullopt;
  return t->shown.status;
}

Status TransientStatuses::CheckItemAccess(std::string_view ns, std::string_view table) const {
  const auto status = StatusOf(ns, table);
  // UPDATING tables stay fully usable; a DELETING one is already gone from the catalog.
  if (status == TableStatus::kCreating) {
    return ApiError::ResourceNotFound("Requested resource not found");
  }
  return Status::Ok();
}

Status TransientStatuses::CheckTableChange(std::string_view ns, std::string_view table) const {
  switch (StatusOf(ns, table).value_or(TableStatus::kActive)) {
    case TableStatus::kCreating:
      return InUse("created", table);
    case TableStatus::kUpdating:
      return InUse("updated", table);
    case TableStatus::kDeleting:
      return InUse("deleted", table);
    case TableStatus::kActive:
      break;
  }
  return Status::Ok();
}

Status TransientStatuses::CheckIndexRead(std::string_view ns, std::string_view table,
                                         std::string_view index) const {
  sync::MutexLock lock(mu_);
  const Transition* t = Live(ns, table);
  if (t == nullptr) return Status::Ok();
  for (const IndexSchema& shown : t->shown.indexes) {
    if (shown.name == index && !shown.is_local && shown.status == IndexStatus::kCreating) {
      return ApiError::Validation("Cannot read from backfilling global secondary index: " +
                                  std::string(index));
    }
  }
  return Status::Ok();
}

Status TransientStatuses::CheckVectorSearch(std::string_view ns, std::string_view table,
                                            std::string_view index) const {
  sync::MutexLock lock(mu_);
  const Transition* t = Live(ns, table);
  if (t == nullptr) return Status::Ok();
  for (const VectorIndexSchema& shown : t->shown.vector_indexes) {
    if (shown.name != index || shown.status != IndexStatus::kCreating) continue;
    if (t->TableChanging(clock_.NowMicros())) {
      return ApiError::Validation("The table does not have the specified index: " +
                                  std::string(index));
    }
    return ApiError::Validation("Cannot search backfilling vector index: " + std::string(index));
  }
  return Status::Ok();
}

void TransientStatuses::Overlay(std::string_view ns, std::string_view table,
                                TableSchema* stored) const {
  sync::MutexLock lock(mu_);
  const Transition* t = Live(ns, table);
  if (t == nullptr) return;
  const bool table_changing = t->TableChanging(clock_.NowMicros());
  for (const VectorIndexSchema& shown : t->shown.vector_indexes) {
    if (shown.status == IndexStatus::kActive) continue;
    VectorIndexSchema* index = nullptr;
    for (VectorIndexSchema& candidate : stored->vector_indexes) {
      if (candidate.name == shown.name) index = &candidate;
    }
    if (index == nullptr) {  // being deleted: gone from the catalog, still listed
      if (table_changing) stored->vector_indexes.push_back(shown);
      continue;
    }
    index->status = shown.status;
    index->reports_backfilling = shown.reports_backfilling;
    index->backfilling = shown.reports_backfilling && !table_changing;
  }
  if (!table_changing) return;  // only a vector index's backfill goes on
  stored->status = t->shown.status;
  // Until a throughput change completes the service reports the old figures.
  stored->throughput = t->shown.throughput;
  for (const IndexSchema& shown : t->shown.indexes) {
    if (shown.status == IndexStatus::kActive) continue;
    IndexSchema* index = nullptr;
    for (IndexSchema& candidate : stored->indexes) {
      if (candidate.name == shown.name) index = &candidate;
    }
    if (index == nullptr) {  // being deleted: gone from the catalog, still listed
      stored->indexes.push_back(shown);
      continue;
    }
    index->status = shown.status;
    // A GSI added to an existing table backfills while CREATING; one created with its table
    // has nothing to backfill.
    index->backfilling =
        shown.status == IndexStatus::kCreating && t->shown.status == TableStatus::kUpdating;
  }
}

std::optional<TableSchema> TransientStatuses::Deleting(std::string_view ns,
                                                       std::string_view table) const {
  sync::MutexLock lock(mu_);
  const Transition* t = Live(ns, table);
  if (t == nullptr || t->shown.status != TableStatus::kDeleting) return std::nullopt;
  return t->shown;
}

void TransientStatuses::Clear() {
  sync::MutexLock lock(mu_);
  transitions_.clear();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::realism
