// TableDescription JSON: api::Describe (api/table_description.h) decides what each response
// shows; this writes it in the service's member order.
#include <algorithm>

#include "api_json/operation_codecs.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {
namespace {

std::string_view ScalarName(ScalarAttributeType t) {
  return t == ScalarAttributeType::kN ? "N" : t == ScalarAttributeType::kB ? "B" : "S";
}

std::string_view ProjectionName(ProjectionType t) {
  return t == ProjectionType::kAll        ? "ALL"
         : t == ProjectionType::kKeysOnly ? "KEYS_ONLY"
                                          : "INCLUDE";
}

void WriteAttributeDefinitions(JsonWriter& w,
                               const std::vector<::ddbemu::AttributeDefinition>& defs) {
  if (defs.empty()) return;
  w.Key("AttributeDefinitions");
  w.StartArray();
  for (const ::ddbemu::AttributeDefinition& d : defs) {
    w.StartObject();
    w.Key("AttributeName");
    WriteString(d.attribute_name, w);
    w.Key("AttributeType");
    WriteString(ScalarName(d.attribute_type), w);
    w.EndObject();
  }
  w.EndArray();
}

void WriteKeySchema(JsonWriter& w, const std::vector<::ddbemu::KeySchemaElement>& keys) {
  if (keys.empty()) return;
  w.Key("KeySchema");
  w.StartArray();
  for (const ::ddbemu::KeySchemaElement& k : keys) {
    w.StartObject();
    w.Key("AttributeName");
    WriteString(k.attribute_name, w);
    w.Key("KeyType");
    WriteString(k.key_type == KeyType::kHash ? "HASH" : "RANGE", w);
    w.EndObject();
  }
  w.EndArray();
}

void WriteThroughput(JsonWriter& w, const std::optional<ProvisionedThroughput>& pt) {
  if (!pt) return;
  w.Key("ProvisionedThroughput");
  w.StartObject();
  if (pt->last_increase_micros != 0) {
    w.Key("LastIncreaseDateTime");
    WriteEpochSeconds(pt->last_increase_micros, w);
  }
  if (pt->last_decrease_micros != 0) {
    w.Key("LastDecreaseDateTime");
    WriteEpochSeconds(pt->last_decrease_micros, w);
  }
  w.Key("NumberOfDecreasesToday");
  w.Int64(pt->decreases_today);
  w.Key("ReadCapacityUnits");
  w.Int64(pt->read_capacity_units);
  w.Key("WriteCapacityUnits");
  w.Int64(pt->write_capacity_units);
  w.EndObject();
}

// Only the maxima that are set; -1 means "no maximum" and is not shown.
void WriteOnDemand(JsonWriter& w, const std::optional<OnDemandThroughput>& odt) {
  if (!odt) return;
  w.Key("OnDemandThroughput");
  w.StartObject();
  if (odt->max_read_request_units >= 0) {
    w.Key("MaxReadRequestUnits");
    w.Int64(odt->max_read_request_units);
  }
  if (odt->max_write_request_units >= 0) {
    w.Key("MaxWriteRequestUnits");
    w.Int64(odt->max_write_request_units);
  }
  w.EndObject();
}

void WriteWarm(JsonWriter& w, const std::optional<WarmThroughputDescription>& warm) {
  if (!warm) return;
  w.Key("WarmThroughput");
  w.StartObject();
  w.Key("ReadUnitsPerSecond");
  w.Int64(warm->read_units_per_second);
  w.Key("WriteUnitsPerSecond");
  w.Int64(warm->write_units_per_second);
  w.Key("Status");
  WriteString(warm->status, w);
  w.EndObject();
}

void WriteProjection(JsonWriter& w, const Projection& p) {
  w.Key("Projection");
  w.StartObject();
  w.Key("ProjectionType");
  WriteString(ProjectionName(p.projection_type), w);
  if (p.projection_type == ProjectionType::kInclude) {
    w.Key("NonKeyAttributes");
    w.StartArray();
    for (const auto& n : p.non_key_attributes) WriteString(n, w);
    w.EndArray();
  }
  w.EndObject();
}

void WriteCounts(JsonWriter& w, std::int64_t size_bytes, std::int64_t item_count) {
  w.Key("IndexSizeBytes");
  w.Int64(size_bytes);
  w.Key("ItemCount");
  w.Int64(item_count);
}

void WriteLocalIndex(JsonWriter& w, const LocalSecondaryIndexDescription& index) {
  w.StartObject();
  w.Key("IndexName");
  WriteString(index.index_name, w);
  WriteKeySchema(w, index.key_schema);
  WriteProjection(w, index.projection);
  WriteCounts(w, index.index_size_bytes, index.item_count);
  w.Key("IndexArn");
  WriteString(index.index_arn, w);
  w.EndObject();
}

void WriteGlobalIndex(JsonWriter& w, const GlobalSecondaryIndexDescription& index,
                      DescriptionView view) {
  w.StartObject();
  w.Key("IndexName");
  WriteString(index.index_name, w);
  WriteKeySchema(w, index.key_schema);
  WriteProjection(w, index.projection);
  w.Key("IndexStatus");
  WriteString(IndexStatusName(index.index_status), w);
  // Only GSIs being added by UpdateTable report Backfilling, while they are CREATING (false in
  // the UpdateTable response: resource allocation comes first).
  if (index.index_status == IndexStatus::kCreating &&
      (index.backfilling || view == DescriptionView::kUpdate)) {
    w.Key("Backfilling");
    w.Bool(index.backfilling);
  }
  WriteThroughput(w, index.provisioned_throughput);
  WriteCounts(w, index.index_size_bytes, index.item_count);
  w.Key("IndexArn");
  WriteString(index.index_arn, w);
  WriteOnDemand(w, index.on_demand_throughput);
  WriteWarm(w, index.warm_throughput);
  w.EndObject();
}

// The definition's members, shared by the description and a backup's VectorIndexInfo.
template <class Index>
void WriteVectorDefinition(JsonWriter& w, const Index& index) {
  w.Key("IndexName");
  WriteString(index.index_name, w);
  if (!index.search_schema.empty()) {
    w.Key("SearchSchema");
    w.StartArray();
    for (const auto& element : index.search_schema) {
      w.StartObject();
      w.Key("AttributeName");
      WriteString(element.attribute_name, w);
      w.Key("SearchSchemaElementType");
      WriteString(SearchSchemaElementTypeName(element.search_schema_element_type), w);
      w.EndObject();
    }
    w.EndArray();
  }
  WriteProjection(w, index.projection);
  w.Key("VectorAttribute");
  w.StartObject();
  w.Key("AttributeName");
  WriteString(index.vector_attribute, w);
  w.EndObject();
  w.Key("Dimensions");
  w.Int64(index.dimensions);
  w.Key("DistanceFunction");
  WriteString(VectorDistanceFunctionName(index.distance_function), w);
}

void WriteVectorIndex(JsonWriter& w, const VectorIndexDescription& index) {
  w.StartObject();
  WriteVectorDefinition(w, index);
  w.Key("IndexStatus");
  WriteString(IndexStatusName(index.index_status), w);
  if (index.backfilling) {
    w.Key("Backfilling");
    w.Bool(*index.backfilling);
  }
  WriteCounts(w, index.index_size_bytes, index.item_count);
  w.Key("IndexArn");
  WriteString(index.index_arn, w);
  w.EndObject();
}

void WriteBillingSummary(JsonWriter& w, const std::optional<BillingModeSummary>& summary) {
  if (!summary) return;
  w.Key("BillingModeSummary");
  w.StartObject();
  w.Key("BillingMode");
  WriteString(
      summary->billing_mode == BillingMode::kPayPerRequest ? "PAY_PER_REQUEST" : "PROVISIONED", w);
  if (summary->last_update_to_pay_per_request_micros != 0) {
    w.Key("LastUpdateToPayPerRequestDateTime");
    WriteEpochSeconds(summary->last_update_to_pay_per_request_micros, w);
  }
  w.EndObject();
}

void WriteStream(JsonWriter& w, const TableDescription& d) {
  if (d.stream_specification && d.stream_specification->stream_enabled) {
    static constexpr std::string_view kViews[] = {"KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE",
                                                  "NEW_AND_OLD_IMAGES"};
    w.Key("StreamSpecification");
    w.StartObject();
    w.Key("StreamEnabled");
    w.Bool(true);
    if (d.stream_specification->stream_view_type) {
      w.Key("StreamViewType");
      WriteString(kViews[static_cast<int>(*d.stream_specification->stream_view_type)], w);
    }
    w.EndObject();
  }
  if (d.latest_stream_label) {
    w.Key("LatestStreamLabel");
    WriteString(*d.latest_stream_label, w);
  }
  if (d.latest_stream_arn) {
    w.Key("LatestStreamArn");
    WriteString(*d.latest_stream_arn, w);
  }
}

void WriteDescription(JsonWriter& w, const TableDescription& d, DescriptionView view) {
  w.StartObject();
  WriteAttributeDefinitions(w, d.attribute_definitions);
  w.Key("TableName");
  WriteString(d.table_name, w);
  WriteKeySchema(w, d.key_schema);
  w.Key("TableStatus");
  WriteString(TableStatusName(d.table_status), w);
  if (d.creation_date_time_micros != 0) {
    w.Key("CreationDateTime");
    WriteEpochSeconds(d.creation_date_time_micros, w);
  }
  WriteThroughput(w, d.provisioned_throughput);
  w.Key("TableSizeBytes");
  w.Int64(d.table_size_bytes);
  w.Key("ItemCount");
  w.Int64(d.item_count);
  w.Key("TableArn");
  WriteString(d.table_arn, w);
  w.Key("TableId");
  WriteString(d.table_id, w);
  WriteBillingSummary(w, d.billing_mode_summary);
  if (!d.local_secondary_indexes.empty()) {
    w.Key("LocalSecondaryIndexes");
    w.StartArray();
    for (const auto& index : d.local_secondary_indexes) WriteLocalIndex(w, index);
    w.EndArray();
  }
  if (!d.global_secondary_indexes.empty()) {
    w.Key("GlobalSecondaryIndexes");
    w.StartArray();
    for (const auto& index : d.global_secondary_indexes) WriteGlobalIndex(w, index, view);
    w.EndArray();
  }
  WriteStream(w, d);
  // TableClassSummary appears once a class other than the default has been chosen.
  if (d.table_class != "STANDARD") {
    w.Key("TableClassSummary");
    w.StartObject();
    w.Key("TableClass");
    WriteString(d.table_class, w);
    w.EndObject();
  }
  w.Key("DeletionProtectionEnabled");
  w.Bool(d.deletion_protection_enabled);
  WriteOnDemand(w, d.on_demand_throughput);
  WriteWarm(w, d.warm_throughput);
  if (!d.vector_indexes.empty()) {
    w.Key("VectorIndexes");
    w.StartArray();
    for (const auto& index : d.vector_indexes) WriteVectorIndex(w, index);
    w.EndArray();
  }
  w.EndObject();
}

}  // namespace

void WriteSourceTableFeatureDetails(JsonWriter& w, const SourceTableFeatureDetails& features) {
  w.StartObject();
  if (!features.local_secondary_indexes.empty()) {
    w.Key("LocalSecondaryIndexes");
    w.StartArray();
    for (const LocalSecondaryIndexInfo& index : features.local_secondary_indexes) {
      w.StartObject();
      w.Key("IndexName");
      WriteString(index.index_name, w);
      WriteKeySchema(w, index.key_schema);
      WriteProjection(w, index.projection);
      w.EndObject();
    }
    w.EndArray();
  }
  if (!features.global_secondary_indexes.empty()) {
    w.Key("GlobalSecondaryIndexes");
    w.StartArray();
    for (const GlobalSecondaryIndexInfo& index : features.global_secondary_indexes) {
      w.StartObject();
      w.Key("IndexName");
      WriteString(index.index_name, w);
      WriteKeySchema(w, index.key_schema);
      WriteProjection(w, index.projection);
      if (index.provisioned_throughput) {
        w.Key("ProvisionedThroughput");
        w.StartObject();
        w.Key("ReadCapacityUnits");
        w.Int64(index.provisioned_throughput->read_capacity_units);
        w.Key("WriteCapacityUnits");
        w.Int64(index.provisioned_throughput->write_capacity_units);
        w.EndObject();
      }
      WriteOnDemand(w, index.on_demand_throughput);
      w.EndObject();
    }
    w.EndArray();
  }
  if (const auto& stream = features.stream_description) {
    static constexpr std::string_view kViews[] = {"KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE",
                                                  "NEW_AND_OLD_IMAGES"};
    w.Key("StreamDescription");
    w.StartObject();
    w.Key("StreamEnabled");
    w.Bool(stream->stream_enabled);
    if (stream->stream_view_type) {
      w.Key("StreamViewType");
      WriteString(kViews[static_cast<int>(*stream->stream_view_type)], w);
    }
    w.EndObject();
  }
  if (const auto& ttl = features.time_to_live_description) {
    static constexpr std::string_view kTtlStatuses[] = {"ENABLING", "DISABLING", "ENABLED",
                                                        "DISABLED"};
    w.Key("TimeToLiveDescription");
    w.StartObject();
    w.Key("TimeToLiveStatus");
    WriteString(kTtlStatuses[static_cast<int>(ttl->time_to_live_status)], w);
    if (ttl->attribute_name) {
      w.Key("AttributeName");
      WriteString(*ttl->attribute_name, w);
    }
    w.EndObject();
  }
  if (!features.vector_indexes.empty()) {
    w.Key("VectorIndexes");
    w.StartArray();
    for (const VectorIndexInfo& index : features.vector_indexes) {
      w.StartObject();
      WriteVectorDefinition(w, index);
      w.EndObject();
    }
    w.EndArray();
  }
  w.EndObject();
}

std::string RenderTableDescription(std::string_view wrapper, const TableSchema& schema,
                                   const TableCounts& counts, const DescriptionOptions& options) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key(wrapper.data(), static_cast<rapidjson::SizeType>(wrapper.size()));
  WriteDescription(w, Describe(schema, counts, options), options.view);
  w.EndObject();
  return BufferText(buffer);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
