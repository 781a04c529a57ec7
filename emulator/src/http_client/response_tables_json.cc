// The control-plane responses from JSON; see json_codec.h. TableDescription's times are
// epoch seconds with a millisecond fraction on the wire; they become whole milliseconds in
// microseconds (the model's unit), which is what the embedded client reports too.
#include <cmath>

#include "http_client/json_client.h"
#include "http_client/json_in.h"
#include "http_client/json_shapes.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {
namespace {

// A string member that must name one of `names` (index = enum value).
template <class Enum, std::size_t N>
Result<std::optional<Enum>> EnumMember(const Json& object, std::string_view name,
                                       const std::string_view (&names)[N]) {
  DDBEMU_ASSIGN_OR_RETURN(std::optional<std::string> text, OptString(object, name));
  if (!text) return std::optional<Enum>();
  for (std::size_t i = 0; i < N; ++i) {
    if (names[i] == *text) return std::optional<Enum>(static_cast<Enum>(i));
  }
  return Malformed(std::string(name) + " has the unknown value " + *text);
}

constexpr std::string_view kTableStatusNames[] = {"CREATING", "UPDATING", "DELETING", "ACTIVE"};
constexpr std::string_view kScalarNames[] = {"S", "N", "B"};
constexpr std::string_view kProjectionNames[] = {"ALL", "KEYS_ONLY", "INCLUDE"};

Result<std::int64_t> TimeMicros(const Json& object, std::string_view name) {
  DDBEMU_ASSIGN_OR_RETURN(std::optional<double> seconds, OptDouble(object, name));
  if (!seconds) return std::int64_t{0};
  return static_cast<std::int64_t>(std::llround(*seconds * 1000.0)) * 1000;
}

// The elements of a list member, each read by `read`.
template <class T, class Read>
Result<std::vector<T>> List(const Json& object, std::string_view name, Read read) {
  std::vector<T> out;
  const Json* v = Find(object, name);
  if (v == nullptr) return out;
  if (!v->IsArray()) return Malformed(std::string(name) + " is not a list");
  for (const Json& entry : v->GetArray()) {
    if (!entry.IsObject()) return Malformed(std::string(name) + " holds a non-object");
    DDBEMU_ASSIGN_OR_RETURN(T t, read(entry));
    out.push_back(std::move(t));
  }
  return out;
}

Result<std::vector<KeySchemaElement>> KeySchema(const Json& object) {
  return List<KeySchemaElement>(object, "KeySchema", [](const Json& e) -> Result<KeySchemaElement> {
    KeySchemaElement k;
    DDBEMU_ASSIGN_OR_RETURN(k.attribute_name, String(e, "AttributeName"));
    DDBEMU_ASSIGN_OR_RETURN(auto type, EnumMember<KeyType>(e, "KeyType", kKeyTypeNames));
    k.key_type = type.value_or(KeyType::kHash);
    return k;
  });
}

Result<Projection> ProjectionOf(const Json& object) {
  Projection p;
  const Json* v = Find(object, "Projection");
  if (v == nullptr) return p;
  DDBEMU_ASSIGN_OR_RETURN(auto type,
                          EnumMember<ProjectionType>(*v, "ProjectionType", kProjectionNames));
  p.projection_type = type.value_or(ProjectionType::kAll);
  DDBEMU_ASSIGN_OR_RETURN(p.non_key_attributes, Strings(*v, "NonKeyAttributes"));
  return p;
}

Result<std::optional<ProvisionedThroughput>> Throughput(const Json& object) {
  const Json* v = Find(object, "ProvisionedThroughput");
  if (v == nullptr) return std::optional<ProvisionedThroughput>();
  ProvisionedThroughput pt;
  DDBEMU_ASSIGN_OR_RETURN(pt.read_capacity_units, Int(*v, "ReadCapacityUnits"));
  DDBEMU_ASSIGN_OR_RETURN(pt.write_capacity_units, Int(*v, "WriteCapacityUnits"));
  DDBEMU_ASSIGN_OR_RETURN(pt.last_increase_micros, TimeMicros(*v, "LastIncreaseDateTime"));
  DDBEMU_ASSIGN_OR_RETURN(pt.last_decrease_micros, TimeMicros(*v, "LastDecreaseDateTime"));
  DDBEMU_ASSIGN_OR_RETURN(pt.decreases_today, Int(*v, "NumberOfDecreasesToday"));
  return std::optional<ProvisionedThroughput>(pt);
}

Result<std::optional<OnDemandThroughput>> OnDemand(const Json& object) {
  const Json* v = Find(object, "OnDemandThroughput");
  if (v == nullptr) return std::optional<OnDemandThroughput>();
  OnDemandThroughput odt;
  DDBEMU_ASSIGN_OR_RETURN(auto reads, OptInt(*v, "MaxReadRequestUnits"));
  DDBEMU_ASSIGN_OR_RETURN(auto writes, OptInt(*v, "MaxWriteRequestUnits"));
  odt.max_read_request_units = reads.value_or(-1);
  odt.max_write_request_units = writes.value_or(-1);
  return std::optional<OnDemandThroughput>(odt);
}

Result<std::optional<WarmThroughputDescription>> Warm(const Json& object) {
  const Json* v = Find(object, "WarmThroughput");
  if (v == nullptr) return std::optional<WarmThroughputDescription>();
  WarmThroughputDescription warm;
  DDBEMU_ASSIGN_OR_RETURN(warm.read_units_per_second, Int(*v, "ReadUnitsPerSecond"));
  DDBEMU_ASSIGN_OR_RETURN(warm.write_units_per_second, Int(*v, "WriteUnitsPerSecond"));
  DDBEMU_ASSIGN_OR_RETURN(auto status, OptString(*v, "Status"));
  if (status) warm.status = *status;
  return std::optional<WarmThroughputDescription>(warm);
}

Result<GlobalSecondaryIndexDescription> GlobalIndex(const Json& e) {
  GlobalSecondaryIndexDescription g;
  DDBEMU_ASSIGN_OR_RETURN(g.index_name, String(e, "IndexName"));
  DDBEMU_ASSIGN_OR_RETURN(g.index_arn, String(e, "IndexArn"));
  DDBEMU_ASSIGN_OR_RETURN(g.key_schema, KeySchema(e));
  DDBEMU_ASSIGN_OR_RETURN(g.projection, ProjectionOf(e));
  DDBEMU_ASSIGN_OR_RETURN(auto status,
                          EnumMember<IndexStatus>(e, "IndexStatus", kTableStatusNames));
  g.index_status = status.value_or(IndexStatus::kActive);
  DDBEMU_ASSIGN_OR_RETURN(auto backfilling, OptBool(e, "Backfilling"));
  g.backfilling = backfilling.value_or(false);
  DDBEMU_ASSIGN_OR_RETURN(g.provisioned_throughput, Throughput(e));
  DDBEMU_ASSIGN_OR_RETURN(g.on_demand_throughput, OnDemand(e));
  DDBEMU_ASSIGN_OR_RETURN(g.index_size_bytes, Int(e, "IndexSizeBytes"));
  DDBEMU_ASSIGN_OR_RETURN(g.item_count, Int(e, "ItemCount"));
  DDBEMU_ASSIGN_OR_RETURN(g.warm_throughput, Warm(e));
  return g;
}

// StreamSpecification (DescribeTable) and a backup's StreamDescription, one shape.
Result<StreamSpecification> StreamSpecificationOf(const Json& spec) {
  static constexpr std::string_view kViews[] = {"KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE",
                                                "NEW_AND_OLD_IMAGES"};
  StreamSpecification s;
  DDBEMU_ASSIGN_OR_RETURN(auto enabled, OptBool(spec, "StreamEnabled"));
  s.stream_enabled = enabled.value_or(false);
  DDBEMU_ASSIGN_OR_RETURN(s.stream_view_type,
                          EnumMember<StreamViewType>(spec, "StreamViewType", kViews));
  return s;
}

Result<LocalSecondaryIndexDescription> LocalIndex(const Json& e) {
  LocalSecondaryIndexDescription l;
  DDBEMU_ASSIGN_OR_RETURN(l.index_name, String(e, "IndexName"));
  DDBEMU_ASSIGN_OR_RETURN(l.index_arn, String(e, "IndexArn"));
  DDBEMU_ASSIGN_OR_RETURN(l.key_schema, KeySchema(e));
  DDBEMU_ASSIGN_OR_RETURN(l.projection, ProjectionOf(e));
  DDBEMU_ASSIGN_OR_RETURN(l.index_size_bytes, Int(e, "IndexSizeBytes"));
  DDBEMU_ASSIGN_OR_RETURN(l.item_count, Int(e, "ItemCount"));
  return l;
}

}  // namespace

Result<VectorIndexDescription> VectorIndexDescriptionFrom(const Json& e) {
  static constexpr std::string_view kDistances[] = {"COSINE", "EUCLIDEAN", "DOT_PRODUCT"};
  static constexpr std::string_view kRoles[] = {"HASH", "INLINE_FILTER"};
  VectorIndexDescription v;
  DDBEMU_ASSIGN_OR_RETURN(v.index_name, String(e, "IndexName"));
  DDBEMU_ASSIGN_OR_RETURN(auto arn, OptString(e, "IndexArn"));
  v.index_arn = arn.value_or("");
  if (const Json* attribute = Find(e, "VectorAttribute"); attribute && attribute->IsObject()) {
    DDBEMU_ASSIGN_OR_RETURN(v.vector_attribute, String(*attribute, "AttributeName"));
  }
  DDBEMU_ASSIGN_OR_RETURN(
      v.search_schema,
      List<SearchSchemaElement>(
          e, "SearchSchema", [](const Json& s) -> Result<SearchSchemaElement> {
            SearchSchemaElement element;
            DDBEMU_ASSIGN_OR_RETURN(element.attribute_name, String(s, "AttributeName"));
            DDBEMU_ASSIGN_OR_RETURN(auto role, EnumMember<SearchSchemaElementType>(
                                                   s, "SearchSchemaElementType", kRoles));
            element.search_schema_element_type =
                role.value_or(SearchSchemaElementType::kInlineFilter);
            return element;
          }));
  DDBEMU_ASSIGN_OR_RETURN(v.projection, ProjectionOf(e));
  DDBEMU_ASSIGN_OR_RETURN(v.dimensions, Int(e, "Dimensions"));
  DDBEMU_ASSIGN_OR_RETURN(auto distance,
                          EnumMember<VectorDistanceFunction>(e, "DistanceFunction", kDistances));
  v.distance_function = distance.value_or(VectorDistanceFunction::kCosine);
  DDBEMU_ASSIGN_OR_RETURN(auto status,
                          EnumMember<IndexStatus>(e, "IndexStatus", kTableStatusNames));
  v.index_status = status.value_or(IndexStatus::kActive);
  DDBEMU_ASSIGN_OR_RETURN(v.backfilling, OptBool(e, "Backfilling"));
  DDBEMU_ASSIGN_OR_RETURN(v.index_size_bytes, Int(e, "IndexSizeBytes"));
  DDBEMU_ASSIGN_OR_RETURN(v.item_count, Int(e, "ItemCount"));
  return v;
}

Result<SourceTableFeatureDetails> SourceTableFeatureDetailsFrom(const Json& e) {
  static constexpr std::string_view kTtlStatuses[] = {"ENABLING", "DISABLING", "ENABLED",
                                                      "DISABLED"};
  SourceTableFeatureDetails f;
  DDBEMU_ASSIGN_OR_RETURN(
      f.local_secondary_indexes,
      List<LocalSecondaryIndexInfo>(e, "LocalSecondaryIndexes",
                                    [](const Json& i) -> Result<LocalSecondaryIndexInfo> {
                                      LocalSecondaryIndexInfo l;
                                      DDBEMU_ASSIGN_OR_RETURN(l.index_name, String(i, "IndexName"));
                                      DDBEMU_ASSIGN_OR_RETURN(l.key_schema, KeySchema(i));
                                      DDBEMU_ASSIGN_OR_RETURN(l.projection, ProjectionOf(i));
                                      return l;
                                    }));
  DDBEMU_ASSIGN_OR_RETURN(
      f.global_secondary_indexes,
      List<GlobalSecondaryIndexInfo>(
          e, "GlobalSecondaryIndexes", [](const Json& i) -> Result<GlobalSecondaryIndexInfo> {
            GlobalSecondaryIndexInfo g;
            DDBEMU_ASSIGN_OR_RETURN(g.index_name, String(i, "IndexName"));
            DDBEMU_ASSIGN_OR_RETURN(g.key_schema, KeySchema(i));
            DDBEMU_ASSIGN_OR_RETURN(g.projection, ProjectionOf(i));
            DDBEMU_ASSIGN_OR_RETURN(g.provisioned_throughput, Throughput(i));
            DDBEMU_ASSIGN_OR_RETURN(g.on_demand_throughput, OnDemand(i));
            return g;
          }));
  if (const Json* stream = Find(e, "StreamDescription")) {
    DDBEMU_ASSIGN_OR_RETURN(f.stream_description, StreamSpecificationOf(*stream));
  }
  if (const Json* ttl = Find(e, "TimeToLiveDescription")) {
    TimeToLiveDescription t;
    DDBEMU_ASSIGN_OR_RETURN(auto status,
                            EnumMember<TimeToLiveStatus>(*ttl, "TimeToLiveStatus", kTtlStatuses));
    t.time_to_live_status = status.value_or(TimeToLiveStatus::kDisabled);
    DDBEMU_ASSIGN_OR_RETURN(t.attribute_name, OptString(*ttl, "AttributeName"));
    f.time_to_live_description = std::move(t);
  }
  DDBEMU_ASSIGN_OR_RETURN(
      std::vector<VectorIndexDescription> vectors,
      List<VectorIndexDescription>(e, "VectorIndexes", VectorIndexDescriptionFrom));
  for (VectorIndexDescription& v : vectors) {
    f.vector_indexes.push_back({std::move(v.index_name), std::move(v.vector_attribute),
                                std::move(v.search_schema), std::move(v.projection), v.dimensions,
                                v.distance_function});
  }
  return f;
}

namespace {

Result<TableDescription> Description(std::string_view body, std::string_view wrapper) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  const Json* t = Find(doc, wrapper);
  if (t == nullptr || !t->IsObject())
    return Malformed(std::string(wrapper) + " is missing or not an object");
  TableDescription d;
  DDBEMU_ASSIGN_OR_RETURN(d.table_name, String(*t, "TableName"));
  DDBEMU_ASSIGN_OR_RETURN(d.table_arn, String(*t, "TableArn"));
  DDBEMU_ASSIGN_OR_RETURN(d.table_id, String(*t, "TableId"));
  DDBEMU_ASSIGN_OR_RETURN(auto status,
                          EnumMember<TableStatus>(*t, "TableStatus", kTableStatusNames));
  d.table_status = status.value_or(TableStatus::kActive);
  DDBEMU_ASSIGN_OR_RETURN(d.creation_date_time_micros, TimeMicros(*t, "CreationDateTime"));
  DDBEMU_ASSIGN_OR_RETURN(d.key_schema, KeySchema(*t));
  DDBEMU_ASSIGN_OR_RETURN(
      d.attribute_definitions,
      List<AttributeDefinition>(
          *t, "AttributeDefinitions", [](const Json& e) -> Result<AttributeDefinition> {
            AttributeDefinition a;
            DDBEMU_ASSIGN_OR_RETURN(a.attribute_name, String(e, "AttributeName"));
            DDBEMU_ASSIGN_OR_RETURN(
                auto type, EnumMember<ScalarAttributeType>(e, "AttributeType", kScalarNames));
            a.attribute_type = type.value_or(ScalarAttributeType::kS);
            return a;
          }));
  // BillingModeSummary appears only for tables that are or were on-demand; without it the
  // table is provisioned.
  if (const Json* summary = Find(*t, "BillingModeSummary")) {
    DDBEMU_ASSIGN_OR_RETURN(auto mode,
                            EnumMember<BillingMode>(*summary, "BillingMode", kBillingModeNames));
    d.billing_mode = mode.value_or(BillingMode::kProvisioned);
    BillingModeSummary summary_out{d.billing_mode, 0};
    DDBEMU_ASSIGN_OR_RETURN(summary_out.last_update_to_pay_per_request_micros,
                            TimeMicros(*summary, "LastUpdateToPayPerRequestDateTime"));
    d.billing_mode_summary = summary_out;
  }
  DDBEMU_ASSIGN_OR_RETURN(d.provisioned_throughput, Throughput(*t));
  DDBEMU_ASSIGN_OR_RETURN(d.on_demand_throughput, OnDemand(*t));
  DDBEMU_ASSIGN_OR_RETURN(
      d.global_secondary_indexes,
      List<GlobalSecondaryIndexDescription>(*t, "GlobalSecondaryIndexes", GlobalIndex));
  DDBEMU_ASSIGN_OR_RETURN(d.local_secondary_indexes, List<LocalSecondaryIndexDescription>(
                                                         *t, "LocalSecondaryIndexes", LocalIndex));
  DDBEMU_ASSIGN_OR_RETURN(d.table_size_bytes, Int(*t, "TableSizeBytes"));
  DDBEMU_ASSIGN_OR_RETURN(d.item_count, Int(*t, "ItemCount"));
  DDBEMU_ASSIGN_OR_RETURN(auto protection, OptBool(*t, "DeletionProtectionEnabled"));
  d.deletion_protection_enabled = protection.value_or(false);
  // TableClassSummary appears once a class other than STANDARD was chosen.
  if (const Json* summary = Find(*t, "TableClassSummary")) {
    DDBEMU_ASSIGN_OR_RETURN(auto table_class, OptString(*summary, "TableClass"));
    if (table_class) d.table_class = *table_class;
  }
  if (const Json* spec = Find(*t, "StreamSpecification")) {
    DDBEMU_ASSIGN_OR_RETURN(d.stream_specification, StreamSpecificationOf(*spec));
  }
  DDBEMU_ASSIGN_OR_RETURN(d.latest_stream_label, OptString(*t, "LatestStreamLabel"));
  DDBEMU_ASSIGN_OR_RETURN(d.latest_stream_arn, OptString(*t, "LatestStreamArn"));
  DDBEMU_ASSIGN_OR_RETURN(d.warm_throughput, Warm(*t));
  DDBEMU_ASSIGN_OR_RETURN(d.vector_indexes, List<VectorIndexDescription>(
                                                *t, "VectorIndexes", VectorIndexDescriptionFrom));
  return d;
}

}  // namespace

Status FromJson(std::string_view body, CreateTableResponse& out) {
  DDBEMU_ASSIGN_OR_RETURN(out.table_description, Description(body, "TableDescription"));
  return Status::Ok();
}
Status FromJson(std::string_view body, DescribeTableResponse& out) {
  DDBEMU_ASSIGN_OR_RETURN(out.table, Description(body, "Table"));
  return Status::Ok();
}
Status FromJson(std::string_view body, UpdateTableResponse& out) {
  DDBEMU_ASSIGN_OR_RETURN(out.table_description, Description(body, "TableDescription"));
  return Status::Ok();
}
Status FromJson(std::string_view body, DeleteTableResponse& out) {
  DDBEMU_ASSIGN_OR_RETURN(out.table_description, Description(body, "TableDescription"));
  return Status::Ok();
}

Status FromJson(std::string_view body, ListTablesResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(out.table_names, Strings(doc, "TableNames"));
  DDBEMU_ASSIGN_OR_RETURN(out.last_evaluated_table_name, OptString(doc, "LastEvaluatedTableName"));
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
