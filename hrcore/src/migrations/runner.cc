// hrcore/migrations.h: the registry, and run / status / verify / rollback / plan over the
// steps of migration.h with the records of migration_record.h.
#include <algorithm>
#include <cmath>
#include <map>

#include "hrcore/keys.h"
#include "hrcore/migrations.h"
#include "item_codec.h"
#include "migrations/migration.h"
#include "migrations/migration_record.h"
#include "migrations/plan_model.h"

namespace hrcore {

std::string_view ToString(MigrationKind kind) {
  switch (kind) {
    case MigrationKind::kAttributeBackfill:
      return "attribute backfill";
    case MigrationKind::kAddIndex:
      return "new GSI";
    case MigrationKind::kRekey:
      return "re-key";
  }
  return "";
}

namespace migrations {
namespace {

// A partition's caps (docs/capacity.md §2): a Scan reads one partition at a time, and the items a
// step rewrites are those it just read, so the migration's load lands on one partition.
constexpr double kPartitionReadCap = 3000, kPartitionWriteCap = 1000;

const std::vector<Migration>& Registry() {
  static const std::vector<Migration> all = {RoleDefaultMigration(), StatusIndexMigration(),
                                             EmployeeRekeyMigration()};
  return all;
}

Result<const Migration*> Find(const std::string& name) {
  for (const Migration& m : Registry()) {
    if (m.info.name == name || std::to_string(m.info.version) == name) return &m;
  }
  std::string known;
  for (const Migration& m : Registry()) known += (known.empty() ? "" : ", ") + m.info.name;
  return Error(ErrorKind::kInvalidArgument, "no migration '" + name + "' (known: " + known + ")");
}

// The pace: a fraction of one partition's caps, or of the provisioned throughput when lower.
std::pair<double, double> Budget(ddbemu::Client& client, const MigrationOptions& o) {
  double r = kPartitionReadCap, w = kPartitionWriteCap;
  if (auto d = client.DescribeTable({.table_name = o.table_name}); d.ok()) {
    const auto& t = d->table;
    if (t.billing_mode == ddbemu::BillingMode::kProvisioned && t.provisioned_throughput) {
      r = std::min<double>(r, t.provisioned_throughput->read_capacity_units);
      w = std::min<double>(w, t.provisioned_throughput->write_capacity_units);
    }
    if (t.on_demand_throughput && t.on_demand_throughput->max_read_request_units > 0)
      r = std::min<double>(r, t.on_demand_throughput->max_read_request_units);
    if (t.on_demand_throughput && t.on_demand_throughput->max_write_request_units > 0)
      w = std::min<double>(w, t.on_demand_throughput->max_write_request_units);
  }
  return {o.max_read_units.value_or(r * o.capacity_fraction),
          o.max_write_units.value_or(w * o.capacity_fraction)};
}

MigrationCapacity Sum(const MigrationCapacity& a, const MigrationCapacity& b) {
  return {a.read_units + b.read_units, a.write_units + b.write_units, a.calls + b.calls,
          a.throttled + b.throttled};
}

// The runner reads time only from options.clock (pacing, checkpoint times, ETA).
Status CheckOptions(const MigrationOptions& o) {
  if (o.clock == nullptr)
    return Error(ErrorKind::kInvalidArgument, "MigrationOptions::clock is required");
  return {};
}

Error Interrupted(const std::string& where) {
  return Error(ErrorKind::kBackend, "interrupted (injected stop) in " + where);
}

// Runs `steps` from the stored step/checkpoint to the end, saving after every page and step.
Status RunSteps(MigrationIo& io, const std::vector<Step>& steps, StoredRecord& stored,
                const MigrationCapacity& before) {
  const MigrationOptions& o = io.options();
  MigrationRecord& rec = stored.record;
  const std::int64_t started = io.NowMicros();
  std::int64_t total = 0;
  if (auto t = io.Describe(); t.ok()) total = t->item_count;
  auto progress = [&](const Step& step, bool checkpoint) {
    MigrationProgress p{.migration = rec.info.name,
                        .step = rec.step,
                        .steps = static_cast<int>(steps.size()),
                        .step_name = step.name,
                        .done = stored.step_scanned,
                        .total = std::max(total, stored.step_scanned),
                        .elapsed_s = static_cast<double>(io.NowMicros() - started) / 1e6,
                        .consumed = io.consumed(),
                        .checkpoint = checkpoint};
    if (p.done > 0 && p.total > p.done && p.elapsed_s > 0)
      p.eta_s = p.elapsed_s / static_cast<double>(p.done) * static_cast<double>(p.total - p.done);
    return p;
  };
  auto save = [&] {
    rec.consumed = Sum(before, io.consumed());
    return SaveRecord(io, stored);
  };
  while (rec.step < static_cast<int>(steps.size())) {
    const Step& step = steps[rec.step];
    if (o.progress) o.progress(progress(step, false));
    if (step.control) {
      DDBEMU_RETURN_IF_ERROR(step.control(io));
    } else {
      for (;;) {
        DDBEMU_ASSIGN_OR_RETURN(auto page, io.ScanPage(stored.cursor, o.page_size));
        MigrationTally tally;
        for (const Item& item : page.items) {
          if (o.stop_before_write && o.stop_before_write(progress(step, false)))
            return Interrupted(step.name);
          DDBEMU_RETURN_IF_ERROR(step.visit(io, item, tally));
          ++tally.scanned;
        }
        // The checkpoint: this page's tallies and where the next page starts, in one Put.
        rec.tally.scanned += tally.scanned;
        rec.tally.written += tally.written;
        rec.tally.skipped += tally.skipped;
        stored.step_scanned += tally.scanned;
        stored.cursor = page.last_evaluated_key;
        rec.has_checkpoint = stored.cursor.has_value();
        if (!stored.cursor) break;
        DDBEMU_RETURN_IF_ERROR(save());
        if (o.progress) o.progress(progress(step, true));
      }
    }
    ++rec.step;
    stored.cursor.reset();
    stored.step_scanned = 0;
    rec.has_checkpoint = false;
    DDBEMU_RETURN_IF_ERROR(save());
  }
  return {};
}

}  // namespace
}  // namespace migrations

using namespace migrations;

const std::vector<MigrationInfo>& ListMigrations() {
  static const std::vector<MigrationInfo> infos = [] {
    std::vector<MigrationInfo> out;
    for (const Migration& m : Registry()) out.push_back(m.info);
    return out;
  }();
  return infos;
}

Result<MigrationRecord> RunMigration(ddbemu::Client& client, const std::string& name,
                                     const MigrationOptions& options) {
  DDBEMU_RETURN_IF_ERROR(CheckOptions(options));
  DDBEMU_ASSIGN_OR_RETURN(const Migration* m, Find(name));
  auto [r, w] = Budget(client, options);
  MigrationIo io(client, options, r, w);
  // Versioned: the ones before must be applied (each assumes the schema they leave).
  for (const Migration& earlier : Registry()) {
    if (earlier.info.version >= m->info.version) break;
    DDBEMU_ASSIGN_OR_RETURN(StoredRecord e, LoadRecord(io, earlier.info));
    if (e.record.state != "applied")
      return Error(ErrorKind::kInvalidArgument, "migration " + earlier.info.name + " (version " +
                                                    std::to_string(earlier.info.version) + ") is " +
                                                    e.record.state + ": run it first");
  }
  DDBEMU_ASSIGN_OR_RETURN(StoredRecord stored, LoadRecord(io, m->info));
  MigrationRecord& rec = stored.record;
  if (rec.state == "applied") return rec;
  if (stored.rolling_back && rec.state == "running")
    return Error(ErrorKind::kInvalidArgument,
                 m->info.name + " is part-way through a rollback: run rollback again to finish it");
  if (rec.state == "rolled-back" || rec.state == "pending") {
    const MigrationCapacity keep = rec.consumed;
    const int runs = rec.runs;
    stored = StoredRecord{};
    stored.record.info = m->info;
    stored.record.consumed = keep;
    stored.record.runs = runs;
  }
  const MigrationCapacity before = rec.consumed;
  rec.state = "running";
  ++rec.runs;
  rec.consumed = Sum(before, io.consumed());
  DDBEMU_RETURN_IF_ERROR(SaveRecord(io, stored));
  DDBEMU_RETURN_IF_ERROR(RunSteps(io, m->steps, stored, before));
  rec.state = "applied";
  rec.consumed = Sum(before, io.consumed());
  DDBEMU_RETURN_IF_ERROR(SaveRecord(io, stored));
  rec.consumed = Sum(before, io.consumed());  // as saved: the record counts its own Put
  return rec;
}

Result<MigrationRecord> RollbackMigration(ddbemu::Client& client, const std::string& name,
                                          const MigrationOptions& options) {
  DDBEMU_RETURN_IF_ERROR(CheckOptions(options));
  DDBEMU_ASSIGN_OR_RETURN(const Migration* m, Find(name));
  if (m->rollback.empty())
    return Error(ErrorKind::kInvalidArgument, m->info.name + ": " + m->info.rollback_note);
  auto [r, w] = Budget(client, options);
  MigrationIo io(client, options, r, w);
  for (const Migration& later : Registry()) {
    if (later.info.version <= m->info.version) continue;
    DDBEMU_ASSIGN_OR_RETURN(StoredRecord l, LoadRecord(io, later.info));
    if (l.record.state == "applied" || l.record.state == "running")
      return Error(ErrorKind::kInvalidArgument, "migration " + later.info.name + " is " +
                                                    l.record.state + ": roll it back first");
  }
  DDBEMU_ASSIGN_OR_RETURN(StoredRecord stored, LoadRecord(io, m->info));
  MigrationRecord& rec = stored.record;
  if (rec.state == "pending" || rec.state == "rolled-back") return rec;
  if (!stored.rolling_back) {
    if (m->can_roll_back) DDBEMU_RETURN_IF_ERROR(m->can_roll_back(io));
    stored.rolling_back = true;
    rec.step = 0;
    stored.cursor.reset();
    stored.step_scanned = 0;
  }
  const MigrationCapacity before = rec.consumed;
  rec.state = "running";
  ++rec.runs;
  rec.consumed = Sum(before, io.consumed());
  DDBEMU_RETURN_IF_ERROR(SaveRecord(io, stored));
  DDBEMU_RETURN_IF_ERROR(RunSteps(io, m->rollback, stored, before));
  rec.state = "rolled-back";
  stored.rolling_back = false;
  rec.step = 0;
  rec.consumed = Sum(before, io.consumed());
  DDBEMU_RETURN_IF_ERROR(SaveRecord(io, stored));
  rec.consumed = Sum(before, io.consumed());  // as saved: the record counts its own Put
  return rec;
}

Result<std::vector<MigrationRecord>> MigrationStatus(ddbemu::Client& client,
                                                     const MigrationOptions& options) {
  DDBEMU_RETURN_IF_ERROR(CheckOptions(options));
  MigrationIo io(client, options, kPartitionReadCap, kPartitionWriteCap);
  std::vector<MigrationRecord> out;
  for (const Migration& m : Registry()) {
    DDBEMU_ASSIGN_OR_RETURN(StoredRecord s, LoadRecord(io, m.info));
    if (s.rolling_back && s.record.state == "running") s.record.state = "rolling-back";
    out.push_back(std::move(s.record));
  }
  return out;
}

Result<VerifyReport> VerifyMigration(ddbemu::Client& client, const std::string& name,
                                     const MigrationOptions& options) {
  DDBEMU_RETURN_IF_ERROR(CheckOptions(options));
  DDBEMU_ASSIGN_OR_RETURN(const Migration* m, Find(name));
  auto [r, w] = Budget(client, options);
  MigrationIo io(client, options, r, w);
  VerifyReport report{.name = m->info.name};
  if (options.repair && m->repair) DDBEMU_RETURN_IF_ERROR(m->repair(io, report.repaired));
  DDBEMU_RETURN_IF_ERROR(m->verify(io, report));
  report.consumed = io.consumed();
  return report;
}

Result<MigrationPlan> PlanMigration(ddbemu::Client& client, const std::string& name,
                                    const MigrationOptions& options) {
  DDBEMU_RETURN_IF_ERROR(CheckOptions(options));
  DDBEMU_ASSIGN_OR_RETURN(const Migration* m, Find(name));
  auto [r, w] = Budget(client, options);
  MigrationIo io(client, options, r, w);
  MigrationPlan plan{.info = m->info, .read_rate = r, .write_rate = w};
  DDBEMU_ASSIGN_OR_RETURN(StoredRecord stored, LoadRecord(io, m->info));
  plan.state = stored.record.state;
  DDBEMU_ASSIGN_OR_RETURN(auto table, io.Describe());
  plan.table_items = table.item_count;
  plan.table_bytes = table.table_size_bytes;
  // A sample: the first page of up to 1,000 items (the whole table, up to that size), over
  // which the run is replayed (plan_model.h).
  DDBEMU_ASSIGN_OR_RETURN(auto sample, io.ScanPage(std::nullopt, 1000));
  plan.sampled = static_cast<std::int64_t>(sample.items.size());
  int earlier = 0;
  for (const Migration& e : Registry()) earlier += e.info.version < m->info.version ? 1 : 0;
  const MigrationPlan modelled = ModelPlan(*m, {.sample = std::move(sample.items),
                                                .table_items = plan.table_items,
                                                .page_size = options.page_size,
                                                .earlier = earlier,
                                                .stored = stored,
                                                .now_micros = io.NowMicros()});
  plan.steps = modelled.steps;
  plan.items_to_scan = modelled.items_to_scan;
  plan.items_to_write = modelled.items_to_write;
  plan.read_units = modelled.read_units;
  plan.write_units = modelled.write_units;
  std::int64_t switches = 0;
  for (const Step& step : m->steps) switches += step.switches;
  plan.seconds =
      std::max(plan.read_units / std::max(r, 0.001), plan.write_units / std::max(w, 0.001)) +
      static_cast<double>(switches * options.grace_ms) / 1000.0;
  plan.dollars =
      plan.read_units * options.read_price / 1e6 + plan.write_units * options.write_price / 1e6;
  plan.notes.push_back("pace: " + std::to_string(static_cast<int>(r)) + " RCU/s, " +
                       std::to_string(static_cast<int>(w)) +
                       " WCU/s (the share of one partition's 3,000 RCU / 1,000 WCU a second)");
  if (plan.sampled < plan.table_items)
    plan.notes.push_back("steps extrapolated from a sample of " + std::to_string(plan.sampled) +
                         " of " + std::to_string(plan.table_items) + " items");
  else
    plan.notes.push_back(
        "replayed over the whole table: on a quiet table the run reports these "
        "figures (plan_model.h says where they can differ)");
  if (m->info.kind == MigrationKind::kRekey)
    plan.notes.push_back(
        "while both shapes exist every employee write is a transaction over both (2x, plus the "
        "switch check); after the cut-over AP2 reads EMPREF# first, consistently (+1 RCU a call: "
        "AP2 goes from 0.5 to 1.5 RCU)");
  if (m->info.kind == MigrationKind::kAddIndex)
    plan.notes.push_back("every employee write afterwards also writes its GSI2 entry (+1 WCU)");
  plan.consumed_by_plan = io.consumed();
  return plan;
}

}  // namespace hrcore
