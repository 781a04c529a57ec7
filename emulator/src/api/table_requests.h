// Typed requests of the control plane (CreateTable, UpdateTable, DescribeTable, ListTables,
// DeleteTable), read from a body that ValidateRequest has accepted. They keep what the client
// sent — member present or absent, strings as given — because the operation-specific checks
// that follow (table_checks.h, ops/tables/table_update.h) word their messages after exactly
// that, in the service's order.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddbemu/error.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api {

struct KeySchemaElement {
  std::string attribute_name;
  std::string key_type;  // "HASH" or "RANGE" (the model's enum check has run)
};

struct AttributeDefinition {
  std::string attribute_name;
  std::string attribute_type;  // "S", "N" or "B"
};

// ProvisionedThroughput as sent; the model requires both members, but a member of the wrong
// JSON type reads as absent rather than crashing.
struct ThroughputRequest {
  std::optional<std::int64_t> read_capacity_units;
  std::optional<std::int64_t> write_capacity_units;
};

struct OnDemandRequest {
  std::optional<std::int64_t> max_read_request_units;
  std::optional<std::int64_t> max_write_request_units;
};

struct WarmThroughputRequest {
  std::optional<std::int64_t> read_units_per_second;
  std::optional<std::int64_t> write_units_per_second;
};

struct ProjectionRequest {
  std::optional<std::string> projection_type;
  std::optional<std::vector<std::string>> non_key_attributes;
};

// A GlobalSecondaryIndex or LocalSecondaryIndex of CreateTable, or the Create action of
// UpdateTable's GlobalSecondaryIndexUpdates.
struct SecondaryIndexRequest {
  std::string index_name;
  std::vector<KeySchemaElement> key_schema;
  ProjectionRequest projection;
  std::optional<ThroughputRequest> provisioned_throughput;
  std::optional<OnDemandRequest> on_demand_throughput;
  std::optional<WarmThroughputRequest> warm_throughput;
};

// A VectorIndex of CreateTable, or the Create action of UpdateTable's VectorIndexUpdates, as
// sent (the model's required members and enums have been checked on the JSON path).
struct SearchSchemaElementRequest {
  std::string attribute_name;
  std::string element_type;  // "HASH" or "INLINE_FILTER"
};
struct VectorIndexRequest {
  std::string index_name;
  std::string vector_attribute;  // VectorAttribute.AttributeName
  std::optional<std::vector<SearchSchemaElementRequest>> search_schema;
  ProjectionRequest projection;
  std::int64_t dimensions = 0;
  std::string distance_function;  // "COSINE", "EUCLIDEAN" or "DOT_PRODUCT"
};
// One entry of UpdateTable's VectorIndexUpdates.
struct VectorIndexUpdateRequest {
  std::optional<VectorIndexRequest> create;
  std::optional<std::string> delete_index_name;
  int action_count() const { return (create ? 1 : 0) + (delete_index_name ? 1 : 0); }
};

struct TagRequest {
  std::optional<std::string> key;  // absent: "The Tag Key provided is invalid, Key: null"
  std::optional<std::string> value;
};

// StreamSpecification as sent (ops/streams/stream_spec.h checks and applies it).
struct StreamSpecificationRequest {
  bool enabled = false;
  std::optional<std::string> view_type;
};

struct CreateTableRequest {
  std::string table_name;  // a name or a table ARN (ops/tables/tables.h resolves it)
  // Optional in the current API model (a table created from GlobalTableSourceArn has
  // neither), so their absence is reported by the operation's own checks.
  std::optional<std::vector<AttributeDefinition>> attribute_definitions;
  std::optional<std::vector<KeySchemaElement>> key_schema;
  std::optional<std::vector<SecondaryIndexRequest>> local_secondary_indexes;
  std::optional<std::vector<SecondaryIndexRequest>> global_secondary_indexes;
  std::optional<std::string> billing_mode;
  std::optional<ThroughputRequest> provisioned_throughput;
  std::optional<OnDemandRequest> on_demand_throughput;
  std::optional<WarmThroughputRequest> warm_throughput;
  std::optional<std::vector<TagRequest>> tags;
  std::optional<std::string> table_class;
  bool deletion_protection_enabled = false;
  std::optional<StreamSpecificationRequest> stream_specification;
  std::optional<std::vector<VectorIndexRequest>> vector_indexes;
};

// One entry of UpdateTable's GlobalSecondaryIndexUpdates: at most one action is valid.
struct UpdateGsiAction {
  std::string index_name;
  std::optional<ThroughputRequest> provisioned_throughput;
  std::optional<OnDemandRequest> on_demand_throughput;
  std::optional<WarmThroughputRequest> warm_throughput;
};
struct GsiUpdateRequest {
  std::optional<UpdateGsiAction> update;
  std::optional<SecondaryIndexRequest> create;
  std::optional<std::string> delete_index_name;  // the Delete action's IndexName
  int action_count() const {
    return (update ? 1 : 0) + (create ? 1 : 0) + (delete_index_name ? 1 : 0);
  }
  const std::string& index_name() const {
    if (update) return update->index_name;
    if (create) return create->index_name;
    return *delete_index_name;
  }
};

struct UpdateTableRequest {
  std::string table_name;
  std::optional<std::vector<AttributeDefinition>> attribute_definitions;
  std::optional<std::string> billing_mode;
  std::optional<ThroughputRequest> provisioned_throughput;
  std::optional<std::vector<GsiUpdateRequest>> global_secondary_index_updates;
  std::optional<std::string> table_class;
  std::optional<bool> deletion_protection_enabled;
  std::optional<OnDemandRequest> on_demand_throughput;
  std::optional<WarmThroughputRequest> warm_throughput;
  std::optional<std::vector<VectorIndexUpdateRequest>> vector_index_updates;
  // Members this emulator does not model yet; present or not decides the "at least one of"
  // and "must be the only operation" checks.
  std::optional<bool> stream_enabled;           // StreamSpecification.StreamEnabled when sent
  std::optional<std::string> stream_view_type;  // StreamSpecification.StreamViewType
  std::optional<bool> sse_enabled;              // SSESpecification.Enabled (absent means true)
  bool has_replica_updates = false;             // a non-empty ReplicaUpdates
  bool has_multi_region_consistency = false;
};

struct ListTablesResponse {
  std::vector<std::string> table_names;
  std::optional<std::string> last_evaluated_table_name;  // only when more tables follow
};

struct TableNameRequest {  // DescribeTable and DeleteTable
  std::string table_name;
};

struct ListTablesRequest {
  std::optional<std::string> exclusive_start_table_name;
  int limit = 100;  // the model bounds Limit to 1..100; absent means up to 100
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api
