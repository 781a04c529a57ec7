// The shape of a migration inside hrcore: an ordered list of steps, each either a control
// step (a schema switch, an UpdateTable and the wait for ACTIVE) that runs once, or a scan
// step that visits every item of the table page by page, with a checkpoint after each page.
// A step's writes are conditional, so that visiting an item again after a crash changes
// nothing (migrations.h).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "hrcore/migrations.h"
#include "hrcore/schema_state.h"
#include "migrations/migration_io.h"

namespace hrcore::migrations {

// What a scan step will do to one item, for `plan` (CAPACITY.md §1 applied to the item).
struct ItemEstimate {
  bool writes = false;
  double write_units = 0;
  double added_bytes = 0;  // items the write adds to the table (negative: removes)
  double added_items = 0;
};

struct Step {
  std::string name;
  std::function<Status(MigrationIo&)> control;  // set for a control step
  std::function<Status(MigrationIo&, const Item&, MigrationTally&)> visit;  // a scan step
  std::function<ItemEstimate(const Item&)> estimate;                        // a scan step
  std::int64_t switches = 0;  // schema switches the step makes (each waits grace_ms)
};

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
// Write units of writing `item` (1 KB units), plus one per GSI entry written.
double WriteUnits(const Item& item, int index_writes);

}  // namespace hrcore::migrations
