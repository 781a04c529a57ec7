// Per-side metering of consumed capacity (see metering_client.h).
#include "metering_client.h"

#include <algorithm>
#include <type_traits>

#include "hrcore/retry.h"

namespace hrhot {
namespace {

// One ConsumedCapacity as (read, write) units: the split when the service gave one, else the
// total, on the side the operation's kind says.
std::pair<double, double> Units(const ddbemu::ConsumedCapacity& c, bool write) {
  if (c.read_capacity_units || c.write_capacity_units)
    return {c.read_capacity_units.value_or(0), c.write_capacity_units.value_or(0)};
  return write ? std::pair{0.0, c.capacity_units} : std::pair{c.capacity_units, 0.0};
}

template <class Response>
std::pair<double, double> Consumed(const Response& r, bool write) {
  double read = 0, written = 0;
  auto add = [&](const ddbemu::ConsumedCapacity& c) {
    auto [a, b] = Units(c, write);
    read += a;
    written += b;
  };
  using CC = std::decay_t<decltype(r.consumed_capacity)>;
  if constexpr (std::is_same_v<CC, std::optional<ddbemu::ConsumedCapacity>>) {
    if (r.consumed_capacity) add(*r.consumed_capacity);
  } else {
    for (const auto& c : r.consumed_capacity) add(c);
  }
  return {read, written};
}

}  // namespace

void SideMeter::Start() {
  ddbemu::sync::MutexLock lock(mutex_);
  start_micros_ = clock_.NowMicros();
  recording_ = true;
}

void SideMeter::Stop() {
  ddbemu::sync::MutexLock lock(mutex_);
  recording_ = false;
}

void SideMeter::Record(const std::string& side, bool throttled, double read_units,
                       double write_units) {
  const std::int64_t now = clock_.NowMicros();
  ddbemu::sync::MutexLock lock(mutex_);
  if (!recording_) return;
  SideSecond& s = seconds_[side][(now - start_micros_) / 1'000'000];
  ++s.requests;
  if (throttled) ++s.throttled;
  s.read_units += read_units;
  s.write_units += write_units;
  auto& [r, w] = largest_[side];
  r = std::max(r, read_units);
  w = std::max(w, write_units);
}

std::map<std::string, std::map<std::int64_t, SideSecond>> SideMeter::Snapshot() const {
  ddbemu::sync::MutexLock lock(mutex_);
  return seconds_;
}

std::pair<double, double> SideMeter::LargestRequest(const std::string& side) const {
  ddbemu::sync::MutexLock lock(mutex_);
  auto it = largest_.find(side);
  return it == largest_.end() ? std::pair{0.0, 0.0} : it->second;
}

template <class Request, class Call>
auto MeteringClient::Metered(const Request& request, bool write, Call call) {
  Request metered = request;
  if (metered.return_consumed_capacity == ddbemu::ReturnConsumedCapacity::kNone)
    metered.return_consumed_capacity = ddbemu::ReturnConsumedCapacity::kTotal;
  auto result = call(metered);
  if (result.ok()) {
    auto [r, w] = Consumed(*result, write);
    meter_.Record(side_, false, r, w);
  } else {
    meter_.Record(side_, hrcore::Throttled(result.error()), 0, 0);
  }
  return result;
}

ddbemu::Result<ddbemu::PutItemResponse> MeteringClient::PutItem(const ddbemu::PutItemRequest& r) {
  return Metered(r, true, [&](const auto& m) { return inner().PutItem(m); });
}
ddbemu::Result<ddbemu::GetItemResponse> MeteringClient::GetItem(const ddbemu::GetItemRequest& r) {
  return Metered(r, false, [&](const auto& m) { return inner().GetItem(m); });
}
ddbemu::Result<ddbemu::UpdateItemResponse> MeteringClient::UpdateItem(
    const ddbemu::UpdateItemRequest& r) {
  return Metered(r, true, [&](const auto& m) { return inner().UpdateItem(m); });
}
ddbemu::Result<ddbemu::DeleteItemResponse> MeteringClient::DeleteItem(
    const ddbemu::DeleteItemRequest& r) {
  return Metered(r, true, [&](const auto& m) { return inner().DeleteItem(m); });
}
ddbemu::Result<ddbemu::QueryResponse> MeteringClient::Query(const ddbemu::QueryRequest& r) {
  return Metered(r, false, [&](const auto& m) { return inner().Query(m); });
}
ddbemu::Result<ddbemu::ScanResponse> MeteringClient::Scan(const ddbemu::ScanRequest& r) {
  return Metered(r, false, [&](const auto& m) { return inner().Scan(m); });
}
ddbemu::Result<ddbemu::BatchGetItemResponse> MeteringClient::BatchGetItem(
    const ddbemu::BatchGetItemRequest& r) {
  return Metered(r, false, [&](const auto& m) { return inner().BatchGetItem(m); });
}
ddbemu::Result<ddbemu::BatchWriteItemResponse> MeteringClient::BatchWriteItem(
    const ddbemu::BatchWriteItemRequest& r) {
  return Metered(r, true, [&](const auto& m) { return inner().BatchWriteItem(m); });
}
ddbemu::Result<ddbemu::TransactWriteItemsResponse> MeteringClient::TransactWriteItems(
    const ddbemu::TransactWriteItemsRequest& r) {
  return Metered(r, true, [&](const auto& m) { return inner().TransactWriteItems(m); });
}
ddbemu::Result<ddbemu::TransactGetItemsResponse> MeteringClient::TransactGetItems(
    const ddbemu::TransactGetItemsRequest& r) {
  return Metered(r, false, [&](const auto& m) { return inner().TransactGetItems(m); });
}

}  // namespace hrhot
