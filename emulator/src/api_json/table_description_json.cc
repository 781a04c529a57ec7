// TableDescription JSON. Which members appear in which response follows the service as
// observed (AWS CLI examples and probes of DynamoDB, 2023-2026): e.g. BillingModeSummary only
// for tables that are or were on-demand, ProvisionedThroughput 0/0 for on-demand tables and
// their GSIs, OnDemandThroughput only when set, WarmThroughput always in DescribeTable but never
// in the CreateTable or DeleteTable response.
#include "api_json/operation_codecs.h"

#include <algorithm>

#include "value_json/json_codec.h"

namespace ddbemu::api::json {
namespace {

std::string_view TypeName(AttributeType type) { return TypeDescriptor(type); }

bool OnDemand(const TableSchema& table) {
  return table.billing_mode == BillingMode::kPayPerRequest;
}

void WriteAttributeDefinitions(JsonWriter& w, const TableSchema& table) {
  // The service returns AttributeDefinitions sorted by name, whatever order they were sent in.
  std::vector<KeyAttribute> sorted = table.attribute_definitions;
  std::sort(sorted.begin(), sorted.end(),
            [](const KeyAttribute& a, const KeyAttribute& b) { return a.name < b.name; });
  w.Key("AttributeDefinitions");
  w.StartArray();
  for (const auto& d : sorted) {
    w.StartObject();
    w.Key("AttributeName");
    WriteString(d.name, w);
    w.Key("AttributeType");
    WriteString(TypeName(d.type), w);
    w.EndObject();
  }
  w.EndArray();
}

void WriteKeyElements(JsonWriter& w, const std::vector<KeyAttribute>& attributes,
                      std::string_view type) {
  for (const auto& a : attributes) {
    w.StartObject();
    w.Key("AttributeName");
    WriteString(a.name, w);
    w.Key("KeyType");
    WriteString(type, w);
    w.EndObject();
  }
}

void WriteKeySchema(JsonWriter& w, const std::vector<KeyAttribute>& hash,
                    const std::vector<KeyAttribute>& range) {
  w.Key("KeySchema");
  w.StartArray();
  WriteKeyElements(w, hash, "HASH");
  WriteKeyElements(w, range, "RANGE");
  w.EndArray();
}

void WriteThroughput(JsonWriter& w, const ProvisionedThroughput& pt, std::int64_t now_micros) {
  w.Key("ProvisionedThroughput");
  w.StartObject();
  if (pt.last_increase_micros != 0) {
    w.Key("LastIncreaseDateTime");
    WriteEpochSeconds(pt.last_increase_micros, w);
  }
  if (pt.last_decrease_micros != 0) {
    w.Key("LastDecreaseDateTime");
    WriteEpochSeconds(pt.last_decrease_micros, w);
  }
  w.Key("NumberOfDecreasesToday");
  w.Int64(DecreasesToday(pt, now_micros));
  w.Key("ReadCapacityUnits");
  w.Int64(pt.read_capacity_units);
  w.Key("WriteCapacityUnits");
  w.Int64(pt.write_capacity_units);
  w.EndObject();
}

// Only the maxima that are set; -1 means "no maximum" and is not shown.
void WriteOnDemand(JsonWriter& w, const OnDemandThroughput& odt) {
  if (odt.max_read_request_units < 0 && odt.max_write_request_units < 0) return;
  w.Key("OnDemandThroughput");
  w.StartObject();
  if (odt.max_read_request_units >= 0) {
    w.Key("MaxReadRequestUnits");
    w.Int64(odt.max_read_request_units);
  }
  if (odt.max_write_request_units >= 0) {
    w.Key("MaxWriteRequestUnits");
    w.Int64(odt.max_write_request_units);
  }
  w.EndObject();
}

void WriteWarm(JsonWriter& w, const TableSchema& table, const ProvisionedThroughput& pt) {
  const WarmThroughputValue warm = ComputeWarmThroughput(table, pt);
  w.Key("WarmThroughput");
  w.StartObject();
  w.Key("ReadUnitsPerSecond");
  w.Int64(warm.read_units_per_second);
  w.Key("WriteUnitsPerSecond");
  w.Int64(warm.write_units_per_second);
  w.Key("Status");
  WriteString("ACTIVE", w);
  w.EndObject();
}

void WriteProjection(JsonWriter& w, const IndexSchema& index) {
  w.Key("Projection");
  w.StartObject();
  w.Key("ProjectionType");
  WriteString(index.projection == ProjectionType::kAll        ? "ALL"
              : index.projection == ProjectionType::kKeysOnly ? "KEYS_ONLY"
                                                              : "INCLUDE",
              w);
  if (index.projection == ProjectionType::kInclude) {
    // Returned sorted by name, like AttributeDefinitions.
    std::vector<std::string> names = index.non_key_attributes;
    std::sort(names.begin(), names.end());
    w.Key("NonKeyAttributes");
    w.StartArray();
    for (const auto& n : names) WriteString(n, w);
    w.EndArray();
  }
  w.EndObject();
}

void WriteCounts(JsonWriter& w, const KeyspaceCounts& counts) {
  w.Key("IndexSizeBytes");
  w.Int64(static_cast<std::int64_t>(counts.size_bytes));
  w.Key("ItemCount");
  w.Int64(static_cast<std::int64_t>(counts.item_count));
}

void WriteIndexArn(JsonWriter& w, const DescriptionOptions& options, const IndexSchema& index) {
  w.Key("IndexArn");
  WriteString(options.table_arn + "/index/" + index.name, w);
}

void WriteLocalIndex(JsonWriter& w, const IndexSchema& index, const KeyspaceCounts& counts,
                     const DescriptionOptions& options) {
  w.StartObject();
  w.Key("IndexName");
  WriteString(index.name, w);
  WriteKeySchema(w, index.partition_key, index.sort_key);
  WriteProjection(w, index);
  WriteCounts(w, counts);
  WriteIndexArn(w, options, index);
  w.EndObject();
}

void WriteGlobalIndex(JsonWriter& w, const TableSchema& table, const IndexSchema& index,
                      const KeyspaceCounts& counts, const DescriptionOptions& options) {
  w.StartObject();
  w.Key("IndexName");
  WriteString(index.name, w);
  WriteKeySchema(w, index.partition_key, index.sort_key);
  WriteProjection(w, index);
  w.Key("IndexStatus");
  WriteString(IndexStatusName(index.status), w);
  // Only GSIs being added by UpdateTable report Backfilling, while they are CREATING (false in
  // the UpdateTable response: resource allocation comes first).
  if (index.status == IndexStatus::kCreating &&
      (index.backfilling || options.view == DescriptionView::kUpdate)) {
    w.Key("Backfilling");
    w.Bool(index.backfilling);
  }
  WriteThroughput(w, index.throughput, options.now_micros);
  WriteCounts(w, counts);
  WriteIndexArn(w, options, index);
  WriteOnDemand(w, index.on_demand);
  if (options.view == DescriptionView::kDescribe || options.view == DescriptionView::kUpdate) {
    WriteWarm(w, table, index.throughput);
  }
  w.EndObject();
}

void WriteIndexes(JsonWriter& w, const TableSchema& table, const TableCounts& counts,
                  const DescriptionOptions& options, bool local) {
  const bool any = std::any_of(table.indexes.begin(), table.indexes.end(),
                               [&](const IndexSchema& i) { return i.is_local == local; });
  if (!any) return;
  w.Key(local ? "LocalSecondaryIndexes" : "GlobalSecondaryIndexes");
  w.StartArray();
  for (std::size_t i = 0; i < table.indexes.size(); ++i) {
    const IndexSchema& index = table.indexes[i];
    if (index.is_local != local) continue;
    const KeyspaceCounts c = i < counts.indexes.size() ? counts.indexes[i] : KeyspaceCounts{};
    if (local) {
      WriteLocalIndex(w, index, c, options);
    } else {
      WriteGlobalIndex(w, table, index, c, options);
    }
  }
  w.EndArray();
}

// Present for tables that are on-demand or have been: LastUpdateToPayPerRequestDateTime is the
// last switch to on-demand (the creation time for tables created on-demand).
void WriteBillingSummary(JsonWriter& w, const TableSchema& table,
                         const DescriptionOptions& options) {
  if (!OnDemand(table) && table.billing_mode_last_update_micros == 0) return;
  w.Key("BillingModeSummary");
  w.StartObject();
  w.Key("BillingMode");
  WriteString(OnDemand(table) ? "PAY_PER_REQUEST" : "PROVISIONED", w);
  if (!options.billing_summary_without_time && table.billing_mode_last_update_micros != 0) {
    w.Key("LastUpdateToPayPerRequestDateTime");
    WriteEpochSeconds(table.billing_mode_last_update_micros, w);
  }
  w.EndObject();
}

void WriteSizes(JsonWriter& w, const TableCounts& counts) {
  w.Key("TableSizeBytes");
  w.Int64(static_cast<std::int64_t>(counts.table.size_bytes));
  w.Key("ItemCount");
  w.Int64(static_cast<std::int64_t>(counts.table.item_count));
}

void WriteIdentity(JsonWriter& w, const TableSchema& table, const DescriptionOptions& options) {
  w.Key("TableArn");
  WriteString(options.table_arn, w);
  w.Key("TableId");
  WriteString(table.table_id, w);
}

void WriteTableClass(JsonWriter& w, const TableSchema& table) {
  // TableClassSummary appears once a class other than the default has been chosen.
  if (table.table_class.empty() || table.table_class == "STANDARD") return;
  w.Key("TableClassSummary");
  w.StartObject();
  w.Key("TableClass");
  WriteString(table.table_class, w);
  w.EndObject();
}

// StreamSpecification while the stream is enabled; LatestStreamLabel/Arn once the table has
// ever had a stream (they outlive a disabled stream, as the service shows them).
void WriteStream(JsonWriter& w, const TableSchema& table, const DescriptionOptions& options) {
  if (table.stream.enabled) {
    static constexpr std::string_view kViews[] = {"KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE",
                                                  "NEW_AND_OLD_IMAGES"};
    w.Key("StreamSpecification");
    w.StartObject();
    w.Key("StreamEnabled");
    w.Bool(true);
    w.Key("StreamViewType");
    WriteString(kViews[static_cast<int>(table.stream.view_type)], w);
    w.EndObject();
  }
  if (table.stream.label.empty()) return;
  w.Key("LatestStreamLabel");
  WriteString(table.stream.label, w);
  w.Key("LatestStreamArn");
  WriteString(options.table_arn + "/stream/" + table.stream.label, w);
}

void WriteDescription(JsonWriter& w, const TableSchema& table, const TableCounts& counts,
                      const DescriptionOptions& options) {
  const bool full = options.view != DescriptionView::kDelete;
  w.StartObject();
  if (full) WriteAttributeDefinitions(w, table);
  w.Key("TableName");
  WriteString(table.name, w);
  if (full) {
    std::vector<KeyAttribute> range;
    if (table.sort_key) range.push_back(*table.sort_key);
    WriteKeySchema(w, {table.partition_key}, range);
  }
  w.Key("TableStatus");
  WriteString(TableStatusName(table.status), w);
  if (full) {
    w.Key("CreationDateTime");
    WriteEpochSeconds(table.creation_micros, w);
  }
  WriteThroughput(w, table.throughput, options.now_micros);
  WriteSizes(w, counts);
  WriteIdentity(w, table, options);
  WriteBillingSummary(w, table, options);
  if (full) {
    WriteIndexes(w, table, counts, options, /*local=*/true);
    WriteIndexes(w, table, counts, options, /*local=*/false);
  }
  if (options.view != DescriptionView::kDelete) WriteStream(w, table, options);
  WriteTableClass(w, table);
  w.Key("DeletionProtectionEnabled");
  w.Bool(table.deletion_protection);
  WriteOnDemand(w, table.on_demand);
  if (options.view == DescriptionView::kDescribe || options.view == DescriptionView::kUpdate) {
    WriteWarm(w, table, table.throughput);
  }
  w.EndObject();
}

}  // namespace

std::string RenderTableDescription(std::string_view wrapper, const TableSchema& schema,
                                   const TableCounts& counts, const DescriptionOptions& options) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key(wrapper.data(), static_cast<rapidjson::SizeType>(wrapper.size()));
  WriteDescription(w, schema, counts, options);
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace ddbemu::api::json
