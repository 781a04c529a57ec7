// Request readers and answer writers of the on-demand backup operations: CreateBackup,
// DescribeBackup, ListBackups, DeleteBackup and RestoreTableFromBackup (the API reference's
// BackupDetails, BackupDescription and BackupSummary shapes, members in its order).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "api/table_description.h"
#include "api/table_requests.h"
#include "ddbemu/version.h"
#include "storage/table_schema.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api {

struct CreateBackupRequest {
  std::string table_name;
  std::string backup_name;
};

// DescribeBackup and DeleteBackup.
struct BackupArnRequest {
  std::string backup_arn;
};

// The *Override members of both restores: what the restored table changes of its source's
// settings. An index list names the indexes to keep (each must match one of the source's); an
// empty list keeps none, an absent one all (ops/backups/backups.h, ShapeRestoredTable).
struct RestoreOverrides {
  std::optional<std::string> billing_mode;  // BillingModeOverride
  std::optional<ThroughputRequest> provisioned_throughput;
  std::optional<OnDemandRequest> on_demand_throughput;
  std::optional<std::vector<SecondaryIndexRequest>> global_secondary_indexes;
  std::optional<std::vector<SecondaryIndexRequest>> local_secondary_indexes;
  std::optional<std::vector<VectorIndexRequest>> vector_indexes;
};

struct RestoreTableFromBackupRequest {
  std::string backup_arn;
  std::string target_table_name;
  RestoreOverrides overrides;
};

struct RestoreTableToPointInTimeRequest {
  std::string source_table;          // SourceTableName, else SourceTableArn
  bool source_name_and_arn = false;  // both given: the service refuses it
  std::string target_table_name;
  std::optional<std::int64_t> restore_micros;  // RestoreDateTime
  bool use_latest = false;                     // UseLatestRestorableTime
  RestoreOverrides overrides;
};

struct ListBackupsRequest {
  std::string table_name;  // "" for every table
  std::optional<std::int64_t> limit;
  std::string exclusive_start_backup_arn;
  std::optional<double> lower_seconds;  // TimeRangeLowerBound (inclusive)
  std::optional<double> upper_seconds;  // TimeRangeUpperBound (exclusive)
  std::string backup_type;              // USER, SYSTEM, AWS_BACKUP, ALL; "" = USER
};

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
  std::optional<TableSchema> source;  // the copied schema (DescribeBackup, DeleteBackup)
};

struct ListBackupsResponse {
  std::vector<BackupView> backups;
  std::string last_evaluated_arn;  // "" when no more backups follow
};

// The answer of both restores: the new table's description (as CreateTable's) and the
// RestoreSummary of the API reference.
struct RestoreTableResponse {
  TableSchema shown;
  TableCounts counts;
  DescriptionOptions options;
  std::string source_backup_arn;  // "" for a point-in-time restore
  std::string source_table_arn;
  std::int64_t restore_micros = 0;
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api
