// Typed requests and responses of the read operations, Query and Scan. The codec in
// read_requests.cc fills them from a request body that ValidateRequest has accepted (types,
// enums and ranges are the model's business there); ops/reads/query.cc and ops/reads/scan.cc
// execute them; the same structs serve the in-process API.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "api/item_requests.h"
#include "ddbemu/attribute_value.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "expr/legacy.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api {

// Query/Scan Select. Absent in the request means "the default": ALL_ATTRIBUTES on a table,
// ALL_PROJECTED_ATTRIBUTES on an index, SPECIFIC_ATTRIBUTES with a projection (API reference,
// Query, Select).
enum class Select : std::uint8_t {
  kAllAttributes,
  kAllProjectedAttributes,
  kSpecificAttributes,
  kCount
};

// What Query and Scan share.
struct ReadParameters {
  std::string table_name;
  std::optional<std::string> index_name;
  std::optional<Select> select;
  std::optional<std::int64_t> limit;
  bool consistent_read = false;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
  std::optional<Item> exclusive_start_key;

  std::optional<std::string> filter_expression;
  std::optional<std::string> projection_expression;
  std::map<std::string, std::string, std::less<>> names;  // ExpressionAttributeNames
  bool has_names = false;
  Item values;  // ExpressionAttributeValues
  bool has_values = false;

  // Legacy parameters: QueryFilter / ScanFilter (entries in request order), AttributesToGet,
  // ConditionalOperator.
  std::optional<std::vector<expr::FilterEntry>> filter;
  std::optional<std::vector<std::string>> attributes_to_get;
  std::optional<std::string> conditional_operator;

  // Set by the JSON codec (ParseQuery, ParseScan): the response may carry the items in their
  // storage encoding (ReadResponse::encoded_items), to be written as JSON without decoding.
  bool encoded_response = false;
};

struct QueryRequest {
  ReadParameters read;
  bool scan_index_forward = true;
  std::optional<std::string> key_condition_expression;
  std::optional<std::vector<expr::FilterEntry>> key_conditions;  // legacy KeyConditions
};

struct ScanRequest {
  ReadParameters read;
  std::optional<std::int64_t> segment;
  std::optional<std::int64_t> total_segments;
};

// ConsumedCapacity of a Query or Scan: the total, and with ReturnConsumedCapacity INDEXES the
// table's share and the one index read (the service reports "Table" even when it is 0).
struct ReadConsumedCapacity {
  std::string table_name;
  double capacity_units = 0;
  bool with_parts = false;  // INDEXES
  double table_units = 0;
  std::optional<std::string> index_name;
  bool index_is_local = false;
  double index_units = 0;
};

// The output of Query and Scan.
struct ReadResponse {
  std::vector<Item> items;  // not rendered for Select COUNT
  // When the request asked for it (ReadParameters::encoded_response) and no projection
  // reshapes them: the items in their storage encoding, one after another, their lengths in
  // encoded_item_sizes; `items` is then empty.
  std::string encoded_items;
  std::vector<std::uint32_t> encoded_item_sizes;
  bool count_only = false;
  std::int64_t count = 0;
  std::int64_t scanned_count = 0;
  std::optional<Item> last_evaluated_key;
  std::optional<ReadConsumedCapacity> consumed_capacity;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api
