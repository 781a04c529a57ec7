// TableSchema: everything the catalog knows about one table — its keys, indexes, billing,
// throughput, tags and status — and the key-space ids under which its items and index
// entries live in LMDB. ops/ builds it from CreateTable/UpdateTable and renders it as a
// TableDescription; storage/ persists it and uses the key schema to encode keys.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddbemu/attribute_value.h"
#include "ddbemu/model/stream_view_type.h"
#include "ddbemu/model/tables.h"  // the enums and throughput shapes

namespace ddbemu {

// One key attribute: its name and scalar type (S, N or B).
struct KeyAttribute {
  std::string name;
  AttributeType type = AttributeType::kS;
  friend bool operator==(const KeyAttribute&, const KeyAttribute&) = default;
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
  friend bool operator==(const IndexSchema&, const IndexSchema&) = default;
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
  friend bool operator==(const TableSchema&, const TableSchema&) = default;

  const IndexSchema* FindIndex(std::string_view index_name) const {
    for (const auto& index : indexes)
      if (index.name == index_name) return &index;
    return nullptr;
  }
};

}  // namespace ddbemu
