// What pre-warming a table costs (docs/capacity.md §6, §8): raising the warm throughput of a table
// and of each of its GSIs — the reads and writes per second it serves at once — is charged once,
// per unit raised. The service's pricing page lists the charge by Region; no figure for it is in
// the sources this project cites, so the prices here are a documented assumption that every
// caller can override (`hrctl cost` / `hrctl migrate plan` --warm-read-price / --warm-write-price,
// `hrctl hotspots launch-day` --warm-write-price): by default a unit raised is priced as one
// on-demand request unit ($0.25 per million read units, $1.25 per million write units, the
// request prices of docs/capacity.md §6).
//
// One pricing function serves every report (PriceWarmRaise); PriceWarmThroughput reads a table's
// current warm throughput with DescribeTable and prices raising it to a target.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ddbemu/client.h"
#include "hrcore/errors.h"

namespace hrcore {

// $ per unit of warm throughput raised, charged once.
struct WarmThroughputPrices {
  double dollars_per_read_unit = 0.25e-6;
  double dollars_per_write_unit = 1.25e-6;
};

// Raising one resource (the table, or a GSI) from `current` to `target` units per second.
struct WarmRaise {
  std::string resource;  // "table" or the GSI's name
  std::int64_t current_read = 0, current_write = 0;
  std::int64_t target_read = 0, target_write = 0;
  std::int64_t read_raised = 0, write_raised = 0;  // target - current, never below 0
  double dollars = 0;
};

// The one-off price of raising `resource` from (current_read, current_write) to (target_read,
// target_write): only increases are charged (warm throughput never decreases).
WarmRaise PriceWarmRaise(std::string resource, std::int64_t current_read,
                         std::int64_t current_write, std::int64_t target_read,
                         std::int64_t target_write, const WarmThroughputPrices& prices);

struct WarmThroughputCost {
  std::vector<WarmRaise> raises;  // the table first, then its GSIs in DescribeTable's order
  double dollars = 0;
};

// The target a pre-warm asks for: reads and/or writes per second for the table and each GSI. A
// target not given keeps the resource's current value.
struct WarmTarget {
  std::optional<std::int64_t> read_units, write_units;
  bool empty() const { return !read_units && !write_units; }
};

// Prices raising `table_name`'s warm throughput and each GSI's, as DescribeTable reports them
// now, to `target`. With an empty target it prices what the described warm throughput is above
// a new table's (on-demand: 12,000 reads and 4,000 writes per second; provisioned: its
// provisioned capacity) — what setting it cost, when a pre-warm and not traffic raised it.
Result<WarmThroughputCost> PriceWarmThroughput(ddbemu::Client& client,
                                               const std::string& table_name,
                                               const WarmTarget& target,
                                               const WarmThroughputPrices& prices);

// `cost` as a JSON object: {"dollars":D,"raises":[{"resource":..,"currentRead":..,...}]}.
std::string WarmThroughputCostJson(const WarmThroughputCost& cost);
// `cost` as text lines, each beginning with `indent`.
std::string WarmThroughputCostText(const WarmThroughputCost& cost,
                                   const WarmThroughputPrices& prices, const std::string& indent);

}  // namespace hrcore
