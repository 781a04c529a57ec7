// The anti-patterns of the access-pattern audit: a pure function from what the recorder saw
// (AuditSnapshot) and the capacity model's busiest keys (HotKey) to findings, each naming the
// shapes behind it and the fix. Pure so that every rule is tested on hand-made snapshots.
#pragma once

#include <string>
#include <vector>

#include "audit/access_audit.h"
#include "ddbemu/audit_report.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit {

// One partition key of the capacity model's report (capacity_report.h), as rates.
struct HotKey {
  std::string table;
  std::string index;        // "" for the table
  std::string key;          // DynamoDB JSON, as the audit's shapes record keys
  double share_of_cap = 0;  // consumption per second over the per-key cap (max of read, write)
  double read_units_per_second = 0;
  double write_units_per_second = 0;
  std::int64_t throttles = 0;
};

std::vector<AuditFinding> FindAntiPatterns(const AuditSnapshot& snapshot,
                                           const std::vector<HotKey>& hot_keys,
                                           const AuditThresholds& thresholds);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::audit
