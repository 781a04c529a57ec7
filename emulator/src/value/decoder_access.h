// The item decoders' ways into FlatMap and AttributeValue (ddbemu/flat_map.h,
// ddbemu/attribute_value.h): appends in sorted order with one comparison and values built
// where they live. They assume what only a decoder of sorted, checked input knows, so they are
// not part of the public interface; both classes name DecoderAccess a friend.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>

#include "ddbemu/attribute_value.h"
#include "ddbemu/flat_map.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::detail {

struct DecoderAccess {
  // Appends an entry named `key` with a value built from `args` to `map` when `key` is greater
  // than every name in it, and returns its value; otherwise (out of order or already present)
  // changes nothing and returns null. One comparison: how a decoder of sorted input fills the
  // map and checks the order at once.
  template <class V, class... Args>
  static V* TryAppend(FlatMap<V>& map, std::string_view key, Args&&... args) {
    auto& entries = map.entries_;
    if (!entries.empty() && !FlatMap<V>::NameLess(entries.back().first, key)) return nullptr;
    entries.emplace_back(std::piecewise_construct, std::forward_as_tuple(key),
                         std::forward_as_tuple(std::forward<Args>(args)...));
    return &entries.back().second;
  }

  // As TryAppend, for a decoder that reads `key` out of a larger buffer of which `readable`
  // bytes from key.data() (at least key.size()) may be read. The name is built from a fixed
  // kFixedCopyBytes (from the buffer, or from a copy of a short name near its end) and then cut
  // to its length: a copy of a size known when compiling is two moves, where one of the name's
  // size is a call to memcpy, the largest part of building a short name. Longer names are then
  // assigned whole.
  static constexpr std::size_t kFixedCopyBytes = 15;  // what std::string keeps inline
  template <class V, class... Args>
  [[gnu::always_inline]] static V* TryAppendFromBuffer(FlatMap<V>& map, std::string_view key,
                                                       std::size_t readable, Args&&... args) {
    auto& entries = map.entries_;
    if (!entries.empty() && !FlatMap<V>::NameLess(entries.back().first, key)) return nullptr;
    char near_end[kFixedCopyBytes] = {};
    const char* from = key.data();
    if (readable < kFixedCopyBytes) {  // then key.size() < kFixedCopyBytes too
      std::char_traits<char>::copy(near_end, key.data(), key.size());
      from = near_end;
    }
    auto& entry = entries.emplace_back(std::piecewise_construct,
                                       std::forward_as_tuple(from, std::size_t{kFixedCopyBytes}),
                                       std::forward_as_tuple(std::forward<Args>(args)...));
    if (key.size() <= kFixedCopyBytes) {
      entry.first.resize(key.size());
    } else {
      entry.first.assign(key.data(), key.size());
    }
    return &entry.second;
  }

  // Makes `value` an S, N or B (`type`) holding `bytes`, reusing its own string: how the
  // decoder fills the values of a map it has just appended to without building and moving a
  // temporary. N text must already be canonical.
  static void AssignScalar(AttributeValue& value, AttributeType type, std::string_view bytes) {
    value.compound_.reset();
    value.scalar_.assign(bytes.data(), bytes.size());
    value.type_ = type;
    value.bool_ = false;
  }
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::detail
