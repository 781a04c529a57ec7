// Seeding the table before a run, with `hrctl seed`'s generator (tools/hrctl/seed.h) through
// hrcore's service functions: deterministic, so two endpoints seeded alike hold the same
// items with the same keys, and a request recorded on one reads the same data on the other.
#pragma once

#include <string>
#include <vector>

#include "ddbemu/client.h"
#include "hrcore/errors.h"

namespace hrbench {

struct SeedSpec {
  std::string table;
  int orgs = 32;
  int employees_per_org = 200;
  int threads = 4;  // organisations are seeded in this many parallel streams
};

// Drops `table` if it exists, creates it (docs/hr-schema.md's definition) and seeds it. Returns the
// organisations' ids in a fixed order.
hrcore::Result<std::vector<std::string>> SeedTable(ddbemu::Client& client, const SeedSpec& spec);

}  // namespace hrbench
