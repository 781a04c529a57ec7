// The on-demand backup operations to and from JSON; see json_codec.h.
#include "http_client/json_client.h"
#include "http_client/json_shapes.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client {
namespace {

constexpr std::string_view kBackupStatusNames[] = {"CREATING", "DELETED", "AVAILABLE"};
constexpr std::string_view kTypeNames[] = {"USER", "SYSTEM", "AWS_BACKUP"};
constexpr std::string_view kFilterNames[] = {"USER", "SYSTEM", "AWS_BACKUP", "ALL"};

Result<BackupDetails> Details(const Json& d) {
  BackupDetails out;
  DDBEMU_ASSIGN_OR_RETURN(out.backup_arn, String(d, "BackupArn"));
  DDBEMU_ASSIGN_OR_RETURN(out.backup_name, String(d, "BackupName"));
  DDBEMU_ASSIGN_OR_RETURN(out.backup_size_bytes, OptInt(d, "BackupSizeBytes"));
  DDBEMU_ASSIGN_OR_RETURN(auto status, EnumOf<BackupStatus>(d, "BackupStatus", kBackupStatusNames));
  out.backup_status = status.value_or(BackupStatus::kAvailable);
  DDBEMU_ASSIGN_OR_RETURN(auto type, EnumOf<BackupType>(d, "BackupType", kTypeNames));
  out.backup_type = type.value_or(BackupType::kUser);
  DDBEMU_ASSIGN_OR_RETURN(out.backup_creation_date_time_micros,
                          Micros(d, "BackupCreationDateTime"));
  DDBEMU_ASSIGN_OR_RETURN(out.backup_expiry_date_time_micros, OptMicros(d, "BackupExpiryDateTime"));
  return out;
}

Result<SourceTableDetails> Source(const Json& s) {
  SourceTableDetails out;
  DDBEMU_ASSIGN_OR_RETURN(out.table_name, String(s, "TableName"));
  DDBEMU_ASSIGN_OR_RETURN(out.table_id, String(s, "TableId"));
  DDBEMU_ASSIGN_OR_RETURN(out.table_arn, String(s, "TableArn"));
  DDBEMU_ASSIGN_OR_RETURN(out.table_size_bytes, OptInt(s, "TableSizeBytes"));
  DDBEMU_ASSIGN_OR_RETURN(
      out.key_schema,
      ObjectList<KeySchemaElement>(s, "KeySchema", [](const Json& e) -> Result<KeySchemaElement> {
        KeySchemaElement k;
        DDBEMU_ASSIGN_OR_RETURN(k.attribute_name, String(e, "AttributeName"));
        DDBEMU_ASSIGN_OR_RETURN(auto type, EnumOf<KeyType>(e, "KeyType", kKeyTypeNames));
        k.key_type = type.value_or(KeyType::kHash);
        return k;
      }));
  DDBEMU_ASSIGN_OR_RETURN(out.table_creation_date_time_micros, Micros(s, "TableCreationDateTime"));
  DDBEMU_ASSIGN_OR_RETURN(const Json* pt, OptObject(s, "ProvisionedThroughput"));
  if (pt != nullptr) {
    DDBEMU_ASSIGN_OR_RETURN(out.provisioned_throughput.read_capacity_units,
                            Int(*pt, "ReadCapacityUnits"));
    DDBEMU_ASSIGN_OR_RETURN(out.provisioned_throughput.write_capacity_units,
                            Int(*pt, "WriteCapacityUnits"));
  }
  DDBEMU_ASSIGN_OR_RETURN(out.item_count, OptInt(s, "ItemCount"));
  DDBEMU_ASSIGN_OR_RETURN(out.billing_mode,
                          EnumOf<BillingMode>(s, "BillingMode", kBillingModeNames));
  return out;
}

Status ReadDescription(std::string_view body, BackupDescription& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(const Json* d, OptObject(doc, "BackupDescription"));
  if (d == nullptr) return Malformed("BackupDescription is missing");
  DDBEMU_ASSIGN_OR_RETURN(const Json* details, OptObject(*d, "BackupDetails"));
  if (details != nullptr) {
    DDBEMU_ASSIGN_OR_RETURN(out.backup_details, Details(*details));
  }
  DDBEMU_ASSIGN_OR_RETURN(const Json* source, OptObject(*d, "SourceTableDetails"));
  if (source != nullptr) {
    DDBEMU_ASSIGN_OR_RETURN(out.source_table_details, Source(*source));
  }
  DDBEMU_ASSIGN_OR_RETURN(const Json* features, OptObject(*d, "SourceTableFeatureDetails"));
  if (features != nullptr) {
    DDBEMU_ASSIGN_OR_RETURN(out.source_table_feature_details,
                            SourceTableFeatureDetailsFrom(*features));
  }
  return Status::Ok();
}

std::string BackupArnBody(const std::string& arn) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "BackupArn", arn);
  out.w.EndObject();
  return out.Take();
}

}  // namespace

std::string ToJson(const CreateBackupRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "TableName", r.table_name);
  Member(out.w, "BackupName", r.backup_name);
  out.w.EndObject();
  return out.Take();
}

Status FromJson(std::string_view body, CreateBackupResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(const Json* d, OptObject(doc, "BackupDetails"));
  if (d == nullptr) return Malformed("BackupDetails is missing");
  DDBEMU_ASSIGN_OR_RETURN(out.backup_details, Details(*d));
  return Status::Ok();
}

std::string ToJson(const DescribeBackupRequest& r) { return BackupArnBody(r.backup_arn); }
Status FromJson(std::string_view body, DescribeBackupResponse& out) {
  return ReadDescription(body, out.backup_description);
}

std::string ToJson(const DeleteBackupRequest& r) { return BackupArnBody(r.backup_arn); }
Status FromJson(std::string_view body, DeleteBackupResponse& out) {
  return ReadDescription(body, out.backup_description);
}

std::string ToJson(const ListBackupsRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "TableName", r.table_name);
  Member(out.w, "Limit", r.limit);
  if (r.time_range_lower_bound_micros) {
    MicrosMember(out.w, "TimeRangeLowerBound", *r.time_range_lower_bound_micros);
  }
  if (r.time_range_upper_bound_micros) {
    MicrosMember(out.w, "TimeRangeUpperBound", *r.time_range_upper_bound_micros);
  }
  Member(out.w, "ExclusiveStartBackupArn", r.exclusive_start_backup_arn);
  if (r.backup_type) Member(out.w, "BackupType", NameOf(*r.backup_type, kFilterNames));
  out.w.EndObject();
  return out.Take();
}

Status FromJson(std::string_view body, ListBackupsResponse& out) {
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(
      out.backup_summaries,
      ObjectList<BackupSummary>(doc, "BackupSummaries", [](const Json& e) -> Result<BackupSummary> {
        BackupSummary s;
        DDBEMU_ASSIGN_OR_RETURN(s.table_name, String(e, "TableName"));
        DDBEMU_ASSIGN_OR_RETURN(s.table_id, String(e, "TableId"));
        DDBEMU_ASSIGN_OR_RETURN(s.table_arn, String(e, "TableArn"));
        DDBEMU_ASSIGN_OR_RETURN(s.backup_arn, String(e, "BackupArn"));
        DDBEMU_ASSIGN_OR_RETURN(s.backup_name, String(e, "BackupName"));
        DDBEMU_ASSIGN_OR_RETURN(s.backup_creation_date_time_micros,
                                Micros(e, "BackupCreationDateTime"));
        DDBEMU_ASSIGN_OR_RETURN(s.backup_expiry_date_time_micros,
                                OptMicros(e, "BackupExpiryDateTime"));
        DDBEMU_ASSIGN_OR_RETURN(auto status,
                                EnumOf<BackupStatus>(e, "BackupStatus", kBackupStatusNames));
        s.backup_status = status.value_or(BackupStatus::kAvailable);
        DDBEMU_ASSIGN_OR_RETURN(auto type, EnumOf<BackupType>(e, "BackupType", kTypeNames));
        s.backup_type = type.value_or(BackupType::kUser);
        DDBEMU_ASSIGN_OR_RETURN(s.backup_size_bytes, OptInt(e, "BackupSizeBytes"));
        return s;
      }));
  DDBEMU_ASSIGN_OR_RETURN(out.last_evaluated_backup_arn, OptString(doc, "LastEvaluatedBackupArn"));
  return Status::Ok();
}

std::string ToJson(const RestoreTableFromBackupRequest& r) {
  JsonOut out;
  out.w.StartObject();
  Member(out.w, "TargetTableName", r.target_table_name);
  Member(out.w, "BackupArn", r.backup_arn);
  WriteRestoreOverrides(out.w, r.overrides);
  out.w.EndObject();
  return out.Take();
}

Status FromJson(std::string_view body, RestoreTableFromBackupResponse& out) {
  CreateTableResponse created;
  DDBEMU_RETURN_IF_ERROR(FromJson(body, created));
  out.table_description = std::move(created.table_description);
  rapidjson::Document doc;
  DDBEMU_RETURN_IF_ERROR(ParseObject(body, doc));
  DDBEMU_ASSIGN_OR_RETURN(const Json* d, OptObject(doc, "TableDescription"));
  if (d == nullptr) return Status::Ok();
  DDBEMU_ASSIGN_OR_RETURN(const Json* summary, OptObject(*d, "RestoreSummary"));
  if (summary == nullptr) return Status::Ok();
  RestoreSummary s;
  DDBEMU_ASSIGN_OR_RETURN(s.source_backup_arn, OptString(*summary, "SourceBackupArn"));
  DDBEMU_ASSIGN_OR_RETURN(s.source_table_arn, OptString(*summary, "SourceTableArn"));
  DDBEMU_ASSIGN_OR_RETURN(s.restore_date_time_micros, Micros(*summary, "RestoreDateTime"));
  DDBEMU_ASSIGN_OR_RETURN(auto in_progress, OptBool(*summary, "RestoreInProgress"));
  s.restore_in_progress = in_progress.value_or(false);
  out.restore_summary = std::move(s);
  return Status::Ok();
}

std::string ToJson(const RestoreTableToPointInTimeRequest& r) {
  JsonOut out;
  out.w.StartObject();
  if (r.source_table_name) Member(out.w, "SourceTableName", *r.source_table_name);
  if (r.source_table_arn) Member(out.w, "SourceTableArn", *r.source_table_arn);
  Member(out.w, "TargetTableName", r.target_table_name);
  if (r.restore_date_time_micros) {
    out.w.Key("RestoreDateTime");  // epoch seconds, as the SDKs send a timestamp
    out.w.Double(static_cast<double>(*r.restore_date_time_micros) / 1e6);
  }
  if (r.use_latest_restorable_time) {
    out.w.Key("UseLatestRestorableTime");
    out.w.Bool(true);
  }
  WriteRestoreOverrides(out.w, r.overrides);
  out.w.EndObject();
  return out.Take();
}

// The same answer as RestoreTableFromBackup's: a TableDescription with its RestoreSummary.
Status FromJson(std::string_view body, RestoreTableToPointInTimeResponse& out) {
  RestoreTableFromBackupResponse restored;
  DDBEMU_RETURN_IF_ERROR(FromJson(body, restored));
  out.table_description = std::move(restored.table_description);
  out.restore_summary = std::move(restored.restore_summary);
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::http_client
