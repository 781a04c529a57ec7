// EmbeddedLoad: one thread per worker, each with its own HrService (so the capacity each call
// consumed is read back per call), looping until the deadline.
#include "embedded_load.h"

#include <cstdio>
#include <random>
#include <string>
#include <thread>

namespace hrbench {

using Clock = std::chrono::steady_clock;

struct EmbeddedLoad::Worker {
  Worker(ddbemu::Client& client, const std::string& table, int i, std::uint32_t salt)
      : ids(clock, hrcore::SystemRandomSource()),
        service(client, clock, ids, {.table_name = table, .retry = {.max_attempts = 1}}),
        index(i),
        salt(salt) {}
  ddbemu::SystemClock clock;
  hrcore::UlidGenerator ids;
  hrcore::HrService service;
  int index;
  std::uint32_t salt;
  std::uint64_t counter = 0;
  std::vector<std::uint64_t> uses;
  std::size_t position = 0;
  RunStats stats;
};

Failure Classify(const hrcore::Error& error) {
  std::string text = error.ToString();
  if (error.cause()) {
    std::string_view type = error.cause()->type_name();
    if (type.find("Throttling") != std::string_view::npos ||
        type.find("ProvisionedThroughputExceeded") != std::string_view::npos) {
      return Failure::kThrottled;
    }
  }
  if (text.find("TransactionConflict") != std::string::npos) return Failure::kConflict;
  if (text.find("ThrottlingError") != std::string::npos ||
      text.find("ProvisionedThroughputExceeded") != std::string::npos) {
    return Failure::kThrottled;
  }
  return Failure::kError;
}

EmbeddedLoad::EmbeddedLoad(ddbemu::Client& client, const std::string& table,
                           const std::vector<Pattern>& patterns,
                           const std::vector<std::uint16_t>& schedule, int workers)
    : client_(client), patterns_(patterns), schedule_(schedule) {
  auto salt = static_cast<std::uint32_t>(std::random_device{}());
  for (int i = 0; i < workers; ++i) {
    auto w = std::make_unique<Worker>(client, table, i, salt);
    w->uses.assign(patterns.size(), 0);
    w->position = static_cast<std::size_t>(i) * 61;
    workers_.push_back(std::move(w));
  }
}

EmbeddedLoad::~EmbeddedLoad() = default;

RunStats EmbeddedLoad::Run(std::chrono::duration<double> warmup,
                           std::chrono::duration<double> duration) {
  Clock::time_point measure_from =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(warmup);
  Clock::time_point deadline = measure_from + std::chrono::duration_cast<Clock::duration>(duration);
  const int n = static_cast<int>(workers_.size());
  auto loop = [&](Worker& w) {
    w.stats = RunStats{};
    w.stats.patterns.resize(patterns_.size());
    char unique[32];
    for (;;) {
      Clock::time_point start = Clock::now();
      if (start >= deadline) break;
      std::size_t p = schedule_[w.position++ % schedule_.size()];
      const Pattern& pattern = patterns_[p];
      // Writes move on to their next variant only after a success (a throttled close is
      // retried as a close, not followed by a reopen).
      std::uint64_t use = pattern.per_connection ? w.uses[p] : w.uses[p]++;
      std::size_t v = VariantFor(pattern.per_connection, pattern.variants, w.index, use, n);
      // 26 lower-case characters, unique per run, worker and call (the hire's email).
      std::snprintf(unique, sizeof unique, "e%08x%03d%014llu", w.salt, w.index % 1000,
                    static_cast<unsigned long long>(++w.counter));
      auto r = pattern.invoke(w.service, v, std::string_view(unique, 26));
      Clock::time_point end = Clock::now();
      hrcore::Consumed used = w.service.TakeConsumed();
      if (r.ok() && pattern.per_connection) ++w.uses[p];
      if (start < measure_from) continue;
      PatternStats& ps = w.stats.patterns[p];
      ps.requests += static_cast<std::uint64_t>(used.calls);
      if (!r.ok()) {
        ps.Count(Classify(r.error()), r.error().ToString());
        continue;
      }
      if (end > deadline) continue;
      ++ps.ok;
      ps.latency.Record(static_cast<std::uint64_t>(
          std::chrono::duration_cast<std::chrono::nanoseconds>(end - start).count()));
      ps.read_units += used.read_units;
      ps.write_units += used.write_units;
    }
  };
  std::vector<std::thread> threads;
  for (auto& w : workers_) threads.emplace_back(loop, std::ref(*w));
  for (auto& t : threads) t.join();
  RunStats out;
  out.patterns.resize(patterns_.size());
  for (auto& w : workers_) out.Merge(w->stats);
  out.seconds = duration.count();
  return out;
}

}  // namespace hrbench
