// TransactWriteItems and TransactGetItems.
//
// Isolation. A TransactWriteItems is one LMDB write transaction: every action's condition is
// evaluated and every item and index entry written inside it, all or nothing. LMDB has one
// writer at a time, so transactions, PutItem/UpdateItem/DeleteItem and BatchWriteItem serialize:
// each sees every write committed before it and none after. A TransactGetItems is one LMDB read
// transaction, an MVCC snapshot of one committed state, so it never observes half of a
// transaction. The service detects conflicts between concurrent transactions and answers
// TransactionConflict cancellation reasons, TransactionConflictException (a single-item write on
// an item a transaction holds) or TransactionCanceledException for a TransactGetItems racing a
// write. Here writers wait for the lock instead of conflicting, so none of these is ever returned:
// every interleaving the service could commit, we commit, and the outcomes our clients see are
// ones the service allows (serializability is the documented guarantee; conflicts are a retryable
// artefact of its distributed implementation, not a contract).
#pragma once

#include "api/transact_requests.h"
#include "ddbemu/error.h"
#include "ops/engine.h"

namespace ddbemu::ops {

// Errors, in the service's order (paritysuite/dynamodb-conformance captures from AWS):
//  1. per action in request order: the action's own shape (no action or two; attribute values),
//     its expressions (parse, bind, placeholders, unused names and values), and for a Put the
//     item size ("Item size has exceeded the maximum allowed size");
//  2. "Transaction payload size cannot exceed 4MB. Payload Size: N";
//  3. ResourceNotFoundException "Requested resource not found" for the first unknown table;
//  4. the targets' keys (transact_checks.h): a cancellation with one ValidationError, or a
//     ValidationException for a bad key value; then "Transaction request cannot include multiple
//     operations on one item";
//  5. ClientRequestToken: IdempotentParameterMismatchException, or the replay of a committed
//     request (nothing written; ConsumedCapacity then reports the reads, as the service does);
//  6. TransactionCanceledException with a reason per action: ConditionalCheckFailed ("The
//     conditional request failed", "The conditional request failed." for a ConditionCheck, with
//     the item under ReturnValuesOnConditionCheckFailure=ALL_OLD), ValidationError (an update
//     that cannot apply to the item as it is: its message) or None.
Result<api::TransactWriteItemsResponse> TransactWriteItems(
    Engine& engine, const Caller& caller, const api::TransactWriteItemsRequest& request);

// Errors: each Get's projection; ResourceNotFoundException; the targets' keys as above (a
// cancellation with a ValidationError reason for a missing or mistyped key attribute); two Gets
// of one item.
Result<api::TransactGetItemsResponse> TransactGetItems(Engine& engine, const Caller& caller,
                                                       const api::TransactGetItemsRequest& request);

}  // namespace ddbemu::ops
