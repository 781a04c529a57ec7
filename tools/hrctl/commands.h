// hrctl's commands: init, seed, ap N, the service functions, check (and cost, in cost.cc).
#pragma once

#include <memory>

#include "args.h"
#include "ddbemu/client.h"
#include "ddbemu/database.h"
#include "hrcore/warm_throughput_cost.h"

namespace hrctl {

// The warm throughput flags of `cost` and `migrate plan`: --warm-read R / --warm-write W, the
// reads and writes per second to raise the table and each GSI to (neither: price the warm
// throughput DescribeTable reports), and --warm-read-price / --warm-write-price in $ per million
// units raised (docs/capacity.md §6).
struct WarmFlags {
  hrcore::WarmTarget target;
  hrcore::WarmThroughputPrices prices;
};
WarmFlags WarmFlagsOf(const Args& a);

// Where hrctl's requests go: an LMDB data directory in this process (default), or
// --endpoint URL.
// Every call goes through `client`, which retries throttling and the service's 500s as the AWS
// SDKs' DynamoDB clients do (ddbemu::RetryingClient's default policy: 10 retries, full jitter
// from 50 ms), so a command never fails on a throttle that an SDK program would absorb.
struct Backend {
  std::unique_ptr<ddbemu::Database> database;  // embedded only
  std::unique_ptr<ddbemu::Client> direct;      // the embedded or HTTP client, without retries
  std::unique_ptr<ddbemu::Client> client;      // `direct`, retried
};

// Runs the command in `args`; returns the process exit code (0 ok, 1 domain or backend error,
// 2 usage).
int Run(const Args& args);

}  // namespace hrctl
