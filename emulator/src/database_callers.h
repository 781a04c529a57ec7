// CallerCache: the ops::Caller of each access key id and region a Database has served, built
// once. Building a caller concatenates its namespace ("<key id>\x1f<region>", longer than a
// short string's inline room), an allocation and some 300 instructions that every JSON request
// paid; the callers of a server are few (one per client identity), so they are kept.
//
// A caller depends only on its context and on options fixed when the database opens (shared_db,
// access_policies), so a kept one is never stale. Thread-safe; entries never move or go away
// while the cache lives, so a returned reference stays valid without the lock. Finding one
// takes no lock (every request finds one): an entry is published by storing its pointer in a
// fixed slot and then, with release order, the count of slots in use, which a reader loads
// with acquire order before it reads the slots below it. Adding takes the mutex.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <deque>
#include <optional>
#include <string>

#include "ddbemu/database.h"
#include "ddbemu/version.h"
#include "ops/engine.h"
#include "sync/mutex.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

class CallerCache {
 public:
  // Past this many identities new ones are built per request, not kept: a client that invents
  // a key id per request must not grow the server's memory.
  static constexpr std::size_t kMaxCallers = 64;

  // The kept caller of `context`, or null.
  const ops::Caller* Find(const RequestContext& context) const {
    const std::size_t published = published_.load(std::memory_order_acquire);
    for (std::size_t i = 0; i < published; ++i) {
      const Entry& e = *slots_[i];
      if (e.access_key_id == context.access_key_id && e.region == context.region) {
        return &e.caller;
      }
    }
    return nullptr;
  }

  // Keeps `built`, the caller of `context`, and returns it — or the one kept meanwhile by
  // another thread; when the cache is full, `built` is moved into `spare` instead.
  const ops::Caller& Add(const RequestContext& context, ops::Caller built,
                         std::optional<ops::Caller>& spare) EXCLUDES(mutex_) {
    sync::MutexLock lock(mutex_);
    // Two threads that missed together both built it: the second keeps the first's.
    if (const ops::Caller* kept = Find(context)) return *kept;
    const std::size_t n = published_.load(std::memory_order_relaxed);
    if (n >= kMaxCallers) return spare.emplace(std::move(built));
    entries_.push_back(Entry{context.access_key_id, context.region, std::move(built)});
    slots_[n] = &entries_.back();
    published_.store(n + 1, std::memory_order_release);
    return entries_.back().caller;
  }

  std::size_t size() const { return published_.load(std::memory_order_acquire); }

 private:
  struct Entry {
    std::string access_key_id;
    std::string region;
    ops::Caller caller;
  };

  sync::Mutex mutex_;                             // held by Add
  std::deque<Entry> entries_ GUARDED_BY(mutex_);  // a deque: push_back moves no entry
  // slots_[i] for i < published_: the entries, readable without the mutex (written by Add,
  // under it, before published_ counts them), so not GUARDED_BY.
  std::array<const Entry*, kMaxCallers> slots_{};
  std::atomic<std::size_t> published_{0};
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
