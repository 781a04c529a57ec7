// The service's account quotas on provisioned capacity and its budget of throughput
// decreases, as LimitExceededException with the service's messages (Developer Guide,
// "Service, account, and table quotas": 40,000 read and write capacity units per table and per
// GSI by default; "4 decreases per UTC day, then one per hour").
#pragma once

#include <cstdint>
#include <string_view>

#include "ddbemu/error.h"
#include "storage/table_schema.h"

namespace ddbemu::ops {

inline constexpr std::int64_t kMaxCapacityUnitsPerTable = 40000;
inline constexpr std::int64_t kFreeDecreasesPerDay = 4;

// The table's and its GSIs' provisioned capacity within the per-table and per-index quota.
Status CheckCapacityQuotas(const TableSchema& schema, std::string_view region);

// `current` changed to `read`/`write` units at `now_micros`: LastIncreaseDateTime and
// LastDecreaseDateTime move for the dimensions that grow or shrink, and a decrease in either
// dimension spends one of the day's decreases. `index_name` is empty for the table itself.
// Fails with LimitExceededException when the budget is spent (after 4 decreases in a UTC day,
// one more per 3600 seconds).
Result<ProvisionedThroughput> ChangeThroughput(const ProvisionedThroughput& current,
                                               std::int64_t read, std::int64_t write,
                                               std::int64_t now_micros);

}  // namespace ddbemu::ops
