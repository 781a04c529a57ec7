// SearchVectors (API reference, "SearchVectors"; Developer Guide, "Creating and searching
// vector indexes"): the TopK items of a vector index nearest to a search vector. The emulator
// searches exactly, so its results are the true nearest neighbours in a deterministic order;
// the service's approximate search may return a near-neighbour set instead.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddbemu/model/common.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

struct SearchVectorsRequest {
  std::string table_name;  // a name or the table's ARN
  std::string index_name;  // a vector index of the table (ACTIVE and not backfilling)
  // The numbers (N values) of the search vector, as many as the index's Dimensions; each must
  // fit a 32-bit float. Any other value is refused as the service refuses it.
  std::vector<AttributeValue> search_vector;
  std::int64_t top_k = 0;  // 1..100
  // Equality conditions joined by AND over the index's SearchSchema attributes; the HASH
  // attribute's is required when the index has one (SearchConditionExpression reference).
  std::optional<std::string> search_condition_expression;
  std::optional<std::string> projection_expression;
  ExpressionAttributeNames expression_attribute_names;
  ExpressionAttributeValues expression_attribute_values;
  ReturnConsumedCapacity return_consumed_capacity = ReturnConsumedCapacity::kNone;
};

// One result: the item's projected attributes (the vector attribute only when the
// ProjectionExpression names it) and its score — the cosine distance (0..2) or the Euclidean
// distance, lowest first, or the dot product, highest first.
struct SearchResultItem {
  Item item;
  double score = 0;
};

struct SearchVectorsResponse {
  std::vector<SearchResultItem> search_results;  // nearest first
  std::optional<VectorCapacity> consumed_capacity;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
