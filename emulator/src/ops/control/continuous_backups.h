// DescribeContinuousBackups and UpdateContinuousBackups: the point-in-time recovery switch of
// a table (ops/control/table_settings.h keeps it). Continuous backups are always ENABLED, as on
// AWS; with PITR on, the restorable window runs from when it was turned on (or the recovery
// period ago, 1..35 days, default 35) to five minutes ago, as the Developer Guide describes
// LatestRestorableDateTime ("typically 5 minutes before the current time").
#pragma once

#include "api/control_requests.h"
#include "ddbemu/error.h"
#include "ops/control/table_settings.h"
#include "ops/engine.h"

namespace ddbemu::ops {

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

}  // namespace ddbemu::ops
