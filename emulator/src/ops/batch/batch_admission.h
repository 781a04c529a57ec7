// The seam between the batch operations and the capacity layer (issue 6, CAPACITY.md §3):
// "BatchWriteItem and BatchGetItem return the throttled part as UnprocessedItems /
// UnprocessedKeys instead of failing whole, as AWS does."
//
// BatchGetItem and BatchWriteItem ask AdmitBatchItem about every item, in request order, inside
// the request's LMDB transaction, once the item has been read (so the cost is known) and before
// anything is written for it. A refused item changes nothing, costs nothing, and comes back
// unprocessed; when no item of the request is admitted, the request fails with the first
// refusal, as the service fails a batch none of whose items it could process ("If none of the
// items can be processed due to insufficient provisioned throughput on all of the tables in the
// request, then BatchWriteItem returns a ProvisionedThroughputExceededException", API
// reference; likewise BatchGetItem).
//
// Today every item is admitted. The capacity layer owns batch_admission.cc: it replaces the body
// with its token buckets (and may route the call through Engine once Engine carries them).
#pragma once

#include <optional>
#include <string_view>

#include "capacity/capacity_units.h"
#include "ddbemu/error.h"
#include "ops/engine.h"
#include "storage/table_schema.h"
#include "storage/txn.h"

namespace ddbemu::ops {

// One item of a batch, as the capacity layer sees it.
struct BatchItemWork {
  const storage::Txn& txn;  // the request's transaction (data sizes, for partition counts)
  const TableSchema& table;
  // The item's base-table storage key (storage/key_layout.h): after the key-space id comes the
  // partition hash, which selects the partition whose bucket pays.
  std::string_view storage_key;
  const Item& key;  // the request's Key, or the PutRequest's item (which holds the key)
  bool is_write = false;
  // A read: the item read (null: none). A write: the item before (null: none) and after (null:
  // a delete), from which the index entries that change follow.
  const Item* old_item = nullptr;
  const Item* new_item = nullptr;
  // What the item costs the base table: ReadCost(item size, consistent) for a read,
  // WriteCost(old size, new size) for a put or delete.
  capacity::HalfUnits cost = 0;
};

// nullopt admits the item (and the caller then charges `work.cost`); otherwise the
// ProvisionedThroughputExceededException (with its ThrottlingReasons) that refused it.
std::optional<ApiError> AdmitBatchItem(Engine& engine, const Caller& caller,
                                       const BatchItemWork& work);

}  // namespace ddbemu::ops
