// ExpressionCache: parse results by expression text, so that a request repeating an expression
// another request used skips lexing, parsing and the static checks (Alternator does the same).
// Binding still runs per request, since placeholders differ. Errors are cached too: whether a
// text parses does not depend on the request.
//
// An object the owner passes in (one per Database, say), never global. Thread-safe; bounded
// (least recently used entries are dropped).
#pragma once

#include <cstddef>
#include <list>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>

#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "expr/ast.h"
#include "sync/mutex.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {

class ExpressionCache {
 public:
  explicit ExpressionCache(std::size_t capacity = 4096) : capacity_(capacity) {}
  ExpressionCache(const ExpressionCache&) = delete;
  ExpressionCache& operator=(const ExpressionCache&) = delete;

  // ParseCondition / ParseUpdate / ParseProjection (expressions.h), memoized. The results are
  // shared and immutable; bind them (expressions.h) to use them.
  std::shared_ptr<const Result<Condition>> GetCondition(std::string_view text, ExpressionKind kind);
  std::shared_ptr<const Result<UpdateExpression>> GetUpdate(std::string_view text);
  std::shared_ptr<const Result<ProjectionExpression>> GetProjection(std::string_view text);

  std::size_t size() const;

 private:
  using Value = std::variant<std::shared_ptr<const Result<Condition>>,
                             std::shared_ptr<const Result<UpdateExpression>>,
                             std::shared_ptr<const Result<ProjectionExpression>>>;
  struct Entry {
    Value value;
    std::list<std::string>::iterator recency;
  };

  // A key is a one-byte tag (what the text parses as) followed by the text. Looked up as the
  // two parts (transparent hashing), so that a hit, the common case, builds no key string.
  struct KeyView {
    char tag;
    std::string_view text;
  };
  struct KeyHash {
    using is_transparent = void;
    std::size_t operator()(const KeyView& k) const;
    std::size_t operator()(const std::string& key) const {
      return (*this)(KeyView{key[0], std::string_view(key).substr(1)});
    }
  };
  struct KeyEqual {
    using is_transparent = void;
    static bool Same(const std::string& key, const KeyView& k) {
      return key[0] == k.tag && std::string_view(key).substr(1) == k.text;
    }
    bool operator()(const std::string& a, const std::string& b) const { return a == b; }
    bool operator()(const std::string& a, const KeyView& b) const { return Same(a, b); }
    bool operator()(const KeyView& a, const std::string& b) const { return Same(b, a); }
  };

  template <class T, class ParseFn>
  std::shared_ptr<const Result<T>> Get(KeyView key, ParseFn parse) EXCLUDES(mu_);

  const std::size_t capacity_;
  mutable sync::Mutex mu_;
  std::list<std::string> recency_ GUARDED_BY(mu_);  // most recent first
  std::unordered_map<std::string, Entry, KeyHash, KeyEqual> entries_ GUARDED_BY(mu_);
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
