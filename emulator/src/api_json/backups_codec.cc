// Backup request readers and answer writers (see operation_codecs.h).
#include "api_json/operation_codecs.h"

#include <cmath>

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "api_json/json_read.h"
#include "ddbemu/attribute_value.h"

namespace ddbemu::api::json {
namespace {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

void Str(Writer& w, std::string_view s) {
  w.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
}
void Time(Writer& w, std::int64_t micros) { w.Double(static_cast<double>(micros / 1000) / 1000.0); }

void WriteDetails(Writer& w, const BackupView& b) {
  w.StartObject();
  w.Key("BackupArn");
  Str(w, b.arn);
  w.Key("BackupName");
  Str(w, b.name);
  w.Key("BackupSizeBytes");
  w.Uint64(b.size_bytes);
  w.Key("BackupStatus");
  Str(w, b.status);
  w.Key("BackupType");
  Str(w, "USER");
  w.Key("BackupCreationDateTime");
  Time(w, b.creation_micros);
  w.EndObject();
}

void WriteSourceTable(Writer& w, const BackupView& b) {
  w.StartObject();
  w.Key("TableName");
  Str(w, b.table_name);
  w.Key("TableId");
  Str(w, b.table_id);
  w.Key("TableArn");
  Str(w, b.table_arn);
  w.Key("TableSizeBytes");
  w.Uint64(b.size_bytes);
  if (b.source.has_value()) {
    w.Key("KeySchema");
    w.StartArray();
    w.StartObject();
    w.Key("AttributeName");
    Str(w, b.source->partition_key.name);
    w.Key("KeyType");
    Str(w, "HASH");
    w.EndObject();
    if (b.source->sort_key) {
      w.StartObject();
      w.Key("AttributeName");
      Str(w, b.source->sort_key->name);
      w.Key("KeyType");
      Str(w, "RANGE");
      w.EndObject();
    }
    w.EndArray();
    w.Key("TableCreationDateTime");
    Time(w, b.source->creation_micros);
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
    Str(w,
        b.source->billing_mode == BillingMode::kPayPerRequest ? "PAY_PER_REQUEST" : "PROVISIONED");
  }
  w.EndObject();
}

std::string Done(const rapidjson::StringBuffer& buffer) {
  return std::string(buffer.GetString(), buffer.GetSize());
}

std::string WithRestoreSummary(std::string table_description, const std::string& backup_arn,
                               const std::string& source_table_arn, std::int64_t now_micros) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  w.StartObject();
  if (!backup_arn.empty()) {  // empty for a point-in-time restore
    w.Key("SourceBackupArn");
    Str(w, backup_arn);
  }
  w.Key("SourceTableArn");
  Str(w, source_table_arn);
  w.Key("RestoreDateTime");
  Time(w, now_micros);
  w.Key("RestoreInProgress");
  w.Bool(false);
  w.EndObject();
  // The description ends with "}}" (its own object, then the wrapper's): the summary goes
  // inside the former.
  if (table_description.size() < 2) return table_description;
  table_description.insert(table_description.size() - 2, ",\"RestoreSummary\":" + Done(buffer));
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
  return {StringOr(body, "BackupArn", ""), StringOr(body, "TargetTableName", "")};
}

RestoreTableToPointInTimeRequest ParseRestoreTableToPointInTime(const rapidjson::Value& body) {
  RestoreTableToPointInTimeRequest r;
  r.source_table = StringOr(body, "SourceTableName", "");
  if (r.source_table.empty()) r.source_table = StringOr(body, "SourceTableArn", "");
  r.target_table_name = StringOr(body, "TargetTableName", "");
  if (const rapidjson::Value* v = Member(body, "RestoreDateTime"); v && v->IsNumber()) {
    r.restore_micros = std::llround(v->GetDouble() * 1e6);
  }
  if (const rapidjson::Value* v = Member(body, "UseLatestRestorableTime"); v && v->IsBool()) {
    r.use_latest = v->GetBool();
  }
  return r;
}

std::string RenderCreateBackup(const BackupView& b) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  w.StartObject();
  w.Key("BackupDetails");
  WriteDetails(w, b);
  w.EndObject();
  return Done(buffer);
}

std::string RenderBackupDescription(const BackupView& b) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  w.StartObject();
  w.Key("BackupDescription");
  w.StartObject();
  w.Key("BackupDetails");
  WriteDetails(w, b);
  w.Key("SourceTableDetails");
  WriteSourceTable(w, b);
  w.EndObject();
  w.EndObject();
  return Done(buffer);
}

std::string RenderListBackups(const ListBackupsResponse& response) {
  const std::vector<BackupView>& backups = response.backups;
  const std::string& last_evaluated_arn = response.last_evaluated_arn;
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  w.StartObject();
  w.Key("BackupSummaries");
  w.StartArray();
  for (const BackupView& b : backups) {
    w.StartObject();
    w.Key("TableName");
    Str(w, b.table_name);
    w.Key("TableId");
    Str(w, b.table_id);
    w.Key("TableArn");
    Str(w, b.table_arn);
    w.Key("BackupArn");
    Str(w, b.arn);
    w.Key("BackupName");
    Str(w, b.name);
    w.Key("BackupCreationDateTime");
    Time(w, b.creation_micros);
    w.Key("BackupStatus");
    Str(w, b.status);
    w.Key("BackupType");
    Str(w, "USER");
    w.Key("BackupSizeBytes");
    w.Uint64(b.size_bytes);
    w.EndObject();
  }
  w.EndArray();
  if (!last_evaluated_arn.empty()) {
    w.Key("LastEvaluatedBackupArn");
    Str(w, last_evaluated_arn);
  }
  w.EndObject();
  return Done(buffer);
}

std::string RenderRestoreTable(const RestoreTableResponse& r) {
  std::string description =
      RenderTableDescription("TableDescription", r.shown, r.counts, r.options);
  return WithRestoreSummary(std::move(description), r.source_backup_arn, r.source_table_arn,
                            r.restore_micros);
}

}  // namespace ddbemu::api::json
