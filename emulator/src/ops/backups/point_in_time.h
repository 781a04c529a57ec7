// RestoreTableToPointInTime: a new table holding the source table as it was at a time inside
// its restorable window (DescribeContinuousBackups' EarliestRestorableDateTime ..
// LatestRestorableDateTime), rebuilt from the table's current items and its change log
// (storage/change_log.h), which PITR keeps for the recovery period.
//
// As the API reference says, the new table takes the source's current key schema, indexes,
// billing and throughput, and not its tags, stream, Time to Live or PITR settings. Like the
// other restores here it is instant: the answer says CREATING with a RestoreSummary, and the
// table is usable at once.
//
// Errors as the service names them: TableNotFoundException "Table not found: NAME" (source),
// TableAlreadyExistsException "Table already exists: NAME" (target),
// PointInTimeRecoveryUnavailableException "Point in time recovery is not enabled for table
// 'NAME'", InvalidRestoreTimeException "Invalid restore time: RestoreDateTime must be between
// EarliestRestorableDateTime and LatestRestorableDateTime" (the API reference's description).
#pragma once

#include <string>

#include "api/backup_requests.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/engine.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

Result<api::RestoreTableResponse> RestoreTableToPointInTime(
    Engine& engine, const Caller& caller, const api::RestoreTableToPointInTimeRequest& request);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
