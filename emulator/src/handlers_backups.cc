// The backup handlers: read the validated body, run ops/backups/backups.h (which renders).
#include "handlers_backups.h"

#include "api/backup_requests.h"
#include "api/json_read.h"
#include "ops/backups/backups.h"
#include "ops/backups/point_in_time.h"

namespace ddbemu::handlers {

Result<std::string> CreateBackup(ops::Engine& engine, const ops::Caller& caller,
                                 const rapidjson::Value& body) {
  return ops::CreateBackup(engine, caller, api::StringOr(body, "TableName", ""),
                           api::StringOr(body, "BackupName", ""));
}

Result<std::string> DescribeBackup(ops::Engine& engine, const ops::Caller& caller,
                                   const rapidjson::Value& body) {
  return ops::DescribeBackup(engine, caller, api::StringOr(body, "BackupArn", ""));
}

Result<std::string> DeleteBackup(ops::Engine& engine, const ops::Caller& caller,
                                 const rapidjson::Value& body) {
  return ops::DeleteBackup(engine, caller, api::StringOr(body, "BackupArn", ""));
}

Result<std::string> ListBackups(ops::Engine& engine, const ops::Caller& caller,
                                const rapidjson::Value& body) {
  return ops::ListBackups(engine, caller, api::ParseListBackups(body));
}

Result<std::string> RestoreTableFromBackup(ops::Engine& engine, const ops::Caller& caller,
                                           const rapidjson::Value& body) {
  return ops::RestoreTableFromBackup(engine, caller, api::StringOr(body, "BackupArn", ""),
                                     api::StringOr(body, "TargetTableName", ""));
}

Result<std::string> RestoreTableToPointInTime(ops::Engine& engine, const ops::Caller& caller,
                                              const rapidjson::Value& body) {
  return ops::RestoreTableToPointInTime(engine, caller, body);
}

}  // namespace ddbemu::handlers
