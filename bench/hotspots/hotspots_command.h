// `hrctl hotspots <scenario|all>`: runs the hot-partition scenarios (scenarios.h) in process on
// a virtual clock (default) or against an endpoint on the real clock, and writes their CSVs and
// SVG charts. Kept apart from hrctl's own commands: hrctl's dispatch only forwards to it.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace hrhot {

// `positional` is hrctl's ("hotspots", scenario); `flag(name)` gives --name's value.
// Returns the process exit code: 0 done, 1 a run failed, 2 usage.
int RunHotspotsCommand(const std::vector<std::string>& positional,
                       const std::function<std::optional<std::string>(const std::string&)>& flag);

extern const char* const kHotspotsUsage;

}  // namespace hrhot
