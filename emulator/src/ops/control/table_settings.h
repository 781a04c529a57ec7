// Per-table settings of the control plane that are not part of the table's schema: point-in-
// time recovery and Contributor Insights (table and each GSI). Kept in the meta DBI under
// "X" | table id | 0 | name, so they belong to one incarnation of a table: a table recreated
// under the same name has a new id and starts with every setting off, as on AWS.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ddbemu/error.h"
#include "storage/env.h"
#include "storage/table_schema.h"
#include "storage/txn.h"

namespace ddbemu::ops {

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

}  // namespace ddbemu::ops
