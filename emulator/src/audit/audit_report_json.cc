// AuditReport as JSON: what GET /_ddblocal/audit answers (ddbemu/audit_report.h).
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "ddbemu/audit_report.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

void String(Writer& w, const char* name, const std::string& value) {
  w.Key(name);
  w.String(value.c_str(), static_cast<rapidjson::SizeType>(value.size()));
}
void Strings(Writer& w, const char* name, const std::vector<std::string>& values) {
  w.Key(name);
  w.StartArray();
  for (const std::string& v : values)
    w.String(v.c_str(), static_cast<rapidjson::SizeType>(v.size()));
  w.EndArray();
}
void Int(Writer& w, const char* name, std::int64_t v) {
  w.Key(name);
  w.Int64(v);
}
void Double(Writer& w, const char* name, double v) {
  w.Key(name);
  w.Double(v);
}

void WriteShape(Writer& w, const AuditShape& s) {
  w.StartObject();
  String(w, "Id", s.id);
  String(w, "Table", s.table);
  if (!s.index.empty()) String(w, "Index", s.index);
  String(w, "Operation", s.operation);
  if (!s.key_condition.empty()) String(w, "KeyCondition", s.key_condition);
  if (!s.filter.empty()) String(w, "Filter", s.filter);
  if (!s.projection.empty()) String(w, "Projection", s.projection);
  w.Key("ConsistentRead");
  w.Bool(s.consistent_read);
  if (s.limit > 0) Int(w, "Limit", s.limit);
  if (!s.missing_attributes.empty()) Strings(w, "MissingAttributes", s.missing_attributes);
  Int(w, "Requests", s.requests);
  Int(w, "ItemsRead", s.items_read);
  Int(w, "ItemsReturned", s.items_returned);
  Double(w, "ReadUnits", s.read_units);
  Double(w, "WriteUnits", s.write_units);
  if (s.vector_search_bytes > 0) Double(w, "VectorSearchRequestBytes", s.vector_search_bytes);
  Int(w, "Throttles", s.throttles);
  Int(w, "Errors", s.errors);
  if (s.max_item_kb > 0) Double(w, "MaxItemKB", s.max_item_kb);
  Int(w, "GsiReadsAfterWrite", s.reads_after_write);
  Int(w, "ConsistentReadsWithoutRecentWrite", s.consistent_reads_without_recent_write);
  w.Key("TopKeys");
  w.StartArray();
  for (const std::string& k : s.top_keys) {
    // Keys are DynamoDB JSON already.
    w.RawValue(k.c_str(), k.size(), rapidjson::kObjectType);
  }
  w.EndArray();
  w.EndObject();
}

void WriteFinding(Writer& w, const AuditFinding& f) {
  w.StartObject();
  String(w, "Kind", f.kind);
  String(w, "Severity", f.severity);
  String(w, "Table", f.table);
  if (!f.index.empty()) String(w, "Index", f.index);
  if (!f.key.empty()) {
    w.Key("Key");
    w.RawValue(f.key.c_str(), f.key.size(), rapidjson::kObjectType);
  }
  String(w, "Summary", f.summary);
  String(w, "Fix", f.fix);
  Strings(w, "Shapes", f.shapes);
  w.EndObject();
}

}  // namespace

std::string ToJson(const AuditReport& report) {
  rapidjson::StringBuffer buffer;
  Writer w(buffer);
  w.StartObject();
  w.Key("Enabled");
  w.Bool(report.enabled);
  Int(w, "NowMicros", report.now_micros);
  Int(w, "WindowMs", report.window_ms);
  Int(w, "DroppedRequests", report.dropped_requests);
  w.Key("Findings");
  w.StartArray();
  for (const AuditFinding& f : report.findings) WriteFinding(w, f);
  w.EndArray();
  w.Key("Shapes");
  w.StartArray();
  for (const AuditShape& s : report.shapes) WriteShape(w, s);
  w.EndArray();
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
