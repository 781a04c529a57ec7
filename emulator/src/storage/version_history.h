// VersionHistory: what an eventually consistent read may still see (a realism switch,
// Options::eventual_consistency_window_ms). For every item written within the last `window`,
// it keeps the versions the writes replaced, in memory; an eventually consistent read is then
// served the item as it was `window` ago — the version before the earliest write inside the
// window — the way a lagging replica of the service answers shortly after a write.
//
// Recording happens inside the write transaction, before its commit: if the transaction aborts,
// the "previous" version recorded is the version still current, so a read served from it sees
// a state the table really had. Thread-safe.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/clock.h"
#include "ddbemu/version.h"
#include "sync/mutex.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {

class VersionHistory {
 public:
  VersionHistory(const Clock& clock, std::int64_t window_micros)
      : clock_(clock), window_(window_micros) {}

  // A write of the item under `storage_key` of key space `keyspace_id` replaced `old_item`
  // (null: there was none).
  void Record(std::uint32_t keyspace_id, std::string_view storage_key, const Item* old_item);

  // The version an eventually consistent read sees now: nullopt when no write happened within
  // the window (read the current item); otherwise the older version, which may be "no item".
  std::optional<std::optional<Item>> Lagged(std::uint32_t keyspace_id,
                                            std::string_view storage_key) const;

  // Every item of key space `keyspace_id` written within the window, with the version an
  // eventually consistent read sees (Query and Scan merge these into their range walk).
  struct LaggedItem {
    std::string storage_key;
    std::optional<Item> version;  // nullopt: the read sees no item
  };
  std::vector<LaggedItem> LaggedIn(std::uint32_t keyspace_id) const;

  // Forgets every version (the database was replaced: no read may see what it held before).
  void Clear();

 private:
  struct Replaced {
    std::int64_t written_micros;
    std::optional<Item> previous;
  };
  static std::string Key(std::uint32_t keyspace_id, std::string_view storage_key);
  void PruneAll(std::int64_t horizon) REQUIRES(mu_);

  const Clock& clock_;
  const std::int64_t window_;
  mutable sync::Mutex mu_;
  std::unordered_map<std::string, std::deque<Replaced>> versions_ GUARDED_BY(mu_);
  std::size_t records_since_prune_ GUARDED_BY(mu_) = 0;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
