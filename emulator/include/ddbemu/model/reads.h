// Query and Scan (API reference, "Query", "Scan").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddbemu/model/common.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

// Absent means the service's default: ALL_ATTRIBUTES on a table, ALL_PROJECTED_ATTRIBUTES on an
// index, SPECIFIC_ATTRIBUTES with a projection.
enum class Select : std::uint8_t {
  kAllAttributes,
  kAllProjectedAttributes,
  kSpecificAttributes,
  kCount
};

struct QueryRequest {
  std::string table_name;
  std::optional<std::string> index_name;
  std::optional<std::string> key_condition_expression;
  std::optional<std::string> filter_expression;
  std::optional<std::string> projection_expression;
  ExpressionAttributeNames expression_attribute_names;
  ExpressionAttributeValues expression_attribute_values;
  std::optional<Select> select;
  std::optional<std::int64_t> limit;
  bool consistent_read = false;
  bool scan_index_forward = true;
  std::optional<Item> exclusive_start_key;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
  // Legacy: KeyConditions, QueryFilter, AttributesToGet, ConditionalOperator.
  std::optional<ConditionMap> key_conditions;
  std::optional<ConditionMap> query_filter;
  std::optional<std::vector<std::string>> attributes_to_get;
  std::optional<ConditionalOperator> conditional_operator;
};

struct ScanRequest {
  std::string table_name;
  std::optional<std::string> index_name;
  std::optional<std::string> filter_expression;
  std::optional<std::string> projection_expression;
  ExpressionAttributeNames expression_attribute_names;
  ExpressionAttributeValues expression_attribute_values;
  std::optional<Select> select;
  std::optional<std::int64_t> limit;
  bool consistent_read = false;
  std::optional<Item> exclusive_start_key;
  std::optional<std::int64_t> segment;         // parallel scan: this worker's segment
  std::optional<std::int64_t> total_segments;  // parallel scan: how many workers
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
  // Legacy: ScanFilter, AttributesToGet, ConditionalOperator.
  std::optional<ConditionMap> scan_filter;
  std::optional<std::vector<std::string>> attributes_to_get;
  std::optional<ConditionalOperator> conditional_operator;
};

// The output of Query and Scan. `items` is empty for Select COUNT.
struct QueryResponse {
  std::vector<Item> items;
  std::int64_t count = 0;
  std::int64_t scanned_count = 0;
  std::optional<Item> last_evaluated_key;  // present when more pages follow
  std::optional<ConsumedCapacity> consumed_capacity;
};
using ScanResponse = QueryResponse;

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
