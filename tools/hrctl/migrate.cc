// `hrctl migrate plan|run|status|verify|rollback [NAME]` (hrcore/migrations.h): the HR
// table's versioned migrations from the command line. Progress goes to stderr: a bar with
// the ETA on a terminal, plain lines otherwise (one per checkpoint at most every
// --progress-interval-ms); results go to stdout, as text or --json.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "commands.h"
#include "hrcore/migrations.h"
#include "output.h"

namespace hrctl {
namespace {

using namespace hrcore;

constexpr const char* kMigrateUsage = R"(usage: hrctl migrate plan|run|status|verify|rollback [NAME]
  plan [NAME]       what NAME (default: every pending migration) will read, write, cost, take
  run [NAME]        run or resume NAME (default: every pending one, in version order)
  status            every migration and its record in the table
  verify NAME       check item by item that the table is what NAME's state promises (before,
                    during or after the cut-over); --repair first makes each employee's items
                    agree with the shape reads come from
  rollback NAME     undo NAME where its kind allows
options: --fraction 0.10 (share of a partition's capacity)  --max-rcu N --max-wcu N
         --page-size 25  --grace-ms 2000  --progress-interval-ms 1000  --no-progress
         plan: --warm-read R --warm-write W (reads/writes per second to pre-warm the table and
         each GSI to), --warm-read-price 0.25 --warm-write-price 1.25 ($ per million units
         raised, charged once; an assumed price: docs/capacity.md §6)
)";

std::string Fixed(double v, int digits = 1) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

std::string Duration(double s) {
  if (s < 0) return "?";
  char buf[32];
  if (s < 120) {
    std::snprintf(buf, sizeof buf, "%.0fs", s);
  } else {
    std::snprintf(buf, sizeof buf, "%dm%02ds", static_cast<int>(s) / 60, static_cast<int>(s) % 60);
  }
  return buf;
}

// The progress callback: a redrawn bar on a terminal, throttled plain lines otherwise.
std::function<void(const MigrationProgress&)> Reporter(const Args& a) {
  if (a.Has("no-progress")) return nullptr;
  const bool tty = isatty(STDERR_FILENO) != 0;
  const long long interval_ms = a.GetInt("progress-interval-ms", 1000);
  auto last = std::make_shared<std::chrono::steady_clock::time_point>();
  return [tty, interval_ms, last](const MigrationProgress& p) {
    const double pct =
        p.total > 0 ? 100.0 * static_cast<double>(p.done) / static_cast<double>(p.total) : 0;
    std::ostringstream line;
    line << p.migration << " step " << (p.step + 1) << "/" << p.steps << " " << p.step_name;
    std::ostringstream tail;
    tail << " " << p.done << "/" << p.total << " items, " << Fixed(p.consumed.read_units) << " RCU "
         << Fixed(p.consumed.write_units) << " WCU, " << p.consumed.throttled << " throttled, ETA "
         << Duration(p.eta_s);
    if (tty) {
      const int width = 24, filled = static_cast<int>(pct / 100 * width);
      std::fprintf(stderr, "\r\033[K%s [%s%s] %3.0f%%%s", line.str().c_str(),
                   std::string(filled, '#').c_str(), std::string(width - filled, '.').c_str(), pct,
                   tail.str().c_str());
      if (!p.checkpoint) std::fprintf(stderr, "\n");
      return;
    }
    auto now = std::chrono::steady_clock::now();
    if (p.checkpoint && now - *last < std::chrono::milliseconds(interval_ms)) return;
    *last = now;
    std::fprintf(stderr, "%s%s%s\n", p.checkpoint ? "checkpoint " : "", line.str().c_str(),
                 (p.checkpoint ? " " + Fixed(pct, 0) + "%" + tail.str() : std::string()).c_str());
    std::fflush(stderr);
  };
}

std::string CapacityJson(const MigrationCapacity& c) {
  return "{\"readUnits\":" + Fixed(c.read_units) + ",\"writeUnits\":" + Fixed(c.write_units) +
         ",\"calls\":" + std::to_string(c.calls) + ",\"throttled\":" + std::to_string(c.throttled) +
         "}";
}

std::string RecordJson(const MigrationRecord& r) {
  return "{\"version\":" + std::to_string(r.info.version) + ",\"name\":" + JsonString(r.info.name) +
         ",\"kind\":" + JsonString(std::string(ToString(r.info.kind))) +
         ",\"state\":" + JsonString(r.state) + ",\"step\":" + std::to_string(r.step) +
         ",\"steps\":" + std::to_string(r.info.steps.size()) +
         ",\"checkpoint\":" + (r.has_checkpoint ? "true" : "false") +
         ",\"runs\":" + std::to_string(r.runs) + ",\"scanned\":" + std::to_string(r.tally.scanned) +
         ",\"written\":" + std::to_string(r.tally.written) +
         ",\"skipped\":" + std::to_string(r.tally.skipped) +
         ",\"consumed\":" + CapacityJson(r.consumed) +
         ",\"updatedAt\":" + JsonString(r.updated_at) + "}";
}

void PrintRecord(const MigrationRecord& r) {
  std::cout << "V" << r.info.version << " " << r.info.name << " (" << ToString(r.info.kind)
            << "): " << r.state;
  if (r.state == "running" || r.state == "rolling-back")
    std::cout << " at step " << (r.step + 1) << "/" << r.info.steps.size()
              << (r.has_checkpoint ? " (checkpoint saved)" : "");
  std::cout << "\n    runs " << r.runs << ", scanned " << r.tally.scanned << ", written "
            << r.tally.written << ", skipped " << r.tally.skipped << "; consumed "
            << Fixed(r.consumed.read_units) << " RCU, " << Fixed(r.consumed.write_units)
            << " WCU in " << r.consumed.calls << " calls (" << r.consumed.throttled << " throttled)"
            << (r.updated_at.empty() ? "" : "; updated " + r.updated_at) << "\n";
}

void PrintPlan(const MigrationPlan& p, const WarmThroughputCost& warm,
               const WarmThroughputPrices& prices, bool json) {
  if (json) {
    std::cout << "{\"name\":" << JsonString(p.info.name) << ",\"state\":" << JsonString(p.state)
              << ",\"tableItems\":" << p.table_items << ",\"tableBytes\":" << p.table_bytes
              << ",\"itemsToScan\":" << p.items_to_scan << ",\"itemsToWrite\":" << p.items_to_write
              << ",\"readUnits\":" << Fixed(p.read_units)
              << ",\"writeUnits\":" << Fixed(p.write_units)
              << ",\"readRate\":" << Fixed(p.read_rate) << ",\"writeRate\":" << Fixed(p.write_rate)
              << ",\"seconds\":" << Fixed(p.seconds) << ",\"dollars\":" << Fixed(p.dollars, 6)
              << ",\"steps\":[";
    for (std::size_t i = 0; i < p.steps.size(); ++i) {
      const auto& s = p.steps[i];
      std::cout << (i ? "," : "") << "{\"name\":" << JsonString(s.name)
                << ",\"itemsToScan\":" << s.items_to_scan
                << ",\"itemsToWrite\":" << s.items_to_write
                << ",\"readUnits\":" << Fixed(s.read_units)
                << ",\"writeUnits\":" << Fixed(s.write_units) << "}";
    }
    std::cout << "],\"warmThroughput\":" << WarmThroughputCostJson(warm) << "}\n";
    return;
  }
  std::cout << "V" << p.info.version << " " << p.info.name << " (" << ToString(p.info.kind) << ", "
            << p.state << "): " << p.info.summary << "\n  table: " << p.table_items << " items, "
            << p.table_bytes << " bytes\n";
  for (std::size_t i = 0; i < p.steps.size(); ++i) {
    const auto& s = p.steps[i];
    std::cout << "  " << (i + 1) << ". " << s.name;
    if (s.scans) std::cout << ": scan " << s.items_to_scan << " items, write " << s.items_to_write;
    if (s.read_units > 0 || s.write_units > 0)
      std::cout << " (" << Fixed(s.read_units) << " RCU, " << Fixed(s.write_units) << " WCU)";
    std::cout << "\n";
  }
  std::cout << "  total: " << p.items_to_scan << " items scanned, " << p.items_to_write
            << " written; " << Fixed(p.read_units) << " RCU + " << Fixed(p.write_units)
            << " WCU = $" << Fixed(p.dollars, 6) << "; at " << Fixed(p.read_rate) << " RCU/s and "
            << Fixed(p.write_rate) << " WCU/s about " << Duration(p.seconds)
            << "\n  rollback: " << (p.info.reversible ? "" : "none; ") << p.info.rollback_note
            << "\n";
  for (const auto& n : p.notes) std::cout << "  note: " << n << "\n";
  std::cout << WarmThroughputCostText(warm, prices, "  ");
}

}  // namespace

int RunMigrate(Backend& b, const Args& a, const std::string& table, bool json) {
  const auto& pos = a.positional();
  if (pos.size() < 2) {
    std::cerr << kMigrateUsage;
    return 2;
  }
  const std::string sub = pos[1];
  const std::string name = pos.size() > 2 ? pos[2] : "";
  const ddbemu::SystemClock clock;  // the runner's only clock (MigrationOptions::clock)
  MigrationOptions o{.table_name = table,
                     .capacity_fraction = a.GetDouble("fraction", 0.10),
                     .page_size = static_cast<int>(a.GetInt("page-size", 25)),
                     .grace_ms = a.GetInt("grace-ms", 2000),
                     .clock = &clock,
                     .progress = Reporter(a),
                     .repair = a.Has("repair")};
  if (a.Has("max-rcu")) o.max_read_units = a.GetDouble("max-rcu", 0);
  if (a.Has("max-wcu")) o.max_write_units = a.GetDouble("max-wcu", 0);
  auto fail = [&](const Error& e) {
    if (json) {
      std::cout << "{\"error\":" << JsonString(std::string(ErrorKindName(e.kind())))
                << ",\"message\":" << JsonString(e.message()) << "}\n";
    } else {
      std::cerr << "hrctl migrate " << sub << ": " << e.ToString() << "\n";
    }
    return 1;
  };
  // NAME, or every migration not applied yet (in version order).
  auto targets = [&]() -> Result<std::vector<std::string>> {
    if (!name.empty()) return std::vector<std::string>{name};
    DDBEMU_ASSIGN_OR_RETURN(auto all, MigrationStatus(*b.client, o));
    std::vector<std::string> out;
    for (const auto& r : all)
      if (r.state != "applied") out.push_back(r.info.name);
    return out;
  };

  if (sub == "status") {
    auto all = MigrationStatus(*b.client, o);
    if (!all.ok()) return fail(all.error());
    if (json) {
      std::cout << "[";
      for (std::size_t i = 0; i < all->size(); ++i)
        std::cout << (i ? "," : "") << RecordJson((*all)[i]);
      std::cout << "]\n";
    } else {
      for (const auto& r : *all) PrintRecord(r);
    }
    return 0;
  }
  if (sub == "plan" || sub == "run") {
    auto names = targets();
    if (!names.ok()) return fail(names.error());
    if (names->empty() && !json) std::cout << "every migration is applied\n";
    // A plan prices the warm throughput the run may need beside its request units.
    const WarmFlags warm_flags = WarmFlagsOf(a);
    Result<WarmThroughputCost> warm = WarmThroughputCost{};
    if (sub == "plan" && !names->empty()) {
      warm = PriceWarmThroughput(*b.client, table, warm_flags.target, warm_flags.prices);
      if (!warm.ok()) return fail(warm.error());
    }
    for (const auto& n : *names) {
      if (sub == "plan") {
        auto p = PlanMigration(*b.client, n, o);
        if (!p.ok()) return fail(p.error());
        PrintPlan(*p, *warm, warm_flags.prices, json);
        continue;
      }
      const std::int64_t started = clock.NowMicros();
      auto r = RunMigration(*b.client, n, o);
      if (o.progress && isatty(STDERR_FILENO)) std::fputs("\n", stderr);  // past the bar
      if (!r.ok()) return fail(r.error());
      const double secs = static_cast<double>(clock.NowMicros() - started) / 1e6;
      if (json) {
        std::cout << RecordJson(*r) << "\n";
      } else {
        PrintRecord(*r);
        std::cout << "    this run: " << Fixed(secs, 2) << " s\n";
      }
    }
    return 0;
  }
  if (sub == "verify" || sub == "rollback") {
    if (name.empty()) {
      std::cerr << "hrctl migrate " << sub << " needs a migration name\n" << kMigrateUsage;
      return 2;
    }
    if (sub == "rollback") {
      auto r = RollbackMigration(*b.client, name, o);
      if (!r.ok()) return fail(r.error());
      json ? void(std::cout << RecordJson(*r) << "\n") : PrintRecord(*r);
      return 0;
    }
    auto v = VerifyMigration(*b.client, name, o);
    if (!v.ok()) return fail(v.error());
    if (json) {
      std::cout << "{\"name\":" << JsonString(v->name) << ",\"checked\":" << v->checked
                << ",\"repaired\":" << v->repaired << ",\"mismatches\":[";
      for (std::size_t i = 0; i < v->mismatches.size(); ++i)
        std::cout << (i ? "," : "") << JsonString(v->mismatches[i]);
      std::cout << "],\"consumed\":" << CapacityJson(v->consumed) << "}\n";
    } else {
      std::cout << v->name << ": " << v->checked << " checked, " << v->repaired << " repaired, "
                << v->mismatches.size() << " mismatches (" << Fixed(v->consumed.read_units)
                << " RCU)\n";
      for (std::size_t i = 0; i < v->mismatches.size() && i < 20; ++i)
        std::cout << "  " << v->mismatches[i] << "\n";
    }
    return v->mismatches.empty() ? 0 : 1;
  }
  std::cerr << "hrctl migrate: no subcommand '" << sub << "'\n" << kMigrateUsage;
  return 2;
}

}  // namespace hrctl
