// Cancellation and target checks of the transactions (see transact.h).
#include "ops/transact/transact.h"

#include <set>

#include "ops/batch/batch_tables.h"
#include "ops/items/items.h"
#include "storage/key_layout.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

CancellationReason NoReason() { return CancellationReason{"None", "", nullptr}; }

CancellationReason ValidationErrorReason(std::string message) {
  return CancellationReason{"ValidationError", std::move(message), nullptr};
}

ApiError TransactionCanceled(std::vector<CancellationReason> reasons) {
  std::string message =
      "Transaction cancelled, please refer cancellation reasons for specific reasons [";
  for (std::size_t i = 0; i < reasons.size(); ++i) {
    if (i > 0) message += ", ";
    message += reasons[i].code;
  }
  message += "]";
  ApiError error(ErrorCode::kTransactionCanceled, std::move(message));
  error.cancellation_reasons = std::move(reasons);
  return error;
}

Result<std::vector<std::string>> CheckTransactionTargets(const std::vector<ActionTarget>& targets) {
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const ActionTarget& target = targets[i];
    Status valid = target.is_item ? ValidateItemKeys(*target.table, *target.key_or_item)
                                  : ValidateKey(*target.table, *target.key_or_item);
    if (valid.ok()) continue;
    if (KeyAttributesWellTyped(*target.table, *target.key_or_item, target.is_item)) {
      return std::move(valid).error();  // a key value the service rejects up front
    }
    std::vector<CancellationReason> reasons(targets.size(), NoReason());
    reasons[i] = ValidationErrorReason(valid.error().message());
    return TransactionCanceled(std::move(reasons));
  }
  std::vector<std::string> storage_keys;
  storage_keys.reserve(targets.size());
  std::set<std::string_view> seen;
  for (const ActionTarget& target : targets) {
    DDBEMU_ASSIGN_OR_RETURN(std::string key,
                            storage::EncodeTableKey(*target.table, *target.key_or_item));
    storage_keys.push_back(std::move(key));
  }
  for (const std::string& key : storage_keys) {
    if (!seen.insert(key).second) {
      return ApiError::Validation(
          "Transaction request cannot include multiple operations on one item");
    }
  }
  return storage_keys;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
