// The `migration` scenario of `hrctl hotspots` (issue 16 point 4): a schema migration and the
// live hrcore traffic on one table at once, with throttling on, each side's consumed capacity
// metered per second apart (metering_client.h), to show that the migration keeps to the
// fraction of the table's capacity it was given and the live traffic is not starved.
//
// The run: organisations are seeded with hrcore's Hire; the migrations before the chosen one
// are applied (unmetered); the plan states the migration's pace (PlanMigration's read_rate and
// write_rate: capacity_fraction of one partition's 3,000 RCU / 1,000 WCU a second,
// docs/capacity.md §2); then the live traffic runs alone for lead_seconds, beside the migration
// until it is applied, and alone again for tail_seconds.
//
// Two clocks, as for the other scenarios (hotspots_target.h):
//  - virtual (in process): one thread. Time passes only while the migration's pacer waits
//    (MigrationOptions::sleep), and the live operations due within a wait run at their own
//    instants inside it, so the interleaving is exact and repeatable;
//  - real (ddb-local): the live traffic on its own thread at its own pace, the migration on
//    the caller's, both on the real clock.
//
// The budget check (CheckBudget) follows from the pacer's token bucket (migration_io.h): the
// bucket starts empty, banks at most one second of budget B, and a call is sent only when the
// bucket is not in debt, so over any window of k whole seconds the migration consumes at most
// B·k + B + c, where c is the most one of its calls consumed, and from its start to its end
// at most B·T + c.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "hrcore/errors.h"
#include "hrcore/migrations.h"
#include "metering_client.h"

namespace hrhot {

class Target;

struct MigrationScenarioSpec {
  std::string migration = "employee-rekey";  // the one run under traffic; earlier ones first
  double capacity_fraction = 0.10;           // MigrationOptions::capacity_fraction
  int orgs = 4;
  int employees_per_org = 100;
  double live_ops_per_second = 50;  // offered at a fixed rate, whatever the outcome
  double lead_seconds = 3, tail_seconds = 3;
  int page_size = 25;
  std::int64_t grace_ms = 500;  // the live service re-reads the schema switch every call
};

// One second of the run.
struct MigrationSecond {
  std::int64_t second = 0;
  SideSecond live, migration;  // requests and consumed capacity, per side
  std::int64_t live_offered = 0, live_done = 0, live_throttled = 0, live_failed = 0;  // ops
};

struct MigrationScenarioRun {
  MigrationScenarioSpec spec;
  std::string where;                               // the target's description
  double read_budget = 0, write_budget = 0;        // units per second (the plan's pace)
  double largest_read = 0, largest_write = 0;      // the most one migration call consumed
  double migration_first = 0, migration_last = 0;  // seconds of the run it ran between
  std::vector<MigrationSecond> seconds;
  hrcore::MigrationRecord record;  // as the run saved it at the end
  std::int64_t verified = 0;
  std::vector<std::string> mismatches;     // VerifyMigration after the run
  std::vector<std::string> live_failures;  // the first few live operations that failed
};

hrcore::Result<MigrationScenarioRun> RunMigrationScenario(const MigrationScenarioSpec& spec,
                                                          Target& target);

struct BudgetCheck {
  double window_bound_read = 0, window_bound_write = 0;  // per whole second: 2B + c
  double total_bound_read = 0, total_bound_write = 0;    // over the run: B·T + c
  double total_read = 0, total_write = 0;                // what the migration consumed
  double peak_read = 0, peak_write = 0;                  // its busiest second
  std::int64_t live_offered = 0, live_done = 0, live_throttled = 0, live_failed = 0;
  std::int64_t live_requests_throttled = 0;
  std::vector<std::string> breaches;  // empty: within budget
};
BudgetCheck CheckBudget(const MigrationScenarioRun& run);

// Per second: live offered/done/throttled operations, live and migration requests and units.
std::string RenderMigrationCsv(const MigrationScenarioRun& run);
// Consumed units per second of each side against the migration's budget (writes or reads).
std::string RenderMigrationChart(const MigrationScenarioRun& run, bool writes);
std::string RenderMigrationSummary(const MigrationScenarioRun& run, const BudgetCheck& check);

}  // namespace hrhot
