// The control-plane readers and writers of operation_codecs.h, in the service's member names
// and order (API reference of each operation).
#include "api_json/operation_codecs.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "api_json/json_read.h"

namespace ddbemu::api::json {
namespace {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

void Str(Writer& w, std::string_view s) {
  w.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
}

void Time(Writer& w, std::int64_t micros) { w.Double(static_cast<double>(micros / 1000) / 1000.0); }

std::string Done(rapidjson::StringBuffer& buffer) {
  return std::string(buffer.GetString(), buffer.GetSize());
}

void WriteInsightsSummary(Writer& w, const InsightsDescription& d) {
  w.StartObject();
  w.Key("TableName");
  Str(w, d.table_name);
  if (!d.index_name.empty()) {
    w.Key("IndexName");
    Str(w, d.index_name);
  }
  w.Key("ContributorInsightsStatus");
  Str(w, d.status);
  if (!d.mode.empty()) {
    w.Key("ContributorInsightsMode");
    Str(w, d.mode);
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
  Writer w(buffer);
  w.StartObject();
  w.Key("ContinuousBackupsDescription");
  w.StartObject();
  // Continuous backups are always on for a DynamoDB table; PITR is the switch.
  w.Key("ContinuousBackupsStatus");
  Str(w, "ENABLED");
  w.Key("PointInTimeRecoveryDescription");
  w.StartObject();
  w.Key("PointInTimeRecoveryStatus");
  Str(w, pitr.enabled ? "ENABLED" : "DISABLED");
  if (pitr.enabled) {
    w.Key("RecoveryPeriodInDays");
    w.Int64(pitr.recovery_days);
    w.Key("EarliestRestorableDateTime");
    Time(w, pitr.earliest_micros);
    w.Key("LatestRestorableDateTime");
    Time(w, pitr.latest_micros);
  }
  w.EndObject();
  w.EndObject();
  w.EndObject();
  return Done(buffer);
}

std::string RenderDescribeContributorInsights(const InsightsDescription& d) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  w.StartObject();
  w.Key("TableName");
  Str(w, d.table_name);
  if (!d.index_name.empty()) {
    w.Key("IndexName");
    Str(w, d.index_name);
  }
  if (!d.rules.empty()) {
    w.Key("ContributorInsightsRuleList");
    w.StartArray();
    for (const std::string& rule : d.rules) Str(w, rule);
    w.EndArray();
  }
  w.Key("ContributorInsightsStatus");
  Str(w, d.status);
  if (d.updated_micros > 0) {
    w.Key("LastUpdateDateTime");
    Time(w, d.updated_micros);
  }
  if (!d.mode.empty()) {
    w.Key("ContributorInsightsMode");
    Str(w, d.mode);
  }
  w.EndObject();
  return Done(buffer);
}

std::string RenderUpdateContributorInsights(const InsightsDescription& d) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  WriteInsightsSummary(w, d);
  return Done(buffer);
}

std::string RenderListContributorInsights(const std::vector<InsightsDescription>& list,
                                          const std::string& next_token) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  w.StartObject();
  w.Key("ContributorInsightsSummaries");
  w.StartArray();
  for (const InsightsDescription& d : list) WriteInsightsSummary(w, d);
  w.EndArray();
  if (!next_token.empty()) {
    w.Key("NextToken");
    Str(w, next_token);
  }
  w.EndObject();
  return Done(buffer);
}

std::string RenderDescribeEndpoints(const std::string& address) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  w.StartObject();
  w.Key("Endpoints");
  w.StartArray();
  w.StartObject();
  w.Key("Address");
  Str(w, address);
  w.Key("CachePeriodInMinutes");
  w.Int64(1440);
  w.EndObject();
  w.EndArray();
  w.EndObject();
  return Done(buffer);
}

std::string RenderDescribeLimits(std::int64_t account_read, std::int64_t account_write,
                                 std::int64_t table_read, std::int64_t table_write) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
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
  return Done(buffer);
}

}  // namespace ddbemu::api::json
