#include "hotspots_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "capacity/partition_map.h"
#include "ddbemu/attribute_value.h"
#include "svg_chart.h"
#include "value/key_codec.h"

namespace hrhot {
namespace {

std::string Fmt(double v, int decimals = 1) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string Unit(const VariantRun& run) { return run.spec.read_heavy ? "RCU" : "WCU"; }
double Cap(const VariantRun& run) {
  return run.spec.read_heavy ? kPartitionReadCap : kPartitionWriteCap;
}
double Units(const VariantRun& run, const Cell& c, bool accepted) {
  if (run.spec.read_heavy) return accepted ? c.accepted_read : c.offered_read;
  return accepted ? c.accepted_write : c.offered_write;
}

std::string Reasons(const std::map<std::string, std::int64_t>& reasons) {
  std::string out;
  for (const auto& [reason, n] : reasons) {
    out += (out.empty() ? "" : ";") + reason + "=" + std::to_string(n);
  }
  return out;
}

std::string PartitionLabel(const std::string& keyspace, std::int64_t p) {
  return (keyspace == kTableSpace ? std::string("table") : keyspace) + " p" + std::to_string(p);
}

}  // namespace

std::int64_t PartitionOfKey(const std::string& key, std::int64_t count) {
  std::string encoded;
  ddbemu::keycodec::AppendComponent(ddbemu::AttributeValue::S(key), &encoded);
  return ddbemu::capacity::PartitionMap(count).PartitionOf(
      ddbemu::keycodec::PartitionHash(encoded));
}

namespace {

std::uint64_t HashOfKey(const std::string& key) {
  std::string encoded;
  ddbemu::keycodec::AppendComponent(ddbemu::AttributeValue::S(key), &encoded);
  return ddbemu::keycodec::PartitionHash(encoded);
}

const std::vector<PartitionRange>& LayoutAt(const VariantRun& run, std::int64_t second) {
  const auto& t = run.partition_timeline;
  return t[static_cast<std::size_t>(std::clamp<std::int64_t>(second, 0, t.size() - 1))];
}

std::int64_t IndexIn(const std::vector<PartitionRange>& layout, std::uint64_t hash) {
  for (std::size_t i = 0; i < layout.size(); ++i) {
    if (hash >= layout[i].first_hash && hash <= layout[i].last_hash) return i;
  }
  return 0;
}

std::string HashLabel(const PartitionRange& r) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "table %04llx-%04llx",
                static_cast<unsigned long long>(r.first_hash >> 48),
                static_cast<unsigned long long>(r.last_hash >> 48));
  return buf;
}

// The table's partitions over the run, each hash range a row, from the sampled layouts.
std::vector<TimelineRow> TimelineRows(const VariantRun& run, std::int64_t seconds) {
  std::map<PartitionRange, TimelineRow> rows;
  for (std::int64_t s = 0; s < seconds; ++s) {
    for (const PartitionRange& r : LayoutAt(run, s)) {
      auto [it, added] = rows.try_emplace(r);
      if (added) {
        it->second.range = r;
        it->second.label = HashLabel(r);
        it->second.accepted.assign(seconds, -1);
      }
      it->second.accepted[s] = 0;
    }
  }
  for (const auto& [second, cells] : run.stats.seconds()) {
    if (second >= seconds) continue;
    const auto& layout = LayoutAt(run, second);
    for (const auto& [id, cell] : cells) {
      if (id.first != kTableSpace) continue;
      const PartitionRange& r = layout[IndexIn(layout, HashOfKey(id.second))];
      rows[r].accepted[second] += run.spec.read_heavy ? cell.accepted_read : cell.accepted_write;
    }
  }
  // Hash order, a parent (the wider range) before the halves it split into.
  std::vector<TimelineRow> out;
  for (auto& [range, row] : rows) out.push_back(std::move(row));
  std::stable_sort(out.begin(), out.end(), [](const TimelineRow& a, const TimelineRow& b) {
    if (a.range.first_hash != b.range.first_hash) return a.range.first_hash < b.range.first_hash;
    return a.range.last_hash > b.range.last_hash;
  });
  return out;
}

}  // namespace

std::int64_t PartitionAtSecond(const VariantRun& run, std::int64_t second, const std::string& key) {
  if (run.partition_timeline.empty()) return 0;
  return IndexIn(LayoutAt(run, second), HashOfKey(key));
}

bool PartitionVerdict::at_cap() const {
  if (!throttled_every_second || last < first) return false;
  const double window = static_cast<double>(last - first + 1);
  return std::abs(average - cap) * window <= tolerance() + 1e-9;
}

RunAnalysis Analyse(const VariantRun& run,
                    const std::function<std::int64_t(const std::string&)>& partitions) {
  RunAnalysis a;
  const std::int64_t seconds = run.stats.last_second() + 1;
  auto count_of = [&](const std::string& keyspace) {
    auto it = a.partitions.find(keyspace);
    if (it != a.partitions.end()) return it->second;
    const std::int64_t n = partitions(keyspace == kTableSpace ? "" : keyspace);
    a.partitions[keyspace] = n;
    return n;
  };
  count_of(kTableSpace);
  count_of("GSI1");
  a.offered_units.assign(seconds, 0);
  a.accepted_units.assign(seconds, 0);
  a.offered_ops.assign(seconds, 0);
  a.done_ops.assign(seconds, 0);
  std::map<std::pair<std::string, std::int64_t>, std::vector<std::int64_t>> throttled;
  std::map<std::pair<std::string, std::int64_t>, std::map<std::string, double>> by_key;
  for (const auto& [ks, n] : a.partitions) {
    for (std::int64_t p = 0; p < n; ++p) {
      a.accepted[{ks, p}].assign(seconds, 0);
      throttled[{ks, p}].assign(seconds, 0);
    }
  }
  for (const auto& [second, cells] : run.stats.seconds()) {
    for (const auto& [id, cell] : cells) {
      const auto& [ks, key] = id;
      const std::int64_t p = run.partition_timeline.empty() ? PartitionOfKey(key, count_of(ks))
                                                            : PartitionAtSecond(run, second, key);
      if (a.accepted[{ks, p}].empty()) {
        a.accepted[{ks, p}].assign(seconds, 0);
        throttled[{ks, p}].assign(seconds, 0);
      }
      a.accepted[{ks, p}][second] += Units(run, cell, true);
      throttled[{ks, p}][second] += cell.throttled_requests;
      a.offered_units[second] += Units(run, cell, false);
      a.accepted_units[second] += Units(run, cell, true);
      for (const auto& [reason, n] : cell.reasons) a.reasons[reason] += n;
      by_key[{ks, p}][key] += Units(run, cell, true);
    }
  }
  for (const auto& [second, ops] : run.stats.operations()) {
    a.offered_ops[second] = static_cast<double>(ops.first);
    a.done_ops[second] = static_cast<double>(ops.second);
  }
  if (!run.partition_timeline.empty()) {
    a.timeline_rows = TimelineRows(run, seconds);
    a.accepted.clear();
    return a;
  }
  // Steady seconds: every bucket starts with a second of capacity, and the queue runs dry
  // within the last second, so a partition's steady window starts the second after its first
  // refusal (its bucket then holds less than one request) and ends the second before the last.
  const std::int64_t last = seconds - 2;
  for (const auto& [id, per_second] : a.accepted) {
    const auto& t = throttled[id];
    const auto first_refusal =
        std::find_if(t.begin(), t.end(), [](std::int64_t n) { return n > 0; });
    if (first_refusal == t.end()) continue;
    PartitionVerdict v;
    v.keyspace = id.first;
    v.partition = id.second;
    v.cap = Cap(run);
    v.largest_request = run.stats.largest_request(id.first);
    v.in_flight = run.result.workers;
    v.first = (first_refusal - t.begin()) + 1;
    v.last = last;
    v.throttled_every_second = v.last >= v.first;
    for (std::int64_t s = v.first - 1; s <= v.last; ++s) {
      if (t[s] == 0) v.throttled_every_second = false;
    }
    const double window = static_cast<double>(std::max<std::int64_t>(1, v.last - v.first + 1));
    double sum = 0;
    for (std::int64_t s = v.first; s <= v.last; ++s) sum += per_second[s];
    v.average = sum / window;
    double most = -1;
    for (const auto& [key, units] : by_key[id]) {
      if (units > most) {
        v.hottest_key = key;
        most = units;
      }
    }
    // The hottest key's average over the same steady seconds.
    double key_sum = 0;
    for (std::int64_t s = v.first; s <= v.last; ++s) {
      auto sec = run.stats.seconds().find(s);
      if (sec == run.stats.seconds().end()) continue;
      auto cell = sec->second.find({v.keyspace, v.hottest_key});
      if (cell != sec->second.end()) key_sum += Units(run, cell->second, true);
    }
    v.hottest_key_average = key_sum / window;
    a.verdicts.push_back(v);
  }
  std::sort(
      a.verdicts.begin(), a.verdicts.end(),
      [](const PartitionVerdict& x, const PartitionVerdict& y) { return x.average > y.average; });
  // Operations done per second over the hottest partition's steady window (or s1..last-1).
  a.steady_first = a.verdicts.empty() ? 1 : a.verdicts.front().first;
  a.steady_last = a.verdicts.empty() ? last : a.verdicts.front().last;
  if (a.steady_last >= a.steady_first) {
    double done = 0;
    for (std::int64_t s = a.steady_first; s <= a.steady_last; ++s) done += a.done_ops[s];
    a.steady_ops_per_second = done / static_cast<double>(a.steady_last - a.steady_first + 1);
  }
  return a;
}

std::string RenderCsv(const VariantRun& run, const RunAnalysis& analysis, bool partitions_only) {
  std::string out =
      "second,keyspace,partition,partition_key,offered_rcu,accepted_rcu,offered_wcu,accepted_wcu,"
      "offered_requests,accepted_requests,throttled_requests,throttled_by_reason\n";
  auto row = [&](std::int64_t second, const std::string& ks, std::int64_t p, const std::string& key,
                 const Cell& c) {
    out += std::to_string(second) + "," + ks + "," + std::to_string(p) + "," + key + "," +
           Fmt(c.offered_read) + "," + Fmt(c.accepted_read) + "," + Fmt(c.offered_write) + "," +
           Fmt(c.accepted_write) + "," + std::to_string(c.offered_requests) + "," +
           std::to_string(c.accepted_requests) + "," + std::to_string(c.throttled_requests) + "," +
           Reasons(c.reasons) + "\n";
  };
  for (const auto& [second, cells] : run.stats.seconds()) {
    // The partition at that second: of the timeline's layout when the partitions change.
    auto partition_of = [&, second = second](const CellKey& id) {
      return run.partition_timeline.empty()
                 ? PartitionOfKey(id.second, analysis.partitions.at(id.first))
                 : PartitionAtSecond(run, second, id.second);
    };
    std::map<std::pair<std::string, std::int64_t>, Cell> partitions;
    for (const auto& [id, cell] : cells) partitions[{id.first, partition_of(id)}].Add(cell);
    // The partition's rows (partition_key "*": every key it holds), then its keys'.
    for (const auto& [pid, cell] : partitions) {
      row(second, pid.first, pid.second, "*", cell);
      if (partitions_only) continue;
      for (const auto& [id, c] : cells) {
        if (id.first == pid.first && partition_of(id) == pid.second) {
          row(second, id.first, pid.second, id.second, c);
        }
      }
    }
  }
  return out;
}

std::string RenderHeatMapSvg(const VariantRun& run, const RunAnalysis& analysis) {
  HeatMap map;
  map.title = run.spec.scenario + " / " + run.spec.variant + ": " + Unit(run) +
              " per partition per second against the partition cap (" + Fmt(Cap(run), 0) + " " +
              Unit(run) + "/s)";
  if (!analysis.timeline_rows.empty()) {
    // A row per hash range: it starts at the second its partition was split off (or at 0) and
    // ends (grey) when the partition splits in two.
    for (const TimelineRow& row : analysis.timeline_rows) {
      map.rows.push_back(row.label);
      std::vector<double> ratios;
      for (double v : row.accepted) ratios.push_back(v < 0 ? -1 : v / Cap(run));
      map.values.push_back(std::move(ratios));
    }
    std::string counts;
    std::size_t last = 0;
    for (std::size_t s = 0; s < run.partition_timeline.size(); ++s) {
      if (run.partition_timeline[s].size() == last) continue;
      last = run.partition_timeline[s].size();
      counts += " s" + std::to_string(s) + "=" + std::to_string(last);
    }
    map.notes.push_back("partitions (hash ranges, first 16 bits) over time:" + counts);
    map.notes.push_back(
        "grey: the range is not a partition at that second (not yet split off, or split in two)");
    return RenderHeatMap(map);
  }
  for (const auto& [id, per_second] : analysis.accepted) {
    map.rows.push_back(PartitionLabel(id.first, id.second));
    std::vector<double> ratios;
    for (double v : per_second) ratios.push_back(v / Cap(run));
    map.values.push_back(std::move(ratios));
  }
  for (const auto& v : analysis.verdicts) {
    if (map.notes.size() >= 3) break;
    if (!v.at_cap()) continue;
    map.notes.push_back(PartitionLabel(v.keyspace, v.partition) + ": " + Fmt(v.average) + " " +
                        Unit(run) + "/s over s" + std::to_string(v.first) + "-s" +
                        std::to_string(v.last) + (v.at_cap() ? " = its cap" : "") +
                        "; hottest key " + v.hottest_key + " " + Fmt(v.hottest_key_average) + " " +
                        Unit(run) + "/s");
  }
  if (map.notes.empty()) map.notes.push_back("no partition was held at its cap");
  map.notes.push_back(
      "second 0 can exceed the cap: every bucket starts with one second of capacity");
  return RenderHeatMap(map);
}

std::string RenderScenarioChart(const std::vector<const VariantRun*>& runs,
                                const std::vector<const RunAnalysis*>& analyses) {
  static const char* kColours[] = {"#d62728", "#2ca02c", "#1f77b4", "#9467bd"};
  LineChart chart;
  chart.title = runs.front()->spec.scenario + ": " + Unit(*runs.front()) +
                " offered vs accepted per second (table + GSI1)";
  chart.y_label = Unit(*runs.front()) + "/s";
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const char* colour = kColours[i % 4];
    const double width = 2 + 2.5 * static_cast<double>(runs.size() - 1 - i);
    chart.series.push_back(Series{runs[i]->spec.variant + " offered", colour, true,
                                  analyses[i]->offered_units, width});
    chart.series.push_back(Series{runs[i]->spec.variant + " accepted", colour, false,
                                  analyses[i]->accepted_units, width});
  }
  chart.rules.push_back({Cap(*runs.front()), "one partition's cap: " + Fmt(Cap(*runs.front()), 0) +
                                                 " " + Unit(*runs.front()) + "/s"});
  return RenderLineChart(chart);
}

std::string RenderSummary(const VariantRun& run, const RunAnalysis& a, const std::string& where) {
  const std::string unit = Unit(run);
  std::string out = run.spec.scenario + "/" + run.spec.variant + " — " + run.spec.title + "\n";
  out += "  where: " + where + "; partitions: table " +
         std::to_string(a.partitions.at(kTableSpace)) + ", GSI1 " +
         std::to_string(a.partitions.at("GSI1")) + "\n";
  std::int64_t throttled = 0;
  for (const auto& [r, n] : a.reasons) throttled += n;
  const double achieved =
      run.result.seconds > 0 ? static_cast<double>(run.result.offered) / run.result.seconds : 0;
  out += "  " + std::to_string(run.result.completed) + " operations offered at " +
         Fmt(run.spec.limits.ops_per_second, 0) + "/s" +
         (run.result.workers > 1 ? " by " + std::to_string(run.result.workers) + " workers" : "") +
         " (measured: " + Fmt(achieved, 0) + " attempts/s): done in " + Fmt(run.result.seconds, 2) +
         " s, " + std::to_string(run.result.offered) + " attempts; " +
         Fmt(a.steady_ops_per_second) + " done/s over s" + std::to_string(a.steady_first) + "-s" +
         std::to_string(a.steady_last) + "\n";
  out +=
      "  throttled requests by reason: " + (a.reasons.empty() ? "none" : Reasons(a.reasons)) + "\n";
  std::string others;
  for (const auto& v : a.verdicts) {
    if (!v.at_cap()) {
      // A transaction refused for one partition is cancelled on each of its table actions,
      // so partitions under their cap show refusals too.
      others += (others.empty() ? "" : ", ") + PartitionLabel(v.keyspace, v.partition) + " " +
                Fmt(v.average) + " " + unit + "/s";
      continue;
    }
    out += "  " + PartitionLabel(v.keyspace, v.partition) + ": " + Fmt(v.average) + " " + unit +
           "/s accepted over s" + std::to_string(v.first) + "-s" + std::to_string(v.last) +
           " = its cap " + Fmt(v.cap, 0) + " " + unit + "/s (docs/capacity.md §2) within " +
           (v.in_flight == 1 ? std::string("one request")
                             : std::to_string(2 * v.in_flight - 1) + " requests (" +
                                   std::to_string(v.in_flight) + " in flight)") +
           " over the window (" + Fmt(v.tolerance()) + " " + unit +
           "), as the model says; hottest key " + v.hottest_key + " " + Fmt(v.hottest_key_average) +
           " " + unit + "/s\n";
  }
  if (!others.empty()) {
    out +=
        "  refusals also seen below the cap (actions of transactions refused elsewhere, or "
        "refusals in part of the run only): " +
        others + "\n";
  }
  if (a.verdicts.empty()) {
    out += "  no partition refused a request: every partition's offered " + unit +
           "/s stayed under its cap (" + Fmt(Cap(run), 0) + "/s), as the model predicts\n";
  }
  out += "  model check: " + std::to_string(run.stats.model_checks()) +
         " served writes whose predicted cost (docs/capacity.md §1) was compared with "
         "ConsumedCapacity: " +
         std::to_string(run.stats.model_mismatches()) + " differ" +
         (run.stats.model_mismatches() ? " (first: " + run.stats.first_mismatch() + ")" : "") +
         "\n";
  if (!run.read_check.empty()) out += "  read after the load: " + run.read_check + "\n";
  return out;
}

}  // namespace hrhot
