// The read operations of ops/reads/: Query (query.cc) and Scan (scan.cc).
//
// Query: the items of one partition of a table, a GSI or an LSI, in sort-key order, a page at a
// time. Runs in one LMDB read transaction (an MVCC snapshot: it never blocks writers).
//
// Order of checks, as the service makes them: the request alone (read_expressions.h), the table
// (ResourceNotFoundException "Requested resource not found"), the index and consistency
// (read_target.h), the key condition against the addressed key (expr/key_condition.h), the
// ExclusiveStartKey (read_target.h, query_range.h), then Select, projection and filter
// (read_shape.h).
//
// Scan: every item of a table, a GSI or an LSI in storage order — partition-hash order, so a
// table's partitions come one after the other as the service's do — a page at a time, or one
// segment of a parallel scan (Segment/TotalSegments: the hash space cut into equal contiguous
// ranges, so every item belongs to exactly one segment). Runs in one LMDB read transaction.
//
// Order of checks: the request alone (segments, then read_expressions.h), the table, the index
// and consistency, the ExclusiveStartKey (read_target.h; it must also lie in the segment), then
// Select, projection and filter (read_shape.h).
#pragma once

#include "api/read_requests.h"
#include "ddbemu/error.h"
#include "ops/engine.h"

namespace ddbemu::ops {

Result<api::ReadResponse> Query(Engine& engine, const Caller& caller,
                                const api::QueryRequest& request);

Result<api::ReadResponse> Scan(Engine& engine, const Caller& caller,
                               const api::ScanRequest& request);

}  // namespace ddbemu::ops
