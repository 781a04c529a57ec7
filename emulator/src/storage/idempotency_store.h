// IdempotencyStore: the ClientRequestTokens of committed TransactWriteItems requests, in the
// "meta" DBI, so that a retried request is recognised across restarts (API reference,
// TransactWriteItems ClientRequestToken: "valid for 10 minutes after the first request that uses
// it is completed").
//
// Two records per token, written and removed together in the caller's WriteTxn:
//   "I" | u32 BE length of namespace | namespace | token  ->  u64 BE expiry (micros) | fingerprint
//   "J" | u64 BE expiry | u32 BE length of namespace | namespace | token  ->  ""
// The second is an index by expiry, so that expired tokens are removed oldest first without a
// scan of every token. Tokens belong to a namespace (one account and region in DynamoDB Local's
// model), like tables. ("I" and "J" join the tags of meta_keys.h.)
//
// Stateless apart from the DBI handle: construct one where needed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "storage/env.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {

class IdempotencyStore {
 public:
  explicit IdempotencyStore(const Env& env) : meta_(env.meta_dbi()) {}

  struct Entry {
    std::string fingerprint;
    std::int64_t expires_micros = 0;
  };

  // The entry of `token` in `ns` if it has not expired at `now_micros` (an expired entry is
  // as good as none). Fails only on an LMDB error or a corrupt record.
  Result<std::optional<Entry>> Find(const Txn& txn, std::string_view ns, std::string_view token,
                                    std::int64_t now_micros) const;

  // Records `token` -> `fingerprint` until `expires_micros`, replacing any entry it had.
  Status Record(WriteTxn& txn, std::string_view ns, std::string_view token,
                std::string_view fingerprint, std::int64_t expires_micros);

  // Removes at most `limit` entries that expired at or before `now_micros`, oldest first, and
  // returns how many it removed. Callers prune a few per write, which keeps the store bounded
  // by the tokens of the last 10 minutes.
  Result<std::size_t> Prune(WriteTxn& txn, std::int64_t now_micros, std::size_t limit);

 private:
  Dbi meta_;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
