#include "capacity_scenarios.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <deque>
#include <memory>
#include <mutex>

#include "hotspots_report.h"
#include "hotspots_target.h"
#include "hrcore/warm_throughput_cost.h"
#include "recording_client.h"

namespace hrhot {
namespace {

using ddbemu::AttributeValue;
using ddbemu::Item;

// docs/capacity.md §7: what a new on-demand table serves at once.
constexpr std::int64_t kInitialWriteUnits = 4000;
constexpr std::int64_t kInitialReadUnits = 12000;
constexpr std::int64_t kInitialPartitions = 4;

std::string FigureText(double v, int decimals = 0) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

AttributeValue Str(std::string s) { return AttributeValue::S(std::move(s)); }

// What one load's operations share: the recording client and the first failure.
struct Load {
  Load(Target& target, LoadStats& stats)
      : rec(target.client(), stats, [&target] { return target.pacer().Second(); }) {}

  template <class R>
  OpOutcome Outcome(const R& r) {
    if (r.ok()) return OpOutcome::kDone;
    if (rec.last_throttled()) return OpOutcome::kDropped;
    std::lock_guard lock(mutex);  // the driver's workers (load_driver.h)
    if (failure.empty()) failure = std::string(r.error().short_name()) + ": " + r.error().message();
    return OpOutcome::kFailed;
  }

  RecordingClient rec;
  std::mutex mutex;
  std::string failure;
};

// `count` partition key values `prefix<n>` whose hashes fall in range `bucket` of `buckets`
// equal ranges (the emulator's own placement, hotspots_report.h).
std::vector<std::string> KeysInRange(const std::string& prefix, std::int64_t bucket,
                                     std::int64_t buckets, int count, int* next) {
  std::vector<std::string> out;
  while (static_cast<int>(out.size()) < count) {
    std::string key = prefix + std::to_string((*next)++);
    if (PartitionOfKey(key, buckets) == bucket) out.push_back(std::move(key));
  }
  return out;
}

// A pool of keys spread round-robin over 64 equal hash ranges, so that every power-of-two
// split of the key space (4, 8, ..., 64 partitions) gets the same share of the writes, as a
// large population of distinct keys does on average; keys are rewritten in turn, so the table
// stays small while every write is a full item's.
std::vector<std::string> EvenKeyPool(const std::string& prefix, int per_range) {
  constexpr int kRanges = 64;
  std::vector<std::vector<std::string>> by_range;
  int next = 0;
  for (int r = 0; r < kRanges; ++r)
    by_range.push_back(KeysInRange(prefix, r, kRanges, per_range, &next));
  std::vector<std::string> pool;
  for (int i = 0; i < per_range; ++i) {
    for (int r = 0; r < kRanges; ++r) pool.push_back(by_range[r][i]);
  }
  return pool;
}

// The schedule's tick count before limits.max_seconds.
std::int64_t ScheduledTicks(const RunLimits& limits) {
  std::int64_t n = 0;
  while (TickInstant(limits, n) < limits.max_seconds) ++n;
  return n;
}

std::string CreateTableJson(const std::string& table, std::int64_t warm_write_units) {
  std::string json = "{\"TableName\":\"" + table +
                     "\",\"AttributeDefinitions\":[{\"AttributeName\":\"PK\",\"AttributeType\":"
                     "\"S\"},{\"AttributeName\":\"SK\",\"AttributeType\":\"S\"}],\"KeySchema\":[{"
                     "\"AttributeName\":\"PK\",\"KeyType\":\"HASH\"},{\"AttributeName\":\"SK\","
                     "\"KeyType\":\"RANGE\"}],\"BillingMode\":\"PAY_PER_REQUEST\"";
  if (warm_write_units > 0) {
    json += ",\"WarmThroughput\":{\"ReadUnitsPerSecond\":" + std::to_string(kInitialReadUnits) +
            ",\"WriteUnitsPerSecond\":" + std::to_string(warm_write_units) + "}";
  }
  return json + "}";
}

hrcore::Status CreateTable(Target& target, const std::string& table, std::int64_t warm) {
  auto created = target.CallJson("CreateTable", CreateTableJson(table, warm));
  if (!created.ok()) return created.error();
  for (int i = 0; i < 600; ++i) {
    auto d = target.client().DescribeTable({.table_name = table});
    if (d.ok() && d->table.table_status == ddbemu::TableStatus::kActive) return hrcore::Status();
    target.pacer().Pass(0.05);
  }
  return hrcore::Error(hrcore::ErrorKind::kBackend, table + " did not become ACTIVE");
}

// launch-day: item_kb writes to distinct keys, on the ramp of spec.limits.
std::deque<Operation> LaunchDayLoad(const VariantSpec& spec, const std::string& table, Load& load) {
  auto pool = std::make_shared<const std::vector<std::string>>(EvenKeyPool("LAUNCH#", 32));
  // A string attribute that makes the item exactly item_kb KB (docs/capacity.md §1): the key
  // attributes and names take the rest.
  auto payload =
      std::make_shared<const std::string>(static_cast<std::size_t>(spec.item_kb) * 1024 - 64, 'x');
  std::deque<Operation> ops;
  const std::int64_t n = ScheduledTicks(spec.limits);
  for (std::int64_t i = 0; i < n; ++i) {
    ops.push_back({[&load, &table, pool, payload, i] {
      const std::string& key = (*pool)[static_cast<std::size_t>(i) % pool->size()];
      return load.Outcome(load.rec.PutItem(
          {.table_name = table,
           .item = {{"PK", Str(key)}, {"SK", Str("#ORDER")}, {"payload", Str(*payload)}}}));
    }});
  }
  return ops;
}

// viral-tenant: one tick in kViralCycle a write of 4 KB to one of the employees' own items
// (EMP#<n>, all in the organisation's partition of a new table), the others 1-WCU increments
// of its metrics item: as many WCU each way. (The increments stay small: the recording
// client predicts an update's cost from its key alone, docs/capacity.md §1's minimum.)
constexpr std::int64_t kViralCycle = 5;
std::deque<Operation> ViralTenantLoad(const VariantSpec& spec, const std::string& table,
                                      const std::string& metrics_key, Load& load) {
  int next = 0;
  auto employees = std::make_shared<const std::vector<std::string>>(
      KeysInRange("EMP#bigcorp-", 0, kInitialPartitions, spec.count, &next));
  // The employees' items are item_kb KB (item_kb WCU a write: few operations for the load).
  auto pad =
      std::make_shared<const std::string>(static_cast<std::size_t>(spec.item_kb) * 1024 - 64, 'p');
  std::deque<Operation> ops;
  const std::int64_t n = ScheduledTicks(spec.limits);
  for (std::int64_t i = 0; i < n; ++i) {
    if (i % kViralCycle == 0) {
      ops.push_back({[&load, &table, employees, pad, i] {
        const std::string& key =
            (*employees)[static_cast<std::size_t>(i / kViralCycle) % employees->size()];
        return load.Outcome(load.rec.PutItem(
            {.table_name = table,
             .item = {{"PK", Str(key)}, {"SK", Str("#FEED")}, {"post", Str(*pad)}}}));
      }});
    } else {
      ops.push_back({[&load, &table, &metrics_key] {
        return load.Outcome(load.rec.UpdateItem(
            {.table_name = table,
             .key = {{"PK", Str(metrics_key)}, {"SK", Str("#METRICS")}},
             .update_expression = "ADD activity :one",
             .expression_attribute_values = {{":one", AttributeValue::N("1")}}}));
      }});
    }
  }
  return ops;
}

VariantSpec Spec(const std::string& scenario, std::string variant, std::string title) {
  VariantSpec s;
  s.scenario = scenario;
  s.variant = std::move(variant);
  s.title = std::move(title);
  return s;
}

}  // namespace

bool IsCapacityScenario(const std::string& scenario) {
  return scenario == "launch-day" || scenario == "viral-tenant";
}

DatabaseSettings CapacityScenarioSettings(const std::string& scenario) {
  auto variants = CapacityScenarioVariants(scenario, false);
  return variants.empty() ? DatabaseSettings{} : variants.front().database;
}

std::vector<VariantSpec> CapacityScenarioVariants(const std::string& scenario, bool virtual_clock) {
  if (scenario == "launch-day") {
    // 40 KB writes (few operations for many WCU): 75 -> 750 a second is 3,000 -> 30,000 WCU/s
    // over 20 s, then 6 s held, with a 5 s scale delay. On the real clock one HTTP server of a
    // debug build does not take 30 MB/s, so the ramp goes to 4x (12,000 WCU/s: two doublings)
    // over 8 s with a 2 s delay.
    const double top = virtual_clock ? 750 : 300;
    const double ramp = virtual_clock ? 20 : 8;
    const double hold = virtual_clock ? 6 : 4;
    VariantSpec on_demand = Spec(scenario, "on-demand",
                                 "new on-demand table (4,000 WCU/s) ramped from 3,000 to " +
                                     FigureText(top * 40) + " WCU/s of 40 KB writes");
    on_demand.item_kb = 40;
    on_demand.limits = RunLimits{75, ramp + hold};
    on_demand.limits.ramp_to_ops_per_second = top;
    on_demand.limits.ramp_seconds = ramp;
    on_demand.limits.workers = virtual_clock ? 1 : 16;
    on_demand.database.on_demand_scale_delay_ms = virtual_clock ? 5000 : 2000;
    VariantSpec warm = on_demand;
    warm.variant = "warm";
    // The peak rounded up to a power of two of partitions: the model splits the widest
    // partition first, so 30 partitions would leave two of twice the others' share.
    warm.warm_write_units = virtual_clock ? 32000 : 16000;
    warm.title = "the same table created with WarmThroughput WriteUnitsPerSecond " +
                 std::to_string(warm.warm_write_units);
    return {on_demand, warm};
  }
  if (scenario == "viral-tenant") {
    // 40 employees' items in one partition offered 500 -> 1,800 WCU/s over 2 s (4 KB writes,
    // a fifth of the requests), and the organisation's metrics item as much (1-WCU increments);
    // split for heat after 5 hot seconds instead of 300. Halved, the
    // employees' load is 900 WCU/s a partition: under the cap. On the real clock 400 -> 1,300
    // WCU/s each.
    VariantSpec s =
        Spec(scenario, "split-for-heat",
             "40 employees' keys in one partition + the org's metrics item, each "
             "ramped " +
                 std::string(virtual_clock ? "500 -> 1,800" : "400 -> 1,300") + " WCU/s");
    s.count = 40;
    s.item_kb = 4;
    s.limits = RunLimits{virtual_clock ? 625.0 : 500.0, virtual_clock ? 14.0 : 12.0};
    s.limits.ramp_to_ops_per_second = virtual_clock ? 2250 : 1625;
    s.limits.ramp_seconds = 2;
    s.limits.workers = virtual_clock ? 1 : 16;
    s.database.split_for_heat_seconds = 5;
    // On the real clock a loaded client may fall behind its rate: 50 % keeps the employees'
    // partition hot whatever a 2-core machine offers.
    s.database.split_for_heat_percent = virtual_clock ? 80 : 50;
    return {s};
  }
  return {};
}

hrcore::Result<VariantRun> RunCapacityVariant(const VariantSpec& spec, Target& target) {
  auto table = target.Fresh(spec.scenario + "-" + spec.variant, spec.database);
  if (!table.ok()) return table.error();
  VariantRun out;
  out.spec = spec;
  Load load(target, out.stats);
  load.rec.set_recording(false);
  if (auto s = CreateTable(target, *table, spec.warm_write_units); !s.ok()) return s.error();
  std::deque<Operation> ops;
  if (spec.scenario == "launch-day") {
    ops = LaunchDayLoad(spec, *table, load);
  } else {
    // The organisation's own key, in another partition than its employees'.
    int next = 0;
    out.org_key = KeysInRange("ORG#bigcorp-", 2, kInitialPartitions, 1, &next).front();
    ops = ViralTenantLoad(spec, *table, out.org_key, load);
  }
  target.pacer().Pass(target.is_virtual() ? 1 : 0.2);
  load.rec.set_recording(true);
  out.result = RunOpenLoop(std::move(ops), spec.limits, target.pacer(), out.stats, nullptr,
                           [&](std::int64_t second) {
                             out.partition_timeline.resize(second + 1);
                             out.partition_timeline[second] = target.PartitionRanges();
                           });
  load.rec.set_recording(false);
  if (out.result.failed > 0) {
    return hrcore::Error(hrcore::ErrorKind::kBackend, spec.scenario + "/" + spec.variant + ": " +
                                                          std::to_string(out.result.failed) +
                                                          " operations failed: " + load.failure);
  }
  return out;
}

std::vector<CapacitySecond> CapacityTimeline(const VariantRun& run, const std::string& hot_key) {
  std::vector<CapacitySecond> out;
  const std::int64_t seconds = std::max<std::int64_t>(
      run.stats.last_second() + 1, static_cast<std::int64_t>(run.partition_timeline.size()));
  for (std::int64_t s = 0; s < seconds; ++s) {
    CapacitySecond c;
    c.second = s;
    if (s < static_cast<std::int64_t>(run.partition_timeline.size())) {
      c.partitions = static_cast<std::int64_t>(run.partition_timeline[s].size());
    }
    auto cells = run.stats.seconds().find(s);
    if (cells != run.stats.seconds().end()) {
      for (const auto& [id, cell] : cells->second) {
        if (id.first != kTableSpace) continue;
        c.offered_wcu += cell.offered_write;
        c.accepted_wcu += cell.accepted_write;
        c.offered_requests += cell.offered_requests;
        c.throttled_requests += cell.throttled_requests;
        if (!hot_key.empty() && id.second == hot_key) {
          c.hot_key_throttled += cell.throttled_requests;
          c.hot_key_accepted_wcu += cell.accepted_write;
        } else {
          c.others_throttled += cell.throttled_requests;
        }
      }
    }
    out.push_back(c);
  }
  return out;
}

std::string RenderCapacityTimelineCsv(const VariantRun& run) {
  std::string out =
      "second,offered_wcu,accepted_wcu,offered_requests,throttled_requests,partitions,"
      "hot_key_throttled,others_throttled\n";
  for (const CapacitySecond& c : CapacityTimeline(run, run.org_key)) {
    out += std::to_string(c.second) + "," + FigureText(c.offered_wcu, 1) + "," +
           FigureText(c.accepted_wcu, 1) + "," + std::to_string(c.offered_requests) + "," +
           std::to_string(c.throttled_requests) + "," + std::to_string(c.partitions) + "," +
           std::to_string(c.hot_key_throttled) + "," + std::to_string(c.others_throttled) + "\n";
  }
  return out;
}

namespace {

// "s3-s9" for the seconds in which `pred` holds, as ranges.
template <class Pred>
std::string SecondsWhere(const std::vector<CapacitySecond>& timeline, Pred pred) {
  std::string out;
  for (std::size_t i = 0; i < timeline.size();) {
    if (!pred(timeline[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j + 1 < timeline.size() && pred(timeline[j + 1])) ++j;
    out +=
        (out.empty() ? "s" : ", s") + std::to_string(i) + (j > i ? "-s" + std::to_string(j) : "");
    i = j + 1;
  }
  return out.empty() ? "none" : out;
}

std::string LaunchDaySummary(const VariantRun& run, const std::vector<CapacitySecond>& t,
                             double dollars_per_warm_write_unit) {
  std::string out;
  std::int64_t throttled = 0;
  for (const auto& c : t) throttled += c.throttled_requests;
  out += "  throttled requests: " + std::to_string(throttled) + ", in " +
         SecondsWhere(t, [](const CapacitySecond& c) { return c.throttled_requests > 0; }) + "\n";
  out += "  partitions over time:";
  std::int64_t last = -1;
  for (const auto& c : t) {
    if (c.partitions == last) continue;
    out += " s" + std::to_string(c.second) + "=" + std::to_string(c.partitions);
    last = c.partitions;
  }
  out += "\n  per second (offered/accepted WCU, throttled requests, partitions):";
  for (const auto& c : t) {
    out += (c.second % 5 == 0 ? "\n   " : "") + std::string(" s") + std::to_string(c.second) + " " +
           FigureText(c.offered_wcu) + "/" + FigureText(c.accepted_wcu) + " " +
           std::to_string(c.throttled_requests) + "t " + std::to_string(c.partitions) + "p;";
  }
  out += "\n";
  if (run.spec.warm_write_units > 0) {
    // The one pricing of warm throughput (hrcore/warm_throughput_cost.h): from a new table's
    // 12,000 / 4,000 to the WarmThroughput set.
    hrcore::WarmThroughputPrices prices;
    prices.dollars_per_write_unit = dollars_per_warm_write_unit;
    const hrcore::WarmRaise cost =
        hrcore::PriceWarmRaise("table", kInitialReadUnits, kInitialWriteUnits, kInitialReadUnits,
                               run.spec.warm_write_units, prices);
    out += "  warm throughput: WriteUnitsPerSecond " + std::to_string(run.spec.warm_write_units) +
           " raises a new table's 4,000 by " + std::to_string(cost.write_raised) +
           " write units, charged once: $" + FigureText(cost.dollars, 4) + " at $" +
           FigureText(dollars_per_warm_write_unit * 1e6, 2) +
           " per million units raised (--warm-write-price)\n";
  } else {
    if (!t.empty() && t.back().partitions <= kInitialPartitions) {
      // What can be checked of a server this command did not start (--endpoint).
      out +=
          "  no scaling within the run: the server's scale delay is longer than the run; "
          "start it with " +
          run.spec.database.Describe() + "\n";
    }
    out +=
        "  model: capacity doubles the previous peak " +
        FigureText(
            static_cast<double>(run.spec.database.on_demand_scale_delay_ms.value_or(0)) / 1000, 1) +
        " s after that peak's second (docs/capacity.md §7, scale delay scaled down from 30 "
        "min), so the ramp throttles until the doublings catch up with it\n";
  }
  return out;
}

std::string ViralTenantSummary(const VariantRun& run, const std::vector<CapacitySecond>& t) {
  std::int64_t split = -1;
  for (const auto& c : t) {
    if (c.partitions > kInitialPartitions) {
      split = c.second;
      break;
    }
  }
  // The split's own second is apart: both halves keep the parent's debt (docs/capacity.md
  // §10), so a request or two may still be refused in it.
  std::int64_t employees[3] = {0, 0, 0}, hot[3] = {0, 0, 0};  // before, in, after the split
  for (const auto& c : t) {
    const int when = split < 0 || c.second < split ? 0 : c.second == split ? 1 : 2;
    employees[when] += c.others_throttled;
    hot[when] += c.hot_key_throttled;
  }
  auto counts = [](const std::int64_t(&n)[3]) {
    return std::to_string(n[0]) + " requests before the split, " + std::to_string(n[1]) +
           " in its second, " + std::to_string(n[2]) + " after";
  };
  std::string out;
  out += "  split for heat: " +
         (split < 0 ? "no partition split (the server must be started with " +
                          run.spec.database.Describe() + ")"
                    : "the employees' partition split in s" + std::to_string(split) + " (" +
                          std::to_string(kInitialPartitions) + " -> " +
                          std::to_string(t[split].partitions) + " partitions)") +
         "\n";
  out += "  employees' keys (" + std::to_string(run.spec.count) + ", one partition): throttled " +
         counts(employees) + "; in " +
         SecondsWhere(t, [](const CapacitySecond& c) { return c.others_throttled > 0; }) + "\n";
  out += "  metrics item " + run.org_key + ": throttled " + counts(hot) + "; in " +
         SecondsWhere(t, [](const CapacitySecond& c) { return c.hot_key_throttled > 0; }) +
         " (one key: its cap is 1,000 WCU/s and no split divides it, docs/capacity.md §10)\n";
  return out;
}

}  // namespace

std::string RenderCapacitySummary(const VariantRun& run, double dollars_per_warm_write_unit) {
  const auto timeline = CapacityTimeline(run, run.org_key);
  std::string out = "  scaled-down timing: " + run.spec.database.Describe() + "\n";
  out += "  " + std::to_string(run.result.offered) + " requests offered on a ramp from " +
         FigureText(run.spec.limits.ops_per_second) + " to " +
         FigureText(run.spec.limits.ramp_to_ops_per_second) + " a second over " +
         FigureText(run.spec.limits.ramp_seconds) + " s, then held to " +
         FigureText(run.spec.limits.max_seconds) + " s; " + std::to_string(run.result.completed) +
         " served (a refused request is not offered again)\n";
  out += run.spec.scenario == "launch-day"
             ? LaunchDaySummary(run, timeline, dollars_per_warm_write_unit)
             : ViralTenantSummary(run, timeline);
  out += "  model check: " + std::to_string(run.stats.model_checks()) +
         " served writes' predicted cost compared with ConsumedCapacity: " +
         std::to_string(run.stats.model_mismatches()) + " differ\n";
  return out;
}

}  // namespace hrhot
