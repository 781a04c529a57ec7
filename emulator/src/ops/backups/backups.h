// CreateBackup, DescribeBackup, ListBackups, DeleteBackup and RestoreTableFromBackup, on the
// snapshots of backup_store.h. Backups are instant here: CreateBackup answers AVAILABLE and
// RestoreTableFromBackup's table is usable at once (its answer says CREATING, as AWS's does).
// Errors as the service names them: TableNotFoundException "Table not found: NAME",
// BackupNotFoundException "Backup not found: ARN", TableAlreadyExistsException "Table already
// exists: NAME".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "api/backup_requests.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/engine.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

Result<api::BackupView> CreateBackup(Engine& engine, const Caller& caller,
                                     const api::CreateBackupRequest& request);
Result<api::BackupView> DescribeBackup(Engine& engine, const Caller& caller,
                                       const api::BackupArnRequest& request);
Result<api::BackupView> DeleteBackup(Engine& engine, const Caller& caller,
                                     const api::BackupArnRequest& request);
Result<api::ListBackupsResponse> ListBackups(Engine& engine, const Caller& caller,
                                             const api::ListBackupsRequest& request);
Result<api::RestoreTableResponse> RestoreTableFromBackup(
    Engine& engine, const Caller& caller, const api::RestoreTableFromBackupRequest& request);

// Shapes `restored`, a copy of `source` under its new name, as both restores leave it: without
// the settings a restore drops (streams, TTL, tags, deletion protection, table class), with
// the indexes and billing that `overrides` asks for. A ValidationException, as the service's,
// when an override names an index the source lacks or a throughput its billing mode refuses.
Status ShapeRestoredTable(const api::RestoreOverrides& overrides, const TableSchema& source,
                          std::int64_t now_micros, TableSchema* restored);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
