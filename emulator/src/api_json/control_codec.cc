// The control-plane readers and writers of operation_codecs.h, in the service's member names
// and order (API reference of each operation).
#include "api_json/operation_codecs.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "api_json/json_read.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json {
namespace {

void WriteInsightsSummary(JsonWriter& w, const InsightsDescription& d) {
  w.StartObject();
  w.Key("TableName");
  WriteString(d.table_name, w);
  if (!d.index_name.empty()) {
    w.Key("IndexName");
    WriteString(d.index_name, w);
  }
  w.Key("ContributorInsightsStatus");
  WriteString(d.status, w);
  if (!d.mode.empty()) {
    w.Key("ContributorInsightsMode");
    WriteString(d.mode, w);
  }
  w.EndObject();
}

}  // namespace

UpdateContinuousBackupsRequest ParseUpdateContinuousBackups(const rapidjson::Value& body) {
  UpdateContinuousBackupsRequest r;
  r.table_name = StringOr(body, "TableName", "");
  if (const rapidjson::Value* spec = Member(body, "PointInTimeRecoverySpecification")) {
    r.enabled = BoolMember(*spec, "PointInTimeRecoveryEnabled").value_or(false);
    r.recovery_days = IntMember(*spec, "RecoveryPeriodInDays");
  }
  return r;
}

ContributorInsightsRequest ParseContributorInsights(const rapidjson::Value& body) {
  return {StringOr(body, "TableName", ""), StringOr(body, "IndexName", ""),
          StringOr(body, "ContributorInsightsAction", ""),
          StringOr(body, "ContributorInsightsMode", "")};
}

ListContributorInsightsRequest ParseListContributorInsights(const rapidjson::Value& body) {
  ListContributorInsightsRequest r;
  r.table_name = StringOr(body, "TableName", "");
  r.max_results = IntMember(body, "MaxResults").value_or(100);
  r.next_token = StringOr(body, "NextToken", "");
  return r;
}

std::string RenderContinuousBackups(const PitrDescription& pitr) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("ContinuousBackupsDescription");
  w.StartObject();
  // Continuous backups are always on for a DynamoDB table; PITR is the switch.
  w.Key("ContinuousBackupsStatus");
  WriteString("ENABLED", w);
  w.Key("PointInTimeRecoveryDescription");
  w.StartObject();
  w.Key("PointInTimeRecoveryStatus");
  WriteString(pitr.enabled ? "ENABLED" : "DISABLED", w);
  if (pitr.enabled) {
    w.Key("RecoveryPeriodInDays");
    w.Int64(pitr.recovery_days);
    w.Key("EarliestRestorableDateTime");
    WriteEpochSeconds(pitr.earliest_micros, w);
    w.Key("LatestRestorableDateTime");
    WriteEpochSeconds(pitr.latest_micros, w);
  }
  w.EndObject();
  w.EndObject();
  w.EndObject();
  return BufferText(buffer);
}

std::string RenderDescribeContributorInsights(const InsightsDescription& d) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("TableName");
  WriteString(d.table_name, w);
  if (!d.index_name.empty()) {
    w.Key("IndexName");
    WriteString(d.index_name, w);
  }
  if (!d.rules.empty()) {
    w.Key("ContributorInsightsRuleList");
    w.StartArray();
    for (const std::string& rule : d.rules) WriteString(rule, w);
    w.EndArray();
  }
  w.Key("ContributorInsightsStatus");
  WriteString(d.status, w);
  if (d.updated_micros > 0) {
    w.Key("LastUpdateDateTime");
    WriteEpochSeconds(d.updated_micros, w);
  }
  if (!d.mode.empty()) {
    w.Key("ContributorInsightsMode");
    WriteString(d.mode, w);
  }
  w.EndObject();
  return BufferText(buffer);
}

std::string RenderUpdateContributorInsights(const InsightsDescription& d) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  WriteInsightsSummary(w, d);
  return BufferText(buffer);
}

std::string RenderListContributorInsights(const std::vector<InsightsDescription>& list,
                                          const std::string& next_token) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("ContributorInsightsSummaries");
  w.StartArray();
  for (const InsightsDescription& d : list) WriteInsightsSummary(w, d);
  w.EndArray();
  if (!next_token.empty()) {
    w.Key("NextToken");
    WriteString(next_token, w);
  }
  w.EndObject();
  return BufferText(buffer);
}

std::string RenderDescribeEndpoints(const std::string& address) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("Endpoints");
  w.StartArray();
  w.StartObject();
  w.Key("Address");
  WriteString(address, w);
  w.Key("CachePeriodInMinutes");
  w.Int64(1440);
  w.EndObject();
  w.EndArray();
  w.EndObject();
  return BufferText(buffer);
}

std::string RenderDescribeLimits(std::int64_t account_read, std::int64_t account_write,
                                 std::int64_t table_read, std::int64_t table_write) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("AccountMaxReadCapacityUnits");
  w.Int64(account_read);
  w.Key("AccountMaxWriteCapacityUnits");
  w.Int64(account_write);
  w.Key("TableMaxReadCapacityUnits");
  w.Int64(table_read);
  w.Key("TableMaxWriteCapacityUnits");
  w.Int64(table_write);
  w.EndObject();
  return BufferText(buffer);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api::json
