// The key layout of the "meta" DBI: small records that describe the database rather than
// hold user data. Each key starts with a one-byte tag so that the kinds never collide.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "ddbemu/version.h"
#include "storage/record_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage::metakeys {

// Storage format version (u32 big-endian), written when a database is created and checked
// on open so that a future layout change is detected instead of misread. Version 2 stores items
// with their size ahead of them (value/item_format.h, format 0x02), which version 1 readers
// cannot read; it reads version 1's items, so a version 1 database is raised to 2 on open.
inline constexpr std::string_view kFormatVersion = "F";
inline constexpr std::uint32_t kFormatVersionItemsOnly = 1;
inline constexpr std::uint32_t kCurrentFormatVersion = 2;

// The next key-space id to hand out (u32 big-endian). Ids are never reused, so a dropped
// table's leftovers (if any) can never surface under a new table.
inline constexpr std::string_view kNextKeyspaceId = "K";

// Incremented (u64 big-endian) by every catalog change; see Catalog::Generation.
inline constexpr std::string_view kCatalogGeneration = "G";

// Statistics of one key space: "S" | keyspace id (u32 big-endian).
inline std::string KeyspaceStats(std::uint32_t keyspace_id) {
  std::string key = "S";
  AppendU32(keyspace_id, &key);
  return key;
}

// Size of one item collection of a table with local secondary indexes: "C" | the base table's
// partition prefix (keyspace id | partition hash | encoded partition key), see
// meta_stats.h. Stored through an OrderedMap, since partition keys may be long.
inline std::string CollectionSize(std::string_view partition_prefix) {
  std::string key = "C";
  key.append(partition_prefix);
  return key;
}
// The prefix of every collection-size record of key space `keyspace_id`.
inline std::string CollectionSizes(std::uint32_t keyspace_id) {
  std::string key = "C";
  AppendU32(keyspace_id, &key);
  return key;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage::metakeys
