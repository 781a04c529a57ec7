// CallerCache (see database_callers.h).
#include "database_callers.h"

namespace ddbemu {

const ops::Caller* CallerCache::FindLocked(const RequestContext& context) const {
  for (const Entry& e : entries_) {
    if (e.access_key_id == context.access_key_id && e.region == context.region) return &e.caller;
  }
  return nullptr;
}

const ops::Caller* CallerCache::Find(const RequestContext& context) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return FindLocked(context);
}

const ops::Caller& CallerCache::Add(const RequestContext& context, ops::Caller built,
                                    std::optional<ops::Caller>& spare) {
  std::lock_guard<std::mutex> lock(mutex_);
  // Two threads that missed together both built it: the second keeps the first's.
  if (const ops::Caller* kept = FindLocked(context)) return *kept;
  if (entries_.size() >= kMaxCallers) {
    return spare.emplace(std::move(built));
  }
  entries_.push_back(Entry{context.access_key_id, context.region, std::move(built)});
  return entries_.back().caller;
}

std::size_t CallerCache::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return entries_.size();
}

}  // namespace ddbemu
