// Item-collection limit and metrics (see item_collections.h).
#include "ops/items/item_collections.h"

#include <algorithm>
#include <cmath>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

bool HasLocalIndex(const TableSchema& table) {
  return std::any_of(table.indexes.begin(), table.indexes.end(),
                     [](const IndexSchema& index) { return index.is_local; });
}

}  // namespace

Result<ItemCollectionGuard> ItemCollectionGuard::Begin(const storage::ItemStore& store,
                                                       const storage::Txn& txn,
                                                       const TableSchema& table,
                                                       const Item& key_or_item,
                                                       std::uint64_t limit) {
  ItemCollectionGuard guard;
  if (!HasLocalIndex(table)) return guard;
  guard.store_ = &store;
  guard.table_ = &table;
  guard.limit_ = limit;
  if (auto it = key_or_item.find(table.partition_key.name); it != key_or_item.end()) {
    guard.key_.insert(*it);
  }
  DDBEMU_ASSIGN_OR_RETURN(guard.before_, store.CollectionSize(txn, table, guard.key_));
  guard.after_ = guard.before_;
  return guard;
}

Status ItemCollectionGuard::Finish(const storage::Txn& txn) {
  if (table_ == nullptr) return Status::Ok();
  DDBEMU_ASSIGN_OR_RETURN(after_, store_->CollectionSize(txn, *table_, key_));
  if (after_ > limit_ && after_ > before_) {
    // The model's documentation of the exception's message member.
    return ApiError(ErrorCode::kItemCollectionSizeLimitExceeded,
                    "The total size of an item collection has exceeded the maximum limit of 10 "
                    "gigabytes.");
  }
  return Status::Ok();
}

std::optional<api::ItemCollectionMetrics> ItemCollectionGuard::Metrics() const {
  if (table_ == nullptr) return std::nullopt;
  return CollectionMetrics(key_, after_);
}

api::ItemCollectionMetrics CollectionMetrics(const Item& partition_key, std::uint64_t bytes) {
  api::ItemCollectionMetrics metrics;
  metrics.item_collection_key = partition_key;
  const double gb =
      std::floor(static_cast<double>(bytes) / static_cast<double>(std::uint64_t{1} << 30));
  metrics.size_lower_gb = gb;
  metrics.size_upper_gb = gb + 1;
  return metrics;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
