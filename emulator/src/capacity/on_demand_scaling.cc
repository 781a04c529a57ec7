#include "capacity/on_demand_scaling.h"

#include <algorithm>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity {
namespace {

// Double a peak of `half_units` per second, in whole units per second.
std::int64_t Doubled(HalfUnits half_units) { return half_units; }

}  // namespace

void OnDemandScaler::Configure(const ScalingParameters& parameters, WarmCapacity floor) {
  parameters_ = parameters;
  floor_ = WarmCapacity{std::max(parameters.initial_read_units, floor.read_units),
                        std::max(parameters.initial_write_units, floor.write_units)};
}

void OnDemandScaler::CloseSecond(std::int64_t now_micros) {
  if (second_ < 0 || now_micros / kSecond <= second_) return;
  // Only a second above every peak seen (in effect or waiting) raises anything later on.
  HalfUnits highest_read = peak_read_, highest_write = peak_write_;
  for (const Pending& p : pending_) {
    highest_read = std::max(highest_read, p.read);
    highest_write = std::max(highest_write, p.write);
  }
  if (second_read_ > highest_read || second_write_ > highest_write) {
    pending_.push_back(Pending{(second_ + 1) * kSecond + parameters_.scale_delay_micros,
                               std::max(second_read_, highest_read),
                               std::max(second_write_, highest_write)});
  }
  second_ = -1;
  second_read_ = 0;
  second_write_ = 0;
}

void OnDemandScaler::Record(HalfUnits read, HalfUnits write, std::int64_t now_micros) {
  CloseSecond(now_micros);
  if (second_ < 0) second_ = now_micros / kSecond;
  second_read_ += read;
  second_write_ += write;
}

WarmCapacity OnDemandScaler::CapacityAt(std::int64_t now_micros) {
  CloseSecond(now_micros);
  while (!pending_.empty() && pending_.front().effective_micros <= now_micros) {
    peak_read_ = std::max(peak_read_, pending_.front().read);
    peak_write_ = std::max(peak_write_, pending_.front().write);
    pending_.pop_front();
  }
  return WarmCapacity{std::max(floor_.read_units, Doubled(peak_read_)),
                      std::max(floor_.write_units, Doubled(peak_write_))};
}

WarmCapacity OnDemandScaler::Eventual() const {
  HalfUnits read = std::max(peak_read_, second_read_);
  HalfUnits write = std::max(peak_write_, second_write_);
  for (const Pending& p : pending_) {
    read = std::max(read, p.read);
    write = std::max(write, p.write);
  }
  return WarmCapacity{std::max(floor_.read_units, Doubled(read)),
                      std::max(floor_.write_units, Doubled(write))};
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::capacity
