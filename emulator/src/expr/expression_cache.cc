// The parse cache; see expression_cache.h.
#include "expr/expression_cache.h"

#include "expr/expressions.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {

std::size_t ExpressionCache::KeyHash::operator()(const KeyView& k) const {
  // The text's hash, mixed with the tag: the same text of two kinds gets two entries.
  constexpr std::size_t kMix = 0x9E3779B97F4A7C15ull;
  return std::hash<std::string_view>()(k.text) ^ (static_cast<std::size_t>(k.tag) * kMix);
}

template <class T, class ParseFn>
std::shared_ptr<const Result<T>> ExpressionCache::Get(KeyView key, ParseFn parse) {
  {
    sync::MutexLock lock(mu_);
    const auto it = entries_.find(key);
    if (it != entries_.end()) {
      if (const auto* hit = std::get_if<std::shared_ptr<const Result<T>>>(&it->second.value)) {
        recency_.splice(recency_.begin(), recency_, it->second.recency);
        return *hit;
      }
    }
  }
  // Parse outside the lock; two threads may parse the same text, which is harmless.
  auto parsed = std::make_shared<const Result<T>>(parse());
  if (capacity_ == 0) return parsed;
  sync::MutexLock lock(mu_);
  if (entries_.find(key) == entries_.end()) {
    std::string text(1, key.tag);
    text += key.text;
    recency_.push_front(text);
    entries_.emplace(std::move(text), Entry{parsed, recency_.begin()});
    if (entries_.size() > capacity_) {
      entries_.erase(recency_.back());
      recency_.pop_back();
    }
  }
  return parsed;
}

std::shared_ptr<const Result<Condition>> ExpressionCache::GetCondition(std::string_view text,
                                                                       ExpressionKind kind) {
  // The kind is part of the key: it words the messages and decides the functions allowed.
  const KeyView key{static_cast<char>('0' + static_cast<int>(kind)), text};
  return Get<Condition>(key, [&] { return ParseCondition(text, kind); });
}

std::shared_ptr<const Result<UpdateExpression>> ExpressionCache::GetUpdate(std::string_view text) {
  return Get<UpdateExpression>(KeyView{'U', text}, [&] { return ParseUpdate(text); });
}

std::shared_ptr<const Result<ProjectionExpression>> ExpressionCache::GetProjection(
    std::string_view text) {
  return Get<ProjectionExpression>(KeyView{'P', text}, [&] { return ParseProjection(text); });
}

std::size_t ExpressionCache::size() const {
  sync::MutexLock lock(mu_);
  return entries_.size();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
