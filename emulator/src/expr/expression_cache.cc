// The parse cache; see expression_cache.h.
#include "expr/expression_cache.h"

#include "expr/parser.h"

namespace ddbemu::expr {

template <class T, class ParseFn>
std::shared_ptr<const Result<T>> ExpressionCache::Get(std::string key, ParseFn parse) {
  {
    std::lock_guard<std::mutex> lock(mu_);
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
  std::lock_guard<std::mutex> lock(mu_);
  if (entries_.count(key) == 0) {
    recency_.push_front(key);
    entries_.emplace(std::move(key), Entry{parsed, recency_.begin()});
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
  std::string key(1, static_cast<char>('0' + static_cast<int>(kind)));
  key += text;
  return Get<Condition>(std::move(key), [&] { return ParseCondition(text, kind); });
}

std::shared_ptr<const Result<UpdateExpression>> ExpressionCache::GetUpdate(std::string_view text) {
  std::string key = "U";
  key += text;
  return Get<UpdateExpression>(std::move(key), [&] { return ParseUpdate(text); });
}

std::shared_ptr<const Result<ProjectionExpression>> ExpressionCache::GetProjection(
    std::string_view text) {
  std::string key = "P";
  key += text;
  return Get<ProjectionExpression>(std::move(key), [&] { return ParseProjection(text); });
}

std::size_t ExpressionCache::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return entries_.size();
}

}  // namespace ddbemu::expr
