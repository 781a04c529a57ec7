#include "ops/items/items.h"

#include "expr/evaluator.h"
#include "expr/update_apply.h"
#include "value/item_size.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

bool ConditionHolds(const expr::Condition* condition, const Item* current) {
  if (condition == nullptr) return true;
  static const Item kNoItem;  // immutable: an absent item evaluates as an empty one
  return expr::Evaluate(*condition, current != nullptr ? *current : kNoItem);
}

Result<MutationOutcome> ApplyUpdate(const TableSchema& table, const ItemMutation& mutation,
                                    const Item* current) {
  MutationOutcome outcome;
  if (mutation.update == nullptr || mutation.update->actions.empty()) {
    // UpdateItem without an update (or with an empty AttributeUpdates) still creates the item,
    // holding only its key.
    outcome.new_item = current != nullptr ? *current : mutation.key;
    outcome.writes = current == nullptr;
    return outcome;
  }
  DDBEMU_ASSIGN_OR_RETURN(expr::UpdateOutcome updated,
                          expr::ApplyUpdate(*mutation.update, current, mutation.key));
  outcome.updated_paths = std::move(updated.updated_paths);
  if (current == nullptr && !updated.writes_values) return outcome;  // nothing to create
  if (ItemSize(updated.item) > kMaxItemSizeBytes) {
    return ApiError::Validation("Item size to update has exceeded the maximum allowed size");
  }
  DDBEMU_RETURN_IF_ERROR(ValidateItemKeys(table, updated.item));
  outcome.new_item = std::move(updated.item);
  outcome.writes = true;
  return outcome;
}

}  // namespace

Result<MutationOutcome> ApplyMutation(const TableSchema& table, const ItemMutation& mutation,
                                      const Item* current) {
  if (!ConditionHolds(mutation.condition, current)) {
    MutationOutcome failed;
    failed.condition_failed = true;
    return failed;
  }
  switch (mutation.kind) {
    case MutationKind::kPut: {
      MutationOutcome outcome;
      outcome.new_item = mutation.item;
      outcome.writes = true;
      return outcome;
    }
    case MutationKind::kDelete: {
      MutationOutcome outcome;
      outcome.writes = current != nullptr;
      return outcome;
    }
    case MutationKind::kConditionCheck: {
      MutationOutcome outcome;
      if (current != nullptr) outcome.new_item = *current;
      return outcome;
    }
    case MutationKind::kUpdate:
      return ApplyUpdate(table, mutation, current);
  }
  return ApiError::InternalServerError("unknown mutation kind");
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
