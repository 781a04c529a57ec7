// BatchAdmission (see batch_admission.h): each item of a batch faces the throughput model on
// its own (ops/capacity/capacity_charge.h), after it was read and before it is written, on the
// balances as they were when the batch arrived; the admitted items are charged together.
#include "ops/batch/batch_admission.h"

#include <utility>

#include "capacity/table_limiter.h"
#include "capacity/throughput_registry.h"
#include "ops/capacity/capacity_charge.h"
#include "value/item_size.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

std::optional<ApiError> BatchAdmission::Admit(const BatchItemWork& work) {
  if (engine_.throughput == nullptr) return std::nullopt;
  capacity::Demand demand;
  if (work.is_write) {
    // Nothing is written yet: the index entries that will change are worked out from the two
    // images, so that a refused item costs the indexes nothing either.
    const storage::IndexChanges changes =
        PlanIndexChanges(work.table, work.old_item, work.new_item);
    const capacity::RequestCharge charge =
        ChargeWrite(work.table, work.old_item ? ItemSize(*work.old_item) : 0,
                    work.new_item ? ItemSize(*work.new_item) : 0, changes);
    demand = WriteDemand(work.table, work.key, work.old_item, work.new_item, changes, charge);
  } else {
    capacity::RequestCharge charge;
    charge.table_read = work.cost;
    demand = ReadDemand(work.table, nullptr, work.key, charge);
  }
  if (demand.empty()) return std::nullopt;
  const SchemaSource source(engine_, caller_, work.txn, work.table);
  // Only the balances decide (nothing is taken yet): every item of the batch sees the buckets
  // as the request found them, as the service's parallel fan-out does.
  const std::vector<capacity::Throttle> throttles = engine_.throughput->Check(source, demand);
  if (throttles.empty()) {
    admitted_.push_back(Admitted{&work.table, std::move(demand)});
    return std::nullopt;
  }
  engine_.throughput->RecordThrottled(source, demand);
  return capacity::ThrottlingError(throttles);
}

void BatchAdmission::Charge(const storage::Txn& txn) {
  if (engine_.throughput == nullptr) return;
  for (const Admitted& item : admitted_) {
    engine_.throughput->Charge(SchemaSource(engine_, caller_, txn, *item.table), item.demand);
  }
  admitted_.clear();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
