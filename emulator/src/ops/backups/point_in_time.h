// RestoreTableToPointInTime: a new table holding the source table as it was at a time inside
// its restorable window (DescribeContinuousBackups' EarliestRestorableDateTime ..
// LatestRestorableDateTime), rebuilt from the table's current items and its change log
// (storage/change_log.h), which PITR keeps for the recovery period.
//
// As the API reference says, the new table takes the source's current key schema, indexes,
// billing and throughput, less what a restore drops and changed by the request's overrides
// (backups.h, ShapeRestoredTable). Like the other restores here it is instant: the answer says
// CREATING with a RestoreSummary, and the table is usable at once.
//
// Errors as the service words them (recorded against AWS in October 2026: ack-api-quirks,
// dynamodb "Table restores", DDB-TABLE-086, 100 and 272), checked in its order:
//  - ValidationException "Must provide exactly one of: sourceTableArn, sourceTableName", and
//    "Invalid Request: Either one of RestoreDateTime or UseLatestRestorableTime must be
//    specified, but not both" when neither is given;
//  - TableNotFoundException "Table not found: NAME" (the source);
//  - PointInTimeRecoveryUnavailableException "Point in time recovery is not enabled for table
//    'NAME'";
//  - InvalidRestoreTimeException "RestoreDateTime '2026-10-06T23:16:32Z' must be within
//    EarliestRestorableDateTime '...' and LatestRestorableDateTime '...'";
//  - TableAlreadyExistsException "Table already exists: NAME" (the target).
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
