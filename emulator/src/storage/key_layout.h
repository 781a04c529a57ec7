// The storage keys of base items and index entries in the "data" DBI (docs/architecture.md "Storage
// on LMDB"). Every key starts with the 4-byte big-endian key-space id of its table or index:
//
//   base item    ks | PartitionHash(enc(pk)) | enc(pk) | enc(sk)
//   index entry  ks | PartitionHash(enc(ipk1..ipkN)) | enc(ipk1..ipkN) | enc(isk1..iskM)
//                   | enc(table pk) | enc(table sk)
//
// enc() is value/key_codec.h's order-preserving, prefix-free encoding, so byte order within a
// partition is DynamoDB's sort-key order, and the appended table keys make index entries
// unique while keeping them in index-key order. The 8-byte hash makes a table's partitions
// contiguous hash ranges (Scan order, parallel-scan segments, the capacity model).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "storage/key_range.h"
#include "storage/record_codec.h"
#include "storage/table_schema.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {

inline constexpr std::size_t kKeyspaceIdBytes = 4;
inline constexpr std::size_t kPartitionHashBytes = 8;
// Where the encoded partition key starts in every storage key.
inline constexpr std::size_t kPartitionKeyOffset = kKeyspaceIdBytes + kPartitionHashBytes;

// The 4-byte prefix of every key of key space `keyspace_id`.
std::string KeyspacePrefix(std::uint32_t keyspace_id);

// Appends enc(value of each attribute) in order. Returns false, with `out` in an unspecified
// state, when `item` lacks one of them or holds it with another type.
bool AppendKeyComponents(std::span<const KeyAttribute> attributes, const Item& item,
                         std::string* out);

// The storage key of the base item with the key attributes of `key_or_item` (other
// attributes are ignored). Fails with the service's ValidationException "The provided key
// element does not match the schema" when a key attribute is missing or of the wrong type.
Result<std::string> EncodeTableKey(const TableSchema& schema, const Item& key_or_item);

// The values of a table key's attributes, found once in a key checked against the schema
// (ops/items/items.h's ValidateKey): `sort` is null for a table without a sort key.
struct KeyValues {
  const AttributeValue* partition = nullptr;
  const AttributeValue* sort = nullptr;
};

// EncodeTableKey for values already checked against `schema` (each of its declared type), so
// that it cannot fail: the same bytes, without looking the attributes up again. Replaces `*out`.
void EncodeTableKey(const TableSchema& schema, const KeyValues& values, std::string* out);

// A storage key built where it is used: on the stack when it is short and its values need no
// escaping (nearly every key of a single-item read), so that building it allocates nothing;
// otherwise in a string.
class TableKeyBuffer {
 public:
  TableKeyBuffer() = default;
  TableKeyBuffer(const TableKeyBuffer&) = delete;
  TableKeyBuffer& operator=(const TableKeyBuffer&) = delete;

  std::string_view view() const { return view_; }

 private:
  friend void EncodeTableKey(const TableSchema&, const KeyValues&, TableKeyBuffer*);
  char inline_[128];
  std::string heap_;
  std::string_view view_;
};

// EncodeTableKey as above, into `*out` (the same bytes).
void EncodeTableKey(const TableSchema& schema, const KeyValues& values, TableKeyBuffer* out);

// The storage key of `item`'s entry in `index`, or nullopt when the item has no entry there:
// indexes are sparse, so an item lacking any index key attribute, or holding one with a type
// other than the declared one, is not indexed. `item` must hold the table's key attributes.
std::optional<std::string> EncodeIndexKey(const TableSchema& schema, const IndexSchema& index,
                                          const Item& item);

// ks | hash | enc(partition key values): the prefix of every key of one partition (of the
// table when `attributes` is its partition key, of an index for the index's). nullopt when
// `values` lacks an attribute or has the wrong type.
std::optional<std::string> EncodePartitionPrefix(std::uint32_t keyspace_id,
                                                 std::span<const KeyAttribute> attributes,
                                                 const Item& values);
// The same for a partition key of one attribute, from its value: no Item to build and search
// (Query's key condition holds the value). nullopt when the value has the wrong type.
std::optional<std::string> EncodePartitionPrefix(std::uint32_t keyspace_id,
                                                 const KeyAttribute& attribute,
                                                 const AttributeValue& value);

// All keys of one partition, for Query; nullopt as for EncodePartitionPrefix.
std::optional<KeyRange> PartitionRange(std::uint32_t keyspace_id,
                                       std::span<const KeyAttribute> attributes,
                                       const Item& values);

// The partition hash stored in a storage key (bytes 4..11). Requires a storage key. Inline: the
// read paths call it once per item read.
inline std::uint64_t StoredPartitionHash(std::string_view storage_key) {
  return ReadU64(storage_key.substr(kKeyspaceIdBytes));
}

// Decodes the key attributes back out of storage keys (LastEvaluatedKey, diagnostics).
// Return false on bytes that are not such a key.
bool DecodeTableKey(const TableSchema& schema, std::string_view storage_key, Item* out);
// Adds the index key attributes and the table key attributes to `out`.
bool DecodeIndexKey(const TableSchema& schema, const IndexSchema& index,
                    std::string_view storage_key, Item* out);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
