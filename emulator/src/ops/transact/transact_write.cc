// TransactWriteItems (see transact.h): request-level checks without a lock, then one write
// transaction that looks the tables up, checks the targets and the token, evaluates every
// action with the pure mutation step, and writes all outcomes or none.
#include <optional>

#include "ops/batch/batch_tables.h"
#include "ops/capacity/capacity_charge.h"
#include "ops/items/item_collections.h"
#include "ops/items/items.h"
#include "ops/transact/transact.h"
#include "storage/idempotency_store.h"
#include "storage/item_store.h"
#include "storage/vector_entry.h"
#include "value/item_size.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

using api::TransactActionKind;

// "The aggregate size of the items in the transaction cannot exceed 4 MB" (API reference),
// measured as DynamoDB Local measures it: the items of the Puts and the keys of the others.
constexpr std::size_t kMaxPayloadBytes = std::size_t{4} * 1024 * 1024;

struct PreparedAction {
  const api::TransactWriteAction* action;
  ItemExpressions expressions;
  const TableSchema* table = nullptr;
  std::string storage_key;
  // Filled by Evaluate:
  std::optional<Item> current;
  MutationOutcome outcome;
};

ExpressionParametersAllowed AllowedFor(TransactActionKind kind) {
  if (kind == TransactActionKind::kUpdate) return {.condition = true, .update = true};
  return {.condition = true};
}

const Item& TargetOf(const api::TransactWriteAction& action) {
  return action.kind == TransactActionKind::kPut ? action.item : action.key;
}

Result<std::vector<PreparedAction>> PrepareActions(Engine& engine,
                                                   const api::TransactWriteItemsRequest& request) {
  std::vector<PreparedAction> prepared;
  prepared.reserve(request.actions.size());
  std::size_t payload = 0;
  for (const api::TransactWriteAction& action : request.actions) {
    if (!action.invalid.ok()) return action.invalid.error();
    DDBEMU_ASSIGN_OR_RETURN(
        ItemExpressions expressions,
        PrepareItemExpressions(action.expressions, api::LegacyParameters{}, AllowedFor(action.kind),
                               engine.expression_cache));
    if (action.kind == TransactActionKind::kPut) DDBEMU_RETURN_IF_ERROR(CheckItemSize(action.item));
    payload += ItemSize(TargetOf(action));
    prepared.push_back(PreparedAction{&action, std::move(expressions)});
  }
  if (payload > kMaxPayloadBytes) {
    return ApiError::Validation("Transaction payload size cannot exceed 4MB. Payload Size: " +
                                std::to_string(payload));
  }
  return prepared;
}

Status ResolveTargets(RequestTables& tables, std::vector<PreparedAction>& actions) {
  for (PreparedAction& prepared : actions) {
    DDBEMU_ASSIGN_OR_RETURN(prepared.table, tables.Find(prepared.action->table_name));
  }
  std::vector<ActionTarget> targets;
  targets.reserve(actions.size());
  for (const PreparedAction& prepared : actions) {
    targets.push_back(ActionTarget{prepared.table, &TargetOf(*prepared.action),
                                   prepared.action->kind == TransactActionKind::kPut});
  }
  DDBEMU_ASSIGN_OR_RETURN(std::vector<std::string> keys, CheckTransactionTargets(targets));
  for (std::size_t i = 0; i < actions.size(); ++i) actions[i].storage_key = std::move(keys[i]);
  return Status::Ok();
}

MutationKind MutationKindOf(TransactActionKind kind) {
  switch (kind) {
    case TransactActionKind::kConditionCheck:
      return MutationKind::kConditionCheck;
    case TransactActionKind::kPut:
      return MutationKind::kPut;
    case TransactActionKind::kDelete:
      return MutationKind::kDelete;
    case TransactActionKind::kUpdate:
      return MutationKind::kUpdate;
  }
  return MutationKind::kConditionCheck;
}

// Reads the action's item and decides its outcome. Returns its cancellation reason: None, or
// ConditionalCheckFailed, or ValidationError for an update the item cannot take (the service
// lists those messages under ValidationError, API reference TransactionCanceledException; AWS
// answers e.g. "The provided expression refers to an attribute that does not exist in the item"
// this way, aws/aws-sdk-net#1292).
Result<CancellationReason> Evaluate(Engine& engine, const storage::Txn& txn,
                                    PreparedAction& prepared) {
  Item current;
  DDBEMU_ASSIGN_OR_RETURN(bool exists, engine.items.Get(txn, prepared.storage_key, &current));
  if (exists) prepared.current = std::move(current);
  const api::TransactWriteAction& action = *prepared.action;
  ItemMutation mutation{
      .kind = MutationKindOf(action.kind),
      .key = action.key,
      .item = action.item,
      .condition = prepared.expressions.condition ? &*prepared.expressions.condition : nullptr,
      .update = prepared.expressions.update ? &*prepared.expressions.update : nullptr};
  const Item* old_item = prepared.current ? &*prepared.current : nullptr;
  Result<MutationOutcome> outcome = ApplyMutation(*prepared.table, mutation, old_item);
  if (!outcome.ok()) return ValidationErrorReason(outcome.error().message());
  prepared.outcome = std::move(outcome).value();
  if (!prepared.outcome.condition_failed) return NoReason();
  // A ConditionCheck's message ends with a period, a Put's, Update's or Delete's does not (what
  // DynamoDB Local, which shares the service's code here, answers; AWS answers the latter, e.g.
  // paritysuite's captures and the responses quoted in pynamodb/PynamoDB#1144).
  const bool check = action.kind == TransactActionKind::kConditionCheck;
  CancellationReason reason{
      "ConditionalCheckFailed",
      check ? "The conditional request failed." : "The conditional request failed", nullptr};
  if (action.return_old_on_condition_failure && old_item != nullptr) {
    reason.item = std::make_shared<const AttributeValue>(AttributeValue::M(*old_item));
  }
  return reason;
}

std::size_t SizeOf(const std::optional<Item>& item) { return item ? ItemSize(*item) : 0; }

// Writes one evaluated action and charges it: twice the write of the larger of the old and new
// item, and each index whose entry changed its own writes (ChargeWrite). A ConditionCheck is
// billed as a write too (measured on AWS: 2 WCU for a small item, martinhicks.dev "What a
// conditional DynamoDB transaction actually costs", 2026). On a table with local secondary
// indexes the write keeps the 10 GB item-collection limit and yields the collection's metrics.
// The write's demand goes to `meter` (action `index`), which admits the whole transaction.
Status Write(Engine& engine, storage::WriteTxn& txn, const PreparedAction& prepared,
             std::size_t index, CapacityTally& tally, TransactionMeter& meter,
             std::optional<api::ItemCollectionMetrics>* metrics) {
  const std::size_t old_size = SizeOf(prepared.current);
  const std::size_t new_size = prepared.action->kind == TransactActionKind::kConditionCheck
                                   ? old_size
                                   : SizeOf(prepared.outcome.new_item);
  storage::IndexChanges changes;
  const Item* old_item = prepared.current ? &*prepared.current : nullptr;
  if (prepared.outcome.writes) {
    DDBEMU_ASSIGN_OR_RETURN(
        ItemCollectionGuard collection,
        ItemCollectionGuard::Begin(engine.items, txn, *prepared.table, TargetOf(*prepared.action)));
    if (prepared.outcome.new_item) {
      DDBEMU_ASSIGN_OR_RETURN(changes, engine.items.Put(txn, *prepared.table, prepared.storage_key,
                                                        old_item, *prepared.outcome.new_item));
    } else if (old_item != nullptr) {
      DDBEMU_ASSIGN_OR_RETURN(
          changes, engine.items.Delete(txn, *prepared.table, prepared.storage_key, *old_item));
    }
    DDBEMU_RETURN_IF_ERROR(collection.Finish(txn));
    *metrics = collection.Metrics();
  }
  capacity::RequestCharge charge =
      ChargeWrite(*prepared.table, old_size, new_size, changes, /*transactional=*/true);
  const Item* new_item =
      prepared.outcome.writes && prepared.outcome.new_item ? &*prepared.outcome.new_item : nullptr;
  // A ConditionCheck writes nothing, so it changes no vector index entry.
  if (prepared.outcome.writes && !prepared.table->vector_indexes.empty()) {
    charge.vector_write_bytes = storage::VectorWriteBytes(*prepared.table, old_item, new_item);
  }
  meter.Add(index, *prepared.table,
            WriteDemand(*prepared.table, TargetOf(*prepared.action), old_item, new_item, changes,
                        charge));
  tally.Add(prepared.action->table_name, charge);
  return Status::Ok();
}

// Writes every action. An item collection pushed over its limit cancels the transaction with
// that action's reason (API reference, TransactionCanceledException: "Code:
// ItemCollectionSizeLimitExceeded, Message: Collection size exceeded.").
Status WriteAll(Engine& engine, storage::WriteTxn& txn, const std::vector<PreparedAction>& actions,
                bool return_metrics, CapacityTally& tally, TransactionMeter& meter,
                api::ItemCollectionMetricsPerTable* metrics) {
  for (std::size_t i = 0; i < actions.size(); ++i) {
    std::optional<api::ItemCollectionMetrics> collection;
    Status written = Write(engine, txn, actions[i], i, tally, meter, &collection);
    if (!written.ok() && written.error().code() == ErrorCode::kItemCollectionSizeLimitExceeded) {
      std::vector<CancellationReason> reasons(actions.size(), NoReason());
      reasons[i] = CancellationReason{"ItemCollectionSizeLimitExceeded",
                                      "Collection size exceeded.", nullptr};
      return TransactionCanceled(std::move(reasons));
    }
    DDBEMU_RETURN_IF_ERROR(written);
    if (return_metrics) {
      AddItemCollectionMetrics(actions[i].action->table_name, std::move(collection), metrics);
    }
  }
  return Status::Ok();
}

// A replayed request writes nothing and reports "the number of read capacity units consumed in
// reading the item" (API reference, ClientRequestToken): a transactional read of each item.
Result<api::TransactWriteItemsResponse> Replay(Engine& engine, const storage::Txn& txn,
                                               const std::vector<PreparedAction>& actions) {
  CapacityTally tally;
  for (const PreparedAction& prepared : actions) {
    Item item;
    DDBEMU_ASSIGN_OR_RETURN(bool found, engine.items.Get(txn, prepared.storage_key, &item));
    const std::size_t size = found ? ItemSize(item) : 0;
    tally.AddRead(prepared.action->table_name, 2 * capacity::ReadCost(size, /*consistent=*/true));
  }
  api::TransactWriteItemsResponse response;
  response.consumed_capacity = tally.Tables();
  return response;
}

}  // namespace

Result<api::TransactWriteItemsResponse> TransactWriteItems(
    Engine& engine, const Caller& caller, const api::TransactWriteItemsRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(std::vector<PreparedAction> actions, PrepareActions(engine, request));

  DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  RequestTables tables(engine, txn, caller);
  DDBEMU_RETURN_IF_ERROR(ResolveTargets(tables, actions));
  if (request.client_request_token) {
    DDBEMU_ASSIGN_OR_RETURN(TokenCheck token, CheckClientRequestToken(engine, txn, caller,
                                                                      *request.client_request_token,
                                                                      request.fingerprint));
    if (token == TokenCheck::kReplay) return Replay(engine, txn, actions);
  }

  std::vector<CancellationReason> reasons;
  reasons.reserve(actions.size());
  bool cancelled = false;
  for (PreparedAction& prepared : actions) {
    DDBEMU_ASSIGN_OR_RETURN(CancellationReason reason, Evaluate(engine, txn, prepared));
    cancelled |= reason.code != "None";
    reasons.push_back(std::move(reason));
  }
  if (cancelled) return TransactionCanceled(std::move(reasons));  // the WriteTxn aborts

  CapacityTally tally;
  TransactionMeter meter(actions.size());
  api::TransactWriteItemsResponse response;
  DDBEMU_RETURN_IF_ERROR(WriteAll(engine, txn, actions, request.return_item_collection_metrics,
                                  tally, meter, &response.item_collection_metrics));
  // Throttled: cancelled with ThrottlingError / ProvisionedThroughputExceeded reasons, and the
  // WriteTxn aborts (ops/capacity/capacity_charge.h).
  DDBEMU_ASSIGN_OR_RETURN(auto throttled, meter.Admit(engine, caller, txn));
  if (throttled) return TransactionCanceled(std::move(*throttled));
  if (request.client_request_token) {
    DDBEMU_RETURN_IF_ERROR(RecordClientRequestToken(
        engine, txn, caller, *request.client_request_token, request.fingerprint));
  }
  DDBEMU_RETURN_IF_ERROR(txn.Commit());
  response.consumed_capacity = tally.Tables();
  return response;
}

namespace {

// Expired tokens removed per recorded token: more than one, so the store shrinks after a burst.
constexpr std::size_t kPrunePerRecord = 8;

}  // namespace

Result<TokenCheck> CheckClientRequestToken(Engine& engine, const storage::Txn& txn,
                                           const Caller& caller, std::string_view token,
                                           std::string_view fingerprint) {
  storage::IdempotencyStore store(engine.env);
  DDBEMU_ASSIGN_OR_RETURN(auto entry, store.Find(txn, caller.ns, token, engine.clock.NowMicros()));
  if (!entry) return TokenCheck::kNew;
  if (entry->fingerprint != fingerprint) {
    // The service's message is not on record; DynamoDB Local sends none.
    return ApiError(ErrorCode::kIdempotentParameterMismatch, "");
  }
  return TokenCheck::kReplay;
}

Status RecordClientRequestToken(Engine& engine, storage::WriteTxn& txn, const Caller& caller,
                                std::string_view token, std::string_view fingerprint) {
  storage::IdempotencyStore store(engine.env);
  const std::int64_t now = engine.clock.NowMicros();
  DDBEMU_ASSIGN_OR_RETURN(std::size_t pruned, store.Prune(txn, now, kPrunePerRecord));
  (void)pruned;
  return store.Record(txn, caller.ns, token, fingerprint, now + kIdempotencyWindowMicros);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
