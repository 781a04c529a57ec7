// JSON -> typed control-plane requests. ValidateRequest has already checked JSON types,
// required members, lengths, patterns and enums; these readers only copy, and read a member of
// an unexpected type as absent (defensive: bad input must never crash the process).
#include "api_json/operation_codecs.h"

#include "api_json/json_read.h"
#include "value_json/json_codec.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {
namespace {

const rapidjson::Value* ArrayMember(const rapidjson::Value& object, std::string_view name) {
  const rapidjson::Value* v = Member(object, name);
  return v != nullptr && v->IsArray() ? v : nullptr;
}

const rapidjson::Value* ObjectMember(const rapidjson::Value& object, std::string_view name) {
  const rapidjson::Value* v = Member(object, name);
  return v != nullptr && v->IsObject() ? v : nullptr;
}

std::vector<KeySchemaElement> ReadKeySchema(const rapidjson::Value& list) {
  std::vector<KeySchemaElement> out;
  for (const auto& element : list.GetArray()) {
    out.push_back({StringOr(element, "AttributeName", ""), StringOr(element, "KeyType", "")});
  }
  return out;
}

std::optional<std::vector<KeySchemaElement>> OptionalKeySchema(const rapidjson::Value& object) {
  const rapidjson::Value* list = ArrayMember(object, "KeySchema");
  if (list == nullptr) return std::nullopt;
  return ReadKeySchema(*list);
}

std::optional<std::vector<AttributeDefinition>> ReadAttributeDefinitions(
    const rapidjson::Value& body) {
  const rapidjson::Value* list = ArrayMember(body, "AttributeDefinitions");
  if (list == nullptr) return std::nullopt;
  std::vector<AttributeDefinition> out;
  for (const auto& element : list->GetArray()) {
    out.push_back({StringOr(element, "AttributeName", ""), StringOr(element, "AttributeType", "")});
  }
  return out;
}

std::optional<ThroughputRequest> ReadThroughput(const rapidjson::Value& object) {
  const rapidjson::Value* pt = ObjectMember(object, "ProvisionedThroughput");
  if (pt == nullptr) return std::nullopt;
  return ThroughputRequest{IntMember(*pt, "ReadCapacityUnits"),
                           IntMember(*pt, "WriteCapacityUnits")};
}

std::optional<OnDemandRequest> ReadOnDemand(const rapidjson::Value& object) {
  const rapidjson::Value* odt = ObjectMember(object, "OnDemandThroughput");
  if (odt == nullptr) return std::nullopt;
  return OnDemandRequest{IntMember(*odt, "MaxReadRequestUnits"),
                         IntMember(*odt, "MaxWriteRequestUnits")};
}

std::optional<WarmThroughputRequest> ReadWarm(const rapidjson::Value& object) {
  const rapidjson::Value* warm = ObjectMember(object, "WarmThroughput");
  if (warm == nullptr) return std::nullopt;
  return WarmThroughputRequest{IntMember(*warm, "ReadUnitsPerSecond"),
                               IntMember(*warm, "WriteUnitsPerSecond")};
}

ProjectionRequest ReadProjection(const rapidjson::Value& index) {
  ProjectionRequest out;
  const rapidjson::Value* projection = ObjectMember(index, "Projection");
  if (projection == nullptr) return out;
  out.projection_type = StringMember(*projection, "ProjectionType");
  if (const rapidjson::Value* names = ArrayMember(*projection, "NonKeyAttributes")) {
    std::vector<std::string> list;
    for (const auto& name : names->GetArray()) {
      if (name.IsString()) list.emplace_back(View(name));
    }
    out.non_key_attributes = std::move(list);
  }
  return out;
}

SecondaryIndexRequest ReadIndex(const rapidjson::Value& index) {
  SecondaryIndexRequest out;
  out.index_name = StringOr(index, "IndexName", "");
  out.key_schema = OptionalKeySchema(index).value_or(std::vector<KeySchemaElement>{});
  out.projection = ReadProjection(index);
  out.provisioned_throughput = ReadThroughput(index);
  out.on_demand_throughput = ReadOnDemand(index);
  out.warm_throughput = ReadWarm(index);
  return out;
}

std::optional<std::vector<SecondaryIndexRequest>> ReadIndexes(const rapidjson::Value& body,
                                                              std::string_view member) {
  const rapidjson::Value* list = ArrayMember(body, member);
  if (list == nullptr) return std::nullopt;
  std::vector<SecondaryIndexRequest> out;
  for (const auto& index : list->GetArray()) {
    if (index.IsObject()) out.push_back(ReadIndex(index));
  }
  return out;
}

std::optional<std::vector<TagRequest>> ReadTags(const rapidjson::Value& body) {
  const rapidjson::Value* list = ArrayMember(body, "Tags");
  if (list == nullptr) return std::nullopt;
  std::vector<TagRequest> out;
  for (const auto& tag : list->GetArray()) {
    out.push_back({StringMember(tag, "Key"), StringMember(tag, "Value")});
  }
  return out;
}

VectorIndexRequest ReadVectorIndex(const rapidjson::Value& index) {
  VectorIndexRequest out;
  out.index_name = StringOr(index, "IndexName", "");
  if (const rapidjson::Value* attribute = ObjectMember(index, "VectorAttribute")) {
    out.vector_attribute = StringOr(*attribute, "AttributeName", "");
  }
  if (const rapidjson::Value* list = ArrayMember(index, "SearchSchema")) {
    std::vector<SearchSchemaElementRequest> elements;
    for (const auto& element : list->GetArray()) {
      elements.push_back({StringOr(element, "AttributeName", ""),
                          StringOr(element, "SearchSchemaElementType", "")});
    }
    out.search_schema = std::move(elements);
  }
  out.projection = ReadProjection(index);
  // The service reads Dimensions as an integer, truncating a fraction (6.7 is 6: ScyllaDB's
  // test_createtable_vectorindexes_dimensions_rules, against DynamoDB).
  if (const rapidjson::Value* dimensions = Member(index, "Dimensions");
      dimensions != nullptr && dimensions->IsNumber()) {
    const double d = dimensions->GetDouble();
    out.dimensions = d >= 1e9    ? 1'000'000'000
                     : d <= -1e9 ? -1'000'000'000
                                 : static_cast<std::int64_t>(d);
  }
  out.distance_function = StringOr(index, "DistanceFunction", "");
  return out;
}

std::optional<std::vector<VectorIndexRequest>> ReadVectorIndexes(const rapidjson::Value& body,
                                                                 std::string_view member) {
  const rapidjson::Value* list = ArrayMember(body, member);
  if (list == nullptr) return std::nullopt;
  std::vector<VectorIndexRequest> out;
  for (const auto& index : list->GetArray()) {
    if (index.IsObject()) out.push_back(ReadVectorIndex(index));
  }
  return out;
}

GsiUpdateRequest ReadGsiUpdate(const rapidjson::Value& entry) {
  GsiUpdateRequest out;
  if (const rapidjson::Value* update = ObjectMember(entry, "Update")) {
    out.update = UpdateGsiAction{StringOr(*update, "IndexName", ""), ReadThroughput(*update),
                                 ReadOnDemand(*update), ReadWarm(*update)};
  }
  if (const rapidjson::Value* create = ObjectMember(entry, "Create"))
    out.create = ReadIndex(*create);
  if (const rapidjson::Value* del = ObjectMember(entry, "Delete")) {
    out.delete_index_name = StringOr(*del, "IndexName", "");
  }
  return out;
}

bool NonEmptyArray(const rapidjson::Value& body, std::string_view member) {
  const rapidjson::Value* list = ArrayMember(body, member);
  return list != nullptr && !list->Empty();
}

}  // namespace

RestoreOverrides ParseRestoreOverrides(const rapidjson::Value& body) {
  RestoreOverrides out;
  out.billing_mode = StringMember(body, "BillingModeOverride");
  if (const rapidjson::Value* pt = ObjectMember(body, "ProvisionedThroughputOverride")) {
    out.provisioned_throughput = ThroughputRequest{IntMember(*pt, "ReadCapacityUnits"),
                                                   IntMember(*pt, "WriteCapacityUnits")};
  }
  if (const rapidjson::Value* odt = ObjectMember(body, "OnDemandThroughputOverride")) {
    out.on_demand_throughput = OnDemandRequest{IntMember(*odt, "MaxReadRequestUnits"),
                                               IntMember(*odt, "MaxWriteRequestUnits")};
  }
  out.global_secondary_indexes = ReadIndexes(body, "GlobalSecondaryIndexOverride");
  out.local_secondary_indexes = ReadIndexes(body, "LocalSecondaryIndexOverride");
  out.vector_indexes = ReadVectorIndexes(body, "VectorIndexOverride");
  return out;
}

Result<CreateTableRequest> ParseCreateTable(const rapidjson::Value& body) {
  CreateTableRequest request;
  request.table_name = StringOr(body, "TableName", "");
  request.attribute_definitions = ReadAttributeDefinitions(body);
  request.key_schema = OptionalKeySchema(body);
  request.local_secondary_indexes = ReadIndexes(body, "LocalSecondaryIndexes");
  request.global_secondary_indexes = ReadIndexes(body, "GlobalSecondaryIndexes");
  request.billing_mode = StringMember(body, "BillingMode");
  request.provisioned_throughput = ReadThroughput(body);
  request.on_demand_throughput = ReadOnDemand(body);
  request.warm_throughput = ReadWarm(body);
  request.tags = ReadTags(body);
  request.table_class = StringMember(body, "TableClass");
  if (const rapidjson::Value* stream = ObjectMember(body, "StreamSpecification")) {
    request.stream_specification =
        StreamSpecificationRequest{BoolMember(*stream, "StreamEnabled").value_or(false),
                                   StringMember(*stream, "StreamViewType")};
  }
  request.deletion_protection_enabled =
      BoolMember(body, "DeletionProtectionEnabled").value_or(false);
  request.vector_indexes = ReadVectorIndexes(body, "VectorIndexes");
  return request;
}

Result<UpdateTableRequest> ParseUpdateTable(const rapidjson::Value& body) {
  UpdateTableRequest request;
  request.table_name = StringOr(body, "TableName", "");
  request.attribute_definitions = ReadAttributeDefinitions(body);
  request.billing_mode = StringMember(body, "BillingMode");
  request.provisioned_throughput = ReadThroughput(body);
  if (const rapidjson::Value* list = ArrayMember(body, "GlobalSecondaryIndexUpdates")) {
    std::vector<GsiUpdateRequest> updates;
    for (const auto& entry : list->GetArray()) updates.push_back(ReadGsiUpdate(entry));
    request.global_secondary_index_updates = std::move(updates);
  }
  request.table_class = StringMember(body, "TableClass");
  request.deletion_protection_enabled = BoolMember(body, "DeletionProtectionEnabled");
  request.on_demand_throughput = ReadOnDemand(body);
  request.warm_throughput = ReadWarm(body);
  if (const rapidjson::Value* stream = ObjectMember(body, "StreamSpecification")) {
    request.stream_enabled = BoolMember(*stream, "StreamEnabled").value_or(false);
    request.stream_view_type = StringMember(*stream, "StreamViewType");
  }
  if (const rapidjson::Value* sse = ObjectMember(body, "SSESpecification")) {
    request.sse_enabled = BoolMember(*sse, "Enabled").value_or(true);
  }
  if (const rapidjson::Value* list = ArrayMember(body, "VectorIndexUpdates")) {
    std::vector<VectorIndexUpdateRequest> updates;
    for (const auto& entry : list->GetArray()) {
      VectorIndexUpdateRequest update;
      if (const rapidjson::Value* create = ObjectMember(entry, "Create"))
        update.create = ReadVectorIndex(*create);
      if (const rapidjson::Value* del = ObjectMember(entry, "Delete"))
        update.delete_index_name = StringOr(*del, "IndexName", "");
      updates.push_back(std::move(update));
    }
    request.vector_index_updates = std::move(updates);
  }
  request.has_replica_updates = NonEmptyArray(body, "ReplicaUpdates");
  request.has_multi_region_consistency = StringMember(body, "MultiRegionConsistency").has_value();
  return request;
}

Result<TableNameRequest> ParseTableNameRequest(const rapidjson::Value& body) {
  return TableNameRequest{StringOr(body, "TableName", "")};
}

Result<ListTablesRequest> ParseListTables(const rapidjson::Value& body) {
  ListTablesRequest request;
  request.exclusive_start_table_name = StringMember(body, "ExclusiveStartTableName");
  if (auto limit = IntMember(body, "Limit"); limit && *limit >= 1 && *limit <= 100) {
    request.limit = static_cast<int>(*limit);
  }
  return request;
}

std::string RenderListTables(const ListTablesResponse& response) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("TableNames");
  w.StartArray();
  for (const auto& name : response.table_names) {
    w.String(name.data(), static_cast<rapidjson::SizeType>(name.size()));
  }
  w.EndArray();
  if (response.last_evaluated_table_name) {
    const std::string& last = *response.last_evaluated_table_name;
    w.Key("LastEvaluatedTableName");
    w.String(last.data(), static_cast<rapidjson::SizeType>(last.size()));
  }
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
