// A table's description, typed (see table_description.h): which members each view shows,
// status names, NumberOfDecreasesToday and the warm throughput, which ops/ also computes with.
// Which members appear in which response follows the service as observed (AWS CLI examples and
// probes of DynamoDB, 2023-2026): BillingModeSummary only for tables that are or were on-demand,
// ProvisionedThroughput 0/0 for on-demand tables and their GSIs, OnDemandThroughput only when
// set, WarmThroughput in DescribeTable and UpdateTable but never in the CreateTable or
// DeleteTable response.
#include "api/table_description.h"

#include <algorithm>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api {
namespace {

constexpr std::int64_t kMicrosPerDay = 86'400'000'000;
constexpr std::int64_t kOnDemandBaselineReads = 12000;
constexpr std::int64_t kOnDemandBaselineWrites = 4000;

bool OnDemand(const TableSchema& table) {
  return table.billing_mode == BillingMode::kPayPerRequest;
}

// The service reports times in epoch seconds with millisecond precision.
std::int64_t WholeMillis(std::int64_t micros) { return micros / 1000 * 1000; }

ScalarAttributeType ScalarType(AttributeType t) {
  return t == AttributeType::kN   ? ScalarAttributeType::kN
         : t == AttributeType::kB ? ScalarAttributeType::kB
                                  : ScalarAttributeType::kS;
}

std::vector<::ddbemu::KeySchemaElement> KeySchema(const std::vector<KeyAttribute>& hash,
                                                  const std::vector<KeyAttribute>& range) {
  std::vector<::ddbemu::KeySchemaElement> out;
  out.reserve(hash.size() + range.size());
  for (const auto& k : hash) out.push_back({k.name, KeyType::kHash});
  for (const auto& k : range) out.push_back({k.name, KeyType::kRange});
  return out;
}

ProvisionedThroughput Reported(ProvisionedThroughput pt, std::int64_t now_micros) {
  pt.decreases_today = DecreasesToday(pt, now_micros);
  pt.last_increase_micros = WholeMillis(pt.last_increase_micros);
  pt.last_decrease_micros = WholeMillis(pt.last_decrease_micros);
  return pt;
}

// NonKeyAttributes are returned sorted by name, like AttributeDefinitions, whatever order the
// request used.
Projection Reported(const IndexSchema& index) {
  Projection p{index.projection, {}};
  if (index.projection == ProjectionType::kInclude) {
    p.non_key_attributes = index.non_key_attributes;
    std::sort(p.non_key_attributes.begin(), p.non_key_attributes.end());
  }
  return p;
}

std::optional<OnDemandThroughput> OnDemandIfSet(const OnDemandThroughput& odt) {
  if (odt.max_read_request_units < 0 && odt.max_write_request_units < 0) return std::nullopt;
  return odt;
}

WarmThroughputDescription Warm(const TableSchema& table, const ProvisionedThroughput& pt,
                               const WarmSetting& setting, const DescriptionOptions& options) {
  const WarmThroughputValue warm = ComputeWarmThroughput(table, pt, setting);
  // A raised warm throughput takes the transient-status time to be in place, as the service's
  // pre-warming takes a while (Developer Guide, "Understanding DynamoDB warm throughput").
  const bool updating =
      setting.updated_micros != 0 && options.transient_status_micros > 0 &&
      options.now_micros < setting.updated_micros + options.transient_status_micros;
  return {warm.read_units_per_second, warm.write_units_per_second,
          updating ? "UPDATING" : "ACTIVE"};
}

GlobalSecondaryIndexDescription GlobalIndex(const TableSchema& table, const IndexSchema& index,
                                            const KeyspaceCounts& counts,
                                            const DescriptionOptions& options, bool warm) {
  GlobalSecondaryIndexDescription g;
  g.index_name = index.name;
  g.index_arn = options.table_arn + "/index/" + index.name;
  g.key_schema = KeySchema(index.partition_key, index.sort_key);
  g.projection = Reported(index);
  g.index_status = index.status;
  g.backfilling = index.backfilling;
  g.provisioned_throughput = Reported(index.throughput, options.now_micros);
  g.on_demand_throughput = OnDemandIfSet(index.on_demand);
  g.index_size_bytes = static_cast<std::int64_t>(counts.size_bytes);
  g.item_count = static_cast<std::int64_t>(counts.item_count);
  if (warm) g.warm_throughput = Warm(table, index.throughput, index.warm, options);
  return g;
}

LocalSecondaryIndexDescription LocalIndex(const IndexSchema& index, const KeyspaceCounts& counts,
                                          const DescriptionOptions& options) {
  return {index.name,
          options.table_arn + "/index/" + index.name,
          KeySchema(index.partition_key, index.sort_key),
          Reported(index),
          static_cast<std::int64_t>(counts.size_bytes),
          static_cast<std::int64_t>(counts.item_count)};
}

VectorIndexDescription VectorIndex(const VectorIndexSchema& index, const KeyspaceCounts& counts,
                                   const DescriptionOptions& options) {
  VectorIndexDescription v;
  v.index_name = index.name;
  v.index_arn = options.table_arn + "/index/" + index.name;
  v.vector_attribute = index.vector_attribute;
  for (std::size_t i = 0; i < index.search_attributes.size(); ++i) {
    v.search_schema.push_back({index.search_attributes[i].name, index.search_roles[i]});
  }
  v.projection.projection_type = index.projection;
  v.projection.non_key_attributes = index.non_key_attributes;
  v.dimensions = index.dimensions;
  v.distance_function = index.distance;
  v.index_status = index.status;
  if (index.reports_backfilling && index.status == IndexStatus::kCreating) {
    v.backfilling = index.backfilling;
  }
  v.index_size_bytes = static_cast<std::int64_t>(counts.size_bytes);
  v.item_count = static_cast<std::int64_t>(counts.item_count);
  return v;
}

}  // namespace

VectorIndexInfo VectorIndexInfoOf(const VectorIndexSchema& index) {
  VectorIndexInfo v;
  v.index_name = index.name;
  v.vector_attribute = index.vector_attribute;
  for (std::size_t i = 0; i < index.search_attributes.size(); ++i) {
    v.search_schema.push_back({index.search_attributes[i].name, index.search_roles[i]});
  }
  v.projection.projection_type = index.projection;
  v.projection.non_key_attributes = index.non_key_attributes;
  v.dimensions = index.dimensions;
  v.distance_function = index.distance;
  return v;
}

std::optional<SourceTableFeatureDetails> FeatureDetailsOf(const TableSchema& table) {
  SourceTableFeatureDetails f;
  for (const IndexSchema& index : table.indexes) {
    std::vector<::ddbemu::KeySchemaElement> keys = KeySchema(index.partition_key, index.sort_key);
    if (index.is_local) {
      f.local_secondary_indexes.push_back({index.name, std::move(keys), Reported(index)});
      continue;
    }
    // GlobalSecondaryIndexInfo's ProvisionedThroughput is the request shape: the units only.
    f.global_secondary_indexes.push_back(
        {index.name, std::move(keys), Reported(index),
         ProvisionedThroughput{index.throughput.read_capacity_units,
                               index.throughput.write_capacity_units},
         OnDemandIfSet(index.on_demand)});
  }
  if (table.stream.enabled)
    f.stream_description = StreamSpecification{true, table.stream.view_type};
  if (table.ttl.enabled) {
    f.time_to_live_description =
        TimeToLiveDescription{TimeToLiveStatus::kEnabled, table.ttl.attribute_name};
  }
  for (const VectorIndexSchema& index : table.vector_indexes) {
    f.vector_indexes.push_back(VectorIndexInfoOf(index));
  }
  if (f.local_secondary_indexes.empty() && f.global_secondary_indexes.empty() &&
      !f.stream_description && !f.time_to_live_description && f.vector_indexes.empty()) {
    return std::nullopt;
  }
  return f;
}

TableDescription Describe(const TableSchema& s, const TableCounts& counts,
                          const DescriptionOptions& options) {
  // DeleteTable's answer has no key schema, attribute definitions, creation time, indexes or
  // stream; only DescribeTable's and UpdateTable's have WarmThroughput.
  const bool full = options.view != DescriptionView::kDelete;
  const bool warm =
      options.view == DescriptionView::kDescribe || options.view == DescriptionView::kUpdate;
  TableDescription d;
  d.table_name = s.name;
  d.table_arn = options.table_arn;
  d.table_id = s.table_id;
  d.table_status = s.status;
  if (full) {
    d.creation_date_time_micros = WholeMillis(s.creation_micros);
    std::vector<KeyAttribute> range;
    if (s.sort_key) range.push_back(*s.sort_key);
    d.key_schema = KeySchema({s.partition_key}, range);
    d.attribute_definitions.reserve(s.attribute_definitions.size());
    for (const auto& a : s.attribute_definitions)
      d.attribute_definitions.push_back({a.name, ScalarType(a.type)});
    // Sorted by name, whatever order they were sent in.
    std::sort(d.attribute_definitions.begin(), d.attribute_definitions.end(),
              [](const auto& a, const auto& b) { return a.attribute_name < b.attribute_name; });
  }
  d.billing_mode = s.billing_mode;
  // Present for tables that are on-demand or have been: the last switch to on-demand.
  if (OnDemand(s) || s.billing_mode_last_update_micros != 0) {
    d.billing_mode_summary = BillingModeSummary{
        s.billing_mode,
        options.billing_summary_without_time ? 0 : WholeMillis(s.billing_mode_last_update_micros)};
  }
  d.provisioned_throughput = Reported(s.throughput, options.now_micros);
  d.on_demand_throughput = OnDemandIfSet(s.on_demand);
  d.table_size_bytes = static_cast<std::int64_t>(counts.table.size_bytes);
  d.item_count = static_cast<std::int64_t>(counts.table.item_count);
  d.deletion_protection_enabled = s.deletion_protection;
  d.table_class = s.table_class.empty() ? "STANDARD" : s.table_class;
  if (full) {
    // StreamSpecification while the stream is enabled; LatestStreamLabel/Arn once the table has
    // ever had a stream (they outlive a disabled stream, as the service shows them).
    if (s.stream.enabled) d.stream_specification = StreamSpecification{true, s.stream.view_type};
    if (!s.stream.label.empty()) {
      d.latest_stream_label = s.stream.label;
      d.latest_stream_arn = options.table_arn + "/stream/" + s.stream.label;
    }
    for (std::size_t i = 0; i < s.indexes.size(); ++i) {
      const IndexSchema& index = s.indexes[i];
      const KeyspaceCounts c = i < counts.indexes.size() ? counts.indexes[i] : KeyspaceCounts{};
      if (index.is_local) {
        d.local_secondary_indexes.push_back(LocalIndex(index, c, options));
      } else {
        d.global_secondary_indexes.push_back(GlobalIndex(s, index, c, options, warm));
      }
    }
    for (std::size_t i = 0; i < s.vector_indexes.size(); ++i) {
      const KeyspaceCounts c =
          i < counts.vector_indexes.size() ? counts.vector_indexes[i] : KeyspaceCounts{};
      d.vector_indexes.push_back(VectorIndex(s.vector_indexes[i], c, options));
    }
  }
  if (warm) d.warm_throughput = Warm(s, s.throughput, s.warm, options);
  return d;
}

std::string_view TableStatusName(TableStatus status) {
  switch (status) {
    case TableStatus::kCreating:
      return "CREATING";
    case TableStatus::kUpdating:
      return "UPDATING";
    case TableStatus::kDeleting:
      return "DELETING";
    case TableStatus::kActive:
      return "ACTIVE";
  }
  return "ACTIVE";
}

std::string_view IndexStatusName(IndexStatus status) {
  switch (status) {
    case IndexStatus::kCreating:
      return "CREATING";
    case IndexStatus::kUpdating:
      return "UPDATING";
    case IndexStatus::kDeleting:
      return "DELETING";
    case IndexStatus::kActive:
      return "ACTIVE";
  }
  return "ACTIVE";
}

std::int64_t DecreasesToday(const ProvisionedThroughput& throughput, std::int64_t now_micros) {
  if (throughput.last_decrease_micros == 0) return 0;
  if (throughput.last_decrease_micros / kMicrosPerDay != now_micros / kMicrosPerDay) return 0;
  return throughput.decreases_today;
}

WarmThroughputValue ComputeWarmThroughput(const TableSchema& table,
                                          const ProvisionedThroughput& throughput,
                                          const WarmSetting& warm) {
  WarmThroughputValue value{throughput.read_capacity_units, throughput.write_capacity_units};
  if (OnDemand(table)) {
    value = {kOnDemandBaselineReads, kOnDemandBaselineWrites};
  } else if (table.billing_mode_last_update_micros != 0) {
    value = {std::max(kOnDemandBaselineReads, throughput.read_capacity_units),
             std::max(kOnDemandBaselineWrites, throughput.write_capacity_units)};
  }
  return {std::max(value.read_units_per_second, warm.read_units_per_second),
          std::max(value.write_units_per_second, warm.write_units_per_second)};
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api
