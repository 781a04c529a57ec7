// ReadTally: where in the partition-hash space a Query or Scan page read its bytes, so that its
// cost can be placed on the partitions that served it (docs/capacity.md §2: a Scan walks the
// partitions in hash order and consumes each one's throughput as it reads it). Items arrive in
// hash order, so the tally keeps runs: consecutive items within the same 1/65,536th of the hash
// space share one run, which bounds a page's tally at 65,536 runs whatever its item count (and
// places a run straddling a partition boundary on the partition of its first item).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "capacity/capacity_units.h"
#include "capacity/throughput_limits.h"
#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {

class ReadTally {
 public:
  struct Run {
    std::uint64_t hash;  // of the run's first item
    std::size_t bytes;
  };

  void Add(std::uint64_t hash, std::size_t bytes) {
    total_bytes_ += bytes;
    if (!runs_.empty() && (runs_.back().hash >> 48) == (hash >> 48)) {
      runs_.back().bytes += bytes;
      return;
    }
    runs_.push_back(Run{hash, bytes});
  }
  std::size_t total_bytes() const { return total_bytes_; }
  const std::vector<Run>& runs() const { return runs_; }

 private:
  std::vector<Run> runs_;
  std::size_t total_bytes_ = 0;
};

// `cost` (a page's read cost, rounded once over all its bytes) shared over the tally's runs in
// proportion to their bytes, as partition-level demands (no key: a Scan is limited by its
// partitions and the table, not by any one key). The shares add up to `cost` exactly; a page
// that read nothing puts its minimum cost on `empty_hash`.
std::vector<KeyDemand> SpreadRead(const ReadTally& tally, HalfUnits cost, std::uint64_t empty_hash);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
