// TableSchema: everything the catalog knows about one table — its keys, indexes, billing,
// throughput, tags and status — and the key-space ids under which its items and index
// entries live in LMDB. ops/ builds it from CreateTable/UpdateTable and renders it as a
// TableDescription; storage/ persists it and uses the key schema to encode keys.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/model/stream_view_type.h"
#include "ddbemu/model/tables.h"  // the enums and throughput shapes
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// One key attribute: its name and scalar type (S, N or B).
struct KeyAttribute {
  std::string name;
  AttributeType type = AttributeType::kS;
  friend bool operator==(const KeyAttribute&, const KeyAttribute&) = default;
};

// Warm throughput (docs/capacity.md §7, §8): the reads and writes per second a table or a GSI
// serves at once, as far as it has been raised — by CreateTable's or UpdateTable's
// WarmThroughput, or by the traffic an on-demand table has served (saved when the database
// closes, so that it survives a restart as the service's does). 0: not raised beyond what the
// billing mode gives. It never decreases.
struct WarmSetting {
  std::int64_t read_units_per_second = 0;
  std::int64_t write_units_per_second = 0;
  // The last UpdateTable that raised it (0: none): Status is UPDATING for the transient-status
  // time after it (Options::transient_status_ms), then ACTIVE.
  std::int64_t updated_micros = 0;
  friend bool operator==(const WarmSetting&, const WarmSetting&) = default;
};

// The partitions a table or a GSI has gained beyond those of an even division of its hash space
// (docs/capacity.md §7, §10): the boundaries its throughput model had split it at, saved when the
// database closes so that a reopened one serves with the same partitions. Each boundary is a
// first hash, and within an item collection split by sort key, that collection's encoded sort key
// and partition key (empty otherwise). Empty: none gained, or a database older than the record.
struct GainedPartitions {
  std::vector<std::uint64_t> first_hashes;
  std::vector<std::string> first_sorts;
  std::vector<std::string> first_keys;
  friend bool operator==(const GainedPartitions&, const GainedPartitions&) = default;
};

struct IndexSchema {
  std::string name;
  bool is_local = false;  // LSI: shares the table's partition key
  // 1..4 partition-key and 0..4 sort-key attributes (multi-attribute GSI keys); LSIs have
  // exactly the table's partition key and one sort key.
  std::vector<KeyAttribute> partition_key;
  std::vector<KeyAttribute> sort_key;
  ProjectionType projection = ProjectionType::kAll;
  std::vector<std::string> non_key_attributes;  // kInclude only
  IndexStatus status = IndexStatus::kActive;
  bool backfilling = false;
  ProvisionedThroughput throughput;  // GSIs of provisioned tables
  OnDemandThroughput on_demand;
  std::uint32_t keyspace_id = 0;  // LMDB key prefix of this index's entries
  WarmSetting warm;               // GSIs only
  GainedPartitions partitions;    // GSIs only
  friend bool operator==(const IndexSchema&, const IndexSchema&) = default;
};

// A vector index (Developer Guide, "Creating and searching vector indexes"): its own key space of
// entries, one per item whose `vector_attribute` is a list of `dimensions` numbers that fit a
// float (and whose HASH attribute, if the index has one, is present): the vector as floats and
// the projected attributes (key_layout.h, vector_entry.h).
struct VectorIndexSchema {
  std::string name;
  std::string vector_attribute;
  std::uint32_t dimensions = 0;
  VectorDistanceFunction distance = VectorDistanceFunction::kCosine;
  // SearchSchema in the request's order; the types are the attribute definitions'.
  std::vector<KeyAttribute> search_attributes;
  std::vector<SearchSchemaElementType> search_roles;  // parallel to search_attributes
  ProjectionType projection = ProjectionType::kAll;
  std::vector<std::string> non_key_attributes;  // kInclude only, as sent
  IndexStatus status = IndexStatus::kActive;
  bool backfilling = false;
  std::uint32_t keyspace_id = 0;
  // Not stored: set where DescribeTable shows an index that UpdateTable is adding (the
  // service reports Backfilling only for those, and only while they are CREATING).
  bool reports_backfilling = false;
  friend bool operator==(const VectorIndexSchema&, const VectorIndexSchema&) = default;

  // The SearchSchema's HASH attribute, or null.
  const KeyAttribute* hash_attribute() const {
    for (std::size_t i = 0; i < search_roles.size(); ++i)
      if (search_roles[i] == SearchSchemaElementType::kHash) return &search_attributes[i];
    return nullptr;
  }
};

// DynamoDB Streams (storage/stream_store.h). A table keeps the settings of its latest stream:
// LatestStreamLabel/LatestStreamArn stay in DescribeTable after the stream is disabled, and a
// re-enabled stream is a new one (new label, new id).
// StreamViewType is the public model's (ddbemu/model/stream_view_type.h); its values are stored.
struct StreamSettings {
  bool enabled = false;
  StreamViewType view_type = StreamViewType::kKeysOnly;
  std::string label;            // the latest stream's label (empty: never had a stream)
  std::uint32_t stream_id = 0;  // the latest stream's id in the stream store (0: none)
  friend bool operator==(const StreamSettings&, const StreamSettings&) = default;
};

// Time to Live (ops/ttl/): the attribute holding each item's expiry in epoch seconds.
struct TimeToLiveSettings {
  bool enabled = false;
  std::string attribute_name;       // set while enabled
  std::int64_t updated_micros = 0;  // last UpdateTimeToLive (one change an hour)
  friend bool operator==(const TimeToLiveSettings&, const TimeToLiveSettings&) = default;
};

struct TableSchema {
  std::string name;
  std::string table_id;  // a UUID, as DescribeTable's TableId
  std::vector<KeyAttribute> attribute_definitions;
  KeyAttribute partition_key;
  std::optional<KeyAttribute> sort_key;
  std::vector<IndexSchema> indexes;  // GSIs and LSIs in creation order
  BillingMode billing_mode = BillingMode::kProvisioned;
  std::int64_t billing_mode_last_update_micros = 0;  // 0: never switched
  ProvisionedThroughput throughput;
  OnDemandThroughput on_demand;
  std::vector<Tag> tags;
  bool deletion_protection = false;
  std::string table_class = "STANDARD";
  TableStatus status = TableStatus::kActive;
  std::int64_t creation_micros = 0;
  std::uint32_t keyspace_id = 0;  // LMDB key prefix of the base table's items
  StreamSettings stream;
  TimeToLiveSettings ttl;
  WarmSetting warm;
  std::vector<VectorIndexSchema> vector_indexes;  // in creation order
  GainedPartitions partitions;
  friend bool operator==(const TableSchema&, const TableSchema&) = default;

  const VectorIndexSchema* FindVectorIndex(std::string_view index_name) const {
    for (const auto& index : vector_indexes)
      if (index.name == index_name) return &index;
    return nullptr;
  }

  const IndexSchema* FindIndex(std::string_view index_name) const {
    for (const auto& index : indexes)
      if (index.name == index_name) return &index;
    return nullptr;
  }
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE

// ---- the stored form ----------------------------------------------------------------------------
// The persisted form of a TableSchema in the catalog: a version byte and one record
// (record_codec.h). Compact, binary and append-only compatible: a field added to TableSchema
// is appended to the writer and reader here, and databases written before still decode.
namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage {

// Appends the encoding of `schema` to `out`.
void EncodeTableSchema(const TableSchema& schema, std::string* out);

// Decodes what EncodeTableSchema wrote (by this or an earlier version). Fails with an
// InternalServerError on malformed bytes or a version newer than this code knows.
Result<TableSchema> DecodeTableSchema(std::string_view bytes);

// ---- index projections --------------------------------------------------------------------------
// What an index entry holds: the item's attributes that the index projects (CreateTable's
// Projection). ALL: the whole item. KEYS_ONLY: the table's key attributes and the index's key
// attributes. INCLUDE: those plus NonKeyAttributes that the item has.

// True when `name` is projected into `index` (key attributes always are).
bool IsProjected(const TableSchema& schema, const IndexSchema& index, std::string_view name);

// The projection of `item` into `index`.
Item ProjectItem(const TableSchema& schema, const IndexSchema& index, const Item& item);

// Appends the item-codec encoding of the projection to `out`, as entries are stored (with their
// size: EncodeStoredItem), and returns its size by the service's item-size rule
// (value/item_size.h), which is what the index's size statistics and write costs count. Avoids
// copying the item for ALL projections.
std::size_t EncodeProjection(const TableSchema& schema, const IndexSchema& index, const Item& item,
                             std::string* out);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::storage
