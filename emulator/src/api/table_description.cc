// The parts of a table's description that are not JSON (see table_description.h): status
// names, NumberOfDecreasesToday and the warm throughput, which ops/ also computes with.
#include "api/table_description.h"

namespace ddbemu::api {
namespace {

constexpr std::int64_t kMicrosPerDay = 86'400'000'000;
constexpr std::int64_t kOnDemandBaselineReads = 12000;
constexpr std::int64_t kOnDemandBaselineWrites = 4000;

bool OnDemand(const TableSchema& table) {
  return table.billing_mode == BillingMode::kPayPerRequest;
}

}  // namespace

std::string_view TableStatusName(TableStatus status) {
  switch (status) {
    case TableStatus::kCreating:
      return "CREATING";
    case TableStatus::kUpdating:
      return "UPDATING";
    case TableStatus::kDeleting:
      return "DELETING";
    case TableStatus::kActive:
      return "ACTIVE";
  }
  return "ACTIVE";
}

std::string_view IndexStatusName(IndexStatus status) {
  switch (status) {
    case IndexStatus::kCreating:
      return "CREATING";
    case IndexStatus::kUpdating:
      return "UPDATING";
    case IndexStatus::kDeleting:
      return "DELETING";
    case IndexStatus::kActive:
      return "ACTIVE";
  }
  return "ACTIVE";
}

std::int64_t DecreasesToday(const ProvisionedThroughput& throughput, std::int64_t now_micros) {
  if (throughput.last_decrease_micros == 0) return 0;
  if (throughput.last_decrease_micros / kMicrosPerDay != now_micros / kMicrosPerDay) return 0;
  return throughput.decreases_today;
}

WarmThroughputValue ComputeWarmThroughput(const TableSchema& table,
                                          const ProvisionedThroughput& throughput) {
  if (OnDemand(table)) return {kOnDemandBaselineReads, kOnDemandBaselineWrites};
  if (table.billing_mode_last_update_micros != 0) {
    return {std::max(kOnDemandBaselineReads, throughput.read_capacity_units),
            std::max(kOnDemandBaselineWrites, throughput.write_capacity_units)};
  }
  return {throughput.read_capacity_units, throughput.write_capacity_units};
}

}  // namespace ddbemu::api
