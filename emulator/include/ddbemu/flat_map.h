// FlatMap: a map from string name to value kept as one vector sorted by name — the container
// behind AttributeMap and Item (attribute_value.h).
//
// Why not std::map: an item has a dozen attributes and is built and read far more often than it
// is edited. A std::map allocates a node per attribute and chases pointers to find one; a sorted
// vector holds them all in one allocation (names of up to 15 bytes stay inside std::string), is
// filled in order by the item decoder without searching, and is searched by bisection.
//
// CONTRACT. The interface is the part of std::map<std::string, V, std::less<>> that this
// repository and its users rely on: find/contains/count/get take any string-like key without
// building a std::string; iteration is in increasing byte order of the names; value_type is a
// pair with .first (the name) and .second (the value); insert/emplace/try_emplace/
// insert_or_assign/operator[] leave an existing entry alone (the last two replace or return it);
// == compares names and values in order. It differs from std::map in two ways:
//  - ITERATORS, POINTERS AND REFERENCES to entries are invalidated by every insertion and
//    erasure (as for std::vector), not only those to an erased entry. Do not hold one across a
//    change of the same map: look the entry up again.
//  - value_type is std::pair<std::string, V>, not pair<const std::string, V>: changing .first
//    through an iterator breaks the order and is not allowed.
// Insertion or erasure in the middle moves the entries after it, which is O(n); for the sizes of
// items (up to a few hundred attributes in a 400 KB item) that is cheaper than node allocation.
#pragma once

#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

namespace detail {
struct DecoderAccess;  // the item decoders' way in, not part of the interface
}

template <class V>
class FlatMap {
 public:
  using key_type = std::string;
  using mapped_type = V;
  using value_type = std::pair<std::string, V>;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using reference = value_type&;
  using const_reference = const value_type&;
  using iterator = typename std::vector<value_type>::iterator;
  using const_iterator = typename std::vector<value_type>::const_iterator;

  FlatMap() = default;
  // Like std::map: entries in any order; of two with the same name the first is kept.
  FlatMap(std::initializer_list<value_type> entries) { insert(entries.begin(), entries.end()); }
  template <class InputIt>
  FlatMap(InputIt first, InputIt last) {
    insert(first, last);
  }
  FlatMap& operator=(std::initializer_list<value_type> entries) {
    clear();
    insert(entries.begin(), entries.end());
    return *this;
  }

  iterator begin() noexcept { return entries_.begin(); }
  iterator end() noexcept { return entries_.end(); }
  const_iterator begin() const noexcept { return entries_.begin(); }
  const_iterator end() const noexcept { return entries_.end(); }
  const_iterator cbegin() const noexcept { return entries_.begin(); }
  const_iterator cend() const noexcept { return entries_.end(); }

  bool empty() const noexcept { return entries_.empty(); }
  size_type size() const noexcept { return entries_.size(); }
  // Room for `n` entries without reallocating (the decoder reserves the stored count).
  void reserve(size_type n) { entries_.reserve(n); }
  size_type capacity() const noexcept { return entries_.capacity(); }
  void clear() noexcept { entries_.clear(); }
  void swap(FlatMap& other) noexcept { entries_.swap(other.entries_); }

  // The first entry whose name is not less than `key`.
  iterator lower_bound(std::string_view key) { return begin() + LowerIndex(key); }
  const_iterator lower_bound(std::string_view key) const { return begin() + LowerIndex(key); }

  iterator find(std::string_view key) {
    std::size_t i = LowerIndex(key);
    return i < entries_.size() && entries_[i].first == key ? begin() + i : end();
  }
  const_iterator find(std::string_view key) const {
    std::size_t i = LowerIndex(key);
    return i < entries_.size() && entries_[i].first == key ? begin() + i : end();
  }
  bool contains(std::string_view key) const { return find(key) != end(); }
  size_type count(std::string_view key) const { return contains(key) ? 1 : 0; }

  // The value named `key`, or null: the way to read an attribute that may be absent, without
  // an iterator and without an exception.
  //   if (const AttributeValue* year = item.get("Year")) ...
  V* get(std::string_view key) {
    auto it = find(key);
    return it == end() ? nullptr : &it->second;
  }
  const V* get(std::string_view key) const {
    auto it = find(key);
    return it == end() ? nullptr : &it->second;
  }

  V& operator[](std::string_view key) { return try_emplace(key).first->second; }
  V& operator[](const std::string& key) { return try_emplace(key).first->second; }
  V& operator[](std::string&& key) { return try_emplace(std::move(key)).first->second; }
  V& operator[](const char* key) { return try_emplace(std::string_view(key)).first->second; }

  // Adds an entry named `key` with a value built from `args` unless one exists; returns it and
  // whether it was added. `key` is a std::string, string_view or anything else a name is built
  // from.
  template <class K, class... Args>
  requires std::is_convertible_v<const K&, std::string_view> std::pair<iterator, bool> try_emplace(
      K&& key, Args&&... args) {
    std::string_view k(key);
    std::size_t i = LowerIndex(k);
    if (i < entries_.size() && entries_[i].first == k) return {begin() + i, false};
    auto it = entries_.emplace(begin() + i, std::piecewise_construct,
                               std::forward_as_tuple(std::forward<K>(key)),
                               std::forward_as_tuple(std::forward<Args>(args)...));
    return {it, true};
  }
  // As try_emplace, but `hint` is where the entry is expected to go: when it is right (the
  // decoder appends names in order with hint end()) no search is made.
  template <class K, class... Args>
  requires std::is_convertible_v<const K&, std::string_view> iterator
  try_emplace(const_iterator hint, K&& key, Args&&... args) {
    std::string_view k(key);
    std::size_t i = static_cast<std::size_t>(hint - cbegin());
    bool fits = (i == 0 || NameLess(entries_[i - 1].first, k)) &&
                (i == entries_.size() || NameLess(k, entries_[i].first));
    if (!fits) return try_emplace(std::forward<K>(key), std::forward<Args>(args)...).first;
    if (i == entries_.size()) {
      entries_.emplace_back(std::piecewise_construct, std::forward_as_tuple(std::forward<K>(key)),
                            std::forward_as_tuple(std::forward<Args>(args)...));
      return end() - 1;
    }
    return entries_.emplace(begin() + i, std::piecewise_construct,
                            std::forward_as_tuple(std::forward<K>(key)),
                            std::forward_as_tuple(std::forward<Args>(args)...));
  }
  // Adds an entry named `key` holding `value`, or replaces the value of the existing one.
  template <class K, class M>
  requires std::is_convertible_v<const K&, std::string_view> std::pair<iterator, bool>
  insert_or_assign(K&& key, M&& value) {
    std::string_view k(key);
    std::size_t i = LowerIndex(k);
    if (i < entries_.size() && entries_[i].first == k) {
      entries_[i].second = std::forward<M>(value);
      return {begin() + i, false};
    }
    return {entries_.emplace(begin() + i, std::forward<K>(key), std::forward<M>(value)), true};
  }

  std::pair<iterator, bool> insert(const value_type& entry) {
    return try_emplace(entry.first, entry.second);
  }
  std::pair<iterator, bool> insert(value_type&& entry) {
    return try_emplace(std::move(entry.first), std::move(entry.second));
  }
  template <class InputIt>
  void insert(InputIt first, InputIt last) {
    for (; first != last; ++first) try_emplace(first->first, first->second);
  }
  void insert(std::initializer_list<value_type> entries) { insert(entries.begin(), entries.end()); }

  // std::map's emplace: the entry is built from `args` (a name and a value, a pair, or
  // piecewise), then added unless its name exists.
  template <class... Args>
  std::pair<iterator, bool> emplace(Args&&... args) {
    value_type entry(std::forward<Args>(args)...);
    return insert(std::move(entry));
  }
  template <class... Args>
  iterator emplace_hint(const_iterator hint, Args&&... args) {
    value_type entry(std::forward<Args>(args)...);
    return try_emplace(hint, std::move(entry.first), std::move(entry.second));
  }

  // Erases the entry named `key`; returns how many were erased (0 or 1).
  size_type erase(std::string_view key) {
    auto it = find(key);
    if (it == end()) return 0;
    entries_.erase(it);
    return 1;
  }
  iterator erase(iterator pos) { return entries_.erase(pos); }
  iterator erase(const_iterator pos) { return entries_.erase(pos); }
  iterator erase(const_iterator first, const_iterator last) { return entries_.erase(first, last); }
  // Picks the key overload for a std::string argument (not an iterator conversion).
  size_type erase(const std::string& key) { return erase(std::string_view(key)); }
  size_type erase(const char* key) { return erase(std::string_view(key)); }

  friend bool operator==(const FlatMap& a, const FlatMap& b) { return a.entries_ == b.entries_; }

 private:
  friend struct detail::DecoderAccess;

  // Byte order of names. Names next to each other in an item usually differ in their first
  // byte, which decides without a call to memcmp.
  static bool NameLess(std::string_view a, std::string_view b) {
    if (!a.empty() && !b.empty() && a[0] != b[0]) {
      return static_cast<unsigned char>(a[0]) < static_cast<unsigned char>(b[0]);
    }
    return a < b;
  }

  std::size_t LowerIndex(std::string_view key) const {
    std::size_t lo = 0, n = entries_.size();
    while (n > 0) {  // bisection without std::lower_bound's iterator arithmetic
      std::size_t half = n / 2;
      if (NameLess(entries_[lo + half].first, key)) {
        lo += half + 1;
        n -= half + 1;
      } else {
        n = half;
      }
    }
    return lo;
  }

  std::vector<value_type> entries_;
};

template <class V>
void swap(FlatMap<V>& a, FlatMap<V>& b) noexcept {
  a.swap(b);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
