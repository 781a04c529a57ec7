// The closed loop in process: N workers (threads) call hrcore's service functions on ddbemu's
// embedded Client, the same patterns and variants the HTTP load replays. No retries: a
// throttle or a conflict is counted, as over HTTP.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "ddbemu/client.h"
#include "stats.h"
#include "workload.h"

namespace hrbench {

class EmbeddedLoad {
 public:
  // `client`, `patterns` and `schedule` must outlive the load.
  EmbeddedLoad(ddbemu::Client& client, const std::string& table,
               const std::vector<Pattern>& patterns, const std::vector<std::uint16_t>& schedule,
               int workers);
  ~EmbeddedLoad();
  RunStats Run(std::chrono::duration<double> warmup, std::chrono::duration<double> duration);

  struct Worker;

 private:
  ddbemu::Client& client_;
  const std::vector<Pattern>& patterns_;
  const std::vector<std::uint16_t>& schedule_;
  std::vector<std::unique_ptr<Worker>> workers_;
};

// How an hrcore failure counts: throttled, a transaction conflict, or an error.
Failure Classify(const hrcore::Error& error);

}  // namespace hrbench
