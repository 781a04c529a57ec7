// Request readers and answer writers of the on-demand backup operations: CreateBackup,
// DescribeBackup, ListBackups, DeleteBackup and RestoreTableFromBackup (the API reference's
// BackupDetails, BackupDescription and BackupSummary shapes, members in its order).
#pragma once

#include <rapidjson/document.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "storage/table_schema.h"

namespace ddbemu::api {

struct ListBackupsRequest {
  std::string table_name;  // "" for every table
  std::optional<std::int64_t> limit;
  std::string exclusive_start_backup_arn;
  std::optional<double> lower_seconds;  // TimeRangeLowerBound (inclusive)
  std::optional<double> upper_seconds;  // TimeRangeUpperBound (exclusive)
  std::string backup_type;              // USER, SYSTEM, AWS_BACKUP, ALL; "" = USER
};
ListBackupsRequest ParseListBackups(const rapidjson::Value& body);

// One backup as the answers show it.
struct BackupView {
  std::string arn;
  std::string name;
  std::string status;  // AVAILABLE, DELETED
  std::uint64_t size_bytes = 0;
  std::int64_t creation_micros = 0;
  std::string table_name;
  std::string table_id;
  std::string table_arn;
  std::uint64_t item_count = 0;
  const TableSchema* source = nullptr;  // the copied schema (DescribeBackup, DeleteBackup)
};

std::string RenderCreateBackup(const BackupView& b);
// {"BackupDescription": {...}} for DescribeBackup and DeleteBackup.
std::string RenderBackupDescription(const BackupView& b);
std::string RenderListBackups(const std::vector<BackupView>& backups,
                              const std::string& last_evaluated_arn);
// `table_description` is RenderTableDescription("TableDescription", ...); the answer adds the
// RestoreSummary of the API reference to it.
std::string WithRestoreSummary(std::string table_description, const std::string& backup_arn,
                               const std::string& source_table_arn, std::int64_t now_micros);

}  // namespace ddbemu::api
