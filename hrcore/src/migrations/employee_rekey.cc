// Migration 3, `employee-rekey` (re-keying, the guide's hard kind): Employee items move from
// ORG#<orgId> / EMP#<empId> to ORG#<orgId> / EMP#<lastName>#<empId>, so that AP3 lists an
// organisation's directory by last name without sorting on the client. Keys are immutable,
// so each employee gets a second item, and the schema switch (schema_state.h) leads hrcore
// through the guide's sequence while live traffic continues:
//   0. switch to dual-read-old: hrcore writes both shapes (and the EMPREF# lookup item) in
//      one transaction per change, conditioned on the switch, and still reads the old shape;
//   1. backfill: every old item is copied to the new shape, by a transaction that checks the
//      old item still has the version read and puts the copy only where it is absent or
//      older (a live write that mirrored it meanwhile wins);
//   2. verify: both shapes compared item by item; a copy that differs from its old item (left
//      by an hrcore process that wrote before it saw the switch) is re-copied, under a check
//      of the old item's version; any difference left stops the migration here;
//   3. cut-over: reads (AP2 through EMPREF#, AP3, AP4, AP13) come from the new shape;
//   4. switch to v2: hrcore writes the new shape only;
//   5. cleanup: the old items are deleted.
// At every step the HR invariants hold on the shape reads come from, and AP3 lists the same
// employees (check.cc, and the migration tests). Rollback is possible until step 4: reads go
// back to the old shape, the new items and EMPREF# items are deleted.
#include <map>

#include "employee_shape.h"
#include "hrcore/keys.h"
#include "item_codec.h"
#include "migrations/migration.h"

namespace hrcore::migrations {
namespace {

using ddbemu::AttributeValue;

bool IsOldEmployee(const Item& item) { return IsEmployeeItem(item) && !shape::IsNewShape(item); }
bool IsRef(const Item& item) {
  return GetOr<std::string>(item, keys::kPK).rfind("ORG#", 0) == 0 &&
         GetOr<std::string>(item, keys::kSK).rfind(keys::kEmpRefPrefix, 0) == 0;
}

// The new-shape copy of an old item: every attribute kept, the key and keyVersion changed.
Item NewShapeOf(const Item& old) {
  Item copy = old;
  copy[std::string(keys::kSK)] = AttributeValue::S(
      keys::EmpSkV2(GetOr<std::string>(old, "lastName"), GetOr<std::string>(old, "empId")));
  copy[std::string(keys::kKeyVersion)] = AttributeValue::N(2);
  return copy;
}

// The old-shape twin of a new item: the inverse of NewShapeOf (after the cut-over the new
// shape is the one reads trust, so a repair copies it back).
Item OldShapeOf(const Item& item) {
  Item copy = item;
  copy[std::string(keys::kSK)] = AttributeValue::S(keys::EmpSk(GetOr<std::string>(item, "empId")));
  copy.erase(std::string(keys::kKeyVersion));
  return copy;
}

Item RefOf(const Item& old) {
  Employee e{.emp_id = GetOr<std::string>(old, "empId"),
             .org_id = GetOr<std::string>(old, "orgId"),
             .last_name = GetOr<std::string>(old, "lastName")};
  return shape::RefItem(e);
}

Status SetMode(MigrationIo& io, EmployeeKeyMode to, std::vector<EmployeeKeyMode> from) {
  std::string condition = "attribute_not_exists(employeeKeys) OR employeeKeys IN (:v";
  ddbemu::ExpressionAttributeValues values;
  for (std::size_t i = 0; i < from.size(); ++i) {
    std::string name = ":f" + std::to_string(i);
    condition += ", " + name;
    values[name] = AttributeValue::S(ToString(from[i]));
  }
  condition += ")";
  // Absent means v1: accepted only when moving out of v1.
  bool from_v1 = false;
  for (auto f : from) from_v1 |= f == EmployeeKeyMode::kV1;
  if (!from_v1) condition = condition.substr(condition.find("employeeKeys IN"));
  return MoveSchemaSwitch(io, "employeeKeys = :v", AttributeValue::S(ToString(to)), condition,
                          std::move(values));
}

// What SetMode leaves on the switch item, for the plan.
std::function<void(Item&)> PlanMode(EmployeeKeyMode to) {
  return [to](Item& schema) { schema["employeeKeys"] = AttributeValue::S(ToString(to)); };
}

Status Backfill(MigrationIo& io, const Item& item, MigrationTally& tally) {
  if (!IsOldEmployee(item)) {
    ++tally.skipped;
    return {};
  }
  const std::int64_t version = GetOr<std::int64_t>(item, "version", -1);
  ddbemu::ConditionCheck still{
      .key = codec::Key(GetOr<std::string>(item, keys::kPK), GetOr<std::string>(item, keys::kSK)),
      .expression_attribute_names = {{"#version", "version"}}};
  if (version < 0) {
    still.condition_expression = "attribute_not_exists(#version)";
  } else {
    still.condition_expression = "#version = :v";
    still.expression_attribute_values = {{":v", AttributeValue::N(version)}};
  }
  ddbemu::Put copy{.item = NewShapeOf(item),
                   .condition_expression = "attribute_not_exists(#PK) OR #version < :v",
                   .expression_attribute_names = {{"#PK", "PK"}, {"#version", "version"}},
                   .expression_attribute_values = {
                       {":v", AttributeValue::N(std::max<std::int64_t>(version, 0))}}};
  DDBEMU_ASSIGN_OR_RETURN(
      bool written,
      io.Transact({.transact_items = {still, copy, ddbemu::Put{.item = RefOf(item)}}}));
  ++(written ? tally.written : tally.skipped);
  return {};
}

Status DeleteWhere(MigrationIo& io, const Item& item, MigrationTally& tally, bool wanted,
                   const std::string& condition) {
  if (!wanted) {
    ++tally.skipped;
    return {};
  }
  ddbemu::DeleteItemRequest d{
      .key = codec::Key(GetOr<std::string>(item, keys::kPK), GetOr<std::string>(item, keys::kSK)),
      .condition_expression = condition,
      .expression_attribute_names = {{"#PK", "PK"}}};
  if (condition.find("#kv") != std::string::npos)
    d.expression_attribute_names["#kv"] = std::string(keys::kKeyVersion);
  DDBEMU_ASSIGN_OR_RETURN(bool written, io.Delete(std::move(d)));
  ++(written ? tally.written : tally.skipped);
  return {};
}

Item KeyOf(const Item& item) {
  return codec::Key(GetOr<std::string>(item, keys::kPK), GetOr<std::string>(item, keys::kSK));
}

struct Shapes {
  std::optional<Item> old_item, new_item, ref;
};
using ShapesByEmployee = std::map<std::pair<std::string, std::string>, Shapes>;

Result<ShapesByEmployee> ReadShapes(MigrationIo& io) {
  ShapesByEmployee by_emp;
  DDBEMU_RETURN_IF_ERROR(ForEachItem(io, [&](const Item& item) {
    auto id = std::make_pair(GetOr<std::string>(item, "orgId"), GetOr<std::string>(item, "empId"));
    if (IsRef(item)) {
      by_emp[id].ref = item;
    } else if (IsEmployeeItem(item)) {
      (shape::IsNewShape(item) ? by_emp[id].new_item : by_emp[id].old_item) = item;
    }
  }));
  return by_emp;
}

// A ConditionCheck that `item` still has the version read (or still has none).
ddbemu::ConditionCheck StillAt(const Item& item) {
  const std::int64_t version = GetOr<std::int64_t>(item, "version", -1);
  ddbemu::ConditionCheck still{
      .key = KeyOf(item),
      .condition_expression = version < 0 ? "attribute_not_exists(#version)" : "#version = :v",
      .expression_attribute_names = {{"#version", "version"}}};
  if (version >= 0) still.expression_attribute_values = {{":v", AttributeValue::N(version)}};
  return still;
}

// The transaction that makes one employee's items agree, copying from the shape reads trust
// in `mode` (empty: nothing to repair). Every copy is conditioned on the source item as read,
// so a concurrent (mirrored) write wins and the next verify looks again.
//  - dual, reads from old: the new item and EMPREF# follow the old item; an orphan copy (its
//    old item gone) is deleted;
//  - dual, reads from new: the old item and EMPREF# follow the new item (found through
//    EMPREF#, or by the new item's own empId); an old item with no new one (written by a
//    process that had not seen the switch) is copied forward, as before the cut-over;
//  - new shape only: EMPREF# follows the new item (old items are the cleanup's).
ddbemu::TransactWriteItemsRequest RepairOf(EmployeeKeyMode mode, const Shapes& s,
                                           const std::pair<std::string, std::string>& id) {
  ddbemu::TransactWriteItemsRequest tx;
  const bool from_new = ReadsNewShape(mode) && s.new_item.has_value();
  if (!from_new) {
    if (mode == EmployeeKeyMode::kV2) return tx;  // nothing in the shape reads trust
    if (!s.old_item) {  // an orphan copy: its employee is not in the old shape
      tx.transact_items.push_back(
          ddbemu::ConditionCheck{.key = shape::OldKey(id.first, id.second),
                                 .condition_expression = "attribute_not_exists(#PK)",
                                 .expression_attribute_names = {{"#PK", "PK"}}});
      if (s.new_item) tx.transact_items.push_back(ddbemu::Delete{.key = KeyOf(*s.new_item)});
      if (s.ref) tx.transact_items.push_back(ddbemu::Delete{.key = KeyOf(*s.ref)});
      return tx;
    }
    const Item want = NewShapeOf(*s.old_item);
    if (s.new_item && *s.new_item == want && s.ref && *s.ref == RefOf(*s.old_item)) return tx;
    tx.transact_items.push_back(StillAt(*s.old_item));
    if (s.new_item && KeyOf(*s.new_item) != KeyOf(want))
      tx.transact_items.push_back(ddbemu::Delete{.key = KeyOf(*s.new_item)});
    tx.transact_items.push_back(ddbemu::Put{.item = want});
    tx.transact_items.push_back(ddbemu::Put{.item = RefOf(*s.old_item)});
    return tx;
  }
  const Item& source = *s.new_item;
  // The criteria of Verify: the lookup item names the new item's lastName, the old item has
  // every attribute but the key of the new one.
  const bool ref_ok =
      s.ref && GetOr<std::string>(*s.ref, "lastName") == GetOr<std::string>(source, "lastName");
  const bool old_ok = !WritesOldShape(mode) ||
                      (s.old_item && shape::Comparable(*s.old_item) == shape::Comparable(source));
  if (ref_ok && old_ok) return tx;
  tx.transact_items.push_back(StillAt(source));
  if (!old_ok) tx.transact_items.push_back(ddbemu::Put{.item = OldShapeOf(source)});
  if (!ref_ok) tx.transact_items.push_back(ddbemu::Put{.item = RefOf(source)});
  return tx;
}

// Makes every employee's items agree with the shape reads trust now (RepairOf); counts the
// employees repaired.
Status Repair(MigrationIo& io, std::int64_t& repaired) {
  DDBEMU_ASSIGN_OR_RETURN(SchemaState schema, ReadSchema(io));
  if (schema.employee_keys == EmployeeKeyMode::kV1) return {};
  DDBEMU_ASSIGN_OR_RETURN(ShapesByEmployee by_emp, ReadShapes(io));
  for (const auto& [id, s] : by_emp) {
    auto tx = RepairOf(schema.employee_keys, s, id);
    if (tx.transact_items.empty()) continue;
    DDBEMU_ASSIGN_OR_RETURN(bool done, io.Transact(std::move(tx)));
    if (done) ++repaired;
  }
  return {};
}

// Whether one employee's items agree with each other in `mode` (the checks of Verify).
bool Consistent(EmployeeKeyMode mode, const Shapes& s) {
  if (!s.new_item || (WritesOldShape(mode) && !s.old_item)) return false;
  const std::string last = GetOr<std::string>(*s.new_item, "lastName");
  if (GetOr<std::string>(*s.new_item, keys::kSK) !=
      keys::EmpSkV2(last, GetOr<std::string>(*s.new_item, "empId")))
    return false;
  if (!s.ref || GetOr<std::string>(*s.ref, "lastName") != last) return false;
  return !(s.old_item && WritesOldShape(mode) &&
           shape::Comparable(*s.old_item) != shape::Comparable(*s.new_item));
}

// Reads an employee's items again from one snapshot (TransactGetItems): the old item, the
// lookup item, and the new item where the lookup item says it is.
Status Reread(MigrationIo& io, const std::pair<std::string, std::string>& id, Shapes& s) {
  for (int attempt = 0; attempt < 3; ++attempt) {
    DDBEMU_ASSIGN_OR_RETURN(auto ref, io.Get(shape::RefKey(id.first, id.second)));
    // Without its lookup item the new item is still where the scan found it.
    const std::string last = ref          ? GetOr<std::string>(*ref, "lastName")
                             : s.new_item ? GetOr<std::string>(*s.new_item, "lastName")
                                          : "";
    DDBEMU_ASSIGN_OR_RETURN(auto snap, io.SnapshotGet({shape::OldKey(id.first, id.second),
                                                       shape::RefKey(id.first, id.second),
                                                       shape::NewKey(id.first, last, id.second)}));
    s.old_item = snap[0];
    s.ref = snap[1];
    s.new_item = snap[2];
    // The lookup item moved between the two reads (a rename): read again.
    if (!s.ref || GetOr<std::string>(*s.ref, "lastName") == last) return {};
  }
  return {};
}

// Both shapes against the switch: what each employee must look like in the current mode.
Status Verify(MigrationIo& io, VerifyReport& report) {
  DDBEMU_ASSIGN_OR_RETURN(SchemaState schema, ReadSchema(io));
  const EmployeeKeyMode mode = schema.employee_keys;
  DDBEMU_ASSIGN_OR_RETURN(ShapesByEmployee by_emp, ReadShapes(io));
  for (auto& [id, s] : by_emp) {
    ++report.checked;
    // A Scan is no snapshot: a live write may land between the reads of one employee's items.
    // An employee whose items disagree is read again, its items from one snapshot.
    if (mode != EmployeeKeyMode::kV1 && !Consistent(mode, s)) {
      DDBEMU_RETURN_IF_ERROR(Reread(io, id, s));
    }
    const std::string who = "employee " + id.second + " of org " + id.first + ": ";
    auto miss = [&](const std::string& what) { report.mismatches.push_back(who + what); };
    if (mode == EmployeeKeyMode::kV1) {
      if (s.new_item || s.ref) miss("a new-shape or EMPREF# item exists before the migration");
      continue;
    }
    if (WritesOldShape(mode) && !s.old_item) miss("no old-shape item EMP#<empId>");
    if (!s.new_item) {
      miss("no new-shape item EMP#<lastName>#<empId>");
      continue;
    }
    const std::string last = GetOr<std::string>(*s.new_item, "lastName");
    if (GetOr<std::string>(*s.new_item, keys::kSK) != keys::EmpSkV2(last, id.second))
      miss("new-shape key " + GetOr<std::string>(*s.new_item, keys::kSK) +
           " does not carry lastName " + last);
    if (!s.ref || GetOr<std::string>(*s.ref, "lastName") != last)
      miss("EMPREF# item missing or stale");
    if (s.old_item && WritesOldShape(mode) &&
        shape::Comparable(*s.old_item) != shape::Comparable(*s.new_item)) {
      miss("the two shapes differ (old version " +
           std::to_string(GetOr<std::int64_t>(*s.old_item, "version")) + ", new version " +
           std::to_string(GetOr<std::int64_t>(*s.new_item, "version")) + ")");
    }
  }
  return {};
}

}  // namespace

Migration EmployeeRekeyMigration() {
  using M = EmployeeKeyMode;
  Migration m;
  m.info = {.version = 3,
            .name = "employee-rekey",
            .kind = MigrationKind::kRekey,
            .summary =
                "Employee SK EMP#<empId> -> EMP#<lastName>#<empId> (AP3 by last name): "
                "dual-write, backfill, verify, cut-over, cleanup",
            .steps = {"switch: dual-write, reads from old", "backfill new shape",
                      "verify both shapes item by item (repairing copies a stale writer missed)",
                      "cut-over: reads from new", "switch: write new shape only",
                      "cleanup: delete old shape"},
            .reversible = true,
            .rollback_note =
                "until the switch to new-only writes: reads back to the old shape, "
                "new-shape and EMPREF# items deleted"};
  m.steps.push_back({.name = m.info.steps[0],
                     .control =
                         [](MigrationIo& io) {
                           return SetMode(io, M::kDualReadOld, {M::kV1, M::kDualReadOld});
                         },
                     .switches = 1,
                     .plan_switch = PlanMode(M::kDualReadOld)});
  m.steps.push_back({.name = m.info.steps[1], .visit = Backfill, .estimate = [](const Item& item) {
                       if (!IsOldEmployee(item)) return ItemEstimate{};
                       // One transaction: the check of the old item, the copy (with its GSI1 entry
                       // while active and its GSI2 entry) and the lookup item, each write twice.
                       const Item copy = NewShapeOf(item), ref = RefOf(item);
                       return ItemEstimate{.writes = true,
                                           .write_units = CheckCost(item) +
                                                          WriteCost(nullptr, &copy, true) +
                                                          WriteCost(nullptr, &ref, true),
                                           .adds = {copy, ref}};
                     }});
  m.steps.push_back({.name = m.info.steps[2],
                     .control = [](MigrationIo& io) -> Status {
                       std::int64_t repaired = 0;
                       DDBEMU_RETURN_IF_ERROR(Repair(io, repaired));
                       VerifyReport report;
                       DDBEMU_RETURN_IF_ERROR(Verify(io, report));
                       if (report.mismatches.empty()) return {};
                       return Error(ErrorKind::kBackend,
                                    std::to_string(report.mismatches.size()) +
                                        " employees differ between the shapes, e.g. " +
                                        report.mismatches.front() +
                                        "; the migration stays before the cut-over");
                     },
                     .gets = 2,          // the schema switch, read by the repair and the verify
                     .full_scans = 2});  // both read every item
  m.steps.push_back(
      {.name = m.info.steps[3],
       .control = [](MigrationIo& io) { return SetMode(io, M::kDualReadNew, {M::kDualReadOld}); },
       .switches = 1,
       .plan_switch = PlanMode(M::kDualReadNew)});
  m.steps.push_back(
      {.name = m.info.steps[4],
       .control = [](MigrationIo& io) { return SetMode(io, M::kV2, {M::kDualReadNew}); },
       .switches = 1,
       .plan_switch = PlanMode(M::kV2)});
  m.steps.push_back(
      {.name = m.info.steps[5],
       .visit =
           [](MigrationIo& io, const Item& item, MigrationTally& t) {
             return DeleteWhere(io, item, t, IsOldEmployee(item),
                                "attribute_exists(#PK) AND attribute_not_exists(#kv)");
           },
       .estimate =
           [](const Item& item) {
             if (!IsOldEmployee(item)) return ItemEstimate{};
             return ItemEstimate{
                 .writes = true, .write_units = WriteCost(&item, nullptr, false), .removes = true};
           }});
  m.can_roll_back = [](MigrationIo& io) -> Status {
    DDBEMU_ASSIGN_OR_RETURN(SchemaState schema, ReadSchema(io));
    if (schema.employee_keys == M::kV2)
      return Error(ErrorKind::kInvalidArgument,
                   "employee-rekey cannot be rolled back: writes go to the new shape only and the "
                   "old shape is being (or has been) removed");
    return {};
  };
  m.rollback.push_back({.name = "switch: reads from old",
                        .control = [](MigrationIo& io) -> Status {
                          DDBEMU_ASSIGN_OR_RETURN(SchemaState s, ReadSchema(io));
                          if (s.employee_keys == M::kV1) return {};
                          return SetMode(io, M::kDualReadOld, {M::kDualReadNew, M::kDualReadOld});
                        },
                        .switches = 1});
  m.rollback.push_back({.name = "switch: old shape only",
                        .control =
                            [](MigrationIo& io) {
                              return SetMode(io, M::kV1, {M::kDualReadOld, M::kV1});
                            },
                        .switches = 1});
  m.rollback.push_back({.name = "delete new shape and EMPREF# items",
                        .visit = [](MigrationIo& io, const Item& item, MigrationTally& t) {
                          bool wanted =
                              IsRef(item) || (IsEmployeeItem(item) && shape::IsNewShape(item));
                          return DeleteWhere(io, item, t, wanted, "attribute_exists(#PK)");
                        }});
  m.verify = Verify;
  m.repair = Repair;
  return m;
}

}  // namespace hrcore::migrations
