// Migration 1, `role-default` (an attribute backfill, the guide's easy kind): Employees
// written before `role` existed get role = "employee", the value hrcore already assumes when
// it reads one without (item_codec.cc). Each write is an UpdateItem conditioned on
// attribute_not_exists(role): a role set meanwhile by UpdateEmployee is never overwritten,
// and a page visited again after a crash writes nothing. The employee's `version` is left
// alone: the default changes no value a reader saw, so no optimistic lock need fail.
// Not reversible: once written, a default is indistinguishable from a role set on purpose.
#include "hrcore/keys.h"
#include "item_codec.h"
#include "migrations/migration.h"

namespace hrcore::migrations {
namespace {

using ddbemu::AttributeValue;

constexpr const char* kDefaultRole = "employee";

bool NeedsRole(const Item& item) { return IsEmployeeItem(item) && !item.count("role"); }

Status Visit(MigrationIo& io, const Item& item, MigrationTally& tally) {
  if (!NeedsRole(item)) {
    ++tally.skipped;
    return {};
  }
  DDBEMU_ASSIGN_OR_RETURN(
      bool written,
      io.Update({.key = codec::Key(GetOr<std::string>(item, keys::kPK),
                                   GetOr<std::string>(item, keys::kSK)),
                 .update_expression = "SET #role = :role",
                 .condition_expression = "attribute_exists(#PK) AND attribute_not_exists(#role)",
                 .expression_attribute_names = {{"#PK", "PK"}, {"#role", "role"}},
                 .expression_attribute_values = {{":role", AttributeValue::S(kDefaultRole)}}}));
  ++(written ? tally.written : tally.skipped);
  return {};
}

}  // namespace

Migration RoleDefaultMigration() {
  Migration m;
  m.info = {.version = 1,
            .name = "role-default",
            .kind = MigrationKind::kAttributeBackfill,
            .summary = "role = \"employee\" on Employees that have none (conditional updates)",
            .steps = {"backfill role where absent"},
            .reversible = false,
            .rollback_note =
                "not reversible: a default written is indistinguishable from a role "
                "chosen later; readers already treat a missing role as employee"};
  m.steps.push_back(
      {.name = "backfill role where absent", .visit = Visit, .estimate = [](const Item& item) {
         if (!NeedsRole(item)) return ItemEstimate{};
         Item after = item;
         after["role"] = AttributeValue::S(kDefaultRole);
         // The item and, projection ALL, its GSI1 entry (while active) and GSI2 entry.
         return ItemEstimate{
             .writes = true, .write_units = WriteCost(&item, &after, false), .after = after};
       }});
  m.verify = [](MigrationIo& io, VerifyReport& report) -> Status {
    return ForEachItem(io, [&](const Item& item) {
      if (!IsEmployeeItem(item)) return;
      ++report.checked;
      if (!item.count("role"))
        report.mismatches.push_back("employee " + GetOr<std::string>(item, "empId") + " (" +
                                    GetOr<std::string>(item, keys::kSK) + ") has no role");
    });
  };
  return m;
}

}  // namespace hrcore::migrations
