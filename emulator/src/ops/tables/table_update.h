// UpdateTable: billing-mode switches, provisioned and on-demand throughput of the table and its
// GSIs, GSI creation (backfilled at once) and deletion, deletion protection and table class —
// all in one LMDB write transaction.
//
// The response reports what the service reports while the change is in progress: TableStatus
// UPDATING for billing, throughput, table-class and index changes (ACTIVE for deletion
// protection and on-demand maxima, which the service applies synchronously), the OLD throughput
// for a throughput change, and CREATING / DELETING for an index being added / removed. The
// catalog holds the finished state, so DescribeTable right after shows it ACTIVE.
#pragma once

#include "api/table_requests.h"
#include "ddbemu/error.h"
#include "ops/engine.h"
#include "ops/tables/tables.h"

namespace ddbemu::ops {

Result<TableResult> UpdateTable(Engine& engine, const Caller& caller,
                                const api::UpdateTableRequest& request);

}  // namespace ddbemu::ops
