// The item-collection rules of tables with local secondary indexes (Developer Guide, "Item
// collections in Local Secondary Indexes"): the items that share a partition key value, with
// their LSI entries, may not exceed 10 GB — a write that would grow a collection beyond it fails
// with ItemCollectionSizeLimitExceededException — and a write asked for
// ReturnItemCollectionMetrics SIZE reports the collection's key and estimated size.
//
// Use, in a write's transaction (the storage keeps each collection's size exact, so this costs
// one small read before and one after the write):
//   DDBEMU_ASSIGN_OR_RETURN(ItemCollectionGuard guard,
//                        ItemCollectionGuard::Begin(engine.items, txn, table, key_or_item));
//   ... engine.items.Put / Delete ...
//   DDBEMU_RETURN_IF_ERROR(guard.Finish(txn));          // before Commit: the limit
//   response.item_collection_metrics = guard.Metrics();  // if the request asked for SIZE
// For a table without LSIs every call is a no-op and Metrics() is nullopt, as the service
// returns no metrics then. The store and the table schema must outlive the guard.
#pragma once

#include <cstdint>
#include <optional>

#include "api/item_requests.h"
#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "storage/item_store.h"
#include "storage/table_schema.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

inline constexpr std::uint64_t kMaxItemCollectionBytes = std::uint64_t{10} << 30;  // 10 GB

class ItemCollectionGuard {
 public:
  // Before the write: the size of the collection of `key_or_item`'s partition key. `limit` is
  // the service's 10 GB unless a test lowers it.
  static Result<ItemCollectionGuard> Begin(const storage::ItemStore& store, const storage::Txn& txn,
                                           const TableSchema& table, const Item& key_or_item,
                                           std::uint64_t limit = kMaxItemCollectionBytes);

  // After the write, before the commit: fails with ItemCollectionSizeLimitExceededException
  // when the write made the collection larger than the limit (writes that shrink an oversized
  // collection, and deletes, pass).
  Status Finish(const storage::Txn& txn);

  // After Finish: the collection's key and size estimate, or nullopt for a table without LSIs.
  std::optional<api::ItemCollectionMetrics> Metrics() const;

  std::uint64_t size_before() const { return before_; }
  std::uint64_t size_after() const { return after_; }

 private:
  ItemCollectionGuard() = default;

  const storage::ItemStore* store_ = nullptr;
  const TableSchema* table_ = nullptr;  // null: the table has no LSI
  Item key_;                            // the partition key attribute
  std::uint64_t limit_ = kMaxItemCollectionBytes;
  std::uint64_t before_ = 0;
  std::uint64_t after_ = 0;
};

// The service's estimate of a collection of `bytes` as [lower, upper] GB: whole gigabytes
// around the size ([0.0, 1.0] below 1 GB).
api::ItemCollectionMetrics CollectionMetrics(const Item& partition_key, std::uint64_t bytes);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
