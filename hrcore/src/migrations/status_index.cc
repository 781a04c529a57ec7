// Migration 2, `employee-status-index` (a new GSI with backfill, the guide's medium kind):
// AP13, the employees of an org by status, served by GSI2 (GSI2PK = ORG#<orgId>#EMPLOYEES,
// GSI2SK = <status>#<empId>, projection ALL; sparse: only Employees carry its keys).
//   1. switch: hrcore writes GSI2PK/GSI2SK on every employee write from now on;
//   2. UpdateTable creates GSI2; the step waits until DescribeTable shows it ACTIVE (the
//      service backfills the index from the items that already carry its keys);
//   3. backfill: Employees written before step 1 get the keys, by an UpdateItem conditioned
//      on the status it derived them from (a concurrent Terminate/Rehire wins).
// Reversible: the switch goes back, UpdateTable deletes GSI2, the keys are removed.
#include "hrcore/keys.h"
#include "item_codec.h"
#include "migrations/migration.h"

namespace hrcore::migrations {
namespace {

using ddbemu::AttributeValue;

const ddbemu::GlobalSecondaryIndexDescription* FindIndex(const ddbemu::TableDescription& t) {
  for (const auto& g : t.global_secondary_indexes) {
    if (g.index_name == keys::kGsi2) return &g;
  }
  return nullptr;
}

// Polls DescribeTable, backing off from 100 ms to 5 s, until `done` or ten minutes passed.
Status WaitFor(MigrationIo& io, const std::function<bool(const ddbemu::TableDescription&)>& done,
               const std::string& what) {
  std::int64_t delay = 100'000, waited = 0;
  for (;;) {
    DDBEMU_ASSIGN_OR_RETURN(auto table, io.Describe());
    if (done(table)) return {};
    if (waited > 600'000'000) return Error(ErrorKind::kBackend, "gave up waiting for " + what);
    io.Sleep(delay);
    waited += delay;
    delay = std::min<std::int64_t>(delay * 2, 5'000'000);
  }
}

std::string WantedSk(const Item& item) {
  std::string status = GetOr<std::string>(item, "status");
  return keys::StatusGsiSk(status.empty() ? "active" : status, GetOr<std::string>(item, "empId"));
}

bool NeedsKeys(const Item& item) {
  return IsEmployeeItem(item) && (GetOr<std::string>(item, keys::kGsi2Pk) !=
                                      keys::StatusGsiPk(GetOr<std::string>(item, "orgId")) ||
                                  GetOr<std::string>(item, keys::kGsi2Sk) != WantedSk(item));
}

Status CreateIndex(MigrationIo& io) {
  DDBEMU_ASSIGN_OR_RETURN(auto table, io.Describe());
  if (FindIndex(table) == nullptr) {  // absent: create it (a resumed run finds it there)
    ddbemu::CreateGlobalSecondaryIndexAction create{
        .index_name = std::string(keys::kGsi2),
        .key_schema = {{std::string(keys::kGsi2Pk), ddbemu::KeyType::kHash},
                       {std::string(keys::kGsi2Sk), ddbemu::KeyType::kRange}},
        .projection = {ddbemu::ProjectionType::kAll, {}}};
    if (table.billing_mode == ddbemu::BillingMode::kProvisioned && table.provisioned_throughput) {
      create.provisioned_throughput = ddbemu::ProvisionedThroughput{
          .read_capacity_units = table.provisioned_throughput->read_capacity_units,
          .write_capacity_units = table.provisioned_throughput->write_capacity_units};
    }
    DDBEMU_RETURN_IF_ERROR(io.UpdateTable(
        {.attribute_definitions = {{std::string(keys::kGsi2Pk), ddbemu::ScalarAttributeType::kS},
                                   {std::string(keys::kGsi2Sk), ddbemu::ScalarAttributeType::kS}},
         .global_secondary_index_updates = {create}}));
  }
  return WaitFor(
      io,
      [](const ddbemu::TableDescription& t) {
        const auto* g = FindIndex(t);
        return g != nullptr && g->index_status == ddbemu::IndexStatus::kActive;
      },
      "GSI2 to become ACTIVE");
}

Status DeleteIndex(MigrationIo& io) {
  DDBEMU_ASSIGN_OR_RETURN(auto table, io.Describe());
  if (const auto* g = FindIndex(table);
      g != nullptr && g->index_status != ddbemu::IndexStatus::kDeleting) {
    DDBEMU_RETURN_IF_ERROR(
        io.UpdateTable({.global_secondary_index_updates = {
                            ddbemu::DeleteGlobalSecondaryIndexAction{std::string(keys::kGsi2)}}}));
  }
  return WaitFor(
      io, [](const ddbemu::TableDescription& t) { return FindIndex(t) == nullptr; },
      "GSI2 to be deleted");
}

Status Backfill(MigrationIo& io, const Item& item, MigrationTally& tally) {
  if (!NeedsKeys(item)) {
    ++tally.skipped;
    return {};
  }
  DDBEMU_ASSIGN_OR_RETURN(
      bool written,
      io.Update(
          {.key =
               codec::Key(GetOr<std::string>(item, keys::kPK), GetOr<std::string>(item, keys::kSK)),
           .update_expression = "SET GSI2PK = :pk, GSI2SK = :sk",
           .condition_expression = "attribute_exists(#PK) AND #status = :status",
           .expression_attribute_names = {{"#PK", "PK"}, {"#status", "status"}},
           .expression_attribute_values = {
               {":pk", AttributeValue::S(keys::StatusGsiPk(GetOr<std::string>(item, "orgId")))},
               {":sk", AttributeValue::S(WantedSk(item))},
               {":status", AttributeValue::S(GetOr<std::string>(item, "status"))}}}));
  ++(written ? tally.written : tally.skipped);
  return {};
}

Status RemoveKeys(MigrationIo& io, const Item& item, MigrationTally& tally) {
  if (!IsEmployeeItem(item) || !item.count(std::string(keys::kGsi2Pk))) {
    ++tally.skipped;
    return {};
  }
  DDBEMU_ASSIGN_OR_RETURN(bool written,
                          io.Update({.key = codec::Key(GetOr<std::string>(item, keys::kPK),
                                                       GetOr<std::string>(item, keys::kSK)),
                                     .update_expression = "REMOVE GSI2PK, GSI2SK",
                                     .condition_expression = "attribute_exists(#PK)",
                                     .expression_attribute_names = {{"#PK", "PK"}}}));
  ++(written ? tally.written : tally.skipped);
  return {};
}

Status SetSwitch(MigrationIo& io, bool on) {
  return MoveSchemaSwitch(io, "statusIndex = :v", ddbemu::AttributeValue::Bool(on), "", {});
}

}  // namespace

Migration StatusIndexMigration() {
  Migration m;
  m.info = {.version = 2,
            .name = "employee-status-index",
            .kind = MigrationKind::kAddIndex,
            .summary =
                "GSI2: employees by status within an org (AP13), created with "
                "UpdateTable, waited on until ACTIVE, old Employees backfilled",
            .steps = {"switch: hrcore writes GSI2 keys", "create GSI2 and wait until ACTIVE",
                      "backfill GSI2 keys on old employees"},
            .reversible = true,
            .rollback_note = "switch off, delete GSI2, remove GSI2PK/GSI2SK from employees"};
  m.steps.push_back(
      {.name = m.info.steps[0],
       .control = [](MigrationIo& io) { return SetSwitch(io, true); },
       .switches = 1,
       .plan_switch =
           [](Item& schema) { schema["statusIndex"] = ddbemu::AttributeValue::Bool(true); }});
  m.steps.push_back({.name = m.info.steps[1], .control = CreateIndex});
  m.steps.push_back({.name = m.info.steps[2], .visit = Backfill, .estimate = [](const Item& item) {
                       if (!NeedsKeys(item)) return ItemEstimate{};
                       Item after = item;
                       after[std::string(keys::kGsi2Pk)] =
                           AttributeValue::S(keys::StatusGsiPk(GetOr<std::string>(item, "orgId")));
                       after[std::string(keys::kGsi2Sk)] = AttributeValue::S(WantedSk(item));
                       // the item, its new GSI2 entry, and GSI1's (projection ALL) when active
                       return ItemEstimate{.writes = true,
                                           .write_units = WriteCost(&item, &after, false),
                                           .after = after};
                     }});
  m.rollback.push_back({.name = "switch: hrcore stops writing GSI2 keys",
                        .control = [](MigrationIo& io) { return SetSwitch(io, false); },
                        .switches = 1});
  m.rollback.push_back({.name = "delete GSI2", .control = DeleteIndex});
  m.rollback.push_back({.name = "remove GSI2 keys", .visit = RemoveKeys, .estimate = nullptr});
  m.can_roll_back = [](MigrationIo&) { return Status(); };
  m.verify = [](MigrationIo& io, VerifyReport& report) -> Status {
    DDBEMU_ASSIGN_OR_RETURN(auto table, io.Describe());
    const auto* g = FindIndex(table);
    if (g == nullptr || g->index_status != ddbemu::IndexStatus::kActive)
      report.mismatches.push_back("GSI2 is not ACTIVE");
    return ForEachItem(io, [&](const Item& item) {
      if (!IsEmployeeItem(item)) return;
      ++report.checked;
      if (NeedsKeys(item))
        report.mismatches.push_back("employee " + GetOr<std::string>(item, "empId") + " (" +
                                    GetOr<std::string>(item, keys::kSK) + ", " +
                                    GetOr<std::string>(item, "status") + ") has GSI2 keys '" +
                                    GetOr<std::string>(item, keys::kGsi2Pk) + "' / '" +
                                    GetOr<std::string>(item, keys::kGsi2Sk) + "'");
    });
  };
  return m;
}

}  // namespace hrcore::migrations
