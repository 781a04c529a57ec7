// VersionHistory (see version_history.h).
#include "storage/version_history.h"

#include "storage/record_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace {

// Every this many records, entries of every key older than the window are dropped, so memory
// stays bounded by the writes of one window.
constexpr std::size_t kPruneEvery = 1024;

}  // namespace

std::string VersionHistory::Key(std::uint32_t keyspace_id, std::string_view storage_key) {
  std::string key;
  AppendU32(keyspace_id, &key);
  key.append(storage_key);
  return key;
}

void VersionHistory::PruneAll(std::int64_t horizon) {
  for (auto it = versions_.begin(); it != versions_.end();) {
    auto& entries = it->second;
    while (!entries.empty() && entries.front().written_micros <= horizon) entries.pop_front();
    it = entries.empty() ? versions_.erase(it) : std::next(it);
  }
}

void VersionHistory::Record(std::uint32_t keyspace_id, std::string_view storage_key,
                            const Item* old_item) {
  const std::int64_t now = clock_.NowMicros();
  sync::MutexLock lock(mu_);
  auto& entries = versions_[Key(keyspace_id, storage_key)];
  while (!entries.empty() && entries.front().written_micros <= now - window_) entries.pop_front();
  entries.push_back({now, old_item ? std::optional<Item>(*old_item) : std::nullopt});
  if (++records_since_prune_ >= kPruneEvery) {
    records_since_prune_ = 0;
    PruneAll(now - window_);
  }
}

std::optional<std::optional<Item>> VersionHistory::Lagged(std::uint32_t keyspace_id,
                                                          std::string_view storage_key) const {
  const std::int64_t horizon = clock_.NowMicros() - window_;
  sync::MutexLock lock(mu_);
  auto it = versions_.find(Key(keyspace_id, storage_key));
  if (it == versions_.end()) return std::nullopt;
  for (const Replaced& entry : it->second) {
    // The first write inside the window: the read sees what it replaced.
    if (entry.written_micros > horizon) return entry.previous;
  }
  return std::nullopt;
}

std::vector<VersionHistory::LaggedItem> VersionHistory::LaggedIn(std::uint32_t keyspace_id) const {
  std::string prefix;
  AppendU32(keyspace_id, &prefix);
  const std::int64_t horizon = clock_.NowMicros() - window_;
  std::vector<LaggedItem> out;
  sync::MutexLock lock(mu_);
  // Bounded by the writes of one window (Record prunes); a realism switch, not a hot path.
  for (const auto& [key, entries] : versions_) {
    if (!std::string_view(key).starts_with(prefix)) continue;
    for (const Replaced& entry : entries) {
      if (entry.written_micros <= horizon) continue;
      out.push_back({key.substr(prefix.size()), entry.previous});
      break;
    }
  }
  return out;
}

void VersionHistory::Clear() {
  sync::MutexLock lock(mu_);
  versions_.clear();
  records_since_prune_ = 0;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
