// AdmitBatchItem (see batch_admission.h): each item of a batch faces the throughput model on
// its own (ops/capacity/capacity_charge.h), after it was read and before it is written; a refused item
// is left unprocessed.
#include "ops/batch/batch_admission.h"

#include "ops/capacity/capacity_charge.h"
#include "value/item_size.h"

namespace ddbemu::ops {

std::optional<ApiError> AdmitBatchItem(Engine& engine, const Caller& caller,
                                       const BatchItemWork& work) {
  if (engine.throughput == nullptr) return std::nullopt;
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
  Status admitted = Admit(engine, caller, work.txn, work.table, demand);
  if (admitted.ok()) return std::nullopt;
  return std::move(admitted).error();
}

}  // namespace ddbemu::ops
