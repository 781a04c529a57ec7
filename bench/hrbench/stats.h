// What a run measures: per pattern, the completed calls, a latency histogram, the capacity the
// responses reported (ReturnConsumedCapacity TOTAL) and the failures by kind, never hidden.
// Each connection (or embedded worker) fills its own RunStats; they are merged after the run,
// so the hot path takes no lock and allocates nothing.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace hrbench {

// Log-linear histogram of nanoseconds: exact below 64 ns, then 32 buckets per power of two
// (about 3% resolution) up to 2^40 ns.
class Histogram {
 public:
  static constexpr int kBuckets = 64 + 35 * 32;
  void Record(std::uint64_t ns);
  void Merge(const Histogram& other);
  std::uint64_t count() const { return count_; }
  // The value below which `q` (0..1) of the samples fall (a bucket's midpoint), in ns.
  double Quantile(double q) const;
  std::uint64_t max() const { return max_; }

 private:
  std::array<std::uint32_t, kBuckets> counts_{};
  std::uint64_t count_ = 0;
  std::uint64_t max_ = 0;
};

enum class Failure { kNone, kThrottled, kConflict, kError };

struct PatternStats {
  Histogram latency;  // completed calls only
  std::uint64_t ok = 0;
  std::uint64_t throttled = 0;  // ThrottlingException / ProvisionedThroughputExceeded
  std::uint64_t conflicts = 0;  // TransactionCanceled by TransactionConflict
  std::uint64_t errors = 0;     // anything else: a non-200, a bad body, a dropped connection
  std::uint64_t requests = 0;   // HTTP requests (a call may send more than one)
  double read_units = 0, write_units = 0;
  std::string first_error;  // the first error's text (else the first throttle's or conflict's)
  bool first_is_error = false;
  void Count(Failure f, const std::string& what);
  void Merge(const PatternStats& other);
};

struct RunStats {
  std::vector<PatternStats> patterns;  // indexed like the workload's patterns
  double seconds = 0;                  // the measured window
  double generator_cpu_s = 0;          // CPU the load generator itself used (user + system)
  double server_cpu_s = 0;             // CPU the server used (user + system), when its pid is known
  void Merge(const RunStats& other);   // the counts only: the caller sums windows
  PatternStats Total() const;
};

}  // namespace hrbench
