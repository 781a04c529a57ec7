// TransactGetItems (see transact.h): every Get reads the same LMDB snapshot, so the items
// returned are one committed state of the database, never part of a transaction.
#include <optional>

#include "expr/evaluator.h"
#include "ops/batch/batch_tables.h"
#include "ops/capacity/capacity_charge.h"
#include "ops/items/items.h"
#include "ops/transact/transact.h"
#include "storage/item_store.h"
#include "value/item_size.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

struct PreparedGet {
  const api::TransactGetAction* action;
  std::optional<expr::ProjectionExpression> projection;
  const TableSchema* table = nullptr;
};

Result<std::vector<PreparedGet>> PrepareGets(Engine& engine,
                                             const api::TransactGetItemsRequest& request) {
  std::vector<PreparedGet> gets;
  gets.reserve(request.actions.size());
  for (const api::TransactGetAction& action : request.actions) {
    DDBEMU_ASSIGN_OR_RETURN(ItemExpressions expressions,
                            PrepareItemExpressions(action.expressions, api::LegacyParameters{},
                                                   {.projection = true}, engine.expression_cache));
    gets.push_back(PreparedGet{&action, std::move(expressions.projection)});
  }
  return gets;
}

}  // namespace

Result<api::TransactGetItemsResponse> TransactGetItems(
    Engine& engine, const Caller& caller, const api::TransactGetItemsRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(std::vector<PreparedGet> gets, PrepareGets(engine, request));

  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  RequestTables tables(engine, txn, caller);
  std::vector<ActionTarget> targets;
  targets.reserve(gets.size());
  for (PreparedGet& get : gets) {
    DDBEMU_ASSIGN_OR_RETURN(get.table, tables.Find(get.action->table_name));
    targets.push_back(ActionTarget{get.table, &get.action->key, /*is_item=*/false});
  }
  DDBEMU_ASSIGN_OR_RETURN(std::vector<std::string> storage_keys, CheckTransactionTargets(targets));

  api::TransactGetItemsResponse response;
  response.items.reserve(gets.size());
  CapacityTally tally;
  TransactionMeter meter(gets.size());
  for (std::size_t i = 0; i < gets.size(); ++i) {
    const PreparedGet& get = gets[i];
    Item item;
    DDBEMU_ASSIGN_OR_RETURN(bool found, engine.items.Get(txn, storage_keys[i], &item));
    // Transactional reads cost twice a strongly consistent read, missing items included
    // (docs/capacity.md §1).
    capacity::RequestCharge charge;
    charge.table_read = capacity::TransactionalReadCost(found ? ItemSize(item) : 0);
    meter.Add(i, *get.table, ReadDemand(*get.table, nullptr, get.action->key, charge));
    tally.Add(get.action->table_name, charge);
    if (!found) {
      response.items.emplace_back();
      continue;
    }
    response.items.emplace_back(get.projection ? expr::Project(item, get.projection->paths)
                                               : std::move(item));
  }
  // Throttled: cancelled with ThrottlingError / ProvisionedThroughputExceeded reasons
  // (ops/capacity/capacity_charge.h).
  DDBEMU_ASSIGN_OR_RETURN(auto throttled, meter.Admit(engine, caller, txn));
  if (throttled) return TransactionCanceled(std::move(*throttled));
  response.consumed_capacity = tally.Tables();
  return response;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
