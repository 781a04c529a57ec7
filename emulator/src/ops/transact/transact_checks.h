// What TransactWriteItems and TransactGetItems share: the TransactionCanceledException and the
// checks of the items the actions target.
#pragma once

#include <string>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "storage/table_schema.h"

namespace ddbemu::ops {

// The reason of an action that did not cause the cancellation: Code "None", no message.
CancellationReason NoReason();
// Code "ValidationError" with `message`.
CancellationReason ValidationErrorReason(std::string message);

// TransactionCanceledException "Transaction cancelled, please refer cancellation reasons for
// specific reasons [None, ConditionalCheckFailed]" with `reasons`, one per action in request
// order (API reference, TransactionCanceledException; the message lists the codes in order).
ApiError TransactionCanceled(std::vector<CancellationReason> reasons);

// The item one action targets.
struct ActionTarget {
  const TableSchema* table;
  const Item* key_or_item;  // a Key map, or a Put's whole item
  bool is_item;
};

// Checks every target's key against its table and returns the targets' storage keys. In the
// service's order:
//  - a key attribute missing or of the wrong type cancels the transaction: the first such
//    action gets a ValidationError reason with the single-item wording ("The provided key element
//    does not match the schema" for a Key, "One or more parameter values were invalid: Type
//    mismatch for key pk expected: S actual: N" for a Put item), every other action None;
//  - an empty or oversized key value is a plain ValidationException (the service checks values
//    before the transaction runs);
//  - then two actions on one item: ValidationException "Transaction request cannot include
//    multiple operations on one item".
// (paritysuite/dynamodb-conformance, captured from AWS in four regions; floci-io/floci#3674.)
Result<std::vector<std::string>> CheckTransactionTargets(const std::vector<ActionTarget>& targets);

}  // namespace ddbemu::ops
