// LoadStats: what a hot-partition run offered and what the emulator accepted, per second and per
// (key space, partition key value) — the rows of the scenario CSV. "Offered" counts every
// attempt (a throttled request retried counts again, as it costs the client again); "accepted"
// counts the capacity the service charged for the requests it served; "throttled" counts the
// refused requests by the reason the service gave (ThrottlingReasons of
// ProvisionedThroughputExceededException, or a transaction's per-action cancellation reason).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace hrhot {

inline constexpr const char* kTableSpace = "table";

// What one request asks of one partition key value of one key space (the table or a GSI).
struct Charge {
  std::string keyspace;  // kTableSpace or the GSI's name
  std::string key;       // the partition key value, e.g. ORG#01J...
  double read = 0;       // RCU
  double write = 0;      // WCU
  int action = -1;       // the transaction action it belongs to (-1: not a transaction)
};

// Why a request was refused, as the service said it, and where.
struct Refusal {
  std::string reason;    // e.g. TableWriteKeyRangeThroughputExceeded
  std::string keyspace;  // kTableSpace, a GSI name, or "index" (a transaction's GSI reason)
  int action = -1;       // the cancelled transaction action (-1: the whole request)
};

struct Cell {
  double offered_read = 0, offered_write = 0;
  double accepted_read = 0, accepted_write = 0;
  std::int64_t offered_requests = 0, accepted_requests = 0, throttled_requests = 0;
  std::map<std::string, std::int64_t> reasons;  // throttled requests by reason
  void Add(const Cell& o);
};

using CellKey = std::pair<std::string, std::string>;  // (key space, partition key value)

class LoadStats {
 public:
  // One attempt at second `second` that asked for `charges`: accepted (and charged `charges`,
  // which then hold what the service reported) or refused for `refusals`.
  void RecordAttempt(std::int64_t second, const std::vector<Charge>& charges, bool accepted,
                     const std::vector<Refusal>& refusals);
  // One operation (a hire, a login: one or more requests) offered and, if it completed,
  // accepted, at `second`.
  void RecordOperation(std::int64_t second, bool completed);
  // A check of the model's prediction of a served request's cost against what the service
  // reported (ConsumedCapacity).
  void RecordModelCheck(bool agreed, const std::string& detail);

  const std::map<std::int64_t, std::map<CellKey, Cell>>& seconds() const { return seconds_; }
  std::int64_t last_second() const { return seconds_.empty() ? -1 : seconds_.rbegin()->first; }
  const std::map<std::int64_t, std::pair<std::int64_t, std::int64_t>>& operations() const {
    return operations_;
  }
  // The most capacity one request asked of `keyspace` (RCU + WCU).
  double largest_request(const std::string& keyspace) const {
    auto it = largest_.find(keyspace);
    return it == largest_.end() ? 0 : it->second;
  }
  std::int64_t model_checks() const { return model_checks_; }
  std::int64_t model_mismatches() const { return model_mismatches_; }
  const std::string& first_mismatch() const { return first_mismatch_; }

 private:
  std::map<std::int64_t, std::map<CellKey, Cell>> seconds_;
  std::map<std::int64_t, std::pair<std::int64_t, std::int64_t>> operations_;  // offered, done
  std::map<std::string, double> largest_;
  std::int64_t model_checks_ = 0;
  std::int64_t model_mismatches_ = 0;
  std::string first_mismatch_;
};

}  // namespace hrhot
