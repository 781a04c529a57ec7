// The typed request and result of SearchVectors (API reference, "SearchVectors"), as the JSON
// codec reads it and the embedded client converts it; ops/vectors/search_vectors.h runs it.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "api/item_requests.h"
#include "ddbemu/attribute_value.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api {

struct SearchVectorsRequest {
  std::string table_name;  // a name or the table's ARN
  std::string index_name;
  std::vector<AttributeValue> search_vector;
  std::int64_t top_k = 0;
  std::optional<std::string> search_condition_expression;
  std::optional<std::string> projection_expression;
  std::map<std::string, std::string, std::less<>> names;  // ExpressionAttributeNames
  bool has_names = false;
  Item values;  // ExpressionAttributeValues
  bool has_values = false;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
};

struct SearchVectorsResult {
  struct Hit {
    Item item;
    double score = 0;
  };
  std::vector<Hit> results;                    // nearest first
  std::optional<double> search_request_bytes;  // with ReturnConsumedCapacity TOTAL or INDEXES
  std::int64_t vectors_examined = 0;           // entries the search read (not in the answer)
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api
