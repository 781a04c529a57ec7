// AdmitBatchItem (see batch_admission.h): no throttling yet, every item is admitted.
#include "ops/batch_admission.h"

namespace ddbemu::ops {

std::optional<ApiError> AdmitBatchItem(Engine& /*engine*/, const Caller& /*caller*/,
                                       const BatchItemWork& /*work*/) {
  return std::nullopt;
}

}  // namespace ddbemu::ops
