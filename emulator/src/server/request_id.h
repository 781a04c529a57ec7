// x-amzn-RequestId values. DynamoDB answers every request with a 52-character id of
// [0-9A-Z] (the SDKs surface it in errors and logs); we send the same shape.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "ddbemu/version.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server {

// Thread-safe. Ids are unique within one generator (a counter goes through a bijective mix,
// so two requests can never share an id) and differ across processes (random seed).
class RequestIdGenerator {
 public:
  static constexpr std::size_t kLength = 52;

  RequestIdGenerator();  // seeds from std::random_device
  explicit RequestIdGenerator(std::uint64_t seed) : seed_(seed) {}

  std::string Next();
  // The same into `out` (replacing its contents), which reuses its capacity: a reply object
  // kept across requests then takes its id without allocating.
  void NextInto(std::string& out);

 private:
  const std::uint64_t seed_;
  std::atomic<std::uint64_t> counter_{0};
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::server
