// Capacity quotas and the decrease budget. Messages as the service words them (observed on
// DynamoDB, 2026): the quota breach names the requested value and the region; the budget
// breach names the count and the times.
#include "ops/tables/tables.h"

#include <string>

#include "api/table_description.h"
#include "value/text_encodings.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

constexpr std::int64_t kMicrosPerHour = 3'600'000'000;
constexpr std::string_view kQuotaAdvice =
    " Per table maximum: 40000. Refer to the Amazon DynamoDB Developer Guide for current limits "
    "and how to "
    "request higher limits.";

ApiError QuotaError(std::string_view dimension, std::string_view index_name, std::int64_t requested,
                    std::string_view region) {
  std::string message = "The requested " + std::string(dimension);
  if (!index_name.empty()) message += " for index " + std::string(index_name);
  message += ", " + std::to_string(requested) + ", is above the per " +
             (index_name.empty() ? "table" : "index") + " maximum for the account in " +
             std::string(region) + ".";
  return ApiError::LimitExceeded(message + std::string(kQuotaAdvice));
}

Status CheckQuota(const ProvisionedThroughput& pt, std::string_view index_name,
                  std::string_view region) {
  if (pt.read_capacity_units > kMaxCapacityUnitsPerTable) {
    return QuotaError("ReadCapacityUnits", index_name, pt.read_capacity_units, region);
  }
  if (pt.write_capacity_units > kMaxCapacityUnitsPerTable) {
    return QuotaError("WriteCapacityUnits", index_name, pt.write_capacity_units, region);
  }
  return Status::Ok();
}

}  // namespace

// Warm throughput goes up to the account's per-table (and per-index) quota, no further
// (Developer Guide, "Understanding DynamoDB warm throughput"). The service's wording for this
// refusal is not published: it is worded as the provisioned quota's.
Status CheckWarmQuota(const WarmSetting& warm, std::string_view index_name,
                      std::string_view region) {
  if (warm.read_units_per_second > kMaxCapacityUnitsPerTable) {
    return QuotaError("ReadUnitsPerSecond for WarmThroughput", index_name,
                      warm.read_units_per_second, region);
  }
  if (warm.write_units_per_second > kMaxCapacityUnitsPerTable) {
    return QuotaError("WriteUnitsPerSecond for WarmThroughput", index_name,
                      warm.write_units_per_second, region);
  }
  return Status::Ok();
}

Status CheckCapacityQuotas(const TableSchema& schema, std::string_view region) {
  DDBEMU_RETURN_IF_ERROR(CheckQuota(schema.throughput, "", region));
  DDBEMU_RETURN_IF_ERROR(CheckWarmQuota(schema.warm, "", region));
  for (const IndexSchema& index : schema.indexes) {
    if (index.is_local) continue;
    DDBEMU_RETURN_IF_ERROR(CheckQuota(index.throughput, index.name, region));
    DDBEMU_RETURN_IF_ERROR(CheckWarmQuota(index.warm, index.name, region));
  }
  return Status::Ok();
}

Result<ProvisionedThroughput> ChangeThroughput(const ProvisionedThroughput& current,
                                               std::int64_t read, std::int64_t write,
                                               std::int64_t now_micros) {
  ProvisionedThroughput next = current;
  const bool increase = read > current.read_capacity_units || write > current.write_capacity_units;
  const bool decrease = read < current.read_capacity_units || write < current.write_capacity_units;
  if (decrease) {
    const std::int64_t today = api::DecreasesToday(current, now_micros);
    if (today >= kFreeDecreasesPerDay &&
        now_micros - current.last_decrease_micros < kMicrosPerHour) {
      return ApiError::LimitExceeded(
          "Subscriber limit exceeded: Provisioned throughput decreases are limited within a given "
          "UTC day. After "
          "the first 4 decreases, each subsequent decrease in the same UTC day can be performed at "
          "most once every "
          "3600 seconds. Number of decreases today: " +
          std::to_string(today) + ". Last decrease at " +
          FormatUtcMillis(current.last_decrease_micros) + ". Next decrease can be made at " +
          FormatUtcMillis(current.last_decrease_micros + kMicrosPerHour));
    }
    next.decreases_today = today + 1;
    next.last_decrease_micros = now_micros;
  }
  if (increase) next.last_increase_micros = now_micros;
  next.read_capacity_units = read;
  next.write_capacity_units = write;
  return next;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
