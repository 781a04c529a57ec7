// The JSON codec of api/backup_requests.h (docs/architecture.md: the api_json layer, above ops):
// reading a validated request body into that model and writing its responses.
#pragma once

#include <rapidjson/document.h>

#include <string>
#include <vector>

#include "api/backup_requests.h"
#include "api_json/table_description.h"

namespace ddbemu::api {

ListBackupsRequest ParseListBackups(const rapidjson::Value& body);

std::string RenderCreateBackup(const BackupView& b);
// {"BackupDescription": {...}} for DescribeBackup and DeleteBackup.
std::string RenderBackupDescription(const BackupView& b);
std::string RenderListBackups(const ListBackupsResponse& response);
// {"TableDescription": {..., "RestoreSummary": {...}}} of both restores.
std::string RenderRestoreTable(const RestoreTableResponse& response);

CreateBackupRequest ParseCreateBackup(const rapidjson::Value& body);
BackupArnRequest ParseBackupArn(const rapidjson::Value& body);
RestoreTableFromBackupRequest ParseRestoreTableFromBackup(const rapidjson::Value& body);
RestoreTableToPointInTimeRequest ParseRestoreTableToPointInTime(const rapidjson::Value& body);

}  // namespace ddbemu::api
