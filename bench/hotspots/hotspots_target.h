// Target: where a hot-partition run goes — an in-process database on a VirtualClock (exact and
// repeatable: every bucket reads the clock the driver moves), or an endpoint on the real clock
// (ddb-local, started by hrctl or named by --endpoint). A Target gives one fresh table per run.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ddbemu/client.h"
#include "ddbemu/clock.h"
#include "hrcore/errors.h"
#include "load_driver.h"

namespace hrhot {

// The capacity model's timing a run needs (ddbemu::Options; ddb-local's flags), scaled down
// from the service's so that a run shows in seconds what takes the service half an hour.
// Unset: the defaults (30 min, 300 s at 80%).
struct DatabaseSettings {
  std::optional<std::int64_t> on_demand_scale_delay_ms;
  std::optional<std::int64_t> split_for_heat_seconds;
  std::optional<std::int64_t> split_for_heat_percent;

  bool is_default() const {
    return !on_demand_scale_delay_ms && !split_for_heat_seconds && !split_for_heat_percent;
  }
  bool operator==(const DatabaseSettings&) const = default;
  // The ddb-local flags that start a server with these settings.
  std::vector<std::string> DdbLocalFlags() const;
  std::string Describe() const;  // "--on-demand-scale-delay-ms 5000 --split-for-heat 5,80"
};

// A partition of a key space as the capacity report lists it: partition-key hashes
// [first_hash, last_hash].
struct PartitionRange {
  std::uint64_t first_hash = 0;
  std::uint64_t last_hash = 0;
  bool operator==(const PartitionRange&) const = default;
  auto operator<=>(const PartitionRange&) const = default;
};

class Target {
 public:
  virtual ~Target() = default;
  // Prepares a fresh, empty place for one run and returns the table name to create there. The
  // embedded target opens its database with `settings`; an endpoint cannot change a running
  // server's, so the HTTP target fails unless the server is known to have been started with
  // them, or says (once, on stderr) which the server must have when it is not known.
  virtual hrcore::Result<std::string> Fresh(const std::string& run_name,
                                            const DatabaseSettings& settings) = 0;
  hrcore::Result<std::string> Fresh(const std::string& run_name) { return Fresh(run_name, {}); }
  // One DynamoDB operation as JSON, for what ddbemu::Client's model does not carry (CreateTable
  // with WarmThroughput). Returns the response body, or the error's body as a Backend error.
  virtual hrcore::Result<std::string> CallJson(const std::string& operation,
                                               const std::string& body) = 0;
  // The partitions of the run's table now, by hash range, in hash order (the capacity report).
  virtual std::vector<PartitionRange> PartitionRanges() = 0;
  virtual ddbemu::Client& client() = 0;
  virtual Pacer& pacer() = 0;
  virtual const ddbemu::Clock& clock() = 0;
  // How many partitions the capacity model gives `index` ("" = the table) of the run's table
  // now (the capacity report).
  virtual std::int64_t Partitions(const std::string& index) = 0;
  // The capacity report's JSON for the run's table (the emulator's own per-partition view).
  virtual std::string CapacityReportJson() = 0;
  virtual std::string Describe()
      const = 0;  // "in process, virtual clock" / "http://..., real clock"
  virtual bool is_virtual() const = 0;
};

// A new in-memory Database per run, throttling on, on a VirtualClock.
std::unique_ptr<Target> MakeEmbeddedTarget();
// An endpoint (ddb-local) on the real clock; the capacity report from its admin endpoint.
// `server_settings`: what the server was started with, when hrctl started it (unknown for
// --endpoint).
hrcore::Result<std::unique_ptr<Target>> MakeHttpTarget(
    const std::string& endpoint, std::optional<DatabaseSettings> server_settings = std::nullopt);

}  // namespace hrhot
