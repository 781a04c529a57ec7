// ClientRequestToken idempotency (see transact.h).
#include "ops/transact/transact.h"

#include "storage/idempotency_store.h"

namespace ddbemu::ops {
namespace {

// Expired tokens removed per recorded token: more than one, so the store shrinks after a burst.
constexpr std::size_t kPrunePerRecord = 8;

}  // namespace

Result<TokenCheck> CheckClientRequestToken(Engine& engine, const storage::Txn& txn,
                                           const Caller& caller, std::string_view token,
                                           std::string_view fingerprint) {
  storage::IdempotencyStore store(engine.env);
  DDB_ASSIGN_OR_RETURN(auto entry, store.Find(txn, caller.ns, token, engine.clock.NowMicros()));
  if (!entry) return TokenCheck::kNew;
  if (entry->fingerprint != fingerprint) {
    // The service's message is not on record; DynamoDB Local sends none.
    return ApiError(ErrorCode::kIdempotentParameterMismatch, "");
  }
  return TokenCheck::kReplay;
}

Status RecordClientRequestToken(Engine& engine, storage::WriteTxn& txn, const Caller& caller,
                                std::string_view token, std::string_view fingerprint) {
  storage::IdempotencyStore store(engine.env);
  const std::int64_t now = engine.clock.NowMicros();
  DDB_ASSIGN_OR_RETURN(std::size_t pruned, store.Prune(txn, now, kPrunePerRecord));
  (void)pruned;
  return store.Record(txn, caller.ns, token, fingerprint, now + kIdempotencyWindowMicros);
}

}  // namespace ddbemu::ops
