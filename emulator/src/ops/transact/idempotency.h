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
#pragma once

#include <cstdint>
#include <string_view>

#include "ddbemu/error.h"
#include "ops/engine.h"
#include "storage/txn.h"

namespace ddbemu::ops {

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

}  // namespace ddbemu::ops
