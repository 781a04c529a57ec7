// The control plane's public requests -> engine requests (typed_conversions.h), and the engine's
// view of a table -> the public TableDescription (typed_conversions.h, built by api::Describe). The
// engine keeps the request members as sent (strings for enums) because its checks word their
// messages after them; a typed request cannot hold a bad enum, so it is written out as the wire
// would carry it.
#include <algorithm>
#include <string>
#include <variant>

#include "api/table_description.h"
#include "api/table_names.h"
#include "embedded/typed_admin.h"
#include "embedded/typed_conversions.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::embedded {
namespace {

std::string_view KeyTypeName(KeyType t) { return t == KeyType::kHash ? "HASH" : "RANGE"; }

std::string_view ScalarTypeName(ScalarAttributeType t) {
  switch (t) {
    case ScalarAttributeType::kS:
      return "S";
    case ScalarAttributeType::kN:
      return "N";
    case ScalarAttributeType::kB:
      return "B";
  }
  return "S";
}

std::string_view BillingModeName(BillingMode m) {
  return m == BillingMode::kPayPerRequest ? "PAY_PER_REQUEST" : "PROVISIONED";
}

std::string_view ProjectionTypeName(ProjectionType t) {
  switch (t) {
    case ProjectionType::kAll:
      return "ALL";
    case ProjectionType::kKeysOnly:
      return "KEYS_ONLY";
    case ProjectionType::kInclude:
      return "INCLUDE";
  }
  return "ALL";
}

constexpr std::string_view kStreamViewNames[] = {"KEYS_ONLY", "NEW_IMAGE", "OLD_IMAGE",
                                                 "NEW_AND_OLD_IMAGES"};

std::optional<std::string> StreamViewName(const std::optional<StreamSpecification>& spec) {
  if (!spec || !spec->stream_view_type) return std::nullopt;
  return std::string(kStreamViewNames[static_cast<int>(*spec->stream_view_type)]);
}

std::vector<api::KeySchemaElement> ToEngine(const std::vector<KeySchemaElement>& keys) {
  std::vector<api::KeySchemaElement> out;
  for (const auto& k : keys)
    out.push_back({k.attribute_name, std::string(KeyTypeName(k.key_type))});
  return out;
}

std::vector<api::AttributeDefinition> ToEngine(const std::vector<AttributeDefinition>& defs) {
  std::vector<api::AttributeDefinition> out;
  for (const auto& d : defs)
    out.push_back({d.attribute_name, std::string(ScalarTypeName(d.attribute_type))});
  return out;
}

std::optional<api::ThroughputRequest> ToEngine(const std::optional<ProvisionedThroughput>& pt) {
  if (!pt) return std::nullopt;
  return api::ThroughputRequest{pt->read_capacity_units, pt->write_capacity_units};
}

std::optional<api::OnDemandRequest> ToEngine(const std::optional<OnDemandThroughput>& odt) {
  if (!odt) return std::nullopt;
  api::OnDemandRequest out;
  if (odt->max_read_request_units >= 0) out.max_read_request_units = odt->max_read_request_units;
  if (odt->max_write_request_units >= 0) out.max_write_request_units = odt->max_write_request_units;
  return out;
}

api::ProjectionRequest ToEngine(const Projection& p) {
  api::ProjectionRequest out;
  out.projection_type = std::string(ProjectionTypeName(p.projection_type));
  if (!p.non_key_attributes.empty()) out.non_key_attributes = p.non_key_attributes;
  return out;
}

template <class Index>
api::SecondaryIndexRequest IndexToEngine(const Index& index) {
  api::SecondaryIndexRequest out;
  out.index_name = index.index_name;
  out.key_schema = ToEngine(index.key_schema);
  out.projection = ToEngine(index.projection);
  if constexpr (!std::is_same_v<Index, LocalSecondaryIndex>) {
    out.provisioned_throughput = ToEngine(index.provisioned_throughput);
    out.on_demand_throughput = ToEngine(index.on_demand_throughput);
  }
  return out;
}

api::VectorIndexRequest VectorToEngine(const VectorIndex& index) {
  api::VectorIndexRequest out;
  out.index_name = index.index_name;
  out.vector_attribute = index.vector_attribute;
  if (!index.search_schema.empty()) {
    out.search_schema.emplace();
    for (const auto& e : index.search_schema) {
      out.search_schema->push_back({e.attribute_name, std::string(SearchSchemaElementTypeName(
                                                          e.search_schema_element_type))});
    }
  }
  out.projection = ToEngine(index.projection);
  out.dimensions = index.dimensions;
  out.distance_function = std::string(VectorDistanceFunctionName(index.distance_function));
  return out;
}

}  // namespace

api::RestoreOverrides ToEngine(const RestoreOverrides& in) {
  api::RestoreOverrides out;
  if (in.billing_mode) out.billing_mode = std::string(BillingModeName(*in.billing_mode));
  out.provisioned_throughput = ToEngine(in.provisioned_throughput);
  out.on_demand_throughput = ToEngine(in.on_demand_throughput);
  auto indexes = [](const auto& list) {
    std::optional<std::vector<api::SecondaryIndexRequest>> converted;
    if (!list) return converted;
    converted.emplace();
    for (const auto& index : *list) converted->push_back(IndexToEngine(index));
    return converted;
  };
  out.global_secondary_indexes = indexes(in.global_secondary_indexes);
  out.local_secondary_indexes = indexes(in.local_secondary_indexes);
  if (in.vector_indexes) {
    out.vector_indexes.emplace();
    for (const auto& v : *in.vector_indexes) out.vector_indexes->push_back(VectorToEngine(v));
  }
  return out;
}

Result<api::CreateTableRequest> ToEngine(const CreateTableRequest& in) {
  DDBEMU_RETURN_IF_ERROR(CheckTableName(in.table_name));
  api::CreateTableRequest out;
  out.table_name = in.table_name;
  out.attribute_definitions = ToEngine(in.attribute_definitions);
  out.key_schema = ToEngine(in.key_schema);
  if (!in.local_secondary_indexes.empty()) {
    out.local_secondary_indexes.emplace();
    for (const auto& i : in.local_secondary_indexes)
      out.local_secondary_indexes->push_back(IndexToEngine(i));
  }
  if (!in.global_secondary_indexes.empty()) {
    out.global_secondary_indexes.emplace();
    for (const auto& i : in.global_secondary_indexes)
      out.global_secondary_indexes->push_back(IndexToEngine(i));
  }
  out.billing_mode = std::string(BillingModeName(in.billing_mode));
  out.provisioned_throughput = ToEngine(in.provisioned_throughput);
  out.on_demand_throughput = ToEngine(in.on_demand_throughput);
  if (!in.tags.empty()) {
    out.tags.emplace();
    for (const Tag& t : in.tags) out.tags->push_back({t.key, t.value});
  }
  out.table_class = in.table_class;
  out.deletion_protection_enabled = in.deletion_protection_enabled;
  if (in.stream_specification) {
    out.stream_specification = api::StreamSpecificationRequest{
        in.stream_specification->stream_enabled, StreamViewName(in.stream_specification)};
  }
  if (!in.vector_indexes.empty()) {
    out.vector_indexes.emplace();
    for (const VectorIndex& v : in.vector_indexes) {
      DDBEMU_RETURN_IF_ERROR(CheckLength(v.index_name, "vectorIndexes.member.indexName", 3, 255));
      DDBEMU_RETURN_IF_ERROR(CheckRange(v.dimensions, "vectorIndexes.member.dimensions", 1, 4096));
      out.vector_indexes->push_back(VectorToEngine(v));
    }
  }
  return out;
}

Result<api::UpdateTableRequest> ToEngine(const UpdateTableRequest& in) {
  DDBEMU_RETURN_IF_ERROR(CheckTableName(in.table_name));
  api::UpdateTableRequest out;
  out.table_name = in.table_name;
  if (!in.attribute_definitions.empty())
    out.attribute_definitions = ToEngine(in.attribute_definitions);
  if (in.billing_mode) out.billing_mode = std::string(BillingModeName(*in.billing_mode));
  out.provisioned_throughput = ToEngine(in.provisioned_throughput);
  out.on_demand_throughput = ToEngine(in.on_demand_throughput);
  out.table_class = in.table_class;
  out.deletion_protection_enabled = in.deletion_protection_enabled;
  if (in.stream_specification) {
    out.stream_enabled = in.stream_specification->stream_enabled;
    out.stream_view_type = StreamViewName(in.stream_specification);
  }
  if (!in.global_secondary_index_updates.empty()) {
    out.global_secondary_index_updates.emplace();
    for (const GlobalSecondaryIndexUpdate& u : in.global_secondary_index_updates) {
      api::GsiUpdateRequest g;
      if (auto* update = std::get_if<UpdateGlobalSecondaryIndexAction>(&u)) {
        g.update =
            api::UpdateGsiAction{update->index_name, ToEngine(update->provisioned_throughput),
                                 ToEngine(update->on_demand_throughput), std::nullopt};
      } else if (auto* create = std::get_if<CreateGlobalSecondaryIndexAction>(&u)) {
        g.create = IndexToEngine(*create);
      } else {
        g.delete_index_name = std::get<DeleteGlobalSecondaryIndexAction>(u).index_name;
      }
      out.global_secondary_index_updates->push_back(std::move(g));
    }
  }
  if (!in.vector_index_updates.empty()) {
    out.vector_index_updates.emplace();
    for (const VectorIndexUpdate& u : in.vector_index_updates) {
      api::VectorIndexUpdateRequest v;
      if (auto* create = std::get_if<CreateVectorIndexAction>(&u)) {
        DDBEMU_RETURN_IF_ERROR(
            CheckLength(create->index_name, "vectorIndexUpdates.member.create.indexName", 3, 255));
        DDBEMU_RETURN_IF_ERROR(
            CheckRange(create->dimensions, "vectorIndexUpdates.member.create.dimensions", 1, 4096));
        v.create = VectorToEngine(*create);
      } else {
        v.delete_index_name = std::get<DeleteVectorIndexAction>(u).index_name;
      }
      out.vector_index_updates->push_back(std::move(v));
    }
  }
  return out;
}

Result<api::TableNameRequest> ToEngine(const DescribeTableRequest& in) {
  DDBEMU_RETURN_IF_ERROR(CheckTableName(in.table_name));
  return api::TableNameRequest{in.table_name};
}

Result<api::TableNameRequest> ToEngine(const DeleteTableRequest& in) {
  DDBEMU_RETURN_IF_ERROR(CheckTableName(in.table_name));
  return api::TableNameRequest{in.table_name};
}

Result<api::ListTablesRequest> ToEngine(const ListTablesRequest& in) {
  api::ListTablesRequest out;
  if (in.limit) {
    if (*in.limit < 1 || *in.limit > 100) {
      return ApiError::Validation(
          "1 validation error detected: Value '" + std::to_string(*in.limit) +
          "' at 'limit' failed to satisfy constraint: Member must have value " +
          (*in.limit < 1 ? "greater than or equal to 1" : "less than or equal to 100"));
    }
    out.limit = static_cast<int>(*in.limit);
  }
  if (in.exclusive_start_table_name) {
    DDBEMU_RETURN_IF_ERROR(CheckTableName(*in.exclusive_start_table_name));
    out.exclusive_start_table_name = in.exclusive_start_table_name;
  }
  return out;
}

// ---- TableSchema -> TableDescription ----------------------------------------------------------

// The description the JSON path writes too (api/table_description.h), for the response's view.
TableDescription ToPublic(const ops::TableResult& result) {
  return api::Describe(result.schema, result.counts, result.options);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::embedded
