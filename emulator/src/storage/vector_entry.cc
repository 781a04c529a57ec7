// Vector index entries (see vector_entry.h).
#include "storage/vector_entry.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "storage/key_layout.h"
#include "storage/record_codec.h"
#include "value/item_codec.h"
#include "value/item_size.h"
#include "value/key_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {
namespace {

bool IsTableKey(const TableSchema& schema, std::string_view name) {
  return schema.partition_key.name == name || (schema.sort_key && schema.sort_key->name == name);
}

bool IsSearchAttribute(const VectorIndexSchema& index, std::string_view name) {
  return std::any_of(index.search_attributes.begin(), index.search_attributes.end(),
                     [&](const KeyAttribute& a) { return a.name == name; });
}

// Whether the item's SearchSchema attributes allow an entry (see EncodeVectorKey).
bool SearchAttributesFit(const VectorIndexSchema& index, const Item& item) {
  for (std::size_t i = 0; i < index.search_attributes.size(); ++i) {
    const KeyAttribute& attribute = index.search_attributes[i];
    auto it = item.find(attribute.name);
    const bool hash = index.search_roles[i] == SearchSchemaElementType::kHash;
    if (it == item.end()) {
      if (hash) return false;  // sparse, as a GSI: no partition to put the item in
      continue;
    }
    if (it->second.type() != attribute.type) return false;
    if (hash && attribute.type != AttributeType::kN && it->second.scalar().empty()) return false;
  }
  return true;
}

// Follows an entry's floats when its squared norm is stored (see vector_entry.h).
constexpr char kSquaredNormTag = '\x80';

float StoredFloat(const char* stored, std::size_t i) {
  std::uint32_t bits;
  std::memcpy(&bits, stored + i * sizeof bits, sizeof bits);
  if constexpr (std::endian::native == std::endian::big) bits = __builtin_bswap32(bits);
  return std::bit_cast<float>(bits);
}

// Four floats in one register (GCC's vector extension): lanes 0-3 and 4-7 of the sums below
// are two of them, so that the compiler emits packed multiplies and adds with no round trip
// through memory, in exactly the order the eight scalar lanes would add.
using Float4 = float __attribute__((vector_size(16)));

Float4 LoadFloat4(const void* p) {  // unaligned, as LMDB's memory is
  Float4 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

// The query's element(s) at `i`, as a float or as four.
template <class T>
T QueryAt(const float* query, std::size_t i) {
  if constexpr (std::is_same_v<T, float>) {
    return query[i];
  } else {
    return LoadFloat4(query + i);
  }
}

// The sum of `term(i, v)` over the stored floats v (i: the first element's position; called
// with four floats at a time and with single ones) in eight lanes: lane l takes elements
// l, l + 8, l + 16, ... of the whole groups of eight, lane 0 then the tail in order, and the
// lanes are added 0 to 7.
template <class Term>
float LaneSum(const char* stored, std::size_t n, Term term) {
  float lanes[8] = {};
  std::size_t i = 0;
  if constexpr (std::endian::native == std::endian::little) {
    Float4 low = {0, 0, 0, 0}, high = {0, 0, 0, 0};
    for (; i + 8 <= n; i += 8) {
      low += term(i, LoadFloat4(stored + i * sizeof(float)));
      high += term(i + 4, LoadFloat4(stored + (i + 4) * sizeof(float)));
    }
    for (int l = 0; l < 4; ++l) {
      lanes[l] = low[l];
      lanes[l + 4] = high[l];
    }
  } else {
    for (; i + 8 <= n; i += 8) {
      for (std::size_t l = 0; l < 8; ++l) lanes[l] += term(i + l, StoredFloat(stored, i + l));
    }
  }
  for (; i < n; ++i) lanes[0] += term(i, StoredFloat(stored, i));
  float sum = 0;
  for (float lane : lanes) sum += lane;
  return sum;
}

}  // namespace

float DotProduct(const float* query, const char* stored, std::size_t n) {
  return LaneSum(stored, n,
                 [query](std::size_t i, auto v) { return QueryAt<decltype(v)>(query, i) * v; });
}

float SquaredDistance(const float* query, const char* stored, std::size_t n) {
  return LaneSum(stored, n, [query](std::size_t i, auto v) {
    const auto d = QueryAt<decltype(v)>(query, i) - v;
    return d * d;
  });
}

float SquaredNorm(const char* stored, std::size_t n) {
  return LaneSum(stored, n, [](std::size_t, auto v) { return v * v; });
}

std::optional<VectorEntryView> ParseVectorEntry(std::string_view entry, std::uint32_t dimensions) {
  const std::size_t vector_bytes = std::size_t{4} * dimensions;
  if (entry.size() < vector_bytes) return std::nullopt;
  VectorEntryView view;
  view.floats = entry.data();
  std::string_view rest = entry.substr(vector_bytes);
  if (!rest.empty() && rest.front() == kSquaredNormTag) {
    if (rest.size() < 1 + sizeof(float)) return std::nullopt;
    view.squared_norm = StoredFloat(rest.data() + 1, 0);
    rest.remove_prefix(1 + sizeof(float));
  }
  view.projection = rest;
  return view;
}

std::optional<float> NumberToFloat(std::string_view text) {
  float value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec == std::errc()) return value;
  if (ec != std::errc::result_out_of_range) return std::nullopt;
  // Out of a float's range: too large is refused; too small rounds to a (signed) zero. A
  // DynamoDB number (exponent -130..125) always fits a double.
  double wide = 0;
  const auto [wide_end, wide_ec] = std::from_chars(text.data(), text.data() + text.size(), wide);
  if (wide_ec == std::errc() && std::fabs(wide) < 1) return std::signbit(wide) ? -0.0f : 0.0f;
  return std::nullopt;
}

std::string FloatToNumberText(float value) {
  char buffer[32];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  std::string text(buffer, ec == std::errc() ? end : buffer);
  if (text == "-0") text = "0";
  return text;
}

VectorProblem CheckVector(const AttributeValue& value, std::uint32_t dimensions) {
  const AttributeList* list = value.as_list();
  if (list == nullptr) return {VectorProblem::kNotAList};
  for (std::size_t i = 0; i < list->size(); ++i) {
    const AttributeValue& element = (*list)[i];
    if (!element.is(AttributeType::kN) || !NumberToFloat(element.scalar())) {
      return {VectorProblem::kBadElement, i, element.type()};
    }
  }
  if (list->size() != dimensions) return {VectorProblem::kWrongSize, 0, {}, list->size()};
  return {};
}

void AppendVectorBytes(const AttributeValue& value, std::string* out) {
  const AttributeList& list = value.list();
  const std::size_t at = out->size();
  out->resize(at + list.size() * sizeof(float));
  char* p = out->data() + at;
  for (const AttributeValue& element : list) {
    const float f = NumberToFloat(element.scalar()).value_or(0.0f);
    std::uint32_t bits = std::bit_cast<std::uint32_t>(f);
    if constexpr (std::endian::native == std::endian::big) bits = __builtin_bswap32(bits);
    std::memcpy(p, &bits, sizeof bits);
    p += sizeof bits;
  }
}

std::optional<std::string> EncodeVectorKey(const TableSchema& schema,
                                           const VectorIndexSchema& index, const Item& item) {
  auto vector = item.find(index.vector_attribute);
  if (vector == item.end() ||
      CheckVector(vector->second, index.dimensions).kind != VectorProblem::kNone) {
    return std::nullopt;
  }
  if (!SearchAttributesFit(index, item)) return std::nullopt;
  std::string key;
  AppendU32(index.keyspace_id, &key);
  if (const KeyAttribute* hash = index.hash_attribute()) {
    if (!AppendKeyComponents({hash, 1}, item, &key)) return std::nullopt;
  }
  if (!AppendKeyComponents({&schema.partition_key, 1}, item, &key)) return std::nullopt;
  if (schema.sort_key && !AppendKeyComponents({&*schema.sort_key, 1}, item, &key)) {
    return std::nullopt;
  }
  return key;
}

bool IsVectorProjected(const TableSchema& schema, const VectorIndexSchema& index,
                       std::string_view name) {
  if (name == index.vector_attribute || IsTableKey(schema, name) ||
      IsSearchAttribute(index, name)) {
    return true;
  }
  switch (index.projection) {
    case ProjectionType::kAll:
      return true;
    case ProjectionType::kInclude:
      return std::find(index.non_key_attributes.begin(), index.non_key_attributes.end(), name) !=
             index.non_key_attributes.end();
    case ProjectionType::kKeysOnly:
      return false;
  }
  return false;
}

std::size_t EncodeVectorEntry(const TableSchema& schema, const VectorIndexSchema& index,
                              const Item& item, std::string* out) {
  const std::size_t at = out->size();
  AppendVectorBytes(item.find(index.vector_attribute)->second, out);
  std::uint32_t norm_bits =
      std::bit_cast<std::uint32_t>(SquaredNorm(out->data() + at, index.dimensions));
  if constexpr (std::endian::native == std::endian::big) norm_bits = __builtin_bswap32(norm_bits);
  out->push_back(kSquaredNormTag);
  out->append(reinterpret_cast<const char*>(&norm_bits), sizeof norm_bits);
  Item projected;
  for (const auto& [name, value] : item) {
    if (name != index.vector_attribute && IsVectorProjected(schema, index, name)) {
      projected.emplace_hint(projected.end(), name, value);
    }
  }
  const std::size_t size = ItemSize(projected);
  itemcodec::EncodeStoredItem(projected, size, out);
  return size + index.vector_attribute.size() + std::size_t{4} * index.dimensions;
}

std::vector<std::pair<std::string, double>> VectorWriteBytes(const TableSchema& schema,
                                                             const Item* old_item,
                                                             const Item* new_item) {
  std::vector<std::pair<std::string, double>> out;
  for (const VectorIndexSchema& index : schema.vector_indexes) {
    std::optional<std::string> old_key, new_key;
    if (old_item) old_key = EncodeVectorKey(schema, index, *old_item);
    if (new_item) new_key = EncodeVectorKey(schema, index, *new_item);
    if (!old_key && !new_key) continue;
    std::string old_entry, new_entry;
    std::size_t old_size = 0, new_size = 0;
    if (old_key) old_size = EncodeVectorEntry(schema, index, *old_item, &old_entry);
    if (new_key) new_size = EncodeVectorEntry(schema, index, *new_item, &new_entry);
    if (old_key == new_key && old_entry == new_entry) continue;
    out.emplace_back(index.name,
                     std::max(1024.0, static_cast<double>(new_key ? new_size : old_size)));
  }
  return out;
}

std::string VectorPartitionPrefix(const VectorIndexSchema& index,
                                  const AttributeValue* hash_value) {
  std::string prefix;
  AppendU32(index.keyspace_id, &prefix);
  if (hash_value != nullptr) keycodec::AppendComponent(*hash_value, &prefix);
  return prefix;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
