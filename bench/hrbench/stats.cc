// Histogram and per-pattern counters.
#include "stats.h"

#include <algorithm>
#include <bit>

namespace hrbench {
namespace {

int BucketOf(std::uint64_t v) {
  if (v < 64) return static_cast<int>(v);
  int shift = std::bit_width(v) - 6;  // >= 1: v >> shift is in [32, 64)
  int idx = 64 + (shift - 1) * 32 + static_cast<int>((v >> shift) - 32);
  return std::min(idx, Histogram::kBuckets - 1);
}

double MidpointOf(int idx) {
  if (idx < 64) return idx;
  int shift = (idx - 64) / 32 + 1;
  double low = static_cast<double>((static_cast<std::uint64_t>((idx - 64) % 32) + 32) << shift);
  return low + static_cast<double>(1ULL << shift) / 2;
}

}  // namespace

void Histogram::Record(std::uint64_t ns) {
  ++counts_[BucketOf(ns)];
  ++count_;
  max_ = std::max(max_, ns);
}

void Histogram::Merge(const Histogram& o) {
  for (int i = 0; i < kBuckets; ++i) counts_[i] += o.counts_[i];
  count_ += o.count_;
  max_ = std::max(max_, o.max_);
}

double Histogram::Quantile(double q) const {
  if (count_ == 0) return 0;
  auto rank = static_cast<std::uint64_t>(q * static_cast<double>(count_));
  if (rank >= count_) rank = count_ - 1;
  std::uint64_t seen = 0;
  for (int i = 0; i < kBuckets; ++i) {
    seen += counts_[i];
    if (seen > rank) return std::min(MidpointOf(i), static_cast<double>(max_));
  }
  return static_cast<double>(max_);
}

void PatternStats::Count(Failure f, const std::string& what) {
  switch (f) {
    case Failure::kNone:
      return;
    case Failure::kThrottled:
      ++throttled;
      break;
    case Failure::kConflict:
      ++conflicts;
      break;
    case Failure::kError:
      ++errors;
      break;
  }
  // An error's text wins over a throttle's: errors are what a reader must look at.
  if (first_error.empty() || (f == Failure::kError && !first_is_error)) {
    first_error = what.substr(0, 300);
    first_is_error = f == Failure::kError;
  }
}

void PatternStats::Merge(const PatternStats& o) {
  latency.Merge(o.latency);
  ok += o.ok;
  throttled += o.throttled;
  conflicts += o.conflicts;
  errors += o.errors;
  requests += o.requests;
  read_units += o.read_units;
  write_units += o.write_units;
  if (first_error.empty() || (o.first_is_error && !first_is_error)) {
    first_error = o.first_error;
    first_is_error = o.first_is_error;
  }
}

void RunStats::Merge(const RunStats& o) {
  if (patterns.size() < o.patterns.size()) patterns.resize(o.patterns.size());
  for (std::size_t i = 0; i < o.patterns.size(); ++i) patterns[i].Merge(o.patterns[i]);
}

PatternStats RunStats::Total() const {
  PatternStats t;
  for (const auto& p : patterns) t.Merge(p);
  return t;
}

}  // namespace hrbench
