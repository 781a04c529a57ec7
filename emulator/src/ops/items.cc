// PutItem, GetItem and DeleteItem. Order of checks, as the service runs them: request-level
// validation (values, parameter mixing, ReturnValues, size), then the table lookup, then the
// key against the schema, then the condition, then the write.
#include "ops/items.h"

#include "capacity/capacity_units.h"
#include "ops/item_checks.h"
#include "ops/key_validation.h"
#include "storage/item_store.h"
#include "value/item_size.h"

namespace ddbemu::ops {
namespace {

std::optional<api::ConsumedCapacity> Consumed(api::ReturnConsumedCapacity mode,
                                              const std::string& table_name,
                                              capacity::HalfUnits cost) {
  if (mode == api::ReturnConsumedCapacity::kNone) return std::nullopt;
  api::ConsumedCapacity consumed;
  consumed.table_name = table_name;
  consumed.capacity_units = capacity::ToUnits(cost);
  return consumed;
}

// Looks the table up in the caller's namespace within `txn`.
Result<TableSchema> FindTable(Engine& engine, const storage::Txn& txn, const Caller& caller,
                              const std::string& table_name) {
  DDB_ASSIGN_OR_RETURN(std::optional<TableSchema> table,
                       engine.catalog.Get(txn, caller.ns, table_name));
  if (!table) return TableNotFound();
  return std::move(*table);
}

// Conditions and projections arrive with the expression layer; until then a request that
// carries one is refused rather than silently executed without it.
Status RefuseUnsupportedExpressions(const api::ExpressionParameters& expressions,
                                    const api::LegacyParameters& legacy) {
  if (expressions.condition_expression || expressions.projection_expression ||
      expressions.update_expression || legacy.expected || legacy.attributes_to_get) {
    return ApiError::Validation("This emulator build does not evaluate expressions yet");
  }
  return Status::Ok();
}

}  // namespace

Result<api::ItemResponse> PutItem(Engine& engine, const Caller& caller,
                                  const api::PutItemRequest& request) {
  DDB_RETURN_IF_ERROR(CheckNoLegacyExpressionMix(request.expressions, request.legacy));
  DDB_RETURN_IF_ERROR(CheckReturnValuesOldOrNone(request.return_values));
  DDB_RETURN_IF_ERROR(CheckItemSize(request.item));
  DDB_RETURN_IF_ERROR(RefuseUnsupportedExpressions(request.expressions, request.legacy));

  DDB_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  DDB_ASSIGN_OR_RETURN(TableSchema table, FindTable(engine, txn, caller, request.table_name));
  DDB_RETURN_IF_ERROR(ValidateItemKeys(table, request.item));

  DDB_ASSIGN_OR_RETURN(const std::string key, storage::EncodeTableKey(table, request.item));
  Item old_item;
  DDB_ASSIGN_OR_RETURN(bool existed, engine.items.Get(txn, key, &old_item));
  DDB_RETURN_IF_ERROR(
      engine.items.Put(txn, table, key, existed ? &old_item : nullptr, request.item));
  DDB_RETURN_IF_ERROR(txn.Commit());

  api::ItemResponse response;
  const std::size_t old_size = existed ? ItemSize(old_item) : 0;
  if (existed && request.return_values == api::ReturnValues::kAllOld) response.item = std::move(old_item);
  response.consumed_capacity =
      Consumed(request.return_consumed_capacity, table.name,
               capacity::WriteCost(old_size, ItemSize(request.item)));
  return response;
}

Result<api::ItemResponse> GetItem(Engine& engine, const Caller& caller,
                                  const api::GetItemRequest& request) {
  DDB_RETURN_IF_ERROR(CheckNoLegacyExpressionMix(request.expressions, request.legacy));
  DDB_RETURN_IF_ERROR(RefuseUnsupportedExpressions(request.expressions, request.legacy));

  DDB_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  DDB_ASSIGN_OR_RETURN(TableSchema table, FindTable(engine, txn, caller, request.table_name));
  DDB_RETURN_IF_ERROR(ValidateKey(table, request.key));

  DDB_ASSIGN_OR_RETURN(const std::string key, storage::EncodeTableKey(table, request.key));
  api::ItemResponse response;
  Item item;
  DDB_ASSIGN_OR_RETURN(bool found, engine.items.Get(txn, key, &item));
  const std::size_t size = found ? ItemSize(item) : 0;
  if (found) response.item = std::move(item);
  response.consumed_capacity = Consumed(request.return_consumed_capacity, table.name,
                                        capacity::ReadCost(size, request.consistent_read));
  return response;
}

Result<api::ItemResponse> DeleteItem(Engine& engine, const Caller& caller,
                                     const api::DeleteItemRequest& request) {
  DDB_RETURN_IF_ERROR(CheckNoLegacyExpressionMix(request.expressions, request.legacy));
  DDB_RETURN_IF_ERROR(CheckReturnValuesOldOrNone(request.return_values));
  DDB_RETURN_IF_ERROR(RefuseUnsupportedExpressions(request.expressions, request.legacy));

  DDB_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  DDB_ASSIGN_OR_RETURN(TableSchema table, FindTable(engine, txn, caller, request.table_name));
  DDB_RETURN_IF_ERROR(ValidateKey(table, request.key));

  DDB_ASSIGN_OR_RETURN(const std::string key, storage::EncodeTableKey(table, request.key));
  Item old_item;
  DDB_ASSIGN_OR_RETURN(bool existed, engine.items.Get(txn, key, &old_item));
  if (existed) {
    DDB_RETURN_IF_ERROR(engine.items.Delete(txn, table, key, old_item));
    DDB_RETURN_IF_ERROR(txn.Commit());
  }
  api::ItemResponse response;
  const std::size_t old_size = existed ? ItemSize(old_item) : 0;
  if (existed && request.return_values == api::ReturnValues::kAllOld) response.item = std::move(old_item);
  response.consumed_capacity = Consumed(request.return_consumed_capacity, table.name,
                                        capacity::WriteCost(old_size, 0));
  return response;
}

}  // namespace ddbemu::ops
