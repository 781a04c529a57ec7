// Target: where a hot-partition run goes — an in-process database on a VirtualClock (exact and
// repeatable: every bucket reads the clock the driver moves), or an endpoint on the real clock
// (ddb-local, started by hrctl or named by --endpoint). A Target gives one fresh table per run.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "ddbemu/client.h"
#include "ddbemu/clock.h"
#include "hrcore/errors.h"
#include "load_driver.h"

namespace hrhot {

class Target {
 public:
  virtual ~Target() = default;
  // Prepares a fresh, empty place for one run and returns the table name to create there.
  virtual hrcore::Result<std::string> Fresh(const std::string& run_name) = 0;
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
hrcore::Result<std::unique_ptr<Target>> MakeHttpTarget(const std::string& endpoint);

}  // namespace hrhot
