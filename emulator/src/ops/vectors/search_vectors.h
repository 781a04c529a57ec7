// SearchVectors (API reference, "SearchVectors"; Developer Guide, "Creating and searching
// vector indexes" and "SearchConditionExpression reference for vector indexes"): the TopK
// entries of a vector index nearest to a search vector, in a read transaction.
//
// The search is exact: every entry of the index (or of the one vector-index partition the
// SearchConditionExpression's HASH equality names) is scored in 32-bit floats, as the service
// stores vectors, and the TopK best are returned — COSINE distance (1 - cosine similarity, 0..2)
// and EUCLIDEAN distance lowest first, DOT_PRODUCT highest first, ties in the index's key order.
// The results are therefore deterministic and the true nearest neighbours; the service's
// approximate (ANN) search may return a near-neighbour set instead.
#pragma once

#include "api/vector_requests.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/engine.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

// Checks in the service's order: TopK (at most 100), the search vector's values, the table and
// the index (absent, or not yet searchable: ops/realism/transient_statuses.h), the vector's
// dimension, the placeholder maps, the expressions (search_condition.h), then the search.
Result<api::SearchVectorsResult> SearchVectors(Engine& engine, const Caller& caller,
                                               const api::SearchVectorsRequest& request);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
