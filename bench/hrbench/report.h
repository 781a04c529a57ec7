// hrbench's report: a table per endpoint and mix (ops/s, p50/p90/p99/p99.9 per pattern and
// overall, capacity units per call, throttles, conflicts, errors), the ratios between
// endpoints, and the same as JSON for scripts and tests.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "stats.h"

namespace hrbench {

struct TargetResult {
  std::string target;    // "ddb-local", "vs", "trivial", "embedded"
  std::string endpoint;  // URL, or "embedded"
  std::string mix;       // "read", "write", "all"
  int connections = 0;
  int rounds = 0;
  std::vector<std::string> pattern_names;
  RunStats stats;                 // merged over the rounds; seconds = the sum of the windows
  std::vector<double> round_ops;  // ops/s of each round, to show the spread
};

void PrintResult(std::FILE* out, const TargetResult& r);
// "a vs b": throughput ratio and latency ratios (a's over b's).
void PrintRatio(std::FILE* out, const TargetResult& a, const TargetResult& b);
std::string ToJson(const std::vector<TargetResult>& results);

}  // namespace hrbench
