#include "load_stats.h"

#include <algorithm>
#include <set>

namespace hrhot {

void Cell::Add(const Cell& o) {
  offered_read += o.offered_read;
  offered_write += o.offered_write;
  accepted_read += o.accepted_read;
  accepted_write += o.accepted_write;
  offered_requests += o.offered_requests;
  accepted_requests += o.accepted_requests;
  throttled_requests += o.throttled_requests;
  for (const auto& [reason, n] : o.reasons) reasons[reason] += n;
}

void LoadStats::RecordAttempt(std::int64_t second, const std::vector<Charge>& charges,
                              bool accepted, const std::vector<Refusal>& refusals) {
  auto& cells = seconds_[second];
  // A request counts once per key it touches, however many of its actions touch that key.
  std::set<CellKey> touched;
  std::map<std::string, double> per_space;
  for (const Charge& c : charges) per_space[c.keyspace] += c.read + c.write;
  for (const auto& [space, units] : per_space) largest_[space] = std::max(largest_[space], units);
  std::map<CellKey, std::set<std::string>> refused_for;
  for (const Charge& c : charges) {
    const CellKey id{c.keyspace, c.key};
    Cell& cell = cells[id];
    cell.offered_read += c.read;
    cell.offered_write += c.write;
    if (accepted) {
      cell.accepted_read += c.read;
      cell.accepted_write += c.write;
    }
    touched.insert(id);
    for (const Refusal& r : refusals) {
      const bool same_space =
          r.keyspace == c.keyspace || (r.keyspace == "index" && c.keyspace != kTableSpace);
      const bool same_action = r.action < 0 || r.action == c.action;
      if (same_space && same_action) refused_for[id].insert(r.reason);
    }
  }
  for (const CellKey& id : touched) {
    Cell& cell = cells[id];
    ++cell.offered_requests;
    if (accepted) {
      ++cell.accepted_requests;
    } else if (auto it = refused_for.find(id); it != refused_for.end()) {
      // Refused because of this key's key space (and action): a throttle of this key.
      ++cell.throttled_requests;
      for (const std::string& reason : it->second) ++cell.reasons[reason];
    }
  }
}

void LoadStats::RecordOperation(std::int64_t second, bool completed) {
  auto& [offered, done] = operations_[second];
  ++offered;
  if (completed) ++done;
}

void LoadStats::RecordModelCheck(bool agreed, const std::string& detail) {
  ++model_checks_;
  if (agreed) return;
  if (model_mismatches_++ == 0) first_mismatch_ = detail;
}

}  // namespace hrhot
