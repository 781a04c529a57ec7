// The embedded client's backup operations (CreateBackup, DescribeBackup, DeleteBackup,
// ListBackups, RestoreTableFromBackup, RestoreTableToPointInTime): public request -> the api/
// model, and the engine's typed answer -> the public response with exactly the members the JSON
// path renders (api_json/backups_codec.cc), times at the millisecond as JSON carries them.
#include "api/table_names.h"
#include "embedded/typed_admin.h"
#include "embedded/typed_conversions.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::embedded {
namespace {

// BackupArn: 37..1024 characters (the API model).
Status CheckBackupArn(const std::string& arn) { return CheckLength(arn, "backupArn", 37, 1024); }

// BackupName: 3..255 characters of [a-zA-Z0-9_.-] (the API model's BackupName shape).
Status CheckBackupName(const std::string& name) {
  DDBEMU_RETURN_IF_ERROR(CheckLength(name, "backupName", 3, 255));
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '.' || c == '-';
    if (!ok) {
      return Constraint(name, "backupName",
                        "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
    }
  }
  return Status::Ok();
}

BackupStatus BackupStatusOf(const std::string& status) {
  if (status == "DELETED") return BackupStatus::kDeleted;
  if (status == "CREATING") return BackupStatus::kCreating;
  return BackupStatus::kAvailable;
}

BackupDetails Details(const api::BackupView& b) {
  BackupDetails out;
  out.backup_arn = b.arn;
  out.backup_name = b.name;
  out.backup_size_bytes = static_cast<std::int64_t>(b.size_bytes);
  out.backup_status = BackupStatusOf(b.status);
  out.backup_type = BackupType::kUser;
  out.backup_creation_date_time_micros = WholeMillis(b.creation_micros);
  return out;
}

SourceTableDetails Source(const api::BackupView& b) {
  SourceTableDetails out;
  out.table_name = b.table_name;
  out.table_id = b.table_id;
  out.table_arn = b.table_arn;
  out.table_size_bytes = static_cast<std::int64_t>(b.size_bytes);
  out.item_count = static_cast<std::int64_t>(b.item_count);
  if (b.source) {
    out.key_schema.push_back({b.source->partition_key.name, KeyType::kHash});
    if (b.source->sort_key) out.key_schema.push_back({b.source->sort_key->name, KeyType::kRange});
    out.table_creation_date_time_micros = WholeMillis(b.source->creation_micros);
    out.provisioned_throughput.read_capacity_units = b.source->throughput.read_capacity_units;
    out.provisioned_throughput.write_capacity_units = b.source->throughput.write_capacity_units;
    out.billing_mode = b.source->billing_mode == ddbemu::BillingMode::kPayPerRequest
                           ? BillingMode::kPayPerRequest
                           : BillingMode::kProvisioned;
  }
  return out;
}

BackupDescription Description(const api::BackupView& b) {
  BackupDescription out{Details(b), Source(b), {}};
  if (b.source) out.source_table_feature_details = api::FeatureDetailsOf(*b.source);
  return out;
}

RestoreSummary Summary(const api::RestoreTableResponse& r) {
  RestoreSummary out;
  if (!r.source_backup_arn.empty()) out.source_backup_arn = r.source_backup_arn;
  out.source_table_arn = r.source_table_arn;
  out.restore_date_time_micros = WholeMillis(r.restore_micros);
  out.restore_in_progress = false;
  return out;
}

TableDescription Restored(api::RestoreTableResponse& r) {
  ops::TableResult table{std::move(r.shown), std::move(r.counts), std::move(r.options)};
  return ToPublic(table);
}

}  // namespace

Result<api::CreateBackupRequest> ToEngine(const CreateBackupRequest& in) {
  DDBEMU_RETURN_IF_ERROR(CheckTableName(in.table_name));
  DDBEMU_RETURN_IF_ERROR(CheckBackupName(in.backup_name));
  return api::CreateBackupRequest{in.table_name, in.backup_name};
}

Result<api::BackupArnRequest> ToEngine(const DescribeBackupRequest& in) {
  DDBEMU_RETURN_IF_ERROR(CheckBackupArn(in.backup_arn));
  return api::BackupArnRequest{in.backup_arn};
}

Result<api::BackupArnRequest> ToEngine(const DeleteBackupRequest& in) {
  DDBEMU_RETURN_IF_ERROR(CheckBackupArn(in.backup_arn));
  return api::BackupArnRequest{in.backup_arn};
}

Result<api::ListBackupsRequest> ToEngine(const ListBackupsRequest& in) {
  api::ListBackupsRequest out;
  if (in.table_name) {
    DDBEMU_RETURN_IF_ERROR(CheckTableName(*in.table_name));
    out.table_name = *in.table_name;
  }
  if (in.limit) {
    if (*in.limit < 1 || *in.limit > 100) {
      return Constraint(std::to_string(*in.limit), "limit",
                        *in.limit < 1 ? "Member must have value greater than or equal to 1"
                                      : "Member must have value less than or equal to 100");
    }
    out.limit = in.limit;
  }
  if (in.time_range_lower_bound_micros) {
    out.lower_seconds = static_cast<double>(*in.time_range_lower_bound_micros) / 1e6;
  }
  if (in.time_range_upper_bound_micros) {
    out.upper_seconds = static_cast<double>(*in.time_range_upper_bound_micros) / 1e6;
  }
  if (in.exclusive_start_backup_arn) {
    DDBEMU_RETURN_IF_ERROR(
        CheckLength(*in.exclusive_start_backup_arn, "exclusiveStartBackupArn", 37, 1024));
    out.exclusive_start_backup_arn = *in.exclusive_start_backup_arn;
  }
  if (in.backup_type) {
    constexpr std::string_view kNames[] = {"USER", "SYSTEM", "AWS_BACKUP", "ALL"};
    out.backup_type = std::string(kNames[static_cast<int>(*in.backup_type)]);
  }
  return out;
}

Result<api::RestoreTableFromBackupRequest> ToEngine(const RestoreTableFromBackupRequest& in) {
  DDBEMU_RETURN_IF_ERROR(CheckTableName(in.target_table_name, "targetTableName"));
  DDBEMU_RETURN_IF_ERROR(CheckBackupArn(in.backup_arn));
  return api::RestoreTableFromBackupRequest{in.backup_arn, in.target_table_name,
                                            ToEngine(in.overrides)};
}

Result<api::RestoreTableToPointInTimeRequest> ToEngine(const RestoreTableToPointInTimeRequest& in) {
  api::RestoreTableToPointInTimeRequest out;
  if (in.source_table_name) {
    DDBEMU_RETURN_IF_ERROR(CheckTableName(*in.source_table_name, "sourceTableName"));
    out.source_table = *in.source_table_name;
  } else if (in.source_table_arn) {
    out.source_table = *in.source_table_arn;
  }
  DDBEMU_RETURN_IF_ERROR(CheckTableName(in.target_table_name, "targetTableName"));
  out.target_table_name = in.target_table_name;
  out.restore_micros = in.restore_date_time_micros;
  out.use_latest = in.use_latest_restorable_time;
  out.source_name_and_arn = in.source_table_name && in.source_table_arn;
  out.overrides = ToEngine(in.overrides);
  return out;
}

CreateBackupResponse ToCreateBackupResponse(const api::BackupView& backup) {
  return {Details(backup)};
}
DescribeBackupResponse ToDescribeBackupResponse(const api::BackupView& backup) {
  return {Description(backup)};
}
DeleteBackupResponse ToDeleteBackupResponse(const api::BackupView& backup) {
  return {Description(backup)};
}

ListBackupsResponse ToPublic(const api::ListBackupsResponse& response) {
  ListBackupsResponse out;
  for (const api::BackupView& b : response.backups) {
    BackupSummary s;
    s.table_name = b.table_name;
    s.table_id = b.table_id;
    s.table_arn = b.table_arn;
    s.backup_arn = b.arn;
    s.backup_name = b.name;
    s.backup_creation_date_time_micros = WholeMillis(b.creation_micros);
    s.backup_status = BackupStatusOf(b.status);
    s.backup_type = BackupType::kUser;
    s.backup_size_bytes = static_cast<std::int64_t>(b.size_bytes);
    out.backup_summaries.push_back(std::move(s));
  }
  if (!response.last_evaluated_arn.empty()) {
    out.last_evaluated_backup_arn = response.last_evaluated_arn;
  }
  return out;
}

RestoreTableFromBackupResponse ToRestoreFromBackupResponse(api::RestoreTableResponse response) {
  RestoreTableFromBackupResponse out;
  out.restore_summary = Summary(response);
  out.table_description = Restored(response);
  return out;
}

RestoreTableToPointInTimeResponse ToRestoreToPointInTimeResponse(
    api::RestoreTableResponse response) {
  RestoreTableToPointInTimeResponse out;
  out.restore_summary = Summary(response);
  out.table_description = Restored(response);
  return out;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::embedded
