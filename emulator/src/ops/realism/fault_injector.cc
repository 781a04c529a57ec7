// FaultInjector (see fault_injector.h).
#include "ops/realism/fault_injector.h"

#include <algorithm>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::realism {
namespace {

std::vector<std::string> SplitList(std::string_view list) {
  std::vector<std::string> out;
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    std::string_view part = list.substr(0, comma);
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
    if (!part.empty()) out.emplace_back(part);
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return out;
}

}  // namespace

std::optional<std::vector<FaultKind>> FaultInjector::ParseKinds(std::string_view list) {
  std::vector<FaultKind> kinds;
  for (const std::string& name : SplitList(list)) {
    if (name == "throttling")
      kinds.push_back(FaultKind::kThrottling);
    else if (name == "internal")
      kinds.push_back(FaultKind::kInternal);
    else if (name == "conflict")
      kinds.push_back(FaultKind::kConflict);
    else if (name == "drop")
      kinds.push_back(FaultKind::kDrop);
    else
      return std::nullopt;
  }
  if (kinds.empty()) return std::nullopt;
  return kinds;
}

FaultInjector::FaultInjector(const FaultOptions& options, std::vector<FaultKind> kinds)
    : rate_(options.rate),
      operations_(SplitList(options.operations)),
      kinds_(std::move(kinds)),
      rng_(options.seed) {}

std::optional<FaultKind> FaultInjector::Draw(std::string_view operation) {
  if (rate_ <= 0) return std::nullopt;
  if (!operations_.empty() &&
      std::find(operations_.begin(), operations_.end(), operation) == operations_.end()) {
    return std::nullopt;
  }
  sync::MutexLock lock(mu_);
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  if (coin(rng_) >= rate_) return std::nullopt;
  std::uniform_int_distribution<std::size_t> pick(0, kinds_.size() - 1);
  return kinds_[pick(rng_)];
}

ApiError FaultInjector::ErrorFor(FaultKind kind, std::string_view operation,
                                 std::size_t transact_items) {
  switch (kind) {
    case FaultKind::kThrottling:
      return ApiError(ErrorCode::kProvisionedThroughputExceeded,
                      "The level of configured provisioned throughput for the table was "
                      "exceeded. Consider increasing your provisioning level with the "
                      "UpdateTable API.");
    case FaultKind::kInternal:
    case FaultKind::kDrop:  // Database::Call turns kDrop into "no response"
      return ApiError::InternalServerError("Internal server error");
    case FaultKind::kConflict: {
      if (operation != "TransactWriteItems" && operation != "TransactGetItems") {
        return ApiError(ErrorCode::kTransactionConflict, "Transaction is ongoing for the item");
      }
      std::string message =
          "Transaction cancelled, please refer cancellation reasons for specific reasons [";
      std::vector<CancellationReason> reasons;
      for (std::size_t i = 0; i < std::max<std::size_t>(transact_items, 1); ++i) {
        message += i ? ", TransactionConflict" : "TransactionConflict";
        reasons.push_back({"TransactionConflict", "Transaction is ongoing for the item", nullptr});
      }
      ApiError error(ErrorCode::kTransactionCanceled, message + "]");
      error.cancellation_reasons = std::move(reasons);
      return error;
    }
  }
  return ApiError::InternalServerError("Internal server error");
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::realism
