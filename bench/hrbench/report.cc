// Text and JSON reports.
#include "report.h"

#include <cinttypes>

namespace hrbench {
namespace {

double Us(const Histogram& h, double q) { return h.Quantile(q) / 1000.0; }

double PerSecond(std::uint64_t n, double seconds) {
  return seconds > 0 ? static_cast<double>(n) / seconds : 0;
}

void Row(std::FILE* out, const std::string& name, const PatternStats& p, double seconds) {
  double calls = p.ok > 0 ? static_cast<double>(p.ok) : 1;
  std::fprintf(out,
               "%-22s %10.0f %8.1f %8.1f %8.1f %8.1f %7.2f %7.2f %9" PRIu64 " %9" PRIu64
               " %7" PRIu64 "\n",
               name.c_str(), PerSecond(p.ok, seconds), Us(p.latency, 0.5), Us(p.latency, 0.9),
               Us(p.latency, 0.99), Us(p.latency, 0.999), p.read_units / calls,
               p.write_units / calls, p.throttled, p.conflicts, p.errors);
}

void JsonStats(std::string& j, const PatternStats& p, double seconds) {
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "\"ok\":%" PRIu64
                ",\"ops_per_s\":%.1f,\"p50_us\":%.1f,\"p90_us\":%.1f,"
                "\"p99_us\":%.1f,\"p999_us\":%.1f,\"max_us\":%.1f,\"requests\":%" PRIu64
                ",\"read_units\":%.1f,\"write_units\":%.1f,\"throttled\":%" PRIu64
                ",\"conflicts\":%" PRIu64 ",\"errors\":%" PRIu64,
                p.ok, PerSecond(p.ok, seconds), Us(p.latency, 0.5), Us(p.latency, 0.9),
                Us(p.latency, 0.99), Us(p.latency, 0.999),
                static_cast<double>(p.latency.max()) / 1000.0, p.requests, p.read_units,
                p.write_units, p.throttled, p.conflicts, p.errors);
  j += buf;
  j += ",\"first_error\":\"";
  for (char c : p.first_error) {
    if (c == '"' || c == '\\') j += '\\';
    j += (static_cast<unsigned char>(c) < 0x20) ? ' ' : c;
  }
  j += '"';
}

}  // namespace

void PrintResult(std::FILE* out, const TargetResult& r) {
  std::fprintf(out, "\n== %s (%s) · %s mix · %d connections · %d x %.1f s\n", r.target.c_str(),
               r.endpoint.c_str(), r.mix.c_str(), r.connections, r.rounds,
               r.rounds > 0 ? r.stats.seconds / r.rounds : 0.0);
  std::fprintf(out, "%-22s %10s %8s %8s %8s %8s %7s %7s %9s %9s %7s\n", "pattern", "ops/s",
               "p50 us", "p90 us", "p99 us", "p99.9 us", "RCU/op", "WCU/op", "throttled",
               "conflicts", "errors");
  for (std::size_t i = 0; i < r.stats.patterns.size(); ++i) {
    Row(out, r.pattern_names[i], r.stats.patterns[i], r.stats.seconds);
  }
  PatternStats total = r.stats.Total();
  Row(out, "overall", total, r.stats.seconds);
  if (r.round_ops.size() > 1) {
    std::fprintf(out, "rounds:");
    for (double ops : r.round_ops) std::fprintf(out, " %.0f", ops);
    std::fprintf(out, " ops/s\n");
  }
  std::fprintf(out, "capacity consumed: %.0f RCU/s, %.0f WCU/s\n",
               r.stats.seconds > 0 ? total.read_units / r.stats.seconds : 0,
               r.stats.seconds > 0 ? total.write_units / r.stats.seconds : 0);
  if (r.stats.generator_cpu_s > 0 && total.requests > 0) {
    std::fprintf(out, "load generator: %.0f%% of a core, %.1f us of CPU per request\n",
                 100 * r.stats.generator_cpu_s / r.stats.seconds,
                 1e6 * r.stats.generator_cpu_s / static_cast<double>(total.requests));
  }
  if (r.stats.server_cpu_s > 0 && total.requests > 0) {
    std::fprintf(out, "server: %.0f%% of a core, %.1f us of CPU per request\n",
                 100 * r.stats.server_cpu_s / r.stats.seconds,
                 1e6 * r.stats.server_cpu_s / static_cast<double>(total.requests));
  }
  for (std::size_t i = 0; i < r.stats.patterns.size(); ++i) {
    const auto& p = r.stats.patterns[i];
    if (!p.first_error.empty()) {
      std::fprintf(out, "  first failure of %s: %s\n", r.pattern_names[i].c_str(),
                   p.first_error.c_str());
    }
  }
}

void PrintRatio(std::FILE* out, const TargetResult& a, const TargetResult& b) {
  PatternStats ta = a.stats.Total(), tb = b.stats.Total();
  double ops_a = PerSecond(ta.ok, a.stats.seconds), ops_b = PerSecond(tb.ok, b.stats.seconds);
  auto ratio = [](double x, double y) { return y > 0 ? x / y : 0; };
  std::fprintf(out,
               "%s / %s (%s mix, %d connections): ops/s %.0f / %.0f = %.2fx (%.0f%%) · "
               "p50 %.2fx · p99 %.2fx · p99.9 %.2fx\n",
               a.target.c_str(), b.target.c_str(), a.mix.c_str(), a.connections, ops_a, ops_b,
               ratio(ops_a, ops_b), 100 * ratio(ops_a, ops_b),
               ratio(Us(ta.latency, 0.5), Us(tb.latency, 0.5)),
               ratio(Us(ta.latency, 0.99), Us(tb.latency, 0.99)),
               ratio(Us(ta.latency, 0.999), Us(tb.latency, 0.999)));
  if (a.stats.server_cpu_s > 0 && b.stats.server_cpu_s > 0 && ta.requests > 0 && tb.requests > 0) {
    const double cpu_a = 1e6 * a.stats.server_cpu_s / static_cast<double>(ta.requests);
    const double cpu_b = 1e6 * b.stats.server_cpu_s / static_cast<double>(tb.requests);
    std::fprintf(out, "  server CPU per request: %.1f / %.1f us = %.2fx\n", cpu_a, cpu_b,
                 ratio(cpu_a, cpu_b));
  }
}

std::string ToJson(const std::vector<TargetResult>& results) {
  std::string j = "{\"runs\":[";
  for (std::size_t k = 0; k < results.size(); ++k) {
    const TargetResult& r = results[k];
    if (k > 0) j += ',';
    j += "{\"target\":\"" + r.target + "\",\"endpoint\":\"" + r.endpoint + "\",\"mix\":\"" + r.mix +
         "\",\"connections\":" + std::to_string(r.connections) +
         ",\"rounds\":" + std::to_string(r.rounds) +
         ",\"seconds\":" + std::to_string(r.stats.seconds) +
         ",\"generator_cpu_s\":" + std::to_string(r.stats.generator_cpu_s) +
         ",\"server_cpu_s\":" + std::to_string(r.stats.server_cpu_s) + ",\"overall\":{";
    JsonStats(j, r.stats.Total(), r.stats.seconds);
    j += "},\"round_ops_per_s\":[";
    for (std::size_t i = 0; i < r.round_ops.size(); ++i) {
      j += (i > 0 ? "," : "") + std::to_string(r.round_ops[i]);
    }
    j += "],\"patterns\":[";
    for (std::size_t i = 0; i < r.stats.patterns.size(); ++i) {
      if (i > 0) j += ',';
      j += "{\"name\":\"" + r.pattern_names[i] + "\",";
      JsonStats(j, r.stats.patterns[i], r.stats.seconds);
      j += '}';
    }
    j += "]}";
  }
  j += "]}\n";
  return j;
}

}  // namespace hrbench
