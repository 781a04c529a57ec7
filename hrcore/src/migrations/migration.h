// The shape of a migration inside hrcore: an ordered list of steps, each either a control
// step (a schema switch, an UpdateTable and the wait for ACTIVE) that runs once, or a scan
// step that visits every item of the table page by page, with a checkpoint after each page.
// A step's writes are conditional, so that visiting an item again after a crash changes
// nothing (migrations.h).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "hrcore/migrations.h"
#include "hrcore/schema_state.h"
#include "migrations/migration_io.h"

namespace hrcore::migrations {

// What a scan step will do to one item on a quiet table, for `plan` (plan_model.h): whether it
// writes, what the write consumes, and what the table holds afterwards.
struct ItemEstimate {
  bool writes = false;
  double write_units = 0;     // WriteCost() of every item the write touches
  std::optional<Item> after;  // the item as the write leaves it (unset: unchanged)
  bool removes = false;       // the write deletes the item
  std::vector<Item> adds;     // items the write puts beside it (the re-key's copy, EMPREF#)
};

struct Step {
  std::string name;
  std::function<Status(MigrationIo&)> control;  // set for a control step
  std::function<Status(MigrationIo&, const Item&, MigrationTally&)> visit;  // a scan step
  std::function<ItemEstimate(const Item&)> estimate;                        // a scan step
  std::int64_t switches = 0;  // schema switches the step makes (each waits grace_ms)
  // For the plan, what the step's switch sets on #MIGRATION / #SCHEMA (plan_model.h).
  std::function<void(Item& schema)> plan_switch;
  // For the plan, what a control step reads: consistent Gets of small items (the schema
  // switch) and whole-table scans (ForEachItem's pages of kWholeTablePage items).
  int gets = 0, full_scans = 0;
};

// The page of ForEachItem's scans (verify, and the re-key's verify step).
inline constexpr int kWholeTablePage = 500;

struct Migration {
  MigrationInfo info;
  std::vector<Step> steps;
  std::vector<Step> rollback;  // empty: not reversible
  // Refuses a rollback the current state does not allow (e.g. the old shape is gone).
  std::function<Status(MigrationIo&)> can_roll_back;
  std::function<Status(MigrationIo&, VerifyReport&)> verify;
  // Makes the items agree with what the current state's reads trust, counting the repairs
  // (VerifyMigration with MigrationOptions::repair); empty: the kind has nothing to repair.
  std::function<Status(MigrationIo&, std::int64_t& repaired)> repair;
};

Migration RoleDefaultMigration();
Migration StatusIndexMigration();
Migration EmployeeRekeyMigration();

// ---- Helpers the migrations share (migration_steps.cc).
bool IsEmployeeItem(const Item& item);  // ORG#<org> / EMP#..., either shape
// Every item of the table, one consistent paced Scan (verify).
Status ForEachItem(MigrationIo& io, const std::function<void(const Item&)>& fn);
Result<SchemaState> ReadSchema(MigrationIo& io);
// Sets the switch's attributes (`set` is an UpdateExpression SET clause over :v), on the
// condition `condition` (may be empty), then waits grace_ms for every hrcore process to see it.
Status MoveSchemaSwitch(MigrationIo& io, const std::string& set, ddbemu::AttributeValue value,
                        const std::string& condition,
                        ddbemu::ExpressionAttributeValues cond_values);
// What the service charges for a write that turns `before` into `after` (either may be null:
// a put of a new item, a delete), as docs/capacity.md §1 has it: the larger of the two in 1 KB
// units, at least one, twice inside a transaction; plus, for each GSI (GSI1, GSI2: projection
// ALL), the entry it writes (the larger of the two), or the one it removes and the one it
// writes when the index key moves. A transaction's ConditionCheck: WriteCost(item, item, true)
// without the index part, i.e. CheckCost(item).
double WriteCost(const Item* before, const Item* after, bool transactional);
double CheckCost(const Item& item);

}  // namespace hrcore::migrations
