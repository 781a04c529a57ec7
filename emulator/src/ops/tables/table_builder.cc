// CreateTable request -> TableSchema.
#include "ops/tables/tables.h"

#include <algorithm>
#include <cstdio>
#include <random>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

AttributeType TypeOf(std::string_view name) {
  if (name == "N") return AttributeType::kN;
  if (name == "B") return AttributeType::kB;
  return AttributeType::kS;
}

KeyAttribute Lookup(const std::vector<KeyAttribute>& definitions, const std::string& name) {
  auto it = std::find_if(definitions.begin(), definitions.end(),
                         [&](const KeyAttribute& d) { return d.name == name; });
  return it == definitions.end() ? KeyAttribute{name, AttributeType::kS} : *it;
}

ProjectionType ProjectionOf(const api::ProjectionRequest& projection) {
  const std::string type = projection.projection_type.value_or("ALL");
  if (type == "KEYS_ONLY") return ProjectionType::kKeysOnly;
  if (type == "INCLUDE") return ProjectionType::kInclude;
  return ProjectionType::kAll;
}

// HASH elements form the (possibly multi-attribute) partition key, RANGE ones the sort key.
void SplitKeySchema(const std::vector<api::KeySchemaElement>& key_schema,
                    const std::vector<KeyAttribute>& definitions, IndexSchema* index) {
  for (const auto& element : key_schema) {
    auto& role = element.key_type == "HASH" ? index->partition_key : index->sort_key;
    role.push_back(Lookup(definitions, element.attribute_name));
  }
}

IndexSchema BuildIndexCommon(const api::SecondaryIndexRequest& request,
                             const std::vector<KeyAttribute>& definitions) {
  IndexSchema index;
  index.name = request.index_name;
  SplitKeySchema(request.key_schema, definitions, &index);
  index.projection = ProjectionOf(request.projection);
  if (index.projection == ProjectionType::kInclude && request.projection.non_key_attributes) {
    index.non_key_attributes = *request.projection.non_key_attributes;
  }
  index.status = IndexStatus::kActive;
  return index;
}

OnDemandThroughput OnDemandOf(const std::optional<api::OnDemandRequest>& request) {
  OnDemandThroughput odt;
  if (!request) return odt;
  odt.max_read_request_units = request->max_read_request_units.value_or(-1);
  odt.max_write_request_units = request->max_write_request_units.value_or(-1);
  return odt;
}

}  // namespace

std::vector<KeyAttribute> ToKeyAttributes(
    const std::vector<api::AttributeDefinition>& definitions) {
  std::vector<KeyAttribute> out;
  for (const auto& d : definitions) out.push_back({d.attribute_name, TypeOf(d.attribute_type)});
  return out;
}

// CreateTable's WarmThroughput: the capacity the table or GSI serves at once from the start
// (docs/capacity.md §8); a member left out keeps the billing mode's own.
WarmSetting WarmOf(const std::optional<api::WarmThroughputRequest>& request) {
  if (!request) return {};
  return {request->read_units_per_second.value_or(0), request->write_units_per_second.value_or(0),
          0};
}

IndexSchema BuildGlobalIndex(const api::SecondaryIndexRequest& request,
                             const std::vector<KeyAttribute>& definitions, bool pay_per_request) {
  IndexSchema index = BuildIndexCommon(request, definitions);
  index.is_local = false;
  if (!pay_per_request && request.provisioned_throughput) {
    index.throughput.read_capacity_units =
        request.provisioned_throughput->read_capacity_units.value_or(0);
    index.throughput.write_capacity_units =
        request.provisioned_throughput->write_capacity_units.value_or(0);
  }
  if (pay_per_request) index.on_demand = OnDemandOf(request.on_demand_throughput);
  index.warm = WarmOf(request.warm_throughput);
  return index;
}

VectorIndexSchema BuildVectorIndex(const api::VectorIndexRequest& request,
                                   const std::vector<KeyAttribute>& definitions) {
  VectorIndexSchema index;
  index.name = request.index_name;
  index.vector_attribute = request.vector_attribute;
  index.dimensions = static_cast<std::uint32_t>(request.dimensions);
  index.distance = request.distance_function == "EUCLIDEAN" ? VectorDistanceFunction::kEuclidean
                   : request.distance_function == "DOT_PRODUCT"
                       ? VectorDistanceFunction::kDotProduct
                       : VectorDistanceFunction::kCosine;
  if (request.search_schema) {
    for (const auto& element : *request.search_schema) {
      index.search_attributes.push_back(Lookup(definitions, element.attribute_name));
      index.search_roles.push_back(element.element_type == "HASH"
                                       ? SearchSchemaElementType::kHash
                                       : SearchSchemaElementType::kInlineFilter);
    }
  }
  index.projection = ProjectionOf(request.projection);
  if (index.projection == ProjectionType::kInclude && request.projection.non_key_attributes) {
    index.non_key_attributes = *request.projection.non_key_attributes;
  }
  return index;
}

TableSchema BuildTableSchema(const api::CreateTableRequest& request, const std::string& name,
                             std::int64_t now_micros) {
  TableSchema schema;
  schema.name = name;
  schema.table_id = NewTableId();
  schema.attribute_definitions = ToKeyAttributes(*request.attribute_definitions);
  const auto& keys = *request.key_schema;
  schema.partition_key = Lookup(schema.attribute_definitions, keys[0].attribute_name);
  if (keys.size() > 1)
    schema.sort_key = Lookup(schema.attribute_definitions, keys[1].attribute_name);
  const bool pay_per_request = request.billing_mode == "PAY_PER_REQUEST";
  if (request.local_secondary_indexes) {
    for (const auto& lsi : *request.local_secondary_indexes) {
      IndexSchema index = BuildIndexCommon(lsi, schema.attribute_definitions);
      index.is_local = true;
      schema.indexes.push_back(std::move(index));
    }
  }
  if (request.global_secondary_indexes) {
    for (const auto& gsi : *request.global_secondary_indexes) {
      schema.indexes.push_back(
          BuildGlobalIndex(gsi, schema.attribute_definitions, pay_per_request));
    }
  }
  if (request.vector_indexes) {
    for (const auto& vector : *request.vector_indexes) {
      schema.vector_indexes.push_back(BuildVectorIndex(vector, schema.attribute_definitions));
    }
  }
  if (pay_per_request) {
    schema.billing_mode = BillingMode::kPayPerRequest;
    schema.billing_mode_last_update_micros = now_micros;  // on-demand since creation
    schema.on_demand = OnDemandOf(request.on_demand_throughput);
  } else {
    schema.billing_mode = BillingMode::kProvisioned;
    schema.throughput.read_capacity_units = *request.provisioned_throughput->read_capacity_units;
    schema.throughput.write_capacity_units = *request.provisioned_throughput->write_capacity_units;
  }
  if (request.tags) {
    for (const auto& tag : *request.tags)
      schema.tags.push_back({tag.key.value_or(""), tag.value.value_or("")});
  }
  schema.warm = WarmOf(request.warm_throughput);
  schema.deletion_protection = request.deletion_protection_enabled;
  schema.table_class = request.table_class.value_or("STANDARD");
  schema.status = TableStatus::kActive;
  schema.creation_micros = now_micros;
  return schema;
}

Status AllocateKeyspaces(storage::Catalog& catalog, storage::WriteTxn& txn, TableSchema* schema) {
  DDBEMU_ASSIGN_OR_RETURN(schema->keyspace_id, catalog.AllocateKeyspaceId(txn));
  for (IndexSchema& index : schema->indexes) {
    DDBEMU_ASSIGN_OR_RETURN(index.keyspace_id, catalog.AllocateKeyspaceId(txn));
  }
  for (VectorIndexSchema& index : schema->vector_indexes) {
    DDBEMU_ASSIGN_OR_RETURN(index.keyspace_id, catalog.AllocateKeyspaceId(txn));
  }
  return Status::Ok();
}

std::string NewTableId() {
  std::random_device device;
  std::mt19937_64 rng((static_cast<std::uint64_t>(device()) << 32) ^ device());
  const std::uint64_t hi = (rng() & 0xFFFFFFFFFFFF0FFFULL) | 0x0000000000004000ULL;  // version 4
  const std::uint64_t lo = (rng() & 0x3FFFFFFFFFFFFFFFULL) | 0x8000000000000000ULL;  // variant 1
  char text[37];
  std::snprintf(text, sizeof text, "%08x-%04x-%04x-%04x-%012llx", static_cast<unsigned>(hi >> 32),
                static_cast<unsigned>((hi >> 16) & 0xFFFF), static_cast<unsigned>(hi & 0xFFFF),
                static_cast<unsigned>(lo >> 48),
                static_cast<unsigned long long>(lo & 0xFFFFFFFFFFFFULL));
  return text;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
