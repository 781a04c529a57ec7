// PutItem, GetItem, DeleteItem and UpdateItem. Order of checks, as the service runs them:
// request-level validation (values, parameter mixing, ReturnValues, size, expressions), then
// the table lookup, then the key against the schema, then the condition, then the write.
#include "ops/items/items.h"
#include "storage/vector_entry.h"

#include "capacity/capacity_units.h"
#include "expr/evaluator.h"
#include "ops/capacity/capacity_charge.h"
#include "ops/items/item_collections.h"
#include "ops/realism/transient_statuses.h"
#include "ops/tables/tables.h"
#include "storage/env.h"
#include "storage/item_store.h"
#include "value/item_codec.h"
#include "value/item_size.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

// ConditionalCheckFailedException, carrying the current item when the request asked for it
// with ReturnValuesOnConditionCheckFailure=ALL_OLD.
ApiError ConditionFailed(bool return_old, const Item* current) {
  ApiError error = ApiError::ConditionalCheckFailed();
  if (return_old && current != nullptr) {
    error.item = std::make_shared<const AttributeValue>(AttributeValue::M(*current));
  }
  return error;
}

// What one write request needs from the table, read inside its write transaction.
struct WriteTarget {
  std::shared_ptr<const TableSchema> schema;
  const TableSchema& table() const { return *schema; }
  std::string storage_key;
  std::optional<Item> current;
};

Result<WriteTarget> LoadWriteTarget(Engine& engine, storage::WriteTxn& txn, const Caller& caller,
                                    const std::string& table_name, const Item& key_or_item,
                                    bool is_whole_item) {
  WriteTarget target;
  DDBEMU_ASSIGN_OR_RETURN(target.schema, FindItemTable(engine, txn, caller, table_name));
  DDBEMU_RETURN_IF_ERROR(is_whole_item ? ValidateItemKeys(target.table(), key_or_item)
                                       : ValidateKey(target.table(), key_or_item));
  DDBEMU_ASSIGN_OR_RETURN(target.storage_key, storage::EncodeTableKey(target.table(), key_or_item));
  Item current;
  DDBEMU_ASSIGN_OR_RETURN(bool exists, engine.items.Get(txn, target.storage_key, &current));
  if (exists) target.current = std::move(current);
  return target;
}

std::size_t SizeOf(const std::optional<Item>& item) { return item ? ItemSize(*item) : 0; }

// Stores the outcome of a mutation (or removes the item), has the capacity model admit what it
// costs (a throttled write returns before the commit: the transaction aborts, nothing changes)
// and commits. Returns the cost. `key_item` holds the request's key.
Result<capacity::RequestCharge> WriteOutcome(Engine& engine, const Caller& caller,
                                             storage::WriteTxn& txn, const WriteTarget& target,
                                             const Item& key_item, const MutationOutcome& outcome,
                                             std::optional<api::ItemCollectionMetrics>* metrics) {
  const Item* old_item = target.current ? &*target.current : nullptr;
  // Tables with LSIs: the 10 GB item-collection limit, and ItemCollectionMetrics.
  DDBEMU_ASSIGN_OR_RETURN(ItemCollectionGuard collection,
                          ItemCollectionGuard::Begin(engine.items, txn, target.table(), key_item));
  storage::IndexChanges changes;
  if (outcome.writes) {
    if (outcome.new_item) {
      DDBEMU_ASSIGN_OR_RETURN(changes, engine.items.Put(txn, target.table(), target.storage_key,
                                                        old_item, *outcome.new_item));
    } else if (old_item != nullptr) {
      DDBEMU_ASSIGN_OR_RETURN(
          changes, engine.items.Delete(txn, target.table(), target.storage_key, *old_item));
    }
  }
  const Item* new_item = outcome.new_item ? &*outcome.new_item : nullptr;
  capacity::RequestCharge charge =
      ChargeWrite(target.table(), SizeOf(target.current), SizeOf(outcome.new_item), changes);
  if (outcome.writes && !target.table().vector_indexes.empty()) {
    charge.vector_write_bytes = storage::VectorWriteBytes(target.table(), old_item, new_item);
  }
  DDBEMU_RETURN_IF_ERROR(collection.Finish(txn));
  DDBEMU_RETURN_IF_ERROR(AdmitWrite(engine, caller, txn, target.table(), key_item, old_item,
                                    new_item, changes, charge));
  DDBEMU_RETURN_IF_ERROR(txn.Commit());
  if (metrics != nullptr) *metrics = collection.Metrics();
  return charge;
}

// A write whose condition failed still costs its write units (Developer Guide, "Condition
// expressions": "If the condition expression evaluates to false, DynamoDB still consumes write
// capacity units from the table"), and is throttled like any write; it changes nothing.
Status ChargeFailedWrite(Engine& engine, const Caller& caller, const storage::Txn& txn,
                         const WriteTarget& target, const Item& key_item, std::size_t new_size) {
  const capacity::RequestCharge charge =
      ChargeWrite(target.table(), SizeOf(target.current), new_size, {});
  return AdmitWrite(engine, caller, txn, target.table(), key_item, nullptr, nullptr, {}, charge);
}

// What a single-item write leaves for its operation to shape into ReturnValues.
struct WriteResult {
  api::ItemResponse response;  // ConsumedCapacity and ItemCollectionMetrics filled in
  std::optional<Item> old_item;
  MutationOutcome outcome;
};

// The flow every single-item write shares, in the service's order: read the target in one
// write transaction, decide with the pure mutation step, charge (and report) a failed
// condition, write, admit, commit. `failed_write_size` is what a failed condition is charged
// for besides the old item (PutItem: the new item).
template <class Request>
Result<WriteResult> RunWrite(Engine& engine, const Caller& caller, const Request& request,
                             const Item& key_or_item, bool is_whole_item, ItemMutation mutation,
                             std::size_t failed_write_size) {
  DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  DDBEMU_ASSIGN_OR_RETURN(
      WriteTarget target,
      LoadWriteTarget(engine, txn, caller, request.table_name, key_or_item, is_whole_item));
  const Item* current = target.current ? &*target.current : nullptr;
  DDBEMU_ASSIGN_OR_RETURN(MutationOutcome outcome,
                          ApplyMutation(target.table(), mutation, current));
  if (outcome.condition_failed) {
    DDBEMU_RETURN_IF_ERROR(
        ChargeFailedWrite(engine, caller, txn, target, key_or_item, failed_write_size));
    return ConditionFailed(request.return_old_on_condition_failure, current);
  }
  std::optional<api::ItemCollectionMetrics> metrics;
  DDBEMU_ASSIGN_OR_RETURN(
      capacity::RequestCharge charge,
      WriteOutcome(engine, caller, txn, target, key_or_item, outcome, &metrics));
  WriteResult result;
  if (request.return_item_collection_metrics) {
    result.response.item_collection_metrics = std::move(metrics);
  }
  result.response.consumed_capacity =
      ConsumedCapacityOf(request.return_consumed_capacity, request.table_name, charge);
  result.old_item = std::move(target.current);
  result.outcome = std::move(outcome);
  return result;
}

const expr::Condition* ConditionOf(const ItemExpressions& expressions) {
  return expressions.condition ? &*expressions.condition : nullptr;
}

}  // namespace

Result<api::ItemResponse> PutItem(Engine& engine, const Caller& caller,
                                  const api::PutItemRequest& request) {
  DDBEMU_RETURN_IF_ERROR(CheckNoLegacyExpressionMix(request.expressions, request.legacy));
  DDBEMU_ASSIGN_OR_RETURN(ItemExpressions expressions,
                          PrepareItemExpressions(request.expressions, request.legacy,
                                                 {.condition = true}, engine.expression_cache));
  DDBEMU_RETURN_IF_ERROR(CheckReturnValuesOldOrNone(request.return_values));
  DDBEMU_RETURN_IF_ERROR(CheckItemSize(request.item));

  ItemMutation mutation{
      .kind = MutationKind::kPut, .item = request.item, .condition = ConditionOf(expressions)};
  DDBEMU_ASSIGN_OR_RETURN(WriteResult written,
                          RunWrite(engine, caller, request, request.item, /*is_whole_item=*/true,
                                   std::move(mutation), ItemSize(request.item)));
  if (request.return_values == api::ReturnValues::kAllOld) {
    written.response.item = std::move(written.old_item);
  }
  return std::move(written.response);
}

Result<api::ItemResponse> GetItem(Engine& engine, const Caller& caller,
                                  const api::GetItemRequest& request) {
  ItemExpressions expressions;  // none, in the common plain read: no Result to move it out of
  if (CarriesExpressions(request.expressions, request.legacy)) {
    DDBEMU_ASSIGN_OR_RETURN(expressions,
                            PrepareItemExpressions(request.expressions, request.legacy,
                                                   {.projection = true}, engine.expression_cache));
  }

  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  DDBEMU_ASSIGN_OR_RETURN(std::shared_ptr<const TableSchema> schema,
                          FindItemTable(engine, txn, caller, request.table_name));
  const TableSchema& table = *schema;
  const Item& request_key = request.Key();
  storage::KeyValues key_values;
  DDBEMU_RETURN_IF_ERROR(ValidateKey(table, request_key, &key_values));
  storage::TableKeyBuffer key_buffer;
  storage::EncodeTableKey(table, key_values, &key_buffer);
  const std::string_view key = key_buffer.view();
  // Realism switch: an eventually consistent read may still see the version a recent write
  // replaced (storage/version_history.h).
  std::optional<std::optional<Item>> lagged;
  if (!request.consistent_read && engine.history != nullptr) {
    lagged = engine.history->Lagged(table.keyspace_id, key);
  }
  bool found = false;
  Item item;
  std::string encoded;  // the stored bytes, when the caller takes them undecoded
  std::size_t size = 0;
  if (lagged) {
    found = lagged->has_value();
    if (found) item = std::move(**lagged);
    size = found ? ItemSize(item) : 0;
  } else if (request.encoded_response && !expressions.projection) {
    // The JSON path writes the stored bytes as JSON, building no Item (value_json/).
    DDBEMU_ASSIGN_OR_RETURN(const std::optional<std::string_view> bytes,
                            engine.items.GetEncoded(txn, key));
    if (bytes) {
      const std::optional<std::size_t> checked = itemcodec::EncodedItemSize(*bytes);
      if (!checked) return ApiError::InternalServerError("An item does not decode");
      found = true;
      size = *checked;
      encoded.assign(*bytes);  // the bytes live as long as the read transaction
    }
  } else {
    // Decoded with its size worked out on the way (no second walk for ItemSize).
    DDBEMU_ASSIGN_OR_RETURN(const std::optional<std::string_view> bytes,
                            engine.items.GetEncoded(txn, key));
    if (bytes) {
      if (!itemcodec::DecodeItem(*bytes, &item, &size)) {
        return storage::CorruptionError("an item does not decode");  // as ItemStore::Get
      }
      found = true;
    }
  }

  // Reads are charged by the size of the item read, not of what the projection returns.
  capacity::RequestCharge charge;
  charge.table_read = capacity::ReadCost(size, request.consistent_read);
  DDBEMU_RETURN_IF_ERROR(AdmitRead(engine, caller, txn, table, nullptr, request_key, charge));

  api::ItemResponse response;
  response.consumed_capacity =
      ConsumedCapacityOf(request.return_consumed_capacity, request.table_name, charge);
  if (found && !encoded.empty()) {
    response.encoded_item = std::move(encoded);
  } else if (found) {
    response.item = expressions.projection ? expr::Project(item, expressions.projection->paths)
                                           : std::move(item);
  }
  return response;
}

Result<api::ItemResponse> DeleteItem(Engine& engine, const Caller& caller,
                                     const api::DeleteItemRequest& request) {
  DDBEMU_RETURN_IF_ERROR(CheckNoLegacyExpressionMix(request.expressions, request.legacy));
  DDBEMU_ASSIGN_OR_RETURN(ItemExpressions expressions,
                          PrepareItemExpressions(request.expressions, request.legacy,
                                                 {.condition = true}, engine.expression_cache));
  DDBEMU_RETURN_IF_ERROR(CheckReturnValuesOldOrNone(request.return_values));

  ItemMutation mutation{
      .kind = MutationKind::kDelete, .key = request.key, .condition = ConditionOf(expressions)};
  DDBEMU_ASSIGN_OR_RETURN(WriteResult written,
                          RunWrite(engine, caller, request, request.key, /*is_whole_item=*/false,
                                   std::move(mutation), 0));
  if (request.return_values == api::ReturnValues::kAllOld) {
    written.response.item = std::move(written.old_item);
  }
  return std::move(written.response);
}

Result<api::ItemResponse> UpdateItem(Engine& engine, const Caller& caller,
                                     const api::UpdateItemRequest& request) {
  DDBEMU_RETURN_IF_ERROR(CheckNoLegacyExpressionMix(request.expressions, request.legacy));
  DDBEMU_ASSIGN_OR_RETURN(
      ItemExpressions expressions,
      PrepareItemExpressions(request.expressions, request.legacy,
                             {.condition = true, .update = true}, engine.expression_cache));

  ItemMutation mutation{.kind = MutationKind::kUpdate,
                        .key = request.key,
                        .condition = ConditionOf(expressions),
                        .update = expressions.update ? &*expressions.update : nullptr};
  DDBEMU_ASSIGN_OR_RETURN(WriteResult written,
                          RunWrite(engine, caller, request, request.key, /*is_whole_item=*/false,
                                   std::move(mutation), 0));
  api::ItemResponse& response = written.response;
  const MutationOutcome& outcome = written.outcome;
  switch (request.return_values) {
    case api::ReturnValues::kNone:
      break;
    case api::ReturnValues::kAllOld:
      response.item = std::move(written.old_item);
      break;
    case api::ReturnValues::kAllNew:
      response.item = outcome.new_item;
      break;
    case api::ReturnValues::kUpdatedOld:
      if (written.old_item) response.item = expr::Project(*written.old_item, outcome.updated_paths);
      break;
    case api::ReturnValues::kUpdatedNew:
      if (outcome.new_item) response.item = expr::Project(*outcome.new_item, outcome.updated_paths);
      break;
  }
  // The service omits Attributes rather than sending an empty map.
  if (response.item && response.item->empty()) response.item.reset();
  return std::move(response);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
