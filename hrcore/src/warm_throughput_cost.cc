#include "hrcore/warm_throughput_cost.h"

#include <algorithm>
#include <cstdio>
#include <utility>

namespace hrcore {
namespace {

// What a new table or GSI serves at once without a pre-warm (Developer Guide, "Understanding
// DynamoDB warm throughput"): on-demand, 12,000 reads and 4,000 writes per second; provisioned,
// its provisioned capacity.
constexpr std::int64_t kOnDemandWarmRead = 12'000;
constexpr std::int64_t kOnDemandWarmWrite = 4'000;

struct WarmNow {
  std::int64_t read = 0, write = 0;
};

WarmNow DescribedOr(const std::optional<ddbemu::WarmThroughputDescription>& warm,
                    WarmNow otherwise) {
  if (!warm) return otherwise;
  return WarmNow{warm->read_units_per_second, warm->write_units_per_second};
}

WarmNow BaselineOf(bool on_demand, const std::optional<ddbemu::ProvisionedThroughput>& p) {
  if (on_demand || !p) return WarmNow{kOnDemandWarmRead, kOnDemandWarmWrite};
  return WarmNow{p->read_capacity_units, p->write_capacity_units};
}

// A dollar figure exact to the cent's hundredth of a thousandth (prices are per million).
std::string WarmDollars(double dollars) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6f", dollars);
  return buf;
}

std::string WarmJsonName(const std::string& name) {
  std::string out = "\"";
  for (char c : name) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace

WarmRaise PriceWarmRaise(std::string resource, std::int64_t current_read,
                         std::int64_t current_write, std::int64_t target_read,
                         std::int64_t target_write, const WarmThroughputPrices& prices) {
  WarmRaise raise;
  raise.resource = std::move(resource);
  raise.current_read = current_read;
  raise.current_write = current_write;
  raise.target_read = std::max(target_read, current_read);
  raise.target_write = std::max(target_write, current_write);
  raise.read_raised = raise.target_read - current_read;
  raise.write_raised = raise.target_write - current_write;
  raise.dollars = static_cast<double>(raise.read_raised) * prices.dollars_per_read_unit +
                  static_cast<double>(raise.write_raised) * prices.dollars_per_write_unit;
  return raise;
}

Result<WarmThroughputCost> PriceWarmThroughput(ddbemu::Client& client,
                                               const std::string& table_name,
                                               const WarmTarget& target,
                                               const WarmThroughputPrices& prices) {
  auto described = client.DescribeTable({.table_name = table_name});
  if (!described.ok()) return Error::Backend(described.error());
  const ddbemu::TableDescription& t = described->table;
  const bool on_demand = t.billing_mode == ddbemu::BillingMode::kPayPerRequest;
  WarmThroughputCost cost;
  auto add = [&](std::string resource, WarmNow baseline,
                 const std::optional<ddbemu::WarmThroughputDescription>& warm) {
    const WarmNow now = DescribedOr(warm, baseline);
    // No target: the described value is the target, priced from the baseline a new table has.
    const WarmNow from = target.empty() ? baseline : now;
    const std::int64_t read = target.empty() ? now.read : target.read_units.value_or(now.read);
    const std::int64_t write = target.empty() ? now.write : target.write_units.value_or(now.write);
    cost.raises.push_back(
        PriceWarmRaise(std::move(resource), from.read, from.write, read, write, prices));
    cost.dollars += cost.raises.back().dollars;
  };
  add("table", BaselineOf(on_demand, t.provisioned_throughput), t.warm_throughput);
  for (const ddbemu::GlobalSecondaryIndexDescription& index : t.global_secondary_indexes) {
    add(index.index_name, BaselineOf(on_demand, index.provisioned_throughput),
        index.warm_throughput);
  }
  return cost;
}

std::string WarmThroughputCostJson(const WarmThroughputCost& cost) {
  std::string out = "{\"dollars\":" + WarmDollars(cost.dollars) + ",\"raises\":[";
  for (std::size_t i = 0; i < cost.raises.size(); ++i) {
    const WarmRaise& r = cost.raises[i];
    out += (i ? "," : "") + std::string("{\"resource\":") + WarmJsonName(r.resource) +
           ",\"currentReadUnitsPerSecond\":" + std::to_string(r.current_read) +
           ",\"currentWriteUnitsPerSecond\":" + std::to_string(r.current_write) +
           ",\"targetReadUnitsPerSecond\":" + std::to_string(r.target_read) +
           ",\"targetWriteUnitsPerSecond\":" + std::to_string(r.target_write) +
           ",\"readUnitsRaised\":" + std::to_string(r.read_raised) +
           ",\"writeUnitsRaised\":" + std::to_string(r.write_raised) +
           ",\"dollars\":" + WarmDollars(r.dollars) + "}";
  }
  return out + "]}";
}

std::string WarmThroughputCostText(const WarmThroughputCost& cost,
                                   const WarmThroughputPrices& prices, const std::string& indent) {
  char head[160];
  std::snprintf(head, sizeof head,
                "warm throughput, charged once: $%s ($%g per million read units and $%g per "
                "million write units raised; an assumed price)\n",
                WarmDollars(cost.dollars).c_str(), prices.dollars_per_read_unit * 1e6,
                prices.dollars_per_write_unit * 1e6);
  std::string out = indent + head;
  for (const WarmRaise& r : cost.raises) {
    out += indent + "  " + r.resource + ": " + std::to_string(r.current_read) + "/" +
           std::to_string(r.current_write) + " -> " + std::to_string(r.target_read) + "/" +
           std::to_string(r.target_write) + " reads/writes per second, +" +
           std::to_string(r.read_raised) + " read and +" + std::to_string(r.write_raised) +
           " write units: $" + WarmDollars(r.dollars) + "\n";
  }
  return out;
}

}  // namespace hrcore
