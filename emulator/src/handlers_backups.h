// Handlers of the on-demand backup operations (handlers_backups.cc), listed in
// operation_table.cc.
#pragma once

#include <rapidjson/document.h>

#include <string>

#include "ddbemu/error.h"
#include "ops/engine.h"

namespace ddbemu::handlers {

#define DDB_BACKUP_HANDLER(name)                                           \
  Result<std::string> name(ops::Engine& engine, const ops::Caller& caller, \
                           const rapidjson::Value& body)

DDB_BACKUP_HANDLER(CreateBackup);
DDB_BACKUP_HANDLER(DescribeBackup);
DDB_BACKUP_HANDLER(DeleteBackup);
DDB_BACKUP_HANDLER(ListBackups);
DDB_BACKUP_HANDLER(RestoreTableFromBackup);
DDB_BACKUP_HANDLER(RestoreTableToPointInTime);

#undef DDB_BACKUP_HANDLER

}  // namespace ddbemu::handlers
