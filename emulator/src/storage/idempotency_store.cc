// IdempotencyStore (see idempotency_store.h).
#include "storage/idempotency_store.h"

#include <vector>

#include "storage/cursor.h"
#include "storage/record_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace {

constexpr char kTokenTag = 'I';
constexpr char kExpiryTag = 'J';

// namespace and token, length-prefixed so that ("ab", "c") and ("a", "bc") differ.
std::string TokenId(std::string_view ns, std::string_view token) {
  std::string id;
  id.reserve(4 + ns.size() + token.size());
  AppendU32(static_cast<std::uint32_t>(ns.size()), &id);
  id.append(ns);
  id.append(token);
  return id;
}

std::string TokenKey(std::string_view token_id) {
  std::string key(1, kTokenTag);
  key.append(token_id);
  return key;
}

std::string ExpiryKey(std::int64_t expires_micros, std::string_view token_id) {
  std::string key(1, kExpiryTag);
  AppendU64(static_cast<std::uint64_t>(expires_micros), &key);
  key.append(token_id);
  return key;
}

ApiError Corrupt() {
  return ApiError::InternalServerError("storage: corrupt idempotency token record");
}

}  // namespace

Result<std::optional<IdempotencyStore::Entry>> IdempotencyStore::Find(
    const Txn& txn, std::string_view ns, std::string_view token, std::int64_t now_micros) const {
  DDBEMU_ASSIGN_OR_RETURN(auto bytes, txn.Get(meta_, TokenKey(TokenId(ns, token))));
  if (!bytes) return std::optional<Entry>();
  if (bytes->size() < 8) return Corrupt();
  Entry entry;
  entry.expires_micros = static_cast<std::int64_t>(ReadU64(*bytes));
  if (entry.expires_micros <= now_micros) return std::optional<Entry>();
  entry.fingerprint = std::string(bytes->substr(8));
  return std::optional<Entry>(std::move(entry));
}

Status IdempotencyStore::Record(WriteTxn& txn, std::string_view ns, std::string_view token,
                                std::string_view fingerprint, std::int64_t expires_micros) {
  const std::string id = TokenId(ns, token);
  const std::string key = TokenKey(id);
  // Drop the expiry index entry of a previous (expired) record of this token.
  DDBEMU_ASSIGN_OR_RETURN(auto old, txn.Get(meta_, key));
  if (old && old->size() >= 8) {
    const auto old_expiry = static_cast<std::int64_t>(ReadU64(*old));
    DDBEMU_ASSIGN_OR_RETURN(bool removed, txn.Delete(meta_, ExpiryKey(old_expiry, id)));
    (void)removed;
  }
  std::string value;
  AppendU64(static_cast<std::uint64_t>(expires_micros), &value);
  value.append(fingerprint);
  DDBEMU_RETURN_IF_ERROR(txn.Put(meta_, key, value));
  return txn.Put(meta_, ExpiryKey(expires_micros, id), std::string_view(""));
}

Result<std::size_t> IdempotencyStore::Prune(WriteTxn& txn, std::int64_t now_micros,
                                            std::size_t limit) {
  // Collect first, then delete: a cursor's views do not survive writes to its DBI.
  std::vector<std::string> expired;
  {
    DDBEMU_ASSIGN_OR_RETURN(Cursor cursor, Cursor::Open(txn, meta_));
    const std::string prefix(1, kExpiryTag);
    for (bool on = cursor.Seek(prefix); on && expired.size() < limit; on = cursor.Next()) {
      const std::string_view key = cursor.key();
      if (!key.starts_with(prefix) || key.size() < 9) break;
      if (static_cast<std::int64_t>(ReadU64(key.substr(1))) > now_micros) break;
      expired.emplace_back(key);
    }
    DDBEMU_RETURN_IF_ERROR(cursor.status());
  }
  for (const std::string& expiry_key : expired) {
    DDBEMU_ASSIGN_OR_RETURN(bool removed, txn.Delete(meta_, expiry_key));
    (void)removed;
    DDBEMU_ASSIGN_OR_RETURN(removed,
                            txn.Delete(meta_, TokenKey(std::string_view(expiry_key).substr(9))));
  }
  return expired.size();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
