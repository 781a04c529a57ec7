// The single-item operations (PutItem, GetItem, DeleteItem, UpdateItem) and what they share
// with the batches, transactions and PartiQL: the request checks run before the table is looked
// up, the key checks against the schema, the condition and update expressions of one item, and
// the write of one item with its index entries. Each operation runs in one LMDB transaction.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "api/item_requests.h"
#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "expr/ast.h"
#include "expr/document_path.h"
#include "expr/expression_cache.h"
#include "ops/engine.h"
#include "storage/key_layout.h"
#include "storage/table_schema.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

// ---- items -------------------------------------------------------------------------------------
// The single-item operations: PutItem, GetItem, DeleteItem, UpdateItem. Each runs in one LMDB
// transaction (a write transaction for writes, covering the item and every index entry).

Result<api::ItemResponse> PutItem(Engine& engine, const Caller& caller,
                                  const api::PutItemRequest& request);
Result<api::ItemResponse> GetItem(Engine& engine, const Caller& caller,
                                  const api::GetItemRequest& request);
Result<api::ItemResponse> DeleteItem(Engine& engine, const Caller& caller,
                                     const api::DeleteItemRequest& request);
Result<api::ItemResponse> UpdateItem(Engine& engine, const Caller& caller,
                                     const api::UpdateItemRequest& request);

// ---- item checks -------------------------------------------------------------------------------
// Request-level checks shared by the item operations, run before the table is looked up, in
// the service's order: attribute values, legacy/expression mixing, ReturnValues, item size.

// PutItem and DeleteItem accept only ReturnValues NONE or ALL_OLD.
Status CheckReturnValuesOldOrNone(api::ReturnValues return_values);

// The service rejects a request that mixes legacy parameters (Expected, AttributesToGet,
// AttributeUpdates, ConditionalOperator) with expression parameters.
Status CheckNoLegacyExpressionMix(const api::ExpressionParameters& expressions,
                                  const api::LegacyParameters& legacy);

// Items are limited to 400 KB by the size rule of docs/capacity.md §1.
Status CheckItemSize(const Item& item);

// "Requested resource not found", as the data-plane operations word it.
ApiError TableNotFound();

// ---- key validation ----------------------------------------------------------------------------
// Checks that a request's key (GetItem/DeleteItem/UpdateItem Key) or item (PutItem Item) fits
// the table's key schema and its indexes' key types, with the service's messages.

// A Key map must hold exactly the table's key attributes, each of its declared type:
// otherwise "The provided key element does not match the schema".
Status ValidateKey(const TableSchema& table, const Item& key);
// That error, for the other readers of keys (a read's ExclusiveStartKey).
ApiError KeyMismatchError();
// The same check, answering where the valid key's values are (for storage::EncodeTableKey
// without a second lookup of each attribute).
Status ValidateKey(const TableSchema& table, const Item& key, storage::KeyValues* values);

// A full item must hold the table's key attributes with their declared types, and any index
// key attribute it holds must have the type the index declares.
Status ValidateItemKeys(const TableSchema& table, const Item& item);

// The item's attributes that the table's vector indexes read: a vector attribute of the index's
// size, as a list of numbers that fit floats, and SearchSchema attributes of their declared type
// (part of ValidateItemKeys; storage/vector_entry.h decides what is indexed).
Status CheckVectorIndexes(const TableSchema& table, const Item& item);

// The item's primary key attributes only.
Item ExtractKey(const TableSchema& table, const Item& item);

// ---- item expressions --------------------------------------------------------------------------
// Preparing the expressions of one item operation (PutItem, UpdateItem, DeleteItem, GetItem, and
// each action of a transaction): the expression parameters and their legacy equivalents become
// one bound condition, update and projection, after the service's request-level checks, in
// the service's order:
//   1. legacy and expression parameters mixed;
//   2. ExpressionAttributeNames/Values given without expressions, or malformed;
//   3. each expression parsed and bound: UpdateExpression, then ConditionExpression, then
//      ProjectionExpression;
//   4. unused names, then unused values.

struct ItemExpressions {
  std::optional<expr::Condition> condition;
  std::optional<expr::UpdateExpression> update;
  std::optional<expr::ProjectionExpression> projection;
};

// Which expression parameters an operation takes (the others are ignored, as the service
// ignores members an operation does not define).
struct ExpressionParametersAllowed {
  bool condition = false;
  bool update = false;
  bool projection = false;
};

// Whether a request carries any expression, placeholder map or legacy parameter. One that
// carries none (a plain GetItem, PutItem or DeleteItem) has nothing to check, parse or look
// up: PrepareItemExpressions answers an empty ItemExpressions for it.
bool CarriesExpressions(const api::ExpressionParameters& expressions,
                        const api::LegacyParameters& legacy);

Result<ItemExpressions> PrepareItemExpressions(const api::ExpressionParameters& expressions,
                                               const api::LegacyParameters& legacy,
                                               ExpressionParametersAllowed allowed,
                                               expr::ExpressionCache* cache);

// ---- item mutation -----------------------------------------------------------------------------
// The read-modify-write step of every item write — PutItem, UpdateItem, DeleteItem, and each
// action of TransactWriteItems and BatchWriteItem — as a pure function of (the item as it is,
// the request): no storage, no clock, so it may run twice (STYLE.md: Alternator's lesson).

enum class MutationKind { kPut, kUpdate, kDelete, kConditionCheck };

struct ItemMutation {
  MutationKind kind = MutationKind::kPut;
  Item key;   // the primary key (for kPut, the key attributes of `item`)
  Item item;  // kPut: the new item
  const expr::Condition* condition = nullptr;      // optional
  const expr::UpdateExpression* update = nullptr;  // kUpdate; null updates nothing
};

struct MutationOutcome {
  bool condition_failed = false;
  // The item after the write; nullopt when there is none (a delete, a failed condition, or an
  // update of a missing item that writes no value, which the service does not create).
  std::optional<Item> new_item;
  bool writes = false;  // whether storage must change (false for ConditionCheck and failures)
  // kUpdate: the paths its actions named, for ReturnValues UPDATED_OLD / UPDATED_NEW.
  std::vector<expr::DocumentPath> updated_paths;
};

// Decides what `mutation` does to `current` (null: no such item). A failed condition is an
// outcome, not an error: callers word it (ConditionalCheckFailedException, or a cancellation
// reason in a transaction). Errors are the update engine's ValidationExceptions, and
// "Item size to update has exceeded the maximum allowed size" / index key type errors for the
// item an update produces.
Result<MutationOutcome> ApplyMutation(const TableSchema& table, const ItemMutation& mutation,
                                      const Item* current);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
