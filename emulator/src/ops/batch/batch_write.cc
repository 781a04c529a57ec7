// BatchWriteItem (see batch.h). The checks that need no table run first, in the service's order
// (recorded against AWS by dynalite, validations/batchWriteItem.js and test/batchWriteItem.js);
// then, in the write transaction, every table is looked up and every request's key checked;
// then each request is applied by the single-item machinery.
#include <optional>
#include <set>

#include "ops/batch/batch.h"
#include "ops/batch/batch_admission.h"
#include "ops/batch/batch_tables.h"
#include "ops/capacity/capacity_charge.h"
#include "ops/items/item_collections.h"
#include "ops/items/items.h"
#include "storage/item_store.h"
#include "storage/vector_entry.h"
#include "value/item_size.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

// "The BatchWriteItem operation puts or deletes multiple items in one or more tables. A single
// call to BatchWriteItem can transmit up to 16MB of data over the network, consisting of up to
// 25 item put or delete operations" (API reference). The model limits each table's list to 25;
// the total is checked here.
constexpr std::size_t kMaxRequests = 25;

// One request, ready to apply.
struct PlannedWrite {
  const api::TableWriteRequests* table_entry;
  const api::WriteRequest* request;
  const TableSchema* table;
  std::string storage_key;
};

Status CheckRequestsWithoutTables(const api::BatchWriteItemRequest& request) {
  std::size_t count = 0;
  for (const api::TableWriteRequests& entry : request.tables) count += entry.requests.size();
  if (count > kMaxRequests) {
    return ApiError::Validation("Too many items requested for the BatchWriteItem call");
  }
  for (const api::TableWriteRequests& entry : request.tables) {
    for (const api::WriteRequest& write : entry.requests) {
      if (write.kind == api::WriteRequest::Kind::kPut)
        DDBEMU_RETURN_IF_ERROR(CheckItemSize(write.item));
    }
  }
  return Status::Ok();
}

// Looks up every table and checks every key, table by table in request order. Two requests on
// one item are an error whether they are puts or deletes.
Result<std::vector<PlannedWrite>> PlanWrites(RequestTables& tables,
                                             const api::BatchWriteItemRequest& request) {
  std::vector<PlannedWrite> plan;
  std::set<std::string> storage_keys;
  for (const api::TableWriteRequests& entry : request.tables) {
    DDBEMU_ASSIGN_OR_RETURN(const TableSchema* table, tables.Find(entry.table));
    for (const api::WriteRequest& write : entry.requests) {
      const bool is_put = write.kind == api::WriteRequest::Kind::kPut;
      DDBEMU_RETURN_IF_ERROR(is_put ? ValidateBatchPutItem(*table, write.item)
                                    : ValidateKey(*table, write.item));
      DDBEMU_ASSIGN_OR_RETURN(std::string storage_key, storage::EncodeTableKey(*table, write.item));
      if (!storage_keys.insert(storage_key).second) {
        return ApiError::Validation("Provided list of item keys contains duplicates");
      }
      plan.push_back(PlannedWrite{&entry, &write, table, std::move(storage_key)});
    }
  }
  return plan;
}

// The unprocessed part of one table's list (the requests exactly as given).
std::vector<api::WriteRequest>& UnprocessedFor(const api::TableWriteRequests& entry,
                                               api::BatchWriteItemResponse* response) {
  if (response->unprocessed.empty() || response->unprocessed.back().table != entry.table) {
    response->unprocessed.push_back(api::TableWriteRequests{entry.table, {}});
  }
  return response->unprocessed.back().requests;
}

// Applies the planned writes in order inside `txn`, asking the capacity layer about each.
class BatchWriter {
 public:
  BatchWriter(Engine& engine, const Caller& caller, storage::WriteTxn& txn,
              bool return_item_collection_metrics)
      : engine_(engine),
        caller_(caller),
        txn_(txn),
        return_item_collection_metrics_(return_item_collection_metrics) {}

  Status Apply(const PlannedWrite& write, api::BatchWriteItemResponse* response) {
    tally_.Touch(write.table_entry->table);
    Item current;
    DDBEMU_ASSIGN_OR_RETURN(bool exists, engine_.items.Get(txn_, write.storage_key, &current));
    const Item* old_item = exists ? &current : nullptr;
    const bool is_put = write.request->kind == api::WriteRequest::Kind::kPut;
    ItemMutation mutation{.kind = is_put ? MutationKind::kPut : MutationKind::kDelete};
    (is_put ? mutation.item : mutation.key) = write.request->item;
    DDBEMU_ASSIGN_OR_RETURN(MutationOutcome outcome,
                            ApplyMutation(*write.table, mutation, old_item));

    const std::size_t old_size = exists ? ItemSize(current) : 0;
    const std::size_t new_size = outcome.new_item ? ItemSize(*outcome.new_item) : 0;
    const capacity::HalfUnits cost = capacity::WriteCost(old_size, new_size);
    const BatchItemWork work{.txn = txn_,
                             .table = *write.table,
                             .storage_key = write.storage_key,
                             .key = write.request->item,
                             .is_write = true,
                             .old_item = old_item,
                             .new_item = outcome.new_item ? &*outcome.new_item : nullptr,
                             .cost = cost};
    if (auto refusal = admission_.Admit(work)) {
      if (!first_refusal_) first_refusal_ = std::move(refusal);
      UnprocessedFor(*write.table_entry, response).push_back(*write.request);
      return Status::Ok();
    }
    any_admitted_ = true;
    // Tables with LSIs: the 10 GB item-collection limit (the whole batch fails with
    // ItemCollectionSizeLimitExceededException), and ItemCollectionMetrics.
    DDBEMU_ASSIGN_OR_RETURN(
        ItemCollectionGuard collection,
        ItemCollectionGuard::Begin(engine_.items, txn_, *write.table, write.request->item));
    storage::IndexChanges changes;
    if (outcome.new_item) {
      DDBEMU_ASSIGN_OR_RETURN(changes, engine_.items.Put(txn_, *write.table, write.storage_key,
                                                         old_item, *outcome.new_item));
    } else if (old_item != nullptr) {
      DDBEMU_ASSIGN_OR_RETURN(
          changes, engine_.items.Delete(txn_, *write.table, write.storage_key, *old_item));
    }
    DDBEMU_RETURN_IF_ERROR(collection.Finish(txn_));
    if (return_item_collection_metrics_) {
      AddItemCollectionMetrics(write.table_entry->table, collection.Metrics(),
                               &response->item_collection_metrics);
    }
    // The table pays `cost`; each index whose entry changed pays its own writes.
    capacity::RequestCharge charge = ChargeWrite(*write.table, old_size, new_size, changes);
    if (!write.table->vector_indexes.empty()) {
      charge.vector_write_bytes = storage::VectorWriteBytes(
          *write.table, old_item, outcome.new_item ? &*outcome.new_item : nullptr);
    }
    tally_.Add(write.table_entry->table, charge);
    return Status::Ok();
  }

  // The request fails only when the capacity layer refused every request.
  Status Outcome() const {
    if (!any_admitted_ && first_refusal_) return *first_refusal_;
    return Status::Ok();
  }
  const CapacityTally& tally() const { return tally_; }
  // Charges the admitted items (docs/capacity.md §3: admitted on the balance, charged after).
  void Charge() { admission_.Charge(txn_); }

 private:
  Engine& engine_;
  const Caller& caller_;
  storage::WriteTxn& txn_;
  const bool return_item_collection_metrics_;
  CapacityTally tally_;
  BatchAdmission admission_{engine_, caller_};
  bool any_admitted_ = false;
  std::optional<ApiError> first_refusal_;
};

}  // namespace

Result<api::BatchWriteItemResponse> BatchWriteItem(Engine& engine, const Caller& caller,
                                                   const api::BatchWriteItemRequest& request) {
  DDBEMU_RETURN_IF_ERROR(CheckRequestsWithoutTables(request));

  DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  RequestTables tables(engine, txn, caller);
  DDBEMU_ASSIGN_OR_RETURN(std::vector<PlannedWrite> plan, PlanWrites(tables, request));

  api::BatchWriteItemResponse response;
  BatchWriter writer(engine, caller, txn, request.return_item_collection_metrics);
  for (const PlannedWrite& write : plan) DDBEMU_RETURN_IF_ERROR(writer.Apply(write, &response));
  DDBEMU_RETURN_IF_ERROR(writer.Outcome());
  writer.Charge();
  DDBEMU_RETURN_IF_ERROR(txn.Commit());
  if (request.return_consumed_capacity != api::ReturnConsumedCapacity::kNone) {
    response.consumed_capacity = writer.tally().Tables();
  }
  return response;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
