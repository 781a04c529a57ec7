// The hot-partition scenarios of the HR workload (issue 11 point 2), each beside its fix:
//   org-import   a 1,000-employee organisation imported with hrcore's hire transaction (every
//                hire writes three items of the ORG# partition key) / with the employees and
//                their department counters sharded over N suffixes ORG#<org>#E<n> (AP3 becomes
//                a scatter-gather of N queries) and the org-active check made once, not per hire;
//   dept-reorg   1,000 employees moved into one new department with hrcore's MoveEmployee (the
//                employee and both headcount counters live on ORG#) / with the counters on the
//                department's own key (DEPT#<dept>, #COUNT), which leaves DEPT#<new> as the cap;
//   open-jobs    2,000 draft jobs opened at once: hrcore's OpenJob (ORG# and GSI1's ORG#…#OPEN) /
//                job items on their own key (JOB#<job>) but GSI1 still ORG#…#OPEN, so GSI1's
//                back-pressure throttles spread base writes / GSI1 key sharded ORG#…#OPEN#<n>
//                (AP8 becomes a scatter-gather);
//   login-storm  logins (AP4 then AP1) with AP1 strongly consistent / eventually consistent;
//   launch-day, viral-tenant  capacity over time (capacity_scenarios.h): an on-demand table
//                ramping to 10x / the same pre-warmed; an organisation going viral, which
//                split for heat relieves, beside its one hot counter item, which it does not.
// Each variant runs on a Target (hotspots_target.h) and returns what it offered and what the
// service accepted, per second and per partition key.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "hotspots_target.h"
#include "hrcore/errors.h"
#include "load_driver.h"
#include "load_stats.h"

namespace hrhot {

struct VariantSpec {
  std::string scenario;     // org-import, dept-reorg, open-jobs, login-storm
  std::string variant;      // baseline, sharded, ...
  std::string title;        // one line: what this variant does
  bool read_heavy = false;  // charts and caps in RCU (else WCU)
  RunLimits limits;
  int count = 1000;  // employees, moves, jobs or logins
  int shards = 8;    // N key suffixes, for the sharded variants
  // Capacity over time: the scaled-down timing the run's database needs, the item size, and the
  // table's WarmThroughput at creation (0: none).
  DatabaseSettings database;
  int item_kb = 1;
  std::int64_t warm_write_units = 0;
};

// Every scenario's variants (baseline first), with the defaults above; `virtual_clock` false:
// those for a run on the real clock (the capacity-over-time scenarios' are smaller there).
std::vector<VariantSpec> ScenarioVariants(const std::string& scenario);
std::vector<VariantSpec> ScenarioVariants(const std::string& scenario, bool virtual_clock);
std::vector<std::string> ScenarioNames();

struct VariantRun {
  VariantSpec spec;
  LoadStats stats;
  RunResult result;
  std::string read_check;  // the list read the design implies, measured after the load
  std::string org_key;     // the organisation's partition key value ORG#<orgId>
  // Capacity over time: the table's partitions at the start of each second of the run (empty
  // for the scenarios whose partitions do not change).
  std::vector<std::vector<PartitionRange>> partition_timeline;
};

// Seeds the data the variant starts from (unthrottled by waiting, not recorded), lets the
// buckets refill, then runs the load. Fails on a backend error or a failed operation.
hrcore::Result<VariantRun> RunVariant(const VariantSpec& spec, Target& target);

}  // namespace hrhot
