// The transactions, TransactWriteItems and TransactGetItems: what they share (the cancellation
// and the checks of the items the actions target) and ClientRequestToken idempotency.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "api/transact_requests.h"
#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/engine.h"
#include "storage/table_schema.h"
#include "storage/txn.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

// ---- transact ----------------------------------------------------------------------------------
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

// Errors, in the service's order (paritysuite/dynamodb-conformance captures from AWS):
//  1. per action in request order: the action's own shape (no action or two; attribute values),
//     its expressions (parse, bind, placeholders, unused names and values), and for a Put the
//     item size ("Item size has exceeded the maximum allowed size");
//  2. "Transaction payload size cannot exceed 4MB. Payload Size: N";
//  3. ResourceNotFoundException "Requested resource not found" for the first unknown table;
//  4. the targets' keys (transact.h): a cancellation with one ValidationError, or a
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

// ---- transact checks ---------------------------------------------------------------------------
// What TransactWriteItems and TransactGetItems share: the TransactionCanceledException and the
// checks of the items the actions target.

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

// ---- idempotency -------------------------------------------------------------------------------
// ClientRequestToken idempotency of TransactWriteItems (API reference, ClientRequestToken):
// "multiple identical calls have the same effect as one single call"; "a client request token is
// valid for 10 minutes after the first request that uses it is completed. After 10 minutes, any
// request with the same client token is treated as a new request"; "If you submit a request
// with the same client token but a change in other parameters within the 10-minute idempotency
// window, DynamoDB returns an IdempotentParameterMismatch exception."
//
// Only a committed transaction records its token ("If the original TransactWriteItems call was
// successful, the subsequent TransactWriteItems calls with the same client token return
// successfully without making any changes", Developer Guide, Transactions: Idempotency): a
// cancelled or rejected request changed nothing, and its retry runs again. Tokens persist in
// LMDB (storage/idempotency_store.h) and expire by the Engine's clock.
//
// Both calls run inside the transaction's own WriteTxn, so the check and the record are atomic
// with the writes: two concurrent identical requests serialize on LMDB's writer, and the second
// sees the first's token. The service's TransactionInProgressException ("the transaction with
// the given request token is already in progress") therefore never happens here.

inline constexpr std::int64_t kIdempotencyWindowMicros = std::int64_t{10} * 60 * 1'000'000;

enum class TokenCheck {
  kNew,     // run the transaction (and record the token if it commits)
  kReplay,  // the same request committed within the window: answer without writing
};

// What a request carrying `token` with `fingerprint` (api::TransactWriteItemsRequest) must do;
// IdempotentParameterMismatchException when the token was used by a different request within
// the window.
Result<TokenCheck> CheckClientRequestToken(Engine& engine, const storage::Txn& txn,
                                           const Caller& caller, std::string_view token,
                                           std::string_view fingerprint);

// Records `token` for 10 minutes from now, and removes a few expired tokens.
Status RecordClientRequestToken(Engine& engine, storage::WriteTxn& txn, const Caller& caller,
                                std::string_view token, std::string_view fingerprint);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
