// FaultInjector: the service's transient failures on demand (Options::faults), so that client
// retry code meets them in tests before production does. Each request of a chosen operation
// fails, with probability `rate`, with one of the chosen kinds, before it runs (so it changes
// nothing, as a retryable failure of the service changes nothing):
//   throttling  ProvisionedThroughputExceededException (400), the SDKs' retryable throttle
//   internal    InternalServerError (500)
//   conflict    TransactWriteItems/TransactGetItems: TransactionCanceledException whose every
//               reason is TransactionConflict; other operations: TransactionConflictException
//   drop        no answer at all: Database::Call returns http_status 0 and ddb-local closes the
//               connection without a response (the SDKs see a reset and retry)
// Draws come from a seeded generator, so a failing test replays with the same seed.
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "ddbemu/error.h"
#include "ddbemu/options.h"
#include "ddbemu/version.h"
#include "sync/mutex.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::realism {

enum class FaultKind { kThrottling, kInternal, kConflict, kDrop };

class FaultInjector {
 public:
  explicit FaultInjector(const FaultOptions& options, std::vector<FaultKind> kinds);

  // The fault to inject into this call of `operation`, if any. Thread-safe.
  std::optional<FaultKind> Draw(std::string_view operation);

  // The error a fault answers with; `transact_items` is the request's number of items
  // (TransactionCanceledException lists one reason per item).
  static ApiError ErrorFor(FaultKind kind, std::string_view operation, std::size_t transact_items);

  // Parses "throttling,internal,conflict,drop"; nullopt on an unknown name.
  static std::optional<std::vector<FaultKind>> ParseKinds(std::string_view list);

 private:
  double rate_;
  std::vector<std::string> operations_;  // empty: every operation
  std::vector<FaultKind> kinds_;
  sync::Mutex mu_;
  std::mt19937_64 rng_ GUARDED_BY(mu_);
};

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::realism
