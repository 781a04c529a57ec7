// `hrctl seed`: realistic generated organisations, departments, employees (names and emails),
// jobs and applications spread over time, written through the service functions (so the data
// keeps every invariant). Deterministic: the same seed and sizes give the same items (the
// ids come from a seeded generator on a virtual clock that the generator advances).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "hrcore/service.h"

namespace hrctl {

struct SeedOptions {
  std::uint64_t seed = 1;
  int orgs = 500;
  int employees_per_org = 200;
  int departments_per_org = 5;
  int open_jobs_per_org = 20;
  int closed_jobs_per_org = 2;
  int draft_jobs_per_org = 1;
  int applications_per_open_job = 3;
  int terminated_per_org = 2;
};

struct SeedResult {
  std::vector<std::string> org_ids;
  std::int64_t employees = 0, jobs = 0, applications = 0;
};

// The clock the seed's service must use: it starts at 2025-01-01 and is advanced by Seed.
std::int64_t SeedStartMicros();

// Runs the seed with `service` (built on `clock`). `progress(done_orgs)` after each org.
hrcore::Result<SeedResult> Seed(hrcore::HrService& service, ddbemu::VirtualClock& clock,
                                const SeedOptions& options,
                                const std::function<void(int)>& progress);

}  // namespace hrctl
