// CreateBackup, DescribeBackup, ListBackups, DeleteBackup and RestoreTableFromBackup, on the
// snapshots of backup_store.h. Backups are instant here: CreateBackup answers AVAILABLE and
// RestoreTableFromBackup's table is usable at once (its answer says CREATING, as AWS's does).
// Errors as the service names them: TableNotFoundException "Table not found: NAME",
// BackupNotFoundException "Backup not found: ARN", TableAlreadyExistsException "Table already
// exists: NAME".
#pragma once

#include <string>
#include <vector>

#include "api/backup_requests.h"
#include "ddbemu/error.h"
#include "ops/engine.h"

namespace ddbemu::ops {

Result<std::string> CreateBackup(Engine& engine, const Caller& caller, std::string_view table_name,
                                 std::string_view backup_name);
Result<std::string> DescribeBackup(Engine& engine, const Caller& caller,
                                   std::string_view backup_arn);
Result<std::string> DeleteBackup(Engine& engine, const Caller& caller, std::string_view backup_arn);
Result<std::string> ListBackups(Engine& engine, const Caller& caller,
                                const api::ListBackupsRequest& request);
Result<std::string> RestoreTableFromBackup(Engine& engine, const Caller& caller,
                                           std::string_view backup_arn,
                                           std::string_view target_table_name);

}  // namespace ddbemu::ops
