// Database::Audit: the access-pattern audit's report — the recorder's snapshot of the caller's
// namespace, joined with the capacity model's busiest keys of each table it names.
#include <set>

#include "audit/audit_findings.h"
#include "database_impl.h"
#include "ddbemu/database.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE {
namespace {

// The busiest and most throttled keys of one keyspace (the table or a GSI), as rates.
void AddHotKeys(const std::string& table, const std::string& index,
                const KeyspaceCapacity& keyspace, std::int64_t window_seconds,
                std::vector<audit::HotKey>& out) {
  const double seconds = static_cast<double>(std::max<std::int64_t>(1, window_seconds));
  auto add = [&](const KeyCapacity& k) {
    for (const audit::HotKey& seen : out) {
      if (seen.table == table && seen.index == index && seen.key == k.key) return;
    }
    audit::HotKey hot{table, index, k.key};
    hot.read_units_per_second = k.usage.read_units / seconds;
    hot.write_units_per_second = k.usage.write_units / seconds;
    hot.throttles = k.usage.read_throttles + k.usage.write_throttles;
    const double read_cap = static_cast<double>(keyspace.partition_read_units_per_second);
    const double write_cap = static_cast<double>(keyspace.partition_write_units_per_second);
    if (read_cap > 0) hot.share_of_cap = hot.read_units_per_second / read_cap;
    if (write_cap > 0) {
      hot.share_of_cap = std::max(hot.share_of_cap, hot.write_units_per_second / write_cap);
    }
    out.push_back(std::move(hot));
  };
  for (const KeyCapacity& k : keyspace.top_keys_by_throttles) add(k);
  for (const KeyCapacity& k : keyspace.top_keys_by_consumption) add(k);
}

}  // namespace

Result<AuditReport> Database::Audit(const RequestContext& context,
                                    const AuditThresholds& thresholds) {
  AuditReport report;
  report.now_micros = impl_->clock->NowMicros();
  if (!impl_->audit) return report;
  report.enabled = true;
  const ops::Caller caller = impl_->CallerFor(context);
  audit::AuditSnapshot snapshot = impl_->audit->Snapshot(caller.ns);
  report.window_ms = snapshot.window_micros / 1000;
  report.dropped_requests = snapshot.dropped_requests;

  std::vector<audit::HotKey> hot_keys;
  if (impl_->options.throttle) {
    std::set<std::string> tables;
    for (const AuditShape& s : snapshot.shapes) tables.insert(s.table);
    for (const std::string& table : tables) {
      auto capacity = CapacityReport(table, 5, context);
      if (!capacity.ok()) continue;  // deleted since: its shapes stay, its keys are gone
      AddHotKeys(table, "", capacity->table, capacity->window_seconds, hot_keys);
      for (const KeyspaceCapacity& gsi : capacity->global_secondary_indexes) {
        AddHotKeys(table, gsi.name, gsi, capacity->window_seconds, hot_keys);
      }
    }
  }
  report.findings = audit::FindAntiPatterns(snapshot, hot_keys, thresholds);
  report.shapes = std::move(snapshot.shapes);
  return report;
}

void Database::ResetAudit() {
  if (impl_->audit) impl_->audit->Reset();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE
