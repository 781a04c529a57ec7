// The control plane: CreateTable, DescribeTable, UpdateTable, DeleteTable, ListTables, and the
// TableDescription they answer with (API reference). The enums and the throughput shapes are
// also the engine's own vocabulary: the catalog stores tables in these terms.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ddbemu/model/stream_view_type.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

enum class KeyType : std::uint8_t { kHash, kRange };
enum class ScalarAttributeType : std::uint8_t { kS, kN, kB };
enum class ProjectionType : std::uint8_t { kAll, kKeysOnly, kInclude };
enum class BillingMode : std::uint8_t { kProvisioned, kPayPerRequest };
enum class TableStatus : std::uint8_t { kCreating, kUpdating, kDeleting, kActive };
enum class IndexStatus : std::uint8_t { kCreating, kUpdating, kDeleting, kActive };

// ProvisionedThroughput in a request; ProvisionedThroughputDescription in a response, where the
// time stamps (microseconds since the epoch, 0: never) and today's decrease count are filled.
struct ProvisionedThroughput {
  std::int64_t read_capacity_units = 0;
  std::int64_t write_capacity_units = 0;
  std::int64_t last_increase_micros = 0;
  std::int64_t last_decrease_micros = 0;
  std::int64_t decreases_today = 0;
  friend bool operator==(const ProvisionedThroughput&, const ProvisionedThroughput&) = default;
};

// OnDemandThroughput: -1 means "no maximum".
struct OnDemandThroughput {
  std::int64_t max_read_request_units = -1;
  std::int64_t max_write_request_units = -1;
  friend bool operator==(const OnDemandThroughput&, const OnDemandThroughput&) = default;
};

struct Tag {
  std::string key;
  std::string value;
  friend bool operator==(const Tag&, const Tag&) = default;
};

struct KeySchemaElement {
  std::string attribute_name;
  KeyType key_type = KeyType::kHash;
  friend bool operator==(const KeySchemaElement&, const KeySchemaElement&) = default;
};

struct AttributeDefinition {
  std::string attribute_name;
  ScalarAttributeType attribute_type = ScalarAttributeType::kS;
  friend bool operator==(const AttributeDefinition&, const AttributeDefinition&) = default;
};

struct Projection {
  ProjectionType projection_type = ProjectionType::kAll;
  std::vector<std::string> non_key_attributes;  // INCLUDE only
  friend bool operator==(const Projection&, const Projection&) = default;
};

struct GlobalSecondaryIndex {
  std::string index_name;
  std::vector<KeySchemaElement> key_schema;
  Projection projection;
  std::optional<ProvisionedThroughput> provisioned_throughput;  // provisioned tables only
  std::optional<OnDemandThroughput> on_demand_throughput;
};

struct LocalSecondaryIndex {
  std::string index_name;
  std::vector<KeySchemaElement> key_schema;
  Projection projection;
};

// ---- vector indexes (Developer Guide, "Creating and searching vector indexes") ----
// A vector index holds, for every item whose VectorAttribute is a list of Dimensions numbers,
// that vector in 32-bit floats with the projected attributes, and answers SearchVectors
// (model/vector_search.h). On-demand tables only.
enum class VectorDistanceFunction : std::uint8_t { kCosine, kEuclidean, kDotProduct };
// HASH: the index's partition key (every search names its value); INLINE_FILTER: an attribute a
// search may filter on. Both are declared in AttributeDefinitions (S, N or B).
enum class SearchSchemaElementType : std::uint8_t { kHash, kInlineFilter };

// The names the wire spells (COSINE, EUCLIDEAN, DOT_PRODUCT; HASH, INLINE_FILTER).
inline std::string_view VectorDistanceFunctionName(VectorDistanceFunction f) {
  return f == VectorDistanceFunction::kEuclidean    ? "EUCLIDEAN"
         : f == VectorDistanceFunction::kDotProduct ? "DOT_PRODUCT"
                                                    : "COSINE";
}
inline std::string_view SearchSchemaElementTypeName(SearchSchemaElementType t) {
  return t == SearchSchemaElementType::kHash ? "HASH" : "INLINE_FILTER";
}

struct SearchSchemaElement {
  std::string attribute_name;
  SearchSchemaElementType search_schema_element_type = SearchSchemaElementType::kInlineFilter;
  friend bool operator==(const SearchSchemaElement&, const SearchSchemaElement&) = default;
};

// The VectorIndex shape of CreateTable.VectorIndexes, and UpdateTable's CreateVectorIndexAction.
// `vector_attribute` is VectorAttribute.AttributeName; an empty search_schema is sent as absent.
struct VectorIndex {
  std::string index_name;
  std::string vector_attribute;
  std::vector<SearchSchemaElement> search_schema;
  Projection projection;
  std::int64_t dimensions = 0;  // 1..4096
  VectorDistanceFunction distance_function = VectorDistanceFunction::kCosine;
  friend bool operator==(const VectorIndex&, const VectorIndex&) = default;
};
using CreateVectorIndexAction = VectorIndex;
struct DeleteVectorIndexAction {
  std::string index_name;
};
// One entry of UpdateTable.VectorIndexUpdates (the service takes one per request).
using VectorIndexUpdate = std::variant<CreateVectorIndexAction, DeleteVectorIndexAction>;

// VectorIndexDescription. `backfilling` is present only while an index added by UpdateTable is
// CREATING (false while it is being set up, true while it indexes the table's items).
struct VectorIndexDescription {
  std::string index_name;
  std::string index_arn;
  std::string vector_attribute;
  std::vector<SearchSchemaElement> search_schema;
  Projection projection;
  std::int64_t dimensions = 0;
  VectorDistanceFunction distance_function = VectorDistanceFunction::kCosine;
  IndexStatus index_status = IndexStatus::kActive;
  std::optional<bool> backfilling;
  std::int64_t index_size_bytes = 0;
  std::int64_t item_count = 0;
};

// StreamSpecification: a DynamoDB Streams stream of the table's changes (ddbemu/streams_client.h).
// Enabling needs a view type; disabling takes none.
struct StreamSpecification {
  bool stream_enabled = false;
  std::optional<StreamViewType> stream_view_type;
  friend bool operator==(const StreamSpecification&, const StreamSpecification&) = default;
};

struct CreateTableRequest {
  std::string table_name;
  std::vector<AttributeDefinition> attribute_definitions;
  std::vector<KeySchemaElement> key_schema;
  std::vector<LocalSecondaryIndex> local_secondary_indexes;
  std::vector<GlobalSecondaryIndex> global_secondary_indexes;
  BillingMode billing_mode = BillingMode::kProvisioned;
  std::optional<ProvisionedThroughput> provisioned_throughput;  // required when PROVISIONED
  std::optional<OnDemandThroughput> on_demand_throughput;
  std::vector<Tag> tags;
  std::optional<std::string> table_class;  // STANDARD or STANDARD_INFREQUENT_ACCESS
  bool deletion_protection_enabled = false;
  std::optional<StreamSpecification> stream_specification;
  std::vector<VectorIndex> vector_indexes;  // PAY_PER_REQUEST tables only; at most 5
};

// WarmThroughput: the reads and writes per second the table or a GSI can serve at once
// (DescribeTable and UpdateTable answer it; CreateTable and DeleteTable do not).
struct WarmThroughputDescription {
  std::int64_t read_units_per_second = 0;
  std::int64_t write_units_per_second = 0;
  std::string status = "ACTIVE";
};

// BillingModeSummary: answered for a table that is on-demand or has been.
struct BillingModeSummary {
  BillingMode billing_mode = BillingMode::kProvisioned;
  // The last switch to on-demand (the creation time of a table created on-demand); 0 in the
  // answers that carry none (CreateTable's, and the UpdateTable's that switched).
  std::int64_t last_update_to_pay_per_request_micros = 0;
};

struct GlobalSecondaryIndexDescription {
  std::string index_name;
  std::string index_arn;
  std::vector<KeySchemaElement> key_schema;
  Projection projection;
  IndexStatus index_status = IndexStatus::kActive;
  bool backfilling = false;
  std::optional<ProvisionedThroughput> provisioned_throughput;
  std::optional<OnDemandThroughput> on_demand_throughput;
  std::int64_t index_size_bytes = 0;
  std::int64_t item_count = 0;
  std::optional<WarmThroughputDescription> warm_throughput;
};

struct LocalSecondaryIndexDescription {
  std::string index_name;
  std::string index_arn;
  std::vector<KeySchemaElement> key_schema;
  Projection projection;
  std::int64_t index_size_bytes = 0;
  std::int64_t item_count = 0;
};

struct TableDescription {
  std::string table_name;
  std::string table_arn;
  std::string table_id;
  TableStatus table_status = TableStatus::kActive;
  std::int64_t creation_date_time_micros = 0;
  std::vector<KeySchemaElement> key_schema;
  std::vector<AttributeDefinition> attribute_definitions;
  BillingMode billing_mode = BillingMode::kProvisioned;  // BillingModeSummary.BillingMode
  std::optional<BillingModeSummary> billing_mode_summary;
  std::optional<ProvisionedThroughput> provisioned_throughput;
  std::optional<OnDemandThroughput> on_demand_throughput;
  std::vector<GlobalSecondaryIndexDescription> global_secondary_indexes;
  std::vector<LocalSecondaryIndexDescription> local_secondary_indexes;
  std::int64_t table_size_bytes = 0;
  std::int64_t item_count = 0;
  bool deletion_protection_enabled = false;
  std::string table_class = "STANDARD";
  // Streams: the specification while a stream is enabled; the latest stream's label and ARN
  // once the table has had one (they stay after the stream is disabled).
  std::optional<StreamSpecification> stream_specification;
  std::optional<std::string> latest_stream_label;
  std::optional<std::string> latest_stream_arn;
  std::optional<WarmThroughputDescription> warm_throughput;
  std::vector<VectorIndexDescription> vector_indexes;
};

struct CreateTableResponse {
  TableDescription table_description;
};

struct DescribeTableRequest {
  std::string table_name;
};
struct DescribeTableResponse {
  TableDescription table;
};

struct DeleteTableRequest {
  std::string table_name;
};
struct DeleteTableResponse {
  TableDescription table_description;
};

struct ListTablesRequest {
  std::optional<std::string> exclusive_start_table_name;
  std::optional<std::int64_t> limit;  // 1..100; absent: up to 100
};
struct ListTablesResponse {
  std::vector<std::string> table_names;
  std::optional<std::string> last_evaluated_table_name;  // present when more tables follow
};

// The actions of UpdateTable.GlobalSecondaryIndexUpdates.
struct UpdateGlobalSecondaryIndexAction {
  std::string index_name;
  std::optional<ProvisionedThroughput> provisioned_throughput;
  std::optional<OnDemandThroughput> on_demand_throughput;
};
struct CreateGlobalSecondaryIndexAction {
  std::string index_name;
  std::vector<KeySchemaElement> key_schema;
  Projection projection;
  std::optional<ProvisionedThroughput> provisioned_throughput;
  std::optional<OnDemandThroughput> on_demand_throughput;
};
struct DeleteGlobalSecondaryIndexAction {
  std::string index_name;
};
using GlobalSecondaryIndexUpdate =
    std::variant<UpdateGlobalSecondaryIndexAction, CreateGlobalSecondaryIndexAction,
                 DeleteGlobalSecondaryIndexAction>;

struct UpdateTableRequest {
  std::string table_name;
  std::vector<AttributeDefinition> attribute_definitions;  // those a new GSI's keys need
  std::optional<BillingMode> billing_mode;
  std::optional<ProvisionedThroughput> provisioned_throughput;
  std::optional<OnDemandThroughput> on_demand_throughput;
  std::vector<GlobalSecondaryIndexUpdate> global_secondary_index_updates;
  std::optional<std::string> table_class;
  std::optional<bool> deletion_protection_enabled;
  std::optional<StreamSpecification> stream_specification;
  // Create (with the new SearchSchema attributes in attribute_definitions) or Delete: one entry.
  std::vector<VectorIndexUpdate> vector_index_updates;
};
struct UpdateTableResponse {
  TableDescription table_description;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
