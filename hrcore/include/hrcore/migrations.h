// Versioned, named schema migrations of the HR table, run against any ddbemu::Client (in
// process, ddb-local, DynamoDB Local, AWS), with their state kept in the table itself:
//   #MIGRATION / V<version>#<name>   one record per migration: state, step, scan checkpoint
//                                    (the LastEvaluatedKey of the last page done), tallies
//                                    and the capacity it consumed, over all its runs;
//   #MIGRATION / #SCHEMA             the schema switch hrcore follows (schema_state.h).
// No access pattern reads that partition and its items carry no index key (keys.h).
//
// The migrations (ListMigrations()), applied in version order:
//   1 role-default           attribute backfill: role = "employee" where an Employee has none,
//                            by conditional updates (attribute_not_exists(role)).
//   2 employee-status-index  a new GSI2 (GSI2PK = ORG#<orgId>#EMPLOYEES, GSI2SK =
//                            <status>#<empId>) created by UpdateTable and waited on until
//                            ACTIVE, hrcore told to write its keys, old Employees backfilled;
//                            AP13 (HrService::ListEmployeesByStatus) reads it.
//   3 employee-rekey         Employee items re-keyed to EMP#<lastName>#<empId>: dual-write
//                            switch, backfill copy, item-by-item verify, cut-over of reads,
//                            new-shape-only writes, cleanup of the old shape.
//
// Every run is resumable: a scan step saves its checkpoint after each page, and every write a
// step makes is conditional, so a run that is killed (even between a page's writes and its
// checkpoint) and started again redoes at most one page, whose writes then find their
// conditions false: nothing is applied twice. A run paces itself to a fraction of the
// capacity a partition serves (a Scan reads one partition at a time, and the items it
// rewrites live there), backs off when throttled, and reports what it consumed.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ddbemu/client.h"
#include "ddbemu/clock.h"
#include "hrcore/errors.h"

namespace hrcore {

enum class MigrationKind { kAttributeBackfill, kAddIndex, kRekey };
std::string_view ToString(MigrationKind kind);

struct MigrationInfo {
  int version = 0;
  std::string name;
  MigrationKind kind = MigrationKind::kAttributeBackfill;
  std::string summary;
  std::vector<std::string> steps;
  bool reversible = false;
  std::string rollback_note;  // what rollback does, or why the kind does not allow it
};
const std::vector<MigrationInfo>& ListMigrations();

// Capacity units a migration consumed (ReturnConsumedCapacity TOTAL of each of its calls).
struct MigrationCapacity {
  double read_units = 0;
  double write_units = 0;
  std::int64_t calls = 0;
  std::int64_t throttled = 0;  // calls refused for throughput, sent again after a back-off
};

struct MigrationTally {
  std::int64_t scanned = 0;  // items read by scan steps
  std::int64_t written = 0;  // writes that took effect
  std::int64_t skipped = 0;  // items with nothing to do, or whose condition found it done
};

struct MigrationProgress {
  std::string migration;
  int step = 0, steps = 0;
  std::string step_name;
  std::int64_t done = 0;   // items scanned in this step
  std::int64_t total = 0;  // the table's ItemCount (DescribeTable), an estimate
  double elapsed_s = 0;
  double eta_s = -1;  // -1: unknown
  MigrationCapacity consumed;
  bool checkpoint = false;  // a page was just saved
};

struct MigrationOptions {
  std::string table_name = "acme-hr-dev";
  // The share of one partition's capacity (3,000 RCU/s, 1,000 WCU/s; or the table's
  // provisioned throughput when lower) the migration may use, so that live traffic keeps the
  // rest. Overridden by max_read_units / max_write_units (units per second) when set.
  double capacity_fraction = 0.10;
  std::optional<double> max_read_units, max_write_units;
  int page_size = 25;  // items per Scan page, i.e. per checkpoint
  // After moving the schema switch, wait this long before relying on it: every hrcore process
  // re-reads it within ServiceOptions::schema_refresh_ms.
  std::int64_t grace_ms = 2000;
  // The clock every pace, checkpoint time and ETA is read from: required (a call without one
  // is kInvalidArgument), so that tests run a migration on a VirtualClock and `sleep` moves it.
  const ddbemu::Clock* clock = nullptr;
  std::function<void(std::int64_t micros)> sleep;  // default: this thread sleeps
  std::function<void(const MigrationProgress&)> progress;
  // Injected stop, for tests of resumption: asked before every write of a scan step; true
  // stops the run right there, as a crash would (nothing more is written or saved).
  std::function<bool(const MigrationProgress&)> stop_before_write;
  // VerifyMigration: first repair what the current state allows (the re-key: the items of
  // each employee are made to agree with the shape reads come from), then check.
  bool repair = false;
  // $ per million request units (docs/capacity.md §6).
  double read_price = 0.25, write_price = 1.25;
};

struct MigrationRecord {
  MigrationInfo info;
  std::string state = "pending";  // pending | running | applied | rolled-back
  int step = 0;                   // the next step to run
  bool has_checkpoint = false;    // a scan step is part-way through
  MigrationTally tally;
  MigrationCapacity consumed;  // all runs
  int runs = 0;
  std::string updated_at;
};

struct MigrationPlan {
  MigrationInfo info;
  std::string state;
  std::int64_t table_items = 0, table_bytes = 0;
  std::int64_t sampled = 0;
  struct StepPlan {
    std::string name;
    bool scans = false;
    std::int64_t items_to_scan = 0;   // what the run will report as scanned
    std::int64_t items_to_write = 0;  // ... and as written
    double read_units = 0, write_units = 0;
  };
  std::vector<StepPlan> steps;
  // The whole run: the steps, and the record reads and saves around them (plan_model.h).
  std::int64_t items_to_scan = 0, items_to_write = 0;
  double read_units = 0, write_units = 0;
  double read_rate = 0, write_rate = 0;  // the pace the run will keep (units per second)
  double seconds = 0;
  double dollars = 0;
  std::vector<std::string> notes;
  MigrationCapacity consumed_by_plan;  // the sample's own reads
};

struct VerifyReport {
  std::string name;
  std::int64_t checked = 0;
  std::int64_t repaired = 0;  // with MigrationOptions::repair: items made to agree first
  std::vector<std::string> mismatches;
  MigrationCapacity consumed;
};

// What `name` will read, write, cost and take, from DescribeTable, a sample of the table
// (one consistent Scan page of up to 1,000 items) and the capacity model of docs/capacity.md,
// by replaying the run over the sample (plan_model.h): on a quiet table of up to 1,000 items
// it predicts the scanned and written items and the RCU and WCU the run will report.
Result<MigrationPlan> PlanMigration(ddbemu::Client& client, const std::string& name,
                                    const MigrationOptions& options);
// Runs (or resumes) `name`; the migrations before it must be applied. An applied migration
// is left as it is. Returns the record as saved at the end; an injected stop returns a
// kBackend error whose message starts "interrupted".
Result<MigrationRecord> RunMigration(ddbemu::Client& client, const std::string& name,
                                     const MigrationOptions& options);
// Every known migration with its record in the table (pending when it has none).
Result<std::vector<MigrationRecord>> MigrationStatus(ddbemu::Client& client,
                                                     const MigrationOptions& options);
// Checks, item by item, that the table is what the migration's current state promises, in
// whichever state it is (before, during, after the cut-over: the re-key reads both shapes and
// judges them by the one reads come from). With options.repair, repairs first (VerifyReport::
// repaired), so the mismatches left are those it could not repair.
Result<VerifyReport> VerifyMigration(ddbemu::Client& client, const std::string& name,
                                     const MigrationOptions& options);
// Undoes `name` where its kind allows (kInvalidArgument otherwise, or once a re-key has
// started removing the old shape); the migrations after it must not be applied.
Result<MigrationRecord> RollbackMigration(ddbemu::Client& client, const std::string& name,
                                          const MigrationOptions& options);

}  // namespace hrcore
