// RawShape: a request's shape as the request gave it, before normalising — its expressions'
// texts and the names (#placeholders) they may use. Normalising (NormalizeExpression) builds a
// string per expression per request; requests repeat their raw forms, so the recorder
// remembers which shape each raw form normalised to (AccessAudit::Record), finds a repeated one
// by a hash of its parts and one comparison, and normalises only a raw form it has not seen.
// The normalised shape is a function of these parts alone, so a raw form seen before gives
// the shape normalising would give.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "audit/access_audit.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {

// `expression` with `#name` placeholders replaced by the names they stand for, `:value`
// placeholders by `?` and runs of blanks by one space; appended to `out`. `names` is a map from
// placeholder to name (anything with find() and end()).
template <class Names>
void AppendNormalized(std::string_view expression, const Names& names, std::string& out) {
  auto word = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  };
  const std::size_t start = out.size();
  for (std::size_t i = 0; i < expression.size();) {
    const char c = expression[i];
    if ((c == '#' || c == ':') && i + 1 < expression.size() && word(expression[i + 1])) {
      std::size_t end = i + 1;
      while (end < expression.size() && word(expression[end])) ++end;
      const std::string token(expression.substr(i, end - i));
      if (c == ':') {
        out += '?';
      } else if (auto it = names.find(token); it != names.end()) {
        out += it->second;
      } else {
        out += token;
      }
      i = end;
    } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (out.size() > start && out.back() != ' ') out += ' ';
      ++i;
    } else {
      out += c;
      ++i;
    }
  }
  while (out.size() > start && out.back() == ' ') out.pop_back();
}

// One of a shape's expressions as the request gave it.
struct RawExpression {
  enum Kind : std::uint8_t {
    kNone,        // absent: the shape's part is empty
    kExpression,  // normalised, after `prefix`
    kLiteral,     // `text` as it is ("(legacy KeyConditions)", "COUNT")
  };
  Kind kind = kNone;
  std::string_view text;
  std::string_view prefix;  // a literal, e.g. "condition: "
};

struct RawShape {
  // Requests with more names than this are normalised each time (none seen in practice).
  static constexpr std::size_t kMaxNames = 16;
  using Name = std::pair<std::string_view, std::string_view>;  // placeholder, name

  RawExpression key_condition;
  RawExpression filter;
  RawExpression projection;
  std::array<Name, kMaxNames> names;
  std::size_t name_count = 0;

  // Takes the request's ExpressionAttributeNames (viewed: they must outlive the RawShape).
  // False when there are more than kMaxNames.
  template <class Map>
  bool SetNames(const Map& map) {
    if (map.size() > kMaxNames) return false;
    name_count = 0;
    for (const auto& [placeholder, name] : map) names[name_count++] = {placeholder, name};
    return true;
  }

  // The identity of the raw form together with the rest of `o`'s shape (namespace, table,
  // index, operation, consistency, limit, missing attributes): its parts one after another,
  // each after its length. Written into a buffer on the stack (a heap string only for very long
  // expressions), then hashed and compared whole.
  class KeyBuffer {
   public:
    std::string_view view() const {
      return heap_.empty() ? std::string_view(inline_.data(), size_) : std::string_view(heap_);
    }
    void Append(const void* bytes, std::size_t n) {
      if (heap_.empty() && size_ + n <= inline_.size()) {
        CopyInline(inline_.data() + size_, static_cast<const char*>(bytes), n);
        size_ += n;
      } else {
        AppendToHeap(bytes, n);
      }
    }

   private:
    void AppendToHeap(const void* bytes, std::size_t n);
    // Most parts are short (names, "GetItem", a table name): up to 16 bytes are copied as two
    // overlapping words (or halves, or three bytes) where memcpy of an unknown length is a call.
    static void CopyInline(char* to, const char* from, std::size_t n) {
      if (n > 16) {
        std::memcpy(to, from, n);
      } else if (n >= 8) {
        std::uint64_t head, tail;
        std::memcpy(&head, from, 8);
        std::memcpy(&tail, from + n - 8, 8);
        std::memcpy(to, &head, 8);
        std::memcpy(to + n - 8, &tail, 8);
      } else if (n >= 4) {
        std::uint32_t head, tail;
        std::memcpy(&head, from, 4);
        std::memcpy(&tail, from + n - 4, 4);
        std::memcpy(to, &head, 4);
        std::memcpy(to + n - 4, &tail, 4);
      } else if (n > 0) {
        to[0] = from[0];
        to[n / 2] = from[n / 2];
        to[n - 1] = from[n - 1];
      }
    }

    std::array<char, 512> inline_;
    std::size_t size_ = 0;
    std::string heap_;
  };
  std::string_view Key(const Observation& o, KeyBuffer& buffer) const;
  static std::uint64_t HashKey(std::string_view key);

  // Fills o's key_condition, filter and projection as normalising the request gives them.
  void Normalize(Observation& o) const;

 private:
  // The names as NormalizeExpression looks them up.
  struct NameViews {
    std::span<const Name> names;
    const Name* find(std::string_view placeholder) const {
      for (const Name& n : names) {
        if (n.first == placeholder) return &n;
      }
      return end();
    }
    const Name* end() const { return names.data() + names.size(); }
  };
};

// Sets o's key_condition, filter and projection from `raw`'s expressions, normalised with
// `names` (a map from placeholder to name: anything with find() and end()).
template <class Names>
void NormalizeInto(const RawShape& raw, const Names& names, Observation& o) {
  auto set = [&](const RawExpression& e, std::string& out) {
    out.clear();
    if (e.kind == RawExpression::kNone) return;
    out.assign(e.prefix);
    if (e.kind == RawExpression::kLiteral) {
      out += e.text;
    } else {
      AppendNormalized(e.text, names, out);
    }
  };
  set(raw.key_condition, o.key_condition);
  set(raw.filter, o.filter);
  set(raw.projection, o.projection);
}

// Sets `o`'s expressions from `raw`: as the raw form (o.raw) when its names fit, else
// normalised now. `raw` and `names` must outlive the Record call.
template <class Map>
void SetExpressions(RawShape& raw, const Map& names, Observation& o) {
  if (raw.SetNames(names)) {
    o.raw = &raw;
  } else {
    NormalizeInto(raw, names, o);
  }
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit
