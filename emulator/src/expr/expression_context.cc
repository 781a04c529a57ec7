// Placeholder resolution and the unused-placeholder rule; see expression_context.h.
#include "expr/expression_context.h"

#include <algorithm>
#include <cstdint>

#include "expr/errors.h"
#include "expr/static_checks.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr {
namespace {

// java.lang.String.hashCode over UTF-16 code units; placeholders are ASCII, so bytes suffice.
std::int32_t JavaStringHash(std::string_view s) {
  std::uint32_t h = 0;
  for (char c : s) h = 31 * h + static_cast<unsigned char>(c);
  return static_cast<std::int32_t>(h);
}

// The bucket java.util.HashMap puts a key in, for a table of `capacity` slots.
std::uint32_t JavaBucket(std::string_view key, std::uint32_t capacity) {
  const auto h = static_cast<std::uint32_t>(JavaStringHash(key));
  return (h ^ (h >> 16)) & (capacity - 1);
}

// A placeholder key: the sigil followed by one or more letters, digits or underscores.
bool IsPlaceholderKey(std::string_view key, char sigil) {
  if (key.size() < 2 || key[0] != sigil) return false;
  return std::all_of(key.begin() + 1, key.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  });
}

// Whether every key of `map` was used. Each view in `used` is of a key of `map` itself (FindName
// and FindValue record the map's own key), so distinct keys are distinct data pointers: when
// the uses hold as many distinct pointers as the map has keys, all were used. Decided by
// pointers alone for a request's few uses; many are left to the search below.
template <class Map, class Used>
bool AllKeysUsed(const Map& map, const Used& used) {
  if (used.size() < map.size() || used.size() > 16) return false;
  std::size_t distinct = 0;
  for (std::size_t i = 0; i < used.size(); ++i) {
    bool repeat = false;
    for (std::size_t j = 0; j < i && !repeat; ++j) repeat = used[j].data() == used[i].data();
    distinct += repeat ? 0 : 1;
  }
  return distinct == map.size();
}

// `used` holds a view of each use (repeats too). A request's few uses are searched in place;
// many are sorted first.
template <class Map, class Used>
std::vector<std::string> UnusedKeys(const Map* map, const Used& used) {
  std::vector<std::string> unused;
  if (map == nullptr || AllKeysUsed(*map, used)) return unused;
  constexpr std::size_t kSearchedInPlace = 16;
  std::vector<std::string_view> sorted;
  if (used.size() > kSearchedInPlace) {
    sorted.assign(used.begin(), used.end());
    std::sort(sorted.begin(), sorted.end());
  }
  for (const auto& [key, value] : *map) {
    const std::string_view k = key;
    const bool is_used = sorted.empty() ? std::find(used.begin(), used.end(), k) != used.end()
                                        : std::binary_search(sorted.begin(), sorted.end(), k);
    if (!is_used) unused.push_back(key);
  }
  if (unused.empty()) return unused;  // the common case: no order to compute
  return JavaHashSetOrder(unused);
}

ApiError InvalidKey(std::string_view parameter, std::string_view detail) {
  return ApiError::Validation(std::string(parameter) +
                              " contains invalid key: " + std::string(detail));
}

// Whether `key` breaks a rule of ValidateKeys: only which one it breaks first is ordered.
bool IsBadKey(std::string_view key, char sigil) {
  return !IsPlaceholderKey(key, sigil) || key.size() > kMaxPlaceholderLength;
}

template <class Map>
Status ValidateKeys(const Map& map, std::string_view parameter, char sigil) {
  if (map.empty()) return ApiError::Validation(std::string(parameter) + " must not be empty");
  // A request's keys are nearly always good: then the order the service checks them in does
  // not matter, and no list of them is built.
  if (std::none_of(map.begin(), map.end(),
                   [sigil](const auto& entry) { return IsBadKey(entry.first, sigil); })) {
    return Status::Ok();
  }
  std::vector<std::string> keys;
  keys.reserve(map.size());
  for (const auto& [key, value] : map) keys.push_back(key);
  for (const std::string& key : JavaHashSetOrder(keys)) {
    if (!IsPlaceholderKey(key, sigil)) {
      return InvalidKey(parameter, "Syntax error; key: \"" + key + "\"");
    }
    if (key.size() > kMaxPlaceholderLength) {
      std::string detail = "The expression attribute map contains a key that is too long;";
      // Only the names map states the size (as observed from the service).
      if (sigil == '#') detail += " size of key: " + std::to_string(key.size());
      return InvalidKey(parameter, detail);
    }
  }
  return Status::Ok();
}

// Whether the attribute name breaks a rule of ValidateAttributeNames.
bool IsBadName(std::string_view name) {
  return name.empty() || name.size() > kMaxAttributeNameLength;
}

}  // namespace

std::vector<std::string> JavaHashSetOrder(const std::vector<std::string>& keys) {
  // A HashSet starts with 16 buckets and doubles when it holds more than 3/4 of its capacity;
  // a resize keeps the relative order of keys that share a bucket.
  std::size_t capacity = 16;
  while (keys.size() > capacity / 4 * 3) capacity *= 2;
  std::vector<std::size_t> order(keys.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return JavaBucket(keys[a], static_cast<std::uint32_t>(capacity)) <
           JavaBucket(keys[b], static_cast<std::uint32_t>(capacity));
  });
  std::vector<std::string> out;
  out.reserve(keys.size());
  for (std::size_t i : order) out.push_back(keys[i]);
  return out;
}

const std::string* ExpressionContext::FindName(std::string_view placeholder) {
  if (lookup_names_ != nullptr) {
    const auto it = lookup_names_->find(placeholder);
    if (it == lookup_names_->end()) return nullptr;
    used_names_.push_back(it->first);
    return &it->second;
  }
  if (names_ == nullptr) return nullptr;
  const auto it = names_->find(std::string(placeholder));
  if (it == names_->end()) return nullptr;
  used_names_.push_back(it->first);
  return &it->second;
}

const AttributeValue* ExpressionContext::FindValue(std::string_view placeholder) {
  if (values_ == nullptr) return nullptr;
  const auto it = values_->find(placeholder);
  if (it == values_->end()) return nullptr;
  used_values_.push_back(it->first);
  return &it->second;
}

Status ExpressionContext::CheckAllUsed() const {
  std::vector<std::string> names = lookup_names_ != nullptr ? UnusedKeys(lookup_names_, used_names_)
                                                            : UnusedKeys(names_, used_names_);
  if (!names.empty()) return errors::UnusedNames(names);
  std::vector<std::string> values = UnusedKeys(values_, used_values_);
  if (!values.empty()) return errors::UnusedValues(values);
  return Status::Ok();
}

namespace {

template <class Names>
Status ValidateNames(const Names& names) {
  DDBEMU_RETURN_IF_ERROR(ValidateKeys(names, "ExpressionAttributeNames", '#'));
  if (std::none_of(names.begin(), names.end(),
                   [](const auto& entry) { return IsBadName(entry.second); })) {
    return Status::Ok();
  }
  std::vector<std::string> keys;
  for (const auto& [key, value] : names) keys.push_back(key);
  for (const std::string& key : JavaHashSetOrder(keys)) {
    const std::string& name = names.at(key);
    std::string detail;
    if (name.empty()) {
      detail = "Empty attribute name for key " + key;
    } else if (name.size() > kMaxAttributeNameLength) {
      detail = "Attribute name is too large, must be less than 65536 bytes for key " + key;
    } else {
      continue;
    }
    return ApiError::Validation("ExpressionAttributeNames contains invalid value: " + detail);
  }
  return Status::Ok();
}

}  // namespace

Status ValidateAttributeNames(const AttributeNames& names) { return ValidateNames(names); }

Status ValidateLookupAttributeNames(const LookupAttributeNames& names) {
  return ValidateNames(names);
}

Status ValidateAttributeValueKeys(const Item& values) {
  return ValidateKeys(values, "ExpressionAttributeValues", ':');
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::expr
