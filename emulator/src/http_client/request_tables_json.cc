// The control-plane requests as JSON; see json_codec.h.
#include <type_traits>
#include <variant>

#include "http_client/json_client.h"
#include "http_client/json_out.h"
#include "http_client/json_shapes.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {
namespace {

std::string_view KeyTypeName(KeyType t) { return t == KeyType::kHash ? "HASH" : "RANGE"; }

std::string_view ScalarTypeName(ScalarAttributeType t) {
  return t == ScalarAttributeType::kN ? "N" : t == ScalarAttributeType::kB ? "B" : "S";
}

std::string_view BillingModeName(BillingMode m) {
  return m == BillingMode::kPayPerRequest ? "PAY_PER_REQUEST" : "PROVISIONED";
}

void WriteStreamSpecification(JsonWriter& w, const std::optional<StreamSpecification>& spec) {
  if (!spec) return;
  static constexpr std::string_view kViews[] = {"KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE",
                                                "NEW_AND_OLD_IMAGES"};
  Key(w, "StreamSpecification");
  w.StartObject();
  Key(w, "StreamEnabled");
  w.Bool(spec->stream_enabled);
  if (spec->stream_view_type) {
    Member(w, "StreamViewType", kViews[static_cast<int>(*spec->stream_view_type)]);
  }
  w.EndObject();
}

void WriteKeySchema(JsonWriter& w, const std::vector<KeySchemaElement>& keys) {
  Key(w, "KeySchema");
  w.StartArray();
  for (const KeySchemaElement& k : keys) {
    w.StartObject();
    Member(w, "AttributeName", k.attribute_name);
    Member(w, "KeyType", KeyTypeName(k.key_type));
    w.EndObject();
  }
  w.EndArray();
}

void WriteAttributeDefinitions(JsonWriter& w, const std::vector<AttributeDefinition>& defs) {
  Key(w, "AttributeDefinitions");
  w.StartArray();
  for (const AttributeDefinition& d : defs) {
    w.StartObject();
    Member(w, "AttributeName", d.attribute_name);
    Member(w, "AttributeType", ScalarTypeName(d.attribute_type));
    w.EndObject();
  }
  w.EndArray();
}

void WriteProjection(JsonWriter& w, const Projection& p) {
  static constexpr std::string_view kNames[] = {"ALL", "KEYS_ONLY", "INCLUDE"};
  Key(w, "Projection");
  w.StartObject();
  Member(w, "ProjectionType", kNames[static_cast<int>(p.projection_type)]);
  if (!p.non_key_attributes.empty()) StringList(w, "NonKeyAttributes", p.non_key_attributes);
  w.EndObject();
}

// A request's ProvisionedThroughput carries the two units only (the time stamps and the
// decrease count belong to the description).
void WriteThroughput(JsonWriter& w, const std::optional<ProvisionedThroughput>& pt,
                     std::string_view key = "ProvisionedThroughput") {
  if (!pt) return;
  Key(w, key);
  w.StartObject();
  Key(w, "ReadCapacityUnits");
  w.Int64(pt->read_capacity_units);
  Key(w, "WriteCapacityUnits");
  w.Int64(pt->write_capacity_units);
  w.EndObject();
}

// -1 is the model's "no maximum": the member is left out.
void WriteOnDemand(JsonWriter& w, const std::optional<OnDemandThroughput>& odt,
                   std::string_view key = "OnDemandThroughput") {
  if (!odt) return;
  Key(w, key);
  w.StartObject();
  if (odt->max_read_request_units >= 0) {
    Key(w, "MaxReadRequestUnits");
    w.Int64(odt->max_read_request_units);
  }
  if (odt->max_write_request_units >= 0) {
    Key(w, "MaxWriteRequestUnits");
    w.Int64(odt->max_write_request_units);
  }
  w.EndObject();
}

template <class Index>
void WriteIndex(JsonWriter& w, const Index& index) {
  w.StartObject();
  Member(w, "IndexName", index.index_name);
  WriteKeySchema(w, index.key_schema);
  WriteProjection(w, index.projection);
  if constexpr (!std::is_same_v<Index, LocalSecondaryIndex>) {
    WriteThroughput(w, index.provisioned_throughput);
    WriteOnDemand(w, index.on_demand_throughput);
  }
  w.EndObject();
}

// An empty list is left out, as CreateTable's SDK callers leave it; a restore's override writes
// it (`always`), since there an empty list means "no indexes".
template <class Index>
void WriteIndexes(JsonWriter& w, std::string_view key, const std::vector<Index>& indexes,
                  bool always = false) {
  if (indexes.empty() && !always) return;
  Key(w, key);
  w.StartArray();
  for (const Index& index : indexes) WriteIndex(w, index);
  w.EndArray();
}

void WriteVectorIndex(JsonWriter& w, const VectorIndex& index) {
  w.StartObject();
  Member(w, "IndexName", index.index_name);
  Key(w, "VectorAttribute");
  w.StartObject();
  Member(w, "AttributeName", index.vector_attribute);
  w.EndObject();
  if (!index.search_schema.empty()) {
    Key(w, "SearchSchema");
    w.StartArray();
    for (const SearchSchemaElement& e : index.search_schema) {
      w.StartObject();
      Member(w, "AttributeName", e.attribute_name);
      Member(w, "SearchSchemaElementType",
             SearchSchemaElementTypeName(e.search_schema_element_type));
      w.EndObject();
    }
    w.EndArray();
  }
  WriteProjection(w, index.projection);
  Key(w, "Dimensions");
  w.Int64(index.dimensions);
  Member(w, "DistanceFunction", VectorDistanceFunctionName(index.distance_function));
  w.EndObject();
}

std::string TableNameOnly(const std::string& table_name) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "TableName", table_name);
  out.w.EndObject();
  return out.Take();
}

}  // namespace

void WriteRestoreOverrides(JsonWriter& w, const RestoreOverrides& o) {
  if (o.billing_mode) Member(w, "BillingModeOverride", BillingModeName(*o.billing_mode));
  WriteThroughput(w, o.provisioned_throughput, "ProvisionedThroughputOverride");
  WriteOnDemand(w, o.on_demand_throughput, "OnDemandThroughputOverride");
  if (o.global_secondary_indexes) {
    WriteIndexes(w, "GlobalSecondaryIndexOverride", *o.global_secondary_indexes, true);
  }
  if (o.local_secondary_indexes) {
    WriteIndexes(w, "LocalSecondaryIndexOverride", *o.local_secondary_indexes, true);
  }
  if (o.vector_indexes) {
    Key(w, "VectorIndexOverride");
    w.StartArray();
    for (const VectorIndex& index : *o.vector_indexes) WriteVectorIndex(w, index);
    w.EndArray();
  }
}

std::string ToJson(const CreateTableRequest& r) {
  JsonOut out;
  JsonWriter& w = out.w;
  w.StartObject();
  WriteAttributeDefinitions(w, r.attribute_definitions);
  Member(w, "TableName", r.table_name);
  WriteKeySchema(w, r.key_schema);
  WriteIndexes(w, "LocalSecondaryIndexes", r.local_secondary_indexes);
  WriteIndexes(w, "GlobalSecondaryIndexes", r.global_secondary_indexes);
  // PROVISIONED is the service's default: an SDK sends the member only when it is set.
  if (r.billing_mode != BillingMode::kProvisioned)
    Member(w, "BillingMode", BillingModeName(r.billing_mode));
  WriteThroughput(w, r.provisioned_throughput);
  WriteOnDemand(w, r.on_demand_throughput);
  if (!r.tags.empty()) {
    Key(w, "Tags");
    w.StartArray();
    for (const Tag& t : r.tags) {
      w.StartObject();
      Member(w, "Key", t.key);
      Member(w, "Value", t.value);
      w.EndObject();
    }
    w.EndArray();
  }
  Member(w, "TableClass", r.table_class);
  if (r.deletion_protection_enabled) {
    Key(w, "DeletionProtectionEnabled");
    w.Bool(true);
  }
  WriteStreamSpecification(w, r.stream_specification);
  if (!r.vector_indexes.empty()) {
    Key(w, "VectorIndexes");
    w.StartArray();
    for (const VectorIndex& index : r.vector_indexes) WriteVectorIndex(w, index);
    w.EndArray();
  }
  w.EndObject();
  return out.Take();
}

std::string ToJson(const DescribeTableRequest& r) { return TableNameOnly(r.table_name); }
std::string ToJson(const DeleteTableRequest& r) { return TableNameOnly(r.table_name); }

std::string ToJson(const UpdateTableRequest& r) {
  JsonOut out;
  JsonWriter& w = out.w;
  w.StartObject();
  if (!r.attribute_definitions.empty()) WriteAttributeDefinitions(w, r.attribute_definitions);
  Member(w, "TableName", r.table_name);
  if (r.billing_mode) Member(w, "BillingMode", BillingModeName(*r.billing_mode));
  WriteThroughput(w, r.provisioned_throughput);
  WriteOnDemand(w, r.on_demand_throughput);
  if (!r.global_secondary_index_updates.empty()) {
    Key(w, "GlobalSecondaryIndexUpdates");
    w.StartArray();
    for (const GlobalSecondaryIndexUpdate& u : r.global_secondary_index_updates) {
      w.StartObject();
      if (const auto* update = std::get_if<UpdateGlobalSecondaryIndexAction>(&u)) {
        Key(w, "Update");
        w.StartObject();
        Member(w, "IndexName", update->index_name);
        WriteThroughput(w, update->provisioned_throughput);
        WriteOnDemand(w, update->on_demand_throughput);
        w.EndObject();
      } else if (const auto* create = std::get_if<CreateGlobalSecondaryIndexAction>(&u)) {
        Key(w, "Create");
        WriteIndex(w, *create);
      } else {
        Key(w, "Delete");
        w.StartObject();
        Member(w, "IndexName", std::get<DeleteGlobalSecondaryIndexAction>(u).index_name);
        w.EndObject();
      }
      w.EndObject();
    }
    w.EndArray();
  }
  Member(w, "TableClass", r.table_class);
  if (r.deletion_protection_enabled) {
    Key(w, "DeletionProtectionEnabled");
    w.Bool(*r.deletion_protection_enabled);
  }
  WriteStreamSpecification(w, r.stream_specification);
  if (!r.vector_index_updates.empty()) {
    Key(w, "VectorIndexUpdates");
    w.StartArray();
    for (const VectorIndexUpdate& u : r.vector_index_updates) {
      w.StartObject();
      if (const auto* create = std::get_if<CreateVectorIndexAction>(&u)) {
        Key(w, "Create");
        WriteVectorIndex(w, *create);
      } else {
        Key(w, "Delete");
        w.StartObject();
        Member(w, "IndexName", std::get<DeleteVectorIndexAction>(u).index_name);
        w.EndObject();
      }
      w.EndObject();
    }
    w.EndArray();
  }
  w.EndObject();
  return out.Take();
}

std::string ToJson(const ListTablesRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "ExclusiveStartTableName", r.exclusive_start_table_name);
  Member(out.w, "Limit", r.limit);
  out.w.EndObject();
  return out.Take();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
