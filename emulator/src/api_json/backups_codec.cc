// Backup request readers and answer writers (see operation_codecs.h).
#include "api_json/operation_codecs.h"

#include <cmath>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "api_json/json_read.h"
#include "ddbemu/attribute_value.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {
namespace {

void WriteDetails(JsonWriter& w, const BackupView& b) {
  w.StartObject();
  w.Key("BackupArn");
  WriteString(b.arn, w);
  w.Key("BackupName");
  WriteString(b.name, w);
  w.Key("BackupSizeBytes");
  w.Uint64(b.size_bytes);
  w.Key("BackupStatus");
  WriteString(b.status, w);
  w.Key("BackupType");
  WriteString("USER", w);
  w.Key("BackupCreationDateTime");
  WriteEpochSeconds(b.creation_micros, w);
  w.EndObject();
}

void WriteSourceTable(JsonWriter& w, const BackupView& b) {
  w.StartObject();
  w.Key("TableName");
  WriteString(b.table_name, w);
  w.Key("TableId");
  WriteString(b.table_id, w);
  w.Key("TableArn");
  WriteString(b.table_arn, w);
  w.Key("TableSizeBytes");
  w.Uint64(b.size_bytes);
  if (b.source.has_value()) {
    w.Key("KeySchema");
    w.StartArray();
    w.StartObject();
    w.Key("AttributeName");
    WriteString(b.source->partition_key.name, w);
    w.Key("KeyType");
    WriteString("HASH", w);
    w.EndObject();
    if (b.source->sort_key) {
      w.StartObject();
      w.Key("AttributeName");
      WriteString(b.source->sort_key->name, w);
      w.Key("KeyType");
      WriteString("RANGE", w);
      w.EndObject();
    }
    w.EndArray();
    w.Key("TableCreationDateTime");
    WriteEpochSeconds(b.source->creation_micros, w);
    w.Key("ProvisionedThroughput");
    w.StartObject();
    w.Key("ReadCapacityUnits");
    w.Int64(b.source->throughput.read_capacity_units);
    w.Key("WriteCapacityUnits");
    w.Int64(b.source->throughput.write_capacity_units);
    w.EndObject();
  }
  w.Key("ItemCount");
  w.Uint64(b.item_count);
  if (b.source.has_value()) {
    w.Key("BillingMode");
    WriteString(
        b.source->billing_mode == BillingMode::kPayPerRequest ? "PAY_PER_REQUEST" : "PROVISIONED",
        w);
  }
  w.EndObject();
}

std::string WithRestoreSummary(std::string table_description, const std::string& backup_arn,
                               const std::string& source_table_arn, std::int64_t now_micros) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  if (!backup_arn.empty()) {  // empty for a point-in-time restore
    w.Key("SourceBackupArn");
    WriteString(backup_arn, w);
  }
  w.Key("SourceTableArn");
  WriteString(source_table_arn, w);
  w.Key("RestoreDateTime");
  WriteEpochSeconds(now_micros, w);
  w.Key("RestoreInProgress");
  w.Bool(false);
  w.EndObject();
  // The description ends with "}}" (its own object, then the wrapper's): the summary goes
  // inside the former.
  if (table_description.size() < 2) return table_description;
  table_description.insert(table_description.size() - 2,
                           ",\"RestoreSummary\":" + BufferText(buffer));
  return table_description;
}

}  // namespace

ListBackupsRequest ParseListBackups(const rapidjson::Value& body) {
  ListBackupsRequest r;
  r.table_name = StringOr(body, "TableName", "");
  r.limit = IntMember(body, "Limit");
  r.exclusive_start_backup_arn = StringOr(body, "ExclusiveStartBackupArn", "");
  if (const rapidjson::Value* v = Member(body, "TimeRangeLowerBound"); v && v->IsNumber()) {
    r.lower_seconds = v->GetDouble();
  }
  if (const rapidjson::Value* v = Member(body, "TimeRangeUpperBound"); v && v->IsNumber()) {
    r.upper_seconds = v->GetDouble();
  }
  r.backup_type = StringOr(body, "BackupType", "");
  return r;
}

CreateBackupRequest ParseCreateBackup(const rapidjson::Value& body) {
  return {StringOr(body, "TableName", ""), StringOr(body, "BackupName", "")};
}

BackupArnRequest ParseBackupArn(const rapidjson::Value& body) {
  return {StringOr(body, "BackupArn", "")};
}

RestoreTableFromBackupRequest ParseRestoreTableFromBackup(const rapidjson::Value& body) {
  return {StringOr(body, "BackupArn", ""), StringOr(body, "TargetTableName", ""),
          ParseRestoreOverrides(body)};
}

RestoreTableToPointInTimeRequest ParseRestoreTableToPointInTime(const rapidjson::Value& body) {
  RestoreTableToPointInTimeRequest r;
  r.source_table = StringOr(body, "SourceTableName", "");
  r.source_name_and_arn = !r.source_table.empty() && Member(body, "SourceTableArn") != nullptr;
  if (r.source_table.empty()) r.source_table = StringOr(body, "SourceTableArn", "");
  r.target_table_name = StringOr(body, "TargetTableName", "");
  if (const rapidjson::Value* v = Member(body, "RestoreDateTime"); v && v->IsNumber()) {
    r.restore_micros = std::llround(v->GetDouble() * 1e6);
  }
  if (const rapidjson::Value* v = Member(body, "UseLatestRestorableTime"); v && v->IsBool()) {
    r.use_latest = v->GetBool();
  }
  r.overrides = ParseRestoreOverrides(body);
  return r;
}

std::string RenderCreateBackup(const BackupView& b) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("BackupDetails");
  WriteDetails(w, b);
  w.EndObject();
  return BufferText(buffer);
}

std::string RenderBackupDescription(const BackupView& b) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("BackupDescription");
  w.StartObject();
  w.Key("BackupDetails");
  WriteDetails(w, b);
  w.Key("SourceTableDetails");
  WriteSourceTable(w, b);
  if (b.source.has_value()) {
    if (const auto features = FeatureDetailsOf(*b.source)) {
      w.Key("SourceTableFeatureDetails");
      WriteSourceTableFeatureDetails(w, *features);
    }
  }
  w.EndObject();
  w.EndObject();
  return BufferText(buffer);
}

std::string RenderListBackups(const ListBackupsResponse& response) {
  const std::vector<BackupView>& backups = response.backups;
  const std::string& last_evaluated_arn = response.last_evaluated_arn;
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("BackupSummaries");
  w.StartArray();
  for (const BackupView& b : backups) {
    w.StartObject();
    w.Key("TableName");
    WriteString(b.table_name, w);
    w.Key("TableId");
    WriteString(b.table_id, w);
    w.Key("TableArn");
    WriteString(b.table_arn, w);
    w.Key("BackupArn");
    WriteString(b.arn, w);
    w.Key("BackupName");
    WriteString(b.name, w);
    w.Key("BackupCreationDateTime");
    WriteEpochSeconds(b.creation_micros, w);
    w.Key("BackupStatus");
    WriteString(b.status, w);
    w.Key("BackupType");
    WriteString("USER", w);
    w.Key("BackupSizeBytes");
    w.Uint64(b.size_bytes);
    w.EndObject();
  }
  w.EndArray();
  if (!last_evaluated_arn.empty()) {
    w.Key("LastEvaluatedBackupArn");
    WriteString(last_evaluated_arn, w);
  }
  w.EndObject();
  return BufferText(buffer);
}

std::string RenderRestoreTable(const RestoreTableResponse& r) {
  std::string description =
      RenderTableDescription("TableDescription", r.shown, r.counts, r.options);
  return WithRestoreSummary(std::move(description), r.source_backup_arn, r.source_table_arn,
                            r.restore_micros);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
