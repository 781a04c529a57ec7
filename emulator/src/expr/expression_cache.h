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
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>

#include "ddbemu/error.h"
#include "expr/ast.h"

namespace ddbemu::expr {

class ExpressionCache {
 public:
  explicit ExpressionCache(std::size_t capacity = 4096) : capacity_(capacity) {}
  ExpressionCache(const ExpressionCache&) = delete;
  ExpressionCache& operator=(const ExpressionCache&) = delete;

  // ParseCondition / ParseUpdate / ParseProjection (parser.h), memoized. The results are
  // shared and immutable; bind them (binder.h) to use them.
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

  template <class T, class ParseFn>
  std::shared_ptr<const Result<T>> Get(std::string key, ParseFn parse);

  const std::size_t capacity_;
  mutable std::mutex mu_;
  std::list<std::string> recency_;                  // most recent first; guarded by mu_
  std::unordered_map<std::string, Entry> entries_;  // guarded by mu_
};

}  // namespace ddbemu::expr
