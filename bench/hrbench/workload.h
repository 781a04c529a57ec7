// The HR workload hrbench replays (docs/hr-schema.md): the review's daily read mix (AP1-AP12 at
// their calls-per-day weights) and its write mix (hires as hrcore's hire transaction, job
// closes, application submits), each pattern an hrcore service call. The same definitions
// drive the embedded mode (calls into HrService on ddbemu's embedded Client) and the HTTP
// mode (the calls are recorded once as request bodies, then replayed; recording.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "hrcore/service.h"

namespace hrbench {

enum class Mix { kRead, kWrite, kAll };
Mix ParseMix(std::string_view name, bool* ok);
std::string_view MixName(Mix mix);

// What the seeded table holds, discovered after seeding (deterministic order), so patterns
// can name real keys. Organisation i's entities are orgs[i].
struct OrgData {
  std::string org_id;
  std::vector<hrcore::Employee> employees;  // active only
  std::vector<hrcore::Department> departments;
  std::vector<hrcore::JobPosting> open_jobs;
  std::vector<hrcore::JobPosting> all_jobs;
};
struct Dataset {
  std::vector<OrgData> orgs;
};

// The ids a write generated (hrcore's ULIDs, in the order the call drew them) and the
// per-call unique token it was given: what a recorded body must vary on each replay.
struct CallIds {
  std::vector<std::string> ulids;
};

// One access pattern or write. `variant` selects the keys (0..variants-1); for per-connection
// patterns (writes) connection c uses variants [c*per_conn, (c+1)*per_conn) in turn, so no two
// connections write the same items (no transaction conflicts between them); reads spread over
// every variant. `unique` is a token of 26 lower-case characters, different on every call.
struct Pattern {
  std::string name;
  int weight = 0;  // calls per day / 1,000 (docs/hr-schema.md)
  bool is_write = false;
  bool per_connection = false;
  std::size_t variants = 0;  // reads: how many; per-connection: per connection
  std::function<hrcore::Result<CallIds>(hrcore::HrService&, std::size_t variant,
                                        std::string_view unique)>
      invoke;
};

struct WorkloadOptions {
  Mix mix = Mix::kRead;
  int connections = 16;
  std::size_t read_variants = 256;
};

// The patterns of `options.mix` over `data`. Write patterns need data.orgs >= 1 and enough
// open jobs: with connections > orgs, some connections share an organisation.
std::vector<Pattern> MakePatterns(const Dataset& data, const WorkloadOptions& options);

// Variant index connection `conn` uses on its `use`-th call of pattern `p`.
std::size_t VariantFor(bool per_connection, std::size_t variants, int conn, std::uint64_t use,
                       int connections);

// Closed-loop schedule: pattern indices in proportion to their weights, shuffled with a fixed
// seed; connection c starts at a different offset.
std::vector<std::uint16_t> MakeSchedule(const std::vector<Pattern>& patterns);

// Lists what the table holds (every org of `org_ids`, through the service).
hrcore::Result<Dataset> Discover(hrcore::HrService& service,
                                 const std::vector<std::string>& org_ids);

}  // namespace hrbench
