// SeedTable: hrctl's seed in parallel streams, each with its own seed and virtual clock.
#include "setup.h"

#include <optional>
#include <thread>

#include "hrcore/service.h"
#include "hrcore/table.h"
#include "seed.h"

namespace hrbench {

hrcore::Result<std::vector<std::string>> SeedTable(ddbemu::Client& client, const SeedSpec& spec) {
  ddbemu::DeleteTableRequest drop;
  drop.table_name = spec.table;
  (void)client.DeleteTable(drop);  // absent is fine; anything else shows in CreateHrTable
  DDBEMU_RETURN_IF_ERROR(hrcore::CreateHrTable(client, spec.table, /*if_missing=*/false));
  const int streams = std::max(1, std::min(spec.threads, spec.orgs));
  std::vector<std::vector<std::string>> ids(streams);
  std::vector<std::optional<hrcore::Error>> errors(streams);
  std::vector<std::thread> threads;
  for (int t = 0; t < streams; ++t) {
    threads.emplace_back([&, t] {
      ddbemu::VirtualClock clock(hrctl::SeedStartMicros());
      hrcore::UlidGenerator gen(clock, hrcore::SeededRandomSource(1000 + t));
      // Throttled calls (the table's and each key's limits, if the server enforces them) are
      // retried after 1, 2, 4 ... 256 ms: up to about 3 s in all.
      hrcore::HrService service(client, clock, gen,
                                {.table_name = spec.table, .retry = {.max_attempts = 21}});
      hrctl::SeedOptions o;
      o.seed = 1000 + static_cast<std::uint64_t>(t);
      o.orgs = spec.orgs / streams + (t < spec.orgs % streams ? 1 : 0);
      o.employees_per_org = spec.employees_per_org;
      auto r = hrctl::Seed(service, clock, o, nullptr);
      if (!r.ok()) {
        errors[t] = r.error();
        return;
      }
      ids[t] = std::move(r->org_ids);
    });
  }
  for (auto& th : threads) th.join();
  std::vector<std::string> out;
  for (int t = 0; t < streams; ++t) {
    if (errors[t]) return *errors[t];
    out.insert(out.end(), ids[t].begin(), ids[t].end());
  }
  return out;
}

}  // namespace hrbench
