// Point-in-time recovery status (see control.h).
#include "ops/control/control.h"

#include <algorithm>

#include "ops/tables/tables.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

constexpr std::int64_t kMicrosPerDay = 86'400'000'000;
constexpr std::int64_t kLatestLagMicros = 5 * 60'000'000;  // "5 minutes before the current time"

ApiError PitrTableNotFound(std::string_view name) {
  return ApiError(ErrorCode::kTableNotFound, "Table not found: " + std::string(name));
}

}  // namespace

api::PitrDescription PitrWindow(const PitrSetting& setting, std::int64_t now) {
  api::PitrDescription d;
  d.enabled = setting.enabled;
  d.recovery_days = setting.recovery_days;
  if (setting.enabled) {
    d.latest_micros = std::max(setting.enabled_micros, now - kLatestLagMicros);
    d.earliest_micros =
        std::max(setting.enabled_micros, now - setting.recovery_days * kMicrosPerDay);
    d.earliest_micros = std::min(d.earliest_micros, d.latest_micros);
  }
  return d;
}

Result<api::PitrDescription> DescribeContinuousBackups(Engine& engine, const Caller& caller,
                                                       std::string_view table_name) {
  DDBEMU_ASSIGN_OR_RETURN(const std::string name, ResolveTableName(caller, table_name));
  DDBEMU_ASSIGN_OR_RETURN(storage::ReadTxn txn, engine.env.BeginRead());
  DDBEMU_ASSIGN_OR_RETURN(auto table, engine.catalog.GetShared(txn, caller.ns, name));
  if (table == nullptr) return PitrTableNotFound(name);
  DDBEMU_ASSIGN_OR_RETURN(const PitrSetting setting, LoadPitr(txn, engine.env, *table));
  return PitrWindow(setting, engine.clock.NowMicros());
}

Result<api::PitrDescription> UpdateContinuousBackups(
    Engine& engine, const Caller& caller, const api::UpdateContinuousBackupsRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(const std::string name, ResolveTableName(caller, request.table_name));
  if (request.recovery_days && !request.enabled) {
    return ApiError::Validation(
        "RecoveryPeriodInDays can only be specified when PointInTimeRecoveryEnabled is true");
  }
  DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  DDBEMU_ASSIGN_OR_RETURN(auto table, engine.catalog.Get(txn, caller.ns, name));
  if (!table) return PitrTableNotFound(name);
  DDBEMU_ASSIGN_OR_RETURN(PitrSetting setting, LoadPitr(txn, engine.env, *table));
  const std::int64_t now = engine.clock.NowMicros();
  if (request.enabled && !setting.enabled) setting.enabled_micros = now;
  setting.enabled = request.enabled;
  setting.recovery_days = request.recovery_days.value_or(35);
  DDBEMU_RETURN_IF_ERROR(StorePitr(txn, engine.env, *table, setting));
  // The history RestoreTableToPointInTime rebuilds from: kept while PITR is on, for the
  // recovery period; turning PITR off forgets it.
  if (engine.change_log != nullptr) {
    if (setting.enabled) {
      DDBEMU_RETURN_IF_ERROR(
          engine.change_log->Enable(txn, table->table_id, setting.recovery_days * kMicrosPerDay));
    } else {
      DDBEMU_RETURN_IF_ERROR(engine.change_log->Disable(txn, table->table_id));
    }
  }
  DDBEMU_RETURN_IF_ERROR(txn.Commit());
  return PitrWindow(setting, now);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
