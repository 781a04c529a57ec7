// MeteringClient: a ddbemu::Client in front of another that meters, per second and per side,
// the capacity the service reports as consumed — so that a run with two users of one table
// (the live hrcore traffic and a schema migration) can show each one's consumption beside the
// other's. Two MeteringClients, one per side, share one SideMeter; each tags what passes
// through it with its side's name ("live", "migration").
//
// Every data request asks for ReturnConsumedCapacity TOTAL (unless it asked for more), so what
// is metered is what the service charged: the CapacityUnits of each ConsumedCapacity, split
// into reads and writes by the operation (docs/capacity.md §1). A request refused for
// throughput (hrcore::Throttled) is counted as throttled and charged nothing. A write whose
// condition failed returns no ConsumedCapacity, so it is counted but not charged (the service
// does charge it: one of the few costs this meter cannot see).
//
// Thread-safe: the two sides may run on two threads (the real-clock run).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "ddbemu/clock.h"
#include "ddbemu/forwarding_client.h"
#include "sync/mutex.h"

namespace hrhot {

// One side's requests and consumption within one second.
struct SideSecond {
  std::int64_t requests = 0;   // sent (a retried request counts each time)
  std::int64_t throttled = 0;  // refused for throughput
  double read_units = 0, write_units = 0;
};

class SideMeter {
 public:
  // Seconds count from `start_micros` on `clock`; nothing is recorded until Start().
  explicit SideMeter(const ddbemu::Clock& clock) : clock_(clock) {}
  void Start();
  void Stop();
  std::int64_t start_micros() const {
    ddbemu::sync::MutexLock lock(mutex_);
    return start_micros_;
  }
  const ddbemu::Clock& clock() const { return clock_; }

  // Called by MeteringClient after each request returns.
  void Record(const std::string& side, bool throttled, double read_units, double write_units);

  // side -> second -> what that side did in that second.
  std::map<std::string, std::map<std::int64_t, SideSecond>> Snapshot() const;
  // The most one request of `side` consumed, reads and writes apart.
  std::pair<double, double> LargestRequest(const std::string& side) const;

 private:
  const ddbemu::Clock& clock_;
  mutable ddbemu::sync::Mutex mutex_;
  bool recording_ GUARDED_BY(mutex_) = false;
  std::int64_t start_micros_ GUARDED_BY(mutex_) = 0;
  std::map<std::string, std::map<std::int64_t, SideSecond>> seconds_ GUARDED_BY(mutex_);
  std::map<std::string, std::pair<double, double>> largest_ GUARDED_BY(mutex_);
};

class MeteringClient final : public ddbemu::ForwardingClient {
 public:
  // `inner` and `meter` must outlive this client.
  MeteringClient(ddbemu::Client& inner, SideMeter& meter, std::string side)
      : ForwardingClient(inner), meter_(meter), side_(std::move(side)) {}

  ddbemu::Result<ddbemu::PutItemResponse> PutItem(const ddbemu::PutItemRequest& r) override;
  ddbemu::Result<ddbemu::GetItemResponse> GetItem(const ddbemu::GetItemRequest& r) override;
  ddbemu::Result<ddbemu::UpdateItemResponse> UpdateItem(
      const ddbemu::UpdateItemRequest& r) override;
  ddbemu::Result<ddbemu::DeleteItemResponse> DeleteItem(
      const ddbemu::DeleteItemRequest& r) override;
  ddbemu::Result<ddbemu::QueryResponse> Query(const ddbemu::QueryRequest& r) override;
  ddbemu::Result<ddbemu::ScanResponse> Scan(const ddbemu::ScanRequest& r) override;
  ddbemu::Result<ddbemu::BatchGetItemResponse> BatchGetItem(
      const ddbemu::BatchGetItemRequest& r) override;
  ddbemu::Result<ddbemu::BatchWriteItemResponse> BatchWriteItem(
      const ddbemu::BatchWriteItemRequest& r) override;
  ddbemu::Result<ddbemu::TransactWriteItemsResponse> TransactWriteItems(
      const ddbemu::TransactWriteItemsRequest& r) override;
  ddbemu::Result<ddbemu::TransactGetItemsResponse> TransactGetItems(
      const ddbemu::TransactGetItemsRequest& r) override;
  // Every other request (the control plane, PartiQL) consumes nothing this meter counts: it
  // is passed through unmetered.

 private:
  template <class Request, class Call>
  auto Metered(const Request& request, bool write, Call call);

  SideMeter& meter_;
  std::string side_;
};

}  // namespace hrhot
