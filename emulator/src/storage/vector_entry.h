// The entries of a vector index (table_schema.h's VectorIndexSchema) in the "data" DBI:
//
//   key    ks | [enc(HASH attribute value)] | enc(table pk) | enc(table sk)
//   value  dimensions little-endian IEEE-754 floats | 0x80 | squared norm, a little-endian float
//          | item-codec encoding of the projection
//
// The HASH attribute's value (when the SearchSchema has one) leads the key, so that a search of
// one vector-index partition is one contiguous range; the table key makes entries unique. The
// floats come first so that a search reads them straight from LMDB's memory without decoding
// the item. The squared norm (SquaredNorm below, the sum a COSINE search would otherwise compute
// beside each dot product) is written with the entry, so it is as durable as the floats; entries
// written before it was stored have the projection right after the floats (an item encoding
// begins with 0x01 or 0x02, never 0x80), and a search computes their norm, bit for bit the same.
// The projection holds the table's key attributes, the SearchSchema attributes and the projected
// attributes, but not the vector attribute: SearchVectors rebuilds it from the floats when asked
// for it, as the service returns the index's 32-bit copy, not the item's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/version.h"
#include "storage/table_schema.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {

// The float a DynamoDB number becomes in a vector (Developer Guide: vectors are stored at
// 32-bit precision; more precise values are accepted and rounded). nullopt when the number's
// magnitude is beyond the largest float; one too small for a float becomes zero.
std::optional<float> NumberToFloat(std::string_view number_text);

// The shortest decimal that reads back as `value` (the vector attribute a search returns).
std::string FloatToNumberText(float value);

// What is wrong with `value` as a vector of `dimensions` numbers, if anything.
struct VectorProblem {
  enum Kind : std::uint8_t { kNone, kNotAList, kBadElement, kWrongSize } kind = kNone;
  std::size_t element = 0;       // kBadElement: its position
  AttributeType element_type{};  // kBadElement: its type
  std::size_t size = 0;          // kWrongSize: the list's length
};
VectorProblem CheckVector(const AttributeValue& value, std::uint32_t dimensions);

// Appends the floats of a well-formed vector (CheckVector found nothing) to `out`, little-endian.
void AppendVectorBytes(const AttributeValue& value, std::string* out);

// The sums the distance functions need over `n` stored floats (`stored`: little-endian, possibly
// unaligned, as in LMDB's memory), in float32, eight lanes at a time and the tail in lane 0, the
// lanes added in order: the compiler vectorises the lanes, and the fixed order keeps every result
// the same on every run and for every caller (the norm stored at write time is the one a search
// would compute).
float DotProduct(const float* query, const char* stored, std::size_t n);
float SquaredDistance(const float* query, const char* stored, std::size_t n);
float SquaredNorm(const char* stored, std::size_t n);

// A stored entry's parts: its floats (in LMDB's memory), its squared norm when stored (nullopt
// for an entry written before norms were), and its projection's item encoding. nullopt when
// the entry is shorter than its floats.
struct VectorEntryView {
  const char* floats = nullptr;
  std::optional<float> squared_norm;
  std::string_view projection;
};
std::optional<VectorEntryView> ParseVectorEntry(std::string_view entry, std::uint32_t dimensions);

// The storage key of `item`'s entry in `index`, or nullopt when the item has none: its vector
// attribute is missing or malformed, its HASH attribute is missing, empty or of another type,
// or an INLINE_FILTER attribute has another type than the declared one (the service leaves such
// an item out rather than index it with a value it cannot filter on).
std::optional<std::string> EncodeVectorKey(const TableSchema& schema,
                                           const VectorIndexSchema& index, const Item& item);

// The entry's value for `item` (which has a key), with its size as IndexSizeBytes counts it:
// the projection's item size plus the vector attribute's name and four bytes per dimension.
std::size_t EncodeVectorEntry(const TableSchema& schema, const VectorIndexSchema& index,
                              const Item& item, std::string* out);

// VectorWriteRequestBytes of a write from `old_item` to `new_item` (either null): for each vector
// index whose entry the write adds, changes or removes, the size of the entry it now holds (or
// held), at least 1 KB (the metering minimum of the Developer Guide's vector index pricing).
std::vector<std::pair<std::string, double>> VectorWriteBytes(const TableSchema& schema,
                                                             const Item* old_item,
                                                             const Item* new_item);

// The prefix of every key of `index` (no HASH attribute) or of its partition `hash_value`.
std::string VectorPartitionPrefix(const VectorIndexSchema& index, const AttributeValue* hash_value);

// True when `name` is projected into `index`: the table's keys, the SearchSchema attributes,
// the vector attribute and what the Projection names.
bool IsVectorProjected(const TableSchema& schema, const VectorIndexSchema& index,
                       std::string_view name);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
