// The control operations beyond tables: DescribeEndpoints and DescribeLimits, point-in-time
// recovery (Describe/UpdateContinuousBackups) and Contributor Insights, with the per-table
// settings the last two keep.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "api/control_requests.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/engine.h"
#include "storage/env.h"
#include "storage/table_schema.h"
#include "storage/txn.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

// ---- table settings ----------------------------------------------------------------------------
// Per-table settings of the control plane that are not part of the table's schema: point-in-
// time recovery and Contributor Insights (table and each GSI). Kept in the meta DBI under
// "X" | table id | 0 | name, so they belong to one incarnation of a table: a table recreated
// under the same name has a new id and starts with every setting off, as on AWS.

struct PitrSetting {
  bool enabled = false;
  std::int64_t enabled_micros = 0;  // when it was last turned on
  std::int64_t recovery_days = 35;  // RecoveryPeriodInDays, 1..35
};

struct InsightsSetting {
  bool enabled = false;
  std::int64_t updated_micros = 0;  // LastUpdateDateTime
  std::string mode = "ACCESSED_AND_THROTTLED_KEYS";
};

Result<PitrSetting> LoadPitr(const storage::Txn& txn, const storage::Env& env,
                             const TableSchema& table);
Status StorePitr(storage::WriteTxn& txn, const storage::Env& env, const TableSchema& table,
                 const PitrSetting& setting);

// `index` "" for the table itself. Absent means never enabled (DISABLED).
Result<std::optional<InsightsSetting>> LoadInsights(const storage::Txn& txn,
                                                    const storage::Env& env,
                                                    const TableSchema& table,
                                                    std::string_view index);
Status StoreInsights(storage::WriteTxn& txn, const storage::Env& env, const TableSchema& table,
                     std::string_view index, const InsightsSetting& setting);

// ---- service info ------------------------------------------------------------------------------
// DescribeEndpoints and DescribeLimits: what SDKs and tools ask of the service itself.
//  - DescribeEndpoints names the endpoint to use for endpoint discovery; a local endpoint has
//    no regional address, so it names the one every SDK would build for the caller's region
//    (SDKs that discover endpoints are pointed at ddb-local explicitly and keep using it).
//  - DescribeLimits answers the account's and a table's maximum provisioned capacity: AWS's
//    default quotas (80,000 per account, 40,000 per table), which DynamoDB Local answers too;
//    the per-table figures follow the capacity model's on-demand table quota.

std::string DescribeEndpointsAddress(const Caller& caller);

struct ServiceLimits {
  std::int64_t account_read = 80'000;
  std::int64_t account_write = 80'000;
  std::int64_t table_read = 40'000;
  std::int64_t table_write = 40'000;
};
ServiceLimits DescribeLimits();

// ---- continuous backups ------------------------------------------------------------------------
// DescribeContinuousBackups and UpdateContinuousBackups: the point-in-time recovery switch of
// a table (ops/control/control.h keeps it). Continuous backups are always ENABLED, as on
// AWS; with PITR on, the restorable window runs from when it was turned on (or the recovery
// period ago, 1..35 days, default 35) to five minutes ago, as the Developer Guide describes
// LatestRestorableDateTime ("typically 5 minutes before the current time").

// TableNotFoundException "Table not found: NAME" for no such table (what Terraform and
// ScoutSuite users quote from AWS).
Result<api::PitrDescription> DescribeContinuousBackups(Engine& engine, const Caller& caller,
                                                       std::string_view table_name);

// The restorable window of a table with `setting` at `now_micros` (what
// DescribeContinuousBackups reports; RestoreTableToPointInTime accepts times inside it).
api::PitrDescription PitrWindow(const PitrSetting& setting, std::int64_t now_micros);

// Turns PITR on or off (starting or dropping the table's change log, storage/change_log.h);
// RecoveryPeriodInDays only with PITR on (ValidationException otherwise).
Result<api::PitrDescription> UpdateContinuousBackups(
    Engine& engine, const Caller& caller, const api::UpdateContinuousBackupsRequest& request);

// ---- contributor insights ----------------------------------------------------------------------
// Describe/Update/ListContributorInsights. The switch is kept per table and per GSI
// (ops/control/control.h); the data behind it is the capacity model's hot-key
// statistics, which ddb-local serves at GET /_ddblocal/capacity?table=NAME (its
// top_keys_by_consumption and top_keys_by_throttles are what the rules' CloudWatch graphs show
// on AWS: the most accessed and the most throttled partition keys).

// ResourceNotFoundException for no such table or index.
Result<api::InsightsDescription> DescribeContributorInsights(
    Engine& engine, const Caller& caller, const api::ContributorInsightsRequest& request);

// ENABLE or DISABLE; answers the new status (ENABLED / DISABLED: the change is immediate here).
Result<api::InsightsDescription> UpdateContributorInsights(
    Engine& engine, const Caller& caller, const api::ContributorInsightsRequest& request);

// The tables and GSIs whose Contributor Insights was ever switched on, at most MaxResults
// (1..100) after NextToken; `next_token` is the last summary's "table/index" when more follow.
struct InsightsPage {
  std::vector<api::InsightsDescription> summaries;
  std::string next_token;
};
Result<InsightsPage> ListContributorInsights(Engine& engine, const Caller& caller,
                                             const api::ListContributorInsightsRequest& request);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
