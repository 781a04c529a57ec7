// The read-modify-write step of every item write — PutItem, UpdateItem, DeleteItem, and each
// action of TransactWriteItems and BatchWriteItem — as a pure function of (the item as it is,
// the request): no storage, no clock, so it may run twice (STYLE.md: Alternator's lesson).
#pragma once

#include <optional>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "expr/ast.h"
#include "expr/document_path.h"
#include "storage/table_schema.h"

namespace ddbemu::ops {

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

}  // namespace ddbemu::ops
