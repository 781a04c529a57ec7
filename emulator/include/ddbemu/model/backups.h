// On-demand backups: CreateBackup, DescribeBackup, ListBackups, DeleteBackup and
// RestoreTableFromBackup, shaped as the API reference's requests and responses (BackupDetails,
// BackupDescription, BackupSummary, RestoreSummary). Times are microseconds since the epoch (the
// service reports milliseconds).
//
//   auto made = client->CreateBackup({.table_name = "Music", .backup_name = "before-migration"});
//   client->RestoreTableFromBackup({.target_table_name = "Music2",
//                                   .backup_arn = made->backup_details.backup_arn});
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddbemu/model/tables.h"
#include "ddbemu/model/ttl_tags.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {

enum class BackupStatus : std::uint8_t { kCreating, kDeleted, kAvailable };
enum class BackupType : std::uint8_t { kUser, kSystem, kAwsBackup };
// ListBackups' filter: the types above, or every one.
enum class BackupTypeFilter : std::uint8_t { kUser, kSystem, kAwsBackup, kAll };

struct BackupDetails {
  std::string backup_arn;
  std::string backup_name;
  std::optional<std::int64_t> backup_size_bytes;
  BackupStatus backup_status = BackupStatus::kAvailable;
  BackupType backup_type = BackupType::kUser;
  std::int64_t backup_creation_date_time_micros = 0;
  std::optional<std::int64_t> backup_expiry_date_time_micros;  // SYSTEM backups only
};

// The table as it was when the backup was taken.
struct SourceTableDetails {
  std::string table_name;
  std::string table_id;
  std::string table_arn;
  std::optional<std::int64_t> table_size_bytes;
  std::vector<KeySchemaElement> key_schema;
  std::int64_t table_creation_date_time_micros = 0;
  ProvisionedThroughput provisioned_throughput;
  std::optional<std::int64_t> item_count;
  std::optional<BillingMode> billing_mode;
};

// VectorIndexInfo: a vector index as it was when the backup was taken — the members of
// CreateTable's VectorIndex (name, vector attribute, SearchSchema, projection, dimensions,
// distance function), without the description's status, ARN and counts.
using VectorIndexInfo = VectorIndex;

// LocalSecondaryIndexInfo and GlobalSecondaryIndexInfo: an index as it was when the backup was
// taken — name, key schema and projection, and for a GSI its provisioned throughput (read and
// write units only) and, when it has maxima, its OnDemandThroughput.
using LocalSecondaryIndexInfo = LocalSecondaryIndex;
using GlobalSecondaryIndexInfo = GlobalSecondaryIndex;

// SourceTableFeatureDetails: the features the table had when the backup was taken. A member is
// present when the table had that feature: StreamDescription while its stream was enabled,
// TimeToLiveDescription while TTL was enabled. SSEDescription is never present: every table
// here is encrypted with the AWS owned key, which the service does not describe.
struct SourceTableFeatureDetails {
  std::vector<LocalSecondaryIndexInfo> local_secondary_indexes;
  std::vector<GlobalSecondaryIndexInfo> global_secondary_indexes;
  std::optional<StreamSpecification> stream_description;
  std::optional<TimeToLiveDescription> time_to_live_description;
  std::vector<VectorIndexInfo> vector_indexes;
};

struct BackupDescription {
  std::optional<BackupDetails> backup_details;
  std::optional<SourceTableDetails> source_table_details;
  // Present when the table had a feature to report (indexes, a stream, TTL).
  std::optional<SourceTableFeatureDetails> source_table_feature_details;
};

struct CreateBackupRequest {
  std::string table_name;  // a table name or ARN
  std::string backup_name;
};
struct CreateBackupResponse {
  BackupDetails backup_details;
};

struct DescribeBackupRequest {
  std::string backup_arn;
};
struct DescribeBackupResponse {
  BackupDescription backup_description;
};

struct DeleteBackupRequest {
  std::string backup_arn;
};
struct DeleteBackupResponse {
  BackupDescription backup_description;  // status DELETED
};

struct ListBackupsRequest {
  std::optional<std::string> table_name;  // absent: every table's backups
  std::optional<std::int64_t> limit;      // 1..100
  // Backups created in [lower, upper), microseconds since the epoch.
  std::optional<std::int64_t> time_range_lower_bound_micros;
  std::optional<std::int64_t> time_range_upper_bound_micros;
  std::optional<std::string> exclusive_start_backup_arn;  // the previous page's last
  std::optional<BackupTypeFilter> backup_type;            // absent: USER
};
struct BackupSummary {
  std::string table_name;
  std::string table_id;
  std::string table_arn;
  std::string backup_arn;
  std::string backup_name;
  std::int64_t backup_creation_date_time_micros = 0;
  std::optional<std::int64_t> backup_expiry_date_time_micros;
  BackupStatus backup_status = BackupStatus::kAvailable;
  BackupType backup_type = BackupType::kUser;
  std::optional<std::int64_t> backup_size_bytes;
};
struct ListBackupsResponse {
  std::vector<BackupSummary> backup_summaries;
  std::optional<std::string> last_evaluated_backup_arn;  // present when more follow
};

// The *Override members of both restores: what the restored table changes of its source.
// An index list names the indexes to keep, each matching one of the source's by key schema
// (vector attribute, dimensions, distance) and projection, so it may rename one but not add one;
// an empty list keeps none, an absent one all. ProvisionedThroughput requires PROVISIONED,
// OnDemandThroughput PAY_PER_REQUEST (the source's billing mode, or billing_mode).
struct RestoreOverrides {
  std::optional<BillingMode> billing_mode;
  std::optional<ProvisionedThroughput> provisioned_throughput;  // read and write units
  std::optional<OnDemandThroughput> on_demand_throughput;
  std::optional<std::vector<GlobalSecondaryIndex>> global_secondary_indexes;
  std::optional<std::vector<LocalSecondaryIndex>> local_secondary_indexes;
  std::optional<std::vector<VectorIndex>> vector_indexes;
};

struct RestoreTableFromBackupRequest {
  std::string target_table_name;
  std::string backup_arn;
  RestoreOverrides overrides;
};
// The API's RestoreSummary, which the service puts inside the TableDescription.
struct RestoreSummary {
  std::optional<std::string> source_backup_arn;
  std::optional<std::string> source_table_arn;
  std::int64_t restore_date_time_micros = 0;
  bool restore_in_progress = false;
};
struct RestoreTableFromBackupResponse {
  TableDescription table_description;
  std::optional<RestoreSummary> restore_summary;  // TableDescription.RestoreSummary
};

// The source table (by name or ARN) as it was at `restore_date_time_micros`, or at the latest
// restorable time, restored as a new table; the source needs point-in-time recovery enabled
// (UpdateContinuousBackups) and the time must lie in its restorable window.
struct RestoreTableToPointInTimeRequest {
  std::string target_table_name;
  std::optional<std::string> source_table_name;
  std::optional<std::string> source_table_arn;
  std::optional<std::int64_t> restore_date_time_micros;  // RestoreDateTime
  bool use_latest_restorable_time = false;
  RestoreOverrides overrides;
};
struct RestoreTableToPointInTimeResponse {
  TableDescription table_description;
  std::optional<RestoreSummary> restore_summary;  // TableDescription.RestoreSummary
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
