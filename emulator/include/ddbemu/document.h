// Items from plain C++ values, and typed reads of an item's attributes by document path, as
// boto3's resource layer and the SDKs' document clients give them:
//
//   ddbemu::Item order = ddbemu::MakeItem({{"pk", "order#1"}, {"total", 30}, {"paid", true},
//                                         {"rate", 0.25}, {"note", nullptr}});
//   std::optional<std::int64_t> total = ddbemu::Get<std::int64_t>(order, "total");     // 30
//   std::string city = ddbemu::Get<std::string>(user, "address.city").value_or("");
//   auto first = ddbemu::Get<std::string>(user, "tags[0]");
//
// A path is attribute names joined by '.', each optionally followed by list indexes ("a.b[2]");
// write a name that holds '.' or '[' with FindPath's component form instead. Get<T> answers
// nullopt when the path does not resolve or the value there is not a T (GetOr: a fallback):
// std::string (S), integers (an N that is an integer in T's range), double (N), bool (BOOL), Item
// (M), AttributeList (L), std::vector<std::string> (SS), AttributeValue (any).
#pragma once

#include <charconv>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// One attribute's value from a plain C++ value: text is S, numbers are N (canonical text), bool
// is BOOL, nullptr is NULL; an AttributeValue is taken as it is (for M, L and the sets).
class Value {
 public:
  Value(AttributeValue value) : value_(std::move(value)) {}  // NOLINT(google-explicit-constructor)
  Value(std::string s) : value_(AttributeValue::S(std::move(s))) {}  // NOLINT
  Value(std::string_view s) : value_(AttributeValue::S(s)) {}        // NOLINT
  Value(const char* s) : value_(AttributeValue::S(s)) {}             // NOLINT
  template <std::integral I>
  requires(!std::same_as<I, bool>) Value(I n) : value_(AttributeValue::N(n)) {}  // NOLINT
  Value(double d) : value_(AttributeValue::N(d)) {}                              // NOLINT
  Value(bool b) : value_(AttributeValue::Bool(b)) {}                             // NOLINT
  Value(std::nullptr_t) : value_(AttributeValue::Null()) {}                      // NOLINT

  const AttributeValue& value() const& { return value_; }
  AttributeValue&& value() && { return std::move(value_); }

 private:
  AttributeValue value_;
};

// An item from name/value pairs; a later pair with the same name replaces an earlier one.
inline Item MakeItem(std::initializer_list<std::pair<std::string_view, Value>> attributes) {
  Item item;
  item.reserve(attributes.size());
  for (const auto& [name, value] : attributes)
    item.insert_or_assign(std::string(name), value.value());
  return item;
}

// One step of a document path: an attribute name, or a list index.
struct PathStep {
  std::string_view name;             // when not an index
  std::optional<std::size_t> index;  // set: a list index
};

// The value at `steps` (the first a name), or null.
inline const AttributeValue* FindPath(const Item& item, std::initializer_list<PathStep> steps) {
  const AttributeValue* at = nullptr;
  bool first = true;
  for (const PathStep& step : steps) {
    if (step.index) {
      const AttributeList* list = at != nullptr ? at->as_list() : nullptr;
      if (list == nullptr || *step.index >= list->size()) return nullptr;
      at = &(*list)[*step.index];
    } else {
      const AttributeMap* map = first ? &item : (at != nullptr ? at->as_map() : nullptr);
      if (map == nullptr) return nullptr;
      at = map->get(step.name);
      if (at == nullptr) return nullptr;
    }
    first = false;
  }
  return at;
}

// The value at `path` ("a.b[2]"), or null (also for a malformed path).
inline const AttributeValue* FindPath(const Item& item, std::string_view path) {
  const AttributeValue* at = nullptr;
  const AttributeMap* map = &item;
  std::size_t i = 0;
  while (i <= path.size()) {
    const std::size_t end = path.find_first_of(".[", i);
    const std::string_view name = path.substr(i, end == std::string_view::npos ? end : end - i);
    if (name.empty() || map == nullptr) return nullptr;
    at = map->get(name);
    if (at == nullptr) return nullptr;
    i = end == std::string_view::npos ? path.size() : end;
    while (i < path.size() && path[i] == '[') {  // list indexes
      const std::size_t close = path.find(']', i);
      if (close == std::string_view::npos) return nullptr;
      std::size_t index = 0;
      const char* first = path.data() + i + 1;
      const char* last = path.data() + close;
      auto [ptr, ec] = std::from_chars(first, last, index);
      if (ec != std::errc() || ptr != last || first == last) return nullptr;
      const AttributeList* list = at->as_list();
      if (list == nullptr || index >= list->size()) return nullptr;
      at = &(*list)[index];
      i = close + 1;
    }
    if (i == path.size()) return at;
    if (path[i] != '.') return nullptr;
    map = at->as_map();
    ++i;
  }
  return at;
}

// `v` as a T, or nullopt when it is not one (see the top of this file for the types).
template <class T>
std::optional<T> As(const AttributeValue& value) {
  const AttributeValue* v = &value;
  if constexpr (std::is_same_v<T, AttributeValue>) {
    return *v;
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (const std::string* s = v->as_string()) return *s;
    return std::nullopt;
  } else if constexpr (std::is_same_v<T, bool>) {
    return v->as_bool();
  } else if constexpr (std::is_integral_v<T>) {
    const std::string* text = v->as_number_text();
    if (text == nullptr) return std::nullopt;
    T n{};
    const char* last = text->data() + text->size();
    auto [ptr, ec] = std::from_chars(text->data(), last, n);
    if (ec != std::errc() || ptr != last) return std::nullopt;  // a fraction, or out of range
    return n;
  } else if constexpr (std::is_floating_point_v<T>) {
    std::optional<double> d = v->as_double();
    if (!d) return std::nullopt;
    return static_cast<T>(*d);
  } else if constexpr (std::is_same_v<T, Item>) {
    if (const AttributeMap* m = v->as_map()) return *m;
    return std::nullopt;
  } else if constexpr (std::is_same_v<T, AttributeList>) {
    if (const AttributeList* l = v->as_list()) return *l;
    return std::nullopt;
  } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
    if (const std::vector<std::string>* s = v->as_string_set()) return *s;
    return std::nullopt;
  } else {
    static_assert(sizeof(T) == 0, "As<T>: T is not a type an attribute value can be read as");
  }
}

// The value at `path` as a T, or nullopt (see the top of this file for the types).
template <class T>
std::optional<T> Get(const Item& item, std::string_view path) {
  const AttributeValue* v = FindPath(item, path);
  if (v == nullptr) return std::nullopt;
  return As<T>(*v);
}

// The value at `path` as a T, or `fallback` (T's default: "", 0, false) when Get<T> has none.
//   std::string name = ddbemu::GetOr<std::string>(item, "name");
//   std::int64_t version = ddbemu::GetOr<std::int64_t>(item, "version", -1);
template <class T>
T GetOr(const Item& item, std::string_view path, T fallback = T{}) {
  std::optional<T> value = Get<T>(item, path);
  return value ? *std::move(value) : std::move(fallback);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
