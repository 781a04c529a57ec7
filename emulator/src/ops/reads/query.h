// Query: the items of one partition of a table, a GSI or an LSI, in sort-key order, a page at a
// time. Runs in one LMDB read transaction (an MVCC snapshot: it never blocks writers).
//
// Order of checks, as the service makes them: the request alone (read_expressions.h), the table
// (ResourceNotFoundException "Requested resource not found"), the index and consistency
// (read_target.h), the key condition against the addressed key (expr/key_condition.h), the
// ExclusiveStartKey (read_target.h, query_range.h), then Select, projection and filter
// (read_shape.h).
#pragma once

#include "api/read_requests.h"
#include "ddbemu/error.h"
#include "ops/engine.h"

namespace ddbemu::ops {

Result<api::ReadResponse> Query(Engine& engine, const Caller& caller,
                                const api::QueryRequest& request);

}  // namespace ddbemu::ops
