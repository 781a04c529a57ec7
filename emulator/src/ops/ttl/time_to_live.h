// Time to Live: UpdateTimeToLive, DescribeTimeToLive, and the sweep that deletes expired items.
//
// As the service does: an item expires when its TTL attribute is a Number of epoch seconds
// earlier than now (a missing or non-Number attribute never expires; a time more than five
// years in the past is ignored); expired items stay readable until a sweep deletes them; the
// deletion costs no write capacity, updates every index, and reaches the table's stream as a
// REMOVE with userIdentity {PrincipalId: dynamodb.amazonaws.com, Type: Service}.
// The sweep runs on the engine's clock: on a virtual clock exactly when called
// (Database::SweepExpiredItems, POST /_ddblocal/ttl/sweep), on a real one also from a
// background thread every Options::ttl_sweep_interval_ms (TtlSweeper, below).
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <thread>

#include "api/control_requests.h"
#include "api/table_requests.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/engine.h"
#include "sync/mutex.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::ttl {

// UpdateTimeToLive may change a table's setting once an hour (API reference: "Any additional
// UpdateTimeToLive calls for the same table during this one hour duration result in a
// ValidationException").
inline constexpr std::int64_t kChangeIntervalMicros = 3600LL * 1'000'000;
// Items whose expiry is further in the past than this are not deleted (Developer Guide).
inline constexpr std::int64_t kIgnoredPastSeconds = 5LL * 365 * 24 * 3600;

using api::TimeToLiveDescription;
using api::UpdateTimeToLiveRequest;

// Errors, in the service's words: "TimeToLive is already enabled", "TimeToLive is already
// disabled", "TimeToLive is active on a different AttributeName: current AttributeName is X",
// "Time to live has been modified multiple times within a fixed interval" (ValidationException),
// and ResourceNotFoundException for a missing table.
Result<UpdateTimeToLiveRequest> UpdateTimeToLive(Engine& engine, const Caller& caller,
                                                 const UpdateTimeToLiveRequest& request);
Result<TimeToLiveDescription> DescribeTimeToLive(Engine& engine, const Caller& caller,
                                                 const api::TableNameRequest& request);

// Whether `item` has expired at `now_micros` under attribute `attribute_name`.
bool IsExpired(const Item& item, const std::string& attribute_name, std::int64_t now_micros);

// Deletes every expired item of every table with TTL enabled, in every namespace. Returns how
// many items were deleted.
Result<std::size_t> SweepExpiredItems(Engine& engine);

// A background thread that runs a sweep every interval, for a database on a real clock
// (Options::ttl_sweep_interval_ms). Destroying it stops the thread promptly (it waits on a
// condition variable, not a sleep) and joins it.
class TtlSweeper {
 public:
  TtlSweeper(std::function<void()> sweep, std::chrono::milliseconds interval);
  ~TtlSweeper();
  TtlSweeper(const TtlSweeper&) = delete;
  TtlSweeper& operator=(const TtlSweeper&) = delete;

 private:
  void Run();

  std::function<void()> sweep_;
  std::chrono::milliseconds interval_;
  sync::Mutex mu_;
  sync::CondVar wake_;
  bool stopping_ GUARDED_BY(mu_) = false;
  std::thread thread_;  // last: starts after every other member is ready
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops::ttl
