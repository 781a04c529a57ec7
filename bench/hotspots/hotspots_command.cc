#include "hotspots_command.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include "capacity_scenarios.h"
#include "ddbemu/testing/ddb_local_server.h"
#include "hotspots_report.h"
#include "hotspots_target.h"
#include "migration_scenario.h"
#include "scenarios.h"

namespace hrhot {

const char* const kHotspotsUsage =
    R"(usage: hrctl hotspots <org-import|dept-reorg|open-jobs|login-storm|launch-day|viral-tenant|all>
         [--clock virtual|real] [--endpoint URL] [--ddb-local PATH] [--out DIR]
         [--variant V] [--rate OPS_PER_S] [--count N] [--shards N] [--warm-write-price D]
       hrctl hotspots migration [--clock virtual|real] [--out DIR] [--fraction F]
         [--migration NAME] [--orgs N] [--count EMPLOYEES_PER_ORG] [--rate LIVE_OPS_PER_S]
  Hot-partition scenarios of the HR workload, each beside its fix, with throttling on.
  --clock virtual (default): in process, on a virtual clock: exact and repeatable.
  --clock real: against --endpoint URL, or a ddb-local this command starts (--ddb-local PATH,
  default: the one built next to hrctl), on the real clock.
  Writes DIR/<scenario>-<variant>.csv (per second, per partition and partition key),
  DIR/<scenario>-<variant>-partitions.csv, DIR/<scenario>-<variant>-heat.svg,
  DIR/<scenario>.svg (offered vs accepted) and DIR/summary.txt (default DIR: hotspots-out).
  launch-day, viral-tenant: capacity over time, with the scale delay and split for heat scaled
  down (docs/capacity.md, "Capacity over time in hrctl hotspots"); with --clock real hrctl starts
  ddb-local with the flags they need (with --endpoint the server must have been started with
  them: printed); also writes DIR/<scenario>-<variant>-timeline.csv (per second: offered and
  accepted WCU, throttles, partitions). --warm-write-price: $ per write unit of warm
  throughput raised (default 1.25e-6).
  migration: a schema migration (default employee-rekey, paced to --fraction, default 0.10,
  of a partition's capacity) beside live hrcore traffic, each side metered apart; writes
  DIR/migration[-real-clock].csv, -wcu.svg, -rcu.svg and -summary.txt.
)";

namespace {

std::string DefaultDdbLocal() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "ddb-local";
  // The build puts hrctl in tools/hrctl/ and ddb-local in tools/.
  for (const char* relative : {"../ddb-local", "ddb-local", "../ddb-local/ddb-local"}) {
    const auto candidate = (self.parent_path() / relative).lexically_normal();
    if (std::filesystem::is_regular_file(candidate, ec)) return candidate.string();
  }
  return "ddb-local";
}

bool WriteFile(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  return static_cast<bool>(out);
}

constexpr const char* kModelLine =
    "Model (docs/capacity.md): each partition, and each partition key value, serves at most "
    "1,000 WCU/s and 3,000 RCU/s, whatever the table's capacity; an on-demand table starts with "
    "4 partitions and 40,000 RCU/WCU per second; a GSI has its own partitions, and a write its "
    "GSI cannot take is refused on the table too. Every bucket starts with one second of "
    "capacity, so second 0 may serve up to twice the cap; the steady seconds are s1..last-1.\n";

// `hrctl hotspots migration`: one run, its CSV, two charts and its summary.
int RunMigrationCommand(Target& target, const std::filesystem::path& out_dir,
                        const std::function<std::optional<std::string>(const std::string&)>& flag) {
  MigrationScenarioSpec spec;
  if (auto v = flag("migration")) spec.migration = *v;
  if (auto v = flag("fraction")) spec.capacity_fraction = std::atof(v->c_str());
  if (auto v = flag("orgs")) spec.orgs = std::atoi(v->c_str());
  if (auto v = flag("count")) spec.employees_per_org = std::atoi(v->c_str());
  if (auto v = flag("rate")) spec.live_ops_per_second = std::atof(v->c_str());
  auto run = RunMigrationScenario(spec, target);
  if (!run.ok()) {
    std::cerr << "hrctl hotspots migration: " << run.error().ToString() << "\n";
    return 1;
  }
  const BudgetCheck check = CheckBudget(*run);
  const std::string base = target.is_virtual() ? "migration" : "migration-real-clock";
  WriteFile(out_dir / (base + ".csv"), RenderMigrationCsv(*run));
  WriteFile(out_dir / (base + "-wcu.svg"), RenderMigrationChart(*run, true));
  WriteFile(out_dir / (base + "-rcu.svg"), RenderMigrationChart(*run, false));
  const std::string summary = RenderMigrationSummary(*run, check);
  WriteFile(out_dir / (base + "-summary.txt"), summary);
  std::cout << summary << "wrote " << (out_dir / base).string() << "*\n";
  return check.breaches.empty() && run->mismatches.empty() ? 0 : 1;
}

}  // namespace

int RunHotspotsCommand(const std::vector<std::string>& positional,
                       const std::function<std::optional<std::string>(const std::string&)>& flag) {
  if (positional.size() < 2) {
    std::cerr << kHotspotsUsage;
    return 2;
  }
  if (positional[1] == "help") {
    std::cout << kHotspotsUsage;
    return 0;
  }
  std::vector<std::string> scenarios;
  if (positional[1] == "all") {
    scenarios = ScenarioNames();
  } else {
    scenarios.push_back(positional[1]);
    if (positional[1] != "migration" && ScenarioVariants(positional[1]).empty()) {
      std::cerr << "hrctl hotspots: no scenario '" << positional[1] << "'\n" << kHotspotsUsage;
      return 2;
    }
  }
  const std::string clock = flag("clock").value_or(flag("endpoint") ? "real" : "virtual");
  if (clock != "virtual" && clock != "real") {
    std::cerr << "hrctl hotspots: --clock is virtual or real\n";
    return 2;
  }
  std::unique_ptr<ddbemu::testing::DdbLocalServer> server;
  std::unique_ptr<Target> target;
  std::optional<DatabaseSettings> server_settings;
  // The target for a scenario: in process (its database opened per run with the run's
  // settings), the --endpoint, or a ddb-local started with the settings the scenario needs
  // (started again when the next scenario needs others).
  auto target_for = [&](const DatabaseSettings& settings) -> hrcore::Status {
    if (clock == "virtual") {
      if (!target) target = MakeEmbeddedTarget();
      return hrcore::Status();
    }
    std::string endpoint = flag("endpoint").value_or("");
    if (!endpoint.empty()) {
      if (target) return hrcore::Status();
      auto http = MakeHttpTarget(endpoint);
      if (!http.ok()) return http.error();
      target = std::move(http).value();
      return hrcore::Status();
    }
    if (target && server_settings == settings) return hrcore::Status();
    target.reset();
    server.reset();
    std::vector<std::string> args{"-inMemory"};
    for (const std::string& f : settings.DdbLocalFlags()) args.push_back(f);
    server = std::make_unique<ddbemu::testing::DdbLocalServer>(
        flag("ddb-local").value_or(DefaultDdbLocal()), args);
    if (!server->started()) {
      return hrcore::Error(hrcore::ErrorKind::kBackend,
                           "could not start ddb-local (--ddb-local PATH)");
    }
    auto http = MakeHttpTarget(server->url(), settings);
    if (!http.ok()) return http.error();
    target = std::move(http).value();
    server_settings = settings;
    return hrcore::Status();
  };
  const bool virtual_clock = clock == "virtual";
  const std::filesystem::path out_dir = flag("out").value_or("hotspots-out");
  std::filesystem::create_directories(out_dir);
  if (positional[1] == "migration") {
    if (auto s = target_for({}); !s.ok()) {
      std::cerr << "hrctl hotspots: " << s.error().ToString() << "\n";
      return 1;
    }
    return RunMigrationCommand(*target, out_dir, flag);
  }
  const double warm_price = std::atof(flag("warm-write-price").value_or("1.25e-6").c_str());
  std::string summary = kModelLine;
  std::cout << kModelLine << std::flush;
  for (const std::string& scenario : scenarios) {
    const DatabaseSettings settings = IsCapacityScenario(scenario) && !virtual_clock
                                          ? CapacityScenarioSettings(scenario)
                                          : DatabaseSettings{};
    if (auto s = target_for(settings); !s.ok()) {
      std::cerr << "hrctl hotspots: " << s.error().ToString() << "\n";
      return 1;
    }
    std::vector<std::unique_ptr<VariantRun>> runs;
    std::vector<std::unique_ptr<RunAnalysis>> analyses;
    for (VariantSpec spec : ScenarioVariants(scenario, virtual_clock)) {
      // --variant V: the baseline and V.
      if (auto v = flag("variant"); v && spec.variant != "baseline" && spec.variant != *v) continue;
      if (auto r = flag("rate")) spec.limits.ops_per_second = std::atof(r->c_str());
      if (auto n = flag("count")) spec.count = std::atoi(n->c_str());
      if (auto n = flag("shards")) spec.shards = std::atoi(n->c_str());
      auto run = RunVariant(spec, *target);
      if (!run.ok()) {
        std::cerr << "hrctl hotspots: " << run.error().ToString() << "\n";
        return 1;
      }
      auto owned = std::make_unique<VariantRun>(std::move(run).value());
      auto analysis = std::make_unique<RunAnalysis>(
          Analyse(*owned, [&](const std::string& index) { return target->Partitions(index); }));
      const std::string base = scenario + "-" + spec.variant;
      WriteFile(out_dir / (base + ".csv"), RenderCsv(*owned, *analysis, false));
      WriteFile(out_dir / (base + "-partitions.csv"), RenderCsv(*owned, *analysis, true));
      WriteFile(out_dir / (base + "-heat.svg"), RenderHeatMapSvg(*owned, *analysis));
      std::string text;
      if (IsCapacityScenario(scenario)) {
        WriteFile(out_dir / (base + "-timeline.csv"), RenderCapacityTimelineCsv(*owned));
        text = scenario + "/" + spec.variant + " — " + spec.title +
               "\n  where: " + target->Describe() + "\n" +
               RenderCapacitySummary(*owned, warm_price);
      } else {
        text = RenderSummary(*owned, *analysis, target->Describe());
      }
      std::cout << text << std::flush;
      summary += text;
      runs.push_back(std::move(owned));
      analyses.push_back(std::move(analysis));
    }
    std::vector<const VariantRun*> r;
    std::vector<const RunAnalysis*> a;
    for (std::size_t i = 0; i < runs.size(); ++i) {
      r.push_back(runs[i].get());
      a.push_back(analyses[i].get());
    }
    if (!r.empty()) WriteFile(out_dir / (scenario + ".svg"), RenderScenarioChart(r, a));
  }
  WriteFile(out_dir / "summary.txt", summary);
  std::cout << "wrote " << out_dir.string() << "/\n";
  return 0;
}

}  // namespace hrhot
