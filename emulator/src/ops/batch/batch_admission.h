// The seam between the batch operations and the capacity layer (docs/capacity.md §3):
// "BatchWriteItem and BatchGetItem return the throttled part as UnprocessedItems /
// UnprocessedKeys instead of failing whole, as AWS does."
//
// The service fans a batch out to the partitions its items live on, in parallel: each item is
// admitted or refused on the balances of its buckets as the request arrives, and the admitted
// ones are charged once processed. BatchAdmission models that: BatchGetItem and BatchWriteItem
// ask Admit about every item, in request order, inside the request's LMDB transaction, once
// the item has been read (so its index changes are known) and before anything is written for
// it. Admit only looks at the balances (an item is admitted while every bucket it touches
// holds tokens); Charge() then takes every admitted item's cost, into debt if need be, before
// the commit. So a large batch on an idle table is served whole, and a batch whose keys are in
// debt leaves those keys unprocessed. A refused item changes nothing, costs nothing, and comes
// back unprocessed; when no item of the request is admitted, the request fails with the first
// refusal, as the service fails a batch none of whose items it could process ("If none of the
// items can be processed due to insufficient provisioned throughput on all of the tables in the
// request, then BatchWriteItem returns a ProvisionedThroughputExceededException", API
// reference; likewise BatchGetItem).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "capacity/capacity_units.h"
#include "capacity/throughput_limits.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/engine.h"
#include "storage/table_schema.h"
#include "storage/txn.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

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

// One batch request's admission. Request-scoped: holds references to the engine, the caller
// and the schemas of the items admitted.
class BatchAdmission {
 public:
  BatchAdmission(Engine& engine, const Caller& caller) : engine_(engine), caller_(caller) {}

  // nullopt admits the item (and keeps its demand for Charge); otherwise the
  // ProvisionedThroughputExceededException (with its ThrottlingReasons) that refused it.
  std::optional<ApiError> Admit(const BatchItemWork& work);

  // Charges every admitted item's demand (once, after the items were processed, inside the
  // request's transaction `txn`).
  void Charge(const storage::Txn& txn);

 private:
  struct Admitted {
    const TableSchema* table;
    capacity::Demand demand;
  };
  Engine& engine_;
  const Caller& caller_;
  std::vector<Admitted> admitted_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
