// What hrbench runs: seed, record, replay interleaved, report; or the embedded loop; or a soak.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <thread>

#include "cli.h"
#include "ddbemu/database.h"
#include "ddbemu/embedded_client.h"
#include "embedded_load.h"
#include "http_load.h"
#include "recording.h"
#include "report.h"
#include "setup.h"
#include "soak.h"
#include "workload.h"

namespace hrbench {
namespace {

using Seconds = std::chrono::duration<double>;

double Since(std::chrono::steady_clock::time_point t0) {
  return Seconds(std::chrono::steady_clock::now() - t0).count();
}

// "http://host:port[/...]" -> host, port.
bool SplitUrl(const std::string& url, std::string* host, std::string* port) {
  std::string rest = url;
  if (rest.rfind("http://", 0) == 0) rest = rest.substr(7);
  if (std::size_t slash = rest.find('/'); slash != std::string::npos) rest.resize(slash);
  std::size_t colon = rest.rfind(':');
  if (colon == std::string::npos) {
    *host = rest;
    *port = "80";
  } else {
    *host = rest.substr(0, colon);
    *port = rest.substr(colon + 1);
  }
  return !host->empty() && !port->empty();
}

struct Endpoint {
  std::string name, url, host, port;
  bool trivial = false;
  int pid = 0;                              // the server's process, for its CPU time per request
  std::unique_ptr<RecordingClient> client;  // not for the trivial server
};

bool WriteJson(const Cli& cli, const std::string& json) {
  if (cli.json.empty()) return true;
  std::ofstream out(cli.json);
  out << json;
  return static_cast<bool>(out);
}

hrcore::Result<std::vector<std::string>> Seed(ddbemu::Client& client, const Cli& cli,
                                              const std::string& name) {
  auto t0 = std::chrono::steady_clock::now();
  auto ids = SeedTable(client, {.table = cli.table,
                                .orgs = cli.orgs,
                                .employees_per_org = cli.employees,
                                .threads = cli.seed_threads});
  if (ids.ok()) {
    std::fprintf(stderr, "seeded %s: %d organisations x %d employees in %.1f s\n", name.c_str(),
                 cli.orgs, cli.employees, Since(t0));
  }
  return ids;
}

int Fail(const std::string& what) {
  std::fprintf(stderr, "hrbench: %s\n", what.c_str());
  return 1;
}

int RunSoak(const Cli& cli, Endpoint& a, const std::vector<WirePattern>& wire,
            const std::vector<std::uint16_t>& schedule, const std::vector<std::string>& names,
            const WireSigner& signer) {
  std::string error;
  auto load = HttpLoad::Connect({.host = a.host,
                                 .port = a.port,
                                 .connections = cli.connections,
                                 .threads = cli.threads,
                                 .signer = &signer},
                                wire, schedule, &error);
  if (!load) return Fail(error);
  std::printf("soak: %s, %s mix, %d connections, %.0f s in intervals of %.0f s, server pid %d\n",
              a.url.c_str(), cli.mixes[0].c_str(), cli.connections, cli.duration, cli.interval,
              cli.server_pid);
  std::printf("%8s %10s %8s %8s %9s %7s %9s %9s %9s %9s %9s\n", "t s", "ops/s", "p50 us", "p99 us",
              "p99.9 us", "errors", "throttled", "conflicts", "RSS MiB", "heap MiB", "db MiB");
  auto mib = [](std::uint64_t kb) { return static_cast<double>(kb) / 1024.0; };
  std::string json = "{\"soak\":[";
  auto line = [&](double t, const PatternStats* p, double seconds, const MemorySample& m) {
    double ops = p && seconds > 0 ? static_cast<double>(p->ok) / seconds : 0;
    double p50 = p ? p->latency.Quantile(0.5) / 1000 : 0,
           p99 = p ? p->latency.Quantile(0.99) / 1000 : 0,
           p999 = p ? p->latency.Quantile(0.999) / 1000 : 0;
    std::uint64_t e = p ? p->errors : 0, th = p ? p->throttled : 0, c = p ? p->conflicts : 0;
    std::printf("%8.0f %10.0f %8.1f %8.1f %9.1f %7llu %9llu %9llu %9.1f %9.1f %9.1f\n", t, ops, p50,
                p99, p999, static_cast<unsigned long long>(e), static_cast<unsigned long long>(th),
                static_cast<unsigned long long>(c), mib(m.rss_kb), mib(m.anonymous_kb),
                mib(m.database_kb));
    std::fflush(stdout);
    char buf[400];
    std::snprintf(buf, sizeof buf,
                  "%s{\"t\":%.1f,\"ops_per_s\":%.1f,\"p50_us\":%.1f,\"p99_us\":%.1f,"
                  "\"p999_us\":%.1f,\"errors\":%llu,\"throttled\":%llu,\"conflicts\":%llu,"
                  "\"rss_kb\":%llu,\"anonymous_kb\":%llu,\"database_kb\":%llu}",
                  json.back() == '[' ? "" : ",", t, ops, p50, p99, p999,
                  static_cast<unsigned long long>(e), static_cast<unsigned long long>(th),
                  static_cast<unsigned long long>(c), static_cast<unsigned long long>(m.rss_kb),
                  static_cast<unsigned long long>(m.anonymous_kb),
                  static_cast<unsigned long long>(m.database_kb));
    json += buf;
  };
  MemorySample m0 = cli.server_pid > 0 ? SampleMemory(cli.server_pid) : MemorySample{};
  line(0, nullptr, 0, m0);
  RunStats all;
  all.patterns.resize(wire.size());
  double t = 0;
  std::uint64_t first_heap = 0, max_heap = 0, last_heap = 0;
  while (t + 1e-9 < cli.duration) {
    double step = std::min(cli.interval, cli.duration - t);
    RunStats s = load->Run(Seconds(0), Seconds(step));
    t += step;
    all.Merge(s);
    all.seconds += s.seconds;
    MemorySample m = cli.server_pid > 0 ? SampleMemory(cli.server_pid) : MemorySample{};
    PatternStats total = s.Total();
    line(t, &total, s.seconds, m);
    if (first_heap == 0) first_heap = m.anonymous_kb;
    max_heap = std::max(max_heap, m.anonymous_kb);
    last_heap = m.anonymous_kb;
  }
  TargetResult r{.target = a.name,
                 .endpoint = a.url,
                 .mix = cli.mixes[0],
                 .connections = cli.connections,
                 .rounds = 1,
                 .pattern_names = names,
                 .stats = all};
  PrintResult(stdout, r);
  PatternStats total = all.Total();
  std::printf(
      "heap (anonymous) after the first interval %.1f MiB, at the end %.1f MiB, peak %.1f "
      "MiB; %llu errors, %llu throttled, %llu conflicts in %llu calls\n",
      mib(first_heap), mib(last_heap), mib(max_heap), static_cast<unsigned long long>(total.errors),
      static_cast<unsigned long long>(total.throttled),
      static_cast<unsigned long long>(total.conflicts), static_cast<unsigned long long>(total.ok));
  json += "],\"result\":" + ToJson({r}) + "}\n";
  if (!WriteJson(cli, json)) return Fail("cannot write " + cli.json);
  return total.errors == 0 ? 0 : 3;
}

int RunHttp(const Cli& cli) {
  std::vector<Endpoint> eps;
  eps.push_back({.name = cli.label, .url = cli.endpoint, .pid = cli.server_pid});
  if (!cli.vs.empty()) {
    eps.push_back({.name = cli.vs_label, .url = cli.vs, .pid = cli.vs_server_pid});
  }
  if (!cli.trivial_url.empty())
    eps.push_back(
        {.name = "trivial", .url = cli.trivial_url, .trivial = true, .pid = cli.trivial_pid});
  const WireCredentials credentials{
      .access_key = cli.access_key, .secret = cli.secret_key, .region = cli.region};
  const WireSigner signer(credentials);
  for (Endpoint& e : eps) {
    if (!SplitUrl(e.url, &e.host, &e.port)) return Fail("cannot parse the URL " + e.url);
    if (e.trivial) continue;
    auto c = RecordingClient::Open(e.url, credentials);
    if (!c.ok()) return Fail(c.error().ToString());
    e.client = std::move(c).value();
  }
  // A server started just before (a JVM takes seconds) gets up to --wait seconds to answer.
  for (Endpoint& e : eps) {
    if (e.trivial) continue;
    auto deadline = std::chrono::steady_clock::now() + Seconds(cli.wait);
    for (;;) {
      auto listed = e.client->client().ListTables({});
      if (listed.ok()) break;
      if (std::chrono::steady_clock::now() > deadline) {
        return Fail(e.url + " does not answer: " + listed.error().message());
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  }
  std::vector<std::string> org_ids;
  for (Endpoint& e : eps) {
    if (e.trivial) continue;
    auto ids = Seed(e.client->client(), cli, e.name + " (" + e.url + ")");
    if (!ids.ok()) return Fail("seeding " + e.url + ": " + ids.error().ToString());
    if (org_ids.empty()) {
      org_ids = *ids;
    } else if (*ids != org_ids) {
      return Fail("the seed gave different organisations on " + e.url);
    }
  }
  ddbemu::SystemClock clock;
  hrcore::UlidGenerator ids(clock, hrcore::SystemRandomSource());
  hrcore::HrService reader(eps[0].client->client(), clock, ids, {.table_name = cli.table});
  auto data = Discover(reader, org_ids);
  if (!data.ok()) return Fail(data.error().ToString());
  // Recording sends each call once: no retries, which would record a request twice.
  hrcore::HrService recorder(eps[0].client->client(), clock, ids,
                             {.table_name = cli.table, .retry = {.max_attempts = 1}});

  std::vector<TargetResult> results;
  for (const std::string& mix_name : cli.mixes) {
    bool ok = false;
    Mix mix = ParseMix(mix_name, &ok);
    if (!ok) return Fail("unknown mix " + mix_name);
    auto patterns = MakePatterns(
        *data, {.mix = mix, .connections = cli.connections, .read_variants = cli.read_variants});
    auto schedule = MakeSchedule(patterns);
    std::vector<std::string> names;
    for (const auto& p : patterns) names.push_back(p.name);
    auto recorded = eps[0].client->Record(recorder, patterns, cli.connections);
    if (!recorded.ok()) return Fail(recorded.error().ToString());
    std::vector<std::vector<WirePattern>> wires;
    for (Endpoint& e : eps) {
      wires.push_back(RenderWire(*recorded, e.host + ":" + e.port, credentials));
    }
    if (cli.soak) return RunSoak(cli, eps[0], wires[0], schedule, names, signer);
    std::vector<std::unique_ptr<HttpLoad>> loads;
    std::vector<TargetResult> mix_results;
    for (std::size_t i = 0; i < eps.size(); ++i) {
      std::string error;
      loads.push_back(HttpLoad::Connect({.host = eps[i].host,
                                         .port = eps[i].port,
                                         .connections = cli.connections,
                                         .threads = cli.threads,
                                         .trivial = eps[i].trivial,
                                         .server_pid = eps[i].pid,
                                         .signer = &signer},
                                        wires[i], schedule, &error));
      if (!loads.back()) return Fail(error);
      TargetResult r{.target = eps[i].name,
                     .endpoint = eps[i].url,
                     .mix = mix_name,
                     .connections = cli.connections,
                     .pattern_names = names};
      r.stats.patterns.resize(patterns.size());
      mix_results.push_back(std::move(r));
    }
    for (int round = 0; round < cli.rounds; ++round) {
      for (std::size_t i = 0; i < eps.size(); ++i) {
        RunStats s = loads[i]->Run(Seconds(cli.warmup), Seconds(cli.duration));
        PatternStats t = s.Total();
        std::fprintf(stderr,
                     "round %d %-16s %-5s %9.0f ops/s  p99 %8.1f us  throttled %llu  conflicts "
                     "%llu  errors %llu\n",
                     round + 1, eps[i].name.c_str(), mix_name.c_str(),
                     static_cast<double>(t.ok) / s.seconds, t.latency.Quantile(0.99) / 1000,
                     static_cast<unsigned long long>(t.throttled),
                     static_cast<unsigned long long>(t.conflicts),
                     static_cast<unsigned long long>(t.errors));
        mix_results[i].stats.Merge(s);
        mix_results[i].stats.seconds += s.seconds;
        mix_results[i].stats.generator_cpu_s += s.generator_cpu_s;
        mix_results[i].stats.server_cpu_s += s.server_cpu_s;
        mix_results[i].round_ops.push_back(static_cast<double>(t.ok) / s.seconds);
        ++mix_results[i].rounds;
      }
    }
    for (const auto& r : mix_results) PrintResult(stdout, r);
    std::printf("\n");
    for (std::size_t i = 1; i < mix_results.size(); ++i)
      PrintRatio(stdout, mix_results[0], mix_results[i]);
    if (mix_results.size() == 3) PrintRatio(stdout, mix_results[1], mix_results[2]);
    for (auto& r : mix_results) results.push_back(std::move(r));
  }
  if (!WriteJson(cli, ToJson(results))) return Fail("cannot write " + cli.json);
  return 0;
}

int RunEmbedded(const Cli& cli) {
  ddbemu::Options options;
  options.throttle = cli.throttle;
  if (cli.data_dir.empty()) {
    options.in_memory = true;
    options.durability = ddbemu::Durability::kNone;
  } else {
    options.path = cli.data_dir;
  }
  auto db = ddbemu::Database::Open(options);
  if (!db.ok()) return Fail(db.error().message());
  auto client = ddbemu::MakeEmbeddedClient(**db);
  auto org_ids = Seed(*client, cli, "embedded");
  if (!org_ids.ok()) return Fail(org_ids.error().ToString());
  ddbemu::SystemClock clock;
  hrcore::UlidGenerator ids(clock, hrcore::SystemRandomSource());
  hrcore::HrService reader(*client, clock, ids, {.table_name = cli.table});
  auto data = Discover(reader, *org_ids);
  if (!data.ok()) return Fail(data.error().ToString());
  std::vector<TargetResult> results;
  for (const std::string& mix_name : cli.mixes) {
    bool ok = false;
    Mix mix = ParseMix(mix_name, &ok);
    if (!ok) return Fail("unknown mix " + mix_name);
    auto patterns = MakePatterns(
        *data, {.mix = mix, .connections = cli.connections, .read_variants = cli.read_variants});
    auto schedule = MakeSchedule(patterns);
    TargetResult r{.target = "embedded",
                   .endpoint = cli.data_dir.empty() ? "in memory" : cli.data_dir,
                   .mix = mix_name,
                   .connections = cli.connections};
    for (const auto& p : patterns) r.pattern_names.push_back(p.name);
    r.stats.patterns.resize(patterns.size());
    EmbeddedLoad load(*client, cli.table, patterns, schedule, cli.connections);
    for (int round = 0; round < cli.rounds; ++round) {
      RunStats s = load.Run(Seconds(cli.warmup), Seconds(cli.duration));
      r.round_ops.push_back(static_cast<double>(s.Total().ok) / s.seconds);
      r.stats.Merge(s);
      r.stats.seconds += s.seconds;
      ++r.rounds;
    }
    PrintResult(stdout, r);
    results.push_back(std::move(r));
  }
  if (!WriteJson(cli, ToJson(results))) return Fail("cannot write " + cli.json);
  return 0;
}

}  // namespace

int RunCli(const Cli& cli) { return cli.embedded ? RunEmbedded(cli) : RunHttp(cli); }

}  // namespace hrbench
