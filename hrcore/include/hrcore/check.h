// The invariant checker behind `hrctl check`: reads the whole table (Scan, paged) and lists
// every violation of docs/hr-schema.md's invariants:
//   - headcount of each department == its DeptEmployee items; each relationship item points to
//     an active employee of the same org whose departmentId is that department;
//   - one EMAIL#<email>/#UNIQUE item per active employee and none for anyone else; an active
//     employee is in GSI1 under EMAIL#<email>, an inactive one is not;
//   - GSI1 holds exactly the open jobs (GSI1PK = ORG#<orgId>#OPEN iff status = open), and every
//     job has its JOB#<jobId>/#META item;
//   - statuses are allowed values; ids are ULIDs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ddbemu/client.h"
#include "hrcore/errors.h"

namespace hrcore {

struct Violation {
  std::string rule;    // "headcount", "email-constraint", "open-jobs-gsi", ...
  std::string detail;  // the items involved
};

struct CheckReport {
  std::int64_t items = 0;
  std::int64_t organisations = 0, departments = 0, employees = 0, relationships = 0, jobs = 0,
               applications = 0;
  std::vector<Violation> violations;
};

Result<CheckReport> CheckInvariants(ddbemu::Client& client, const std::string& table_name);

}  // namespace hrcore
