// Warm throughput between the capacity model and the catalog (docs/capacity.md §7, §8): what an
// on-demand table has scaled to lives in its limiters (capacity/on_demand_scaling.h) while the
// database runs; DescribeTable reports it, and the database saves it into the catalog when it
// closes, so that a restart of ddb-local keeps the capacity the table had reached, as the
// service's tables keep theirs. So are the partitions each table and GSI has gained, by that
// scaling and by splits for heat (docs/capacity.md §10), which a reopened database starts with.
// (A crash loses what was reached since the last close; the peaks still waiting for their
// scaling delay are not saved.)
#pragma once

#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/engine.h"
#include "storage/table_schema.h"
#include "storage/txn.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

// Raises `schema`'s warm throughput (the table's and each GSI's) to what the capacity model
// says it has scaled to by now. No-op when throttling is off (the model is not running).
void RaiseToScaledWarm(Engine& engine, const Caller& caller, const storage::Txn& txn,
                       TableSchema* schema);

// Writes into the catalog the warm throughput every on-demand table and GSI has scaled to
// beyond what its schema says, and the partitions every table and GSI has gained, in one
// transaction. Called when the database closes.
Status SaveScaledWarm(Engine& engine);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
