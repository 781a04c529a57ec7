// The capacity report of one table (ddbemu/capacity_report.h): the throughput model's limits
// and usage (capacity::ThroughputRegistry) joined with what storage holds in each partition.
#pragma once

#include <cstddef>
#include <string_view>

#include "capacity/throughput_registry.h"
#include "ddbemu/capacity_report.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/engine.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

// The report of table `table_name` (a name or an ARN) in the caller's namespace.
// ResourceNotFoundException for an unknown table. Counts each partition's items by walking the
// table and its GSIs once (an admin call: it reads every item).
Result<TableCapacityReport> BuildCapacityReport(Engine& engine,
                                                capacity::ThroughputRegistry& registry,
                                                const Caller& caller, std::string_view table_name,
                                                std::size_t top_n);

// The heat map's history: the report of `table_name` with `seconds` (at most
// kCapacityHistorySeconds) of each key space's per-second history, no top keys and no item
// counts (it reads no items, so a console may ask for it every second).
Result<TableCapacityReport> BuildCapacityHistory(Engine& engine,
                                                 capacity::ThroughputRegistry& registry,
                                                 const Caller& caller, std::string_view table_name,
                                                 std::int64_t seconds);

// Sets the overrides of CapacityOverrides::index (the table when empty) of table `table_name`.
// ResourceNotFoundException for an unknown table, ValidationException for an index that is not
// one of its GSIs or a value out of range.
Status SetCapacityOverrides(Engine& engine, capacity::ThroughputRegistry& registry,
                            const Caller& caller, std::string_view table_name,
                            const CapacityOverrides& overrides);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
