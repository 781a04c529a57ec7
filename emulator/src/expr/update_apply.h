// Applying a bound UpdateExpression (expressions.h) to an item: the pure read-modify-write step of
// UpdateItem and of a transaction's Update. It may run more than once for one request (a
// retried transaction), so it reads only its arguments and returns the new item.
//
// Semantics, as the service applies them:
//   - every operand is read from the item as it was before the update (`SET a = b, b = a`
//     swaps), and every path names a place in that item: `SET l[1] = :v REMOVE l[0]` replaces
//     the old second element and removes the old first;
//   - SET of a list index at or past the end appends (in index order), never pads;
//   - REMOVE of a missing attribute, map key or list index does nothing; list elements after
//     a removed one shift down;
//   - ADD creates a missing attribute, adds numbers exactly (value/number.h) and unites sets;
//     DELETE removes members from a set and removes the attribute when it empties;
//   - errors: updating a key attribute; a path whose parent is missing or of the wrong type
//     ("...invalid for update"); an operand path that does not exist ("The provided expression
//     refers to an attribute that does not exist in the item"); operands of the wrong type
//     ("An operand in the update expression has an incorrect data type"); number overflow or
//     more than 38 digits. When several actions fail, the error reported is the one the
//     service reaches first: key attributes, then the actions one by one (see ProcessingOrder
//     in update_apply.cc).
#pragma once

#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "expr/ast.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {

struct UpdateOutcome {
  Item item;  // the updated item, key attributes included
  // The path of every action, in the order written. ReturnValues UPDATED_OLD / UPDATED_NEW
  // return the old / new item projected onto these paths (only the updated nested parts, as
  // AWS does; DynamoDB Local returns whole top-level attributes instead).
  std::vector<DocumentPath> updated_paths;
  // Whether any action writes a value (SET or ADD). AWS does not create a missing item for an
  // update that only removes (REMOVE, DELETE); DynamoDB Local does.
  bool writes_values = false;
};

// `old_item` is null when the item does not exist; the update then starts from `key` (the
// key attributes, which no action may name).
Result<UpdateOutcome> ApplyUpdate(const UpdateExpression& update, const Item* old_item,
                                  const Item& key);

// ReturnValues helpers: the updated parts of the old item (null: none) and of the new one.
Item UpdatedOldAttributes(const Item* old_item, const UpdateOutcome& outcome);
Item UpdatedNewAttributes(const UpdateOutcome& outcome);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
