// ReadKeys: the keys of the items a Query or Scan returned, as the audit needs them
// (request_shape.cc): the first item's partition key (a Query's partition, on the table or the
// GSI it read) and, for a read checked against recent writes, hashes of the first items'
// table keys. The JSON path keeps the items in their storage encoding
// (api::ReadResponse::encoded_items): the key values are read there in place
// (itemcodec::FindScalarAttributes), no Item built, nothing allocated. The embedded client's
// responses carry Items, read as they are.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "api/read_requests.h"
#include "audit/access_audit.h"
#include "ddbemu/version.h"
#include "storage/table_schema.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {

class ReadKeys {
 public:
  // Reads past this many items are not checked against recent writes (bounds the cost).
  static constexpr std::size_t kMaxItems = 100;

  // `partition`: the key to read from the first item (empty: none); `items`: how many items'
  // table keys to hash (at most kMaxItems). `schema` must outlive this.
  ReadKeys(std::string_view ns, const TableSchema& schema, std::span<const KeyAttribute> partition,
           std::size_t items);

  // Reads them from `response`, which must outlive this (the partition key points into it).
  void Read(const api::ReadResponse& response);

  // The first item's partition key (hash 0: none wanted, no item, or it lacks one).
  const KeyRef& partition_key() const { return partition_key_; }
  // The table-key hashes of the first `items` items that have their table key.
  std::span<const std::uint64_t> item_hashes() const { return {hashes_.data(), hash_count_}; }

 private:
  // The names read: the table key (when items are hashed), then the partition key's.
  static constexpr std::size_t kMaxNames = 2 + kMaxKeyParts;
  using Found = std::array<KeyScalar, kMaxNames>;

  // The first item: its partition key; every item: its table key's hash.
  void Take(const Found& found, const Item* item, bool first);

  std::uint64_t seed_;  // TableSeed(ns, schema)
  const TableSchema& schema_;
  std::span<const KeyAttribute> partition_;
  std::size_t items_;
  std::array<std::string_view, kMaxNames> names_;
  std::size_t name_count_ = 0;
  std::size_t table_key_names_ = 0;  // names_[0..table_key_names_): the table key
  KeyRef partition_key_;
  std::array<std::uint64_t, kMaxItems> hashes_;
  std::size_t hash_count_ = 0;
  Item decoded_;  // the first item, when it had to be decoded (a key value not an S, N or B)
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit
