// RecordingClient: a ddbemu::Client in front of another (the embedded database or an HTTP
// endpoint) that records every data request of a hot-partition run into LoadStats: which
// partition key values of the table and of GSI1 it charged, how much, and — when refused — the
// reasons the service gave. It asks for ReturnConsumedCapacity INDEXES on every request, so
// what it records as accepted is what the service charged; it predicts each request's cost
// from docs/capacity.md §1 (item size, 1 KB per WCU, 4 KB per RCU, transactions twice, GSI
// writes once) and checks that prediction against the charge (LoadStats::RecordModelCheck).
//
// Specific to the HR table (docs/hr-schema.md): partition key PK, one GSI `GSI1` keyed by GSI1PK.
// Thread-safe, for the driver's workers on the real clock (load_driver.h): calls go to the inner
// client concurrently; what the client records is kept under one lock.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "ddbemu/forwarding_client.h"
#include "load_stats.h"
#include "sync/mutex.h"

namespace hrhot {

// docs/capacity.md §1: the item's size in bytes (attribute names + values).
std::int64_t ItemSizeBytes(const ddbemu::Item& item);

class RecordingClient final : public ddbemu::ForwardingClient {
 public:
  // `inner` must outlive this client; `now_second` tells which second of the run it is.
  RecordingClient(ddbemu::Client& inner, LoadStats& stats, std::function<std::int64_t()> now_second)
      : ForwardingClient(inner), stats_(stats), now_second_(std::move(now_second)) {}

  // Recording on (the run) or off (seeding the data the run starts from). Set between runs,
  // not while calls are in flight.
  void set_recording(bool on) { recording_ = on; }
  // Whether the calling thread's last data request was refused by throttling.
  bool last_throttled() const;

  ddbemu::Result<ddbemu::PutItemResponse> PutItem(const ddbemu::PutItemRequest& r) override;
  ddbemu::Result<ddbemu::GetItemResponse> GetItem(const ddbemu::GetItemRequest& r) override;
  ddbemu::Result<ddbemu::UpdateItemResponse> UpdateItem(
      const ddbemu::UpdateItemRequest& r) override;
  ddbemu::Result<ddbemu::DeleteItemResponse> DeleteItem(
      const ddbemu::DeleteItemRequest& r) override;
  ddbemu::Result<ddbemu::QueryResponse> Query(const ddbemu::QueryRequest& r) override;
  ddbemu::Result<ddbemu::TransactWriteItemsResponse> TransactWriteItems(
      const ddbemu::TransactWriteItemsRequest& r) override;

 private:
  // The predicted charges of a write of `item_key` (the item after the write: `new_item`, or
  // the GSI1PK an update sets / removes), `factor` 2 inside a transaction.
  struct WriteShape {
    const ddbemu::Item* key = nullptr;       // PK (+ SK) of the item written
    const ddbemu::Item* new_item = nullptr;  // a Put's item
    std::optional<std::string> set_gsi;      // an Update that SETs GSI1PK
    bool removes_gsi = false;                // an Update that REMOVEs GSI1PK, or a Delete
    bool condition_check = false;            // a transaction's ConditionCheck: no GSI write
  };
  std::vector<Charge> PredictWrite(const WriteShape& w, double factor, int action) const;
  void RememberWrite(const WriteShape& w);
  // Records one attempt; `consumed` is the service's charge when accepted.
  template <class R>
  void Record(const std::vector<Charge>& predicted, const ddbemu::Result<R>& result,
              const std::vector<ddbemu::ConsumedCapacity>& consumed, bool exact_from_service);

  LoadStats& stats_;
  std::function<std::int64_t()> now_second_;
  bool recording_ = true;
  mutable ddbemu::sync::Mutex mutex_;  // guards what follows and every call into stats_
  std::map<std::thread::id, bool> last_throttled_ GUARDED_BY(mutex_);
  // PK \x1f SK -> the item's GSI1PK: which GSI1 partition key an update or delete rewrites.
  std::map<std::string, std::string> gsi_keys_ GUARDED_BY(mutex_);
};

}  // namespace hrhot
