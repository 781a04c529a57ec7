// UpdateTable. Order of checks: the request alone (api::ValidateUpdateTable), the table's
// existence, then the rules that depend on its state — billing mode, throughput, GSI actions,
// on-demand and warm throughput, capacity quotas — and only then any write.
#include "ops/tables/table_update.h"

#include <algorithm>

#include "ops/realism/transient_statuses.h"

#include "api/table_checks.h"
#include "api/table_description.h"
#include "ops/streams/stream_spec.h"
#include "ops/tables/tables.h"
#include "storage/item_store.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

constexpr std::string_view kPayPerRequest = "PAY_PER_REQUEST";

// Streams, customer-managed encryption and global tables are not modelled yet; say so rather
// than pretend. Turning off what a table does not have is the service's own error.
Status CheckUnmodelledChanges(const api::UpdateTableRequest& request, const TableSchema& table) {
  (void)table;
  if (request.sse_enabled) {
    if (!*request.sse_enabled)
      return api::InvalidParameter("Table is already encrypted by default");
    return api::InvalidParameter(
        "SSESpecification: encryption with a KMS key is not supported by this emulator");
  }
  if (request.has_replica_updates || request.has_multi_region_consistency) {
    return api::InvalidParameter(
        "ReplicaUpdates, MultiRegionConsistency: global tables are not supported by this "
        "emulator");
  }
  return Status::Ok();
}

// BillingMode against ProvisionedThroughput and OnDemandThroughput, for the mode the table will
// have after the request.
Status CheckBillingRules(const api::UpdateTableRequest& request, const UpdatePlan& plan) {
  if (plan.target_on_demand && request.provisioned_throughput) {
    return api::InvalidParameter(
        "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when "
        "BillingMode is PAY_PER_REQUEST");
  }
  if (request.billing_mode && !plan.target_on_demand && !request.provisioned_throughput) {
    return api::InvalidParameter(
        "ProvisionedThroughput must be specified when BillingMode is PROVISIONED");
  }
  if (plan.switching_billing && !plan.target_on_demand)
    DDBEMU_RETURN_IF_ERROR(CheckEveryIndexProvisioned(request, plan));
  if (!plan.target_on_demand && SetsOnDemandMaximum(request.on_demand_throughput)) {
    const auto& odt = *request.on_demand_throughput;
    return api::InvalidParameter(
        std::string(odt.max_read_request_units ? "MaxReadRequestUnits" : "MaxWriteRequestUnits") +
        " for OnDemandThroughput cannot be specified when the table BillingMode is "
        "PROVISIONED");
  }
  return Status::Ok();
}

// A switch to on-demand zeroes the provisioned values (the service reports 0/0); a switch to
// provisioned drops the on-demand maxima of the table and its GSIs.
void PlanBillingSwitch(UpdatePlan* plan) {
  if (!plan->switching_billing) return;
  TableSchema& next = plan->next;
  if (plan->target_on_demand) {
    next.billing_mode = BillingMode::kPayPerRequest;
    next.billing_mode_last_update_micros = plan->now_micros;
    next.throughput.read_capacity_units = next.throughput.write_capacity_units = 0;
    for (IndexSchema& index : next.indexes) {
      index.throughput.read_capacity_units = index.throughput.write_capacity_units = 0;
    }
    return;
  }
  next.billing_mode = BillingMode::kProvisioned;
  next.on_demand = OnDemandThroughput{};
  for (IndexSchema& index : next.indexes) index.on_demand = OnDemandThroughput{};
}

ApiError TableWillNotChange(const ProvisionedThroughput& current, std::int64_t read,
                            std::int64_t write) {
  return ApiError::Validation(
      "The provisioned throughput for the table will not change. The requested value equals the "
      "current value. "
      "Current ReadCapacityUnits provisioned for the table: " +
      std::to_string(current.read_capacity_units) + ". Requested ReadCapacityUnits: " +
      std::to_string(read) + ". Current WriteCapacityUnits provisioned for the table: " +
      std::to_string(current.write_capacity_units) +
      ". Requested WriteCapacityUnits: " + std::to_string(write) +
      ". Refer to the Amazon DynamoDB Developer Guide for current limits and how to request higher "
      "limits.");
}

Status PlanTableThroughput(const api::UpdateTableRequest& request, UpdatePlan* plan) {
  if (!request.provisioned_throughput) return Status::Ok();
  const std::int64_t read = request.provisioned_throughput->read_capacity_units.value_or(0);
  const std::int64_t write = request.provisioned_throughput->write_capacity_units.value_or(0);
  ProvisionedThroughput& pt = plan->next.throughput;
  if (plan->switching_billing) {  // a fresh provisioned setting, not a change of one
    pt.read_capacity_units = read;
    pt.write_capacity_units = write;
    return Status::Ok();
  }
  if (read == pt.read_capacity_units && write == pt.write_capacity_units)
    return TableWillNotChange(pt, read, write);
  DDBEMU_ASSIGN_OR_RETURN(pt, ChangeThroughput(pt, read, write, plan->now_micros));
  return Status::Ok();
}

void PlanTableOnDemand(const api::UpdateTableRequest& request, UpdatePlan* plan) {
  if (!request.on_demand_throughput || !plan->target_on_demand) return;
  const api::OnDemandRequest& odt = *request.on_demand_throughput;
  if (odt.max_read_request_units)
    plan->next.on_demand.max_read_request_units = *odt.max_read_request_units;
  if (odt.max_write_request_units)
    plan->next.on_demand.max_write_request_units = *odt.max_write_request_units;
}

// Warm throughput only ever grows; an increase sets the partitions and the capacity the table
// serves at once (docs/capacity.md §8), and shows Status UPDATING for the transient-status time.
Status PlanWarmThroughput(const api::UpdateTableRequest& request, UpdatePlan* plan) {
  if (!request.warm_throughput) return Status::Ok();
  const api::WarmThroughputValue current =
      api::ComputeWarmThroughput(*plan->current, plan->current->throughput, plan->current->warm);
  const auto& warm = *request.warm_throughput;
  if (warm.read_units_per_second && *warm.read_units_per_second < current.read_units_per_second) {
    return api::InvalidParameter(
        "Requested ReadUnitsPerSecond for WarmThroughput for table is lower than current "
        "WarmThroughput, decreasing WarmThroughput is not supported");
  }
  if (warm.write_units_per_second &&
      *warm.write_units_per_second < current.write_units_per_second) {
    return api::InvalidParameter(
        "Requested WriteUnitsPerSecond for WarmThroughput for table is lower than current "
        "WarmThroughput, decreasing WarmThroughput is not supported");
  }
  WarmSetting& next = plan->next.warm;
  next.read_units_per_second =
      std::max(current.read_units_per_second, warm.read_units_per_second.value_or(0));
  next.write_units_per_second =
      std::max(current.write_units_per_second, warm.write_units_per_second.value_or(0));
  next.updated_micros = plan->now_micros;
  return Status::Ok();
}

bool CreatesOrDeletesIndex(const UpdatePlan& plan) {
  return plan.created_index || plan.deleted_index || plan.created_vector_index ||
         plan.deleted_vector_index;
}

// What the response reports: UPDATING while billing, throughput, table class or an index
// changes; the old table throughput until a throughput change completes.
void PlanShownState(const api::UpdateTableRequest& request, UpdatePlan* plan) {
  plan->shown = plan->next;
  if (request.provisioned_throughput && !plan->switching_billing) {
    plan->shown.throughput = plan->current->throughput;
  }
  ShowIndexChanges(request, plan);
  const bool updating = request.billing_mode || request.provisioned_throughput ||
                        request.table_class || CreatesOrDeletesIndex(*plan);
  plan->shown.status = updating ? TableStatus::kUpdating : TableStatus::kActive;
}

Status PlanUpdate(const api::UpdateTableRequest& request, UpdatePlan* plan) {
  const TableSchema& current = *plan->current;
  DDBEMU_RETURN_IF_ERROR(CheckUnmodelledChanges(request, current));
  const bool now_on_demand = current.billing_mode == BillingMode::kPayPerRequest;
  plan->target_on_demand =
      request.billing_mode ? *request.billing_mode == kPayPerRequest : now_on_demand;
  plan->switching_billing = plan->target_on_demand != now_on_demand;
  DDBEMU_RETURN_IF_ERROR(CheckBillingRules(request, *plan));
  plan->next = current;
  PlanBillingSwitch(plan);
  DDBEMU_RETURN_IF_ERROR(PlanTableThroughput(request, plan));
  DDBEMU_RETURN_IF_ERROR(PlanIndexUpdates(request, plan));
  DDBEMU_RETURN_IF_ERROR(PlanIndexCreate(request, plan));
  DDBEMU_RETURN_IF_ERROR(PlanIndexDelete(request, plan));
  DDBEMU_RETURN_IF_ERROR(PlanVectorIndexUpdates(request, plan));
  PlanTableOnDemand(request, plan);
  DDBEMU_RETURN_IF_ERROR(PlanWarmThroughput(request, plan));
  if (request.deletion_protection_enabled)
    plan->next.deletion_protection = *request.deletion_protection_enabled;
  if (request.table_class) plan->next.table_class = *request.table_class;
  DDBEMU_RETURN_IF_ERROR(CheckCapacityQuotas(plan->next, plan->region));
  PlanShownState(request, plan);
  return Status::Ok();
}

// Drops a deleted GSI's entries, gives a created one a key space and backfills it, and stores
// the new schema — all in `txn`.
Status ApplyPlan(Engine& engine, const Caller& caller, storage::WriteTxn& txn, UpdatePlan* plan) {
  storage::ItemStore store(engine.env);
  if (plan->deleted_index) DDBEMU_RETURN_IF_ERROR(store.DropIndex(txn, *plan->deleted_index));
  std::optional<std::size_t> backfill;
  if (plan->created_index) {
    for (std::size_t i = 0; i < plan->next.indexes.size(); ++i) {
      if (plan->next.indexes[i].name != *plan->created_index) continue;
      DDBEMU_ASSIGN_OR_RETURN(plan->next.indexes[i].keyspace_id,
                              engine.catalog.AllocateKeyspaceId(txn));
      backfill = i;
    }
  }
  if (plan->deleted_vector_index) {
    DDBEMU_RETURN_IF_ERROR(store.DropVectorIndex(txn, *plan->deleted_vector_index));
  }
  std::optional<std::size_t> vector_backfill;
  for (std::size_t i = 0; i < plan->next.vector_indexes.size(); ++i) {
    if (plan->next.vector_indexes[i].name != plan->created_vector_index) continue;
    DDBEMU_ASSIGN_OR_RETURN(plan->next.vector_indexes[i].keyspace_id,
                            engine.catalog.AllocateKeyspaceId(txn));
    vector_backfill = i;
  }
  DDBEMU_RETURN_IF_ERROR(engine.catalog.Put(txn, caller.ns, plan->next));
  if (backfill) DDBEMU_RETURN_IF_ERROR(store.BackfillIndex(txn, plan->next, *backfill));
  if (vector_backfill) {
    DDBEMU_RETURN_IF_ERROR(store.BackfillVectorIndex(txn, plan->next, *vector_backfill));
  }
  return Status::Ok();
}

}  // namespace

Result<TableResult> UpdateTable(Engine& engine, const Caller& caller,
                                const api::UpdateTableRequest& request) {
  DDBEMU_ASSIGN_OR_RETURN(std::string name, ResolveTableName(caller, request.table_name));
  DDBEMU_RETURN_IF_ERROR(api::ValidateUpdateTable(request));
  if (engine.transient != nullptr) {  // realism switch: one change at a time, as the service
    DDBEMU_RETURN_IF_ERROR(engine.transient->CheckTableChange(caller.ns, name));
  }
  DDBEMU_ASSIGN_OR_RETURN(storage::WriteTxn txn, engine.env.BeginWrite());
  DDBEMU_ASSIGN_OR_RETURN(auto current, engine.catalog.Get(txn, caller.ns, name));
  if (!current) return TableNotFound(name);
  UpdatePlan plan;
  plan.current = &*current;
  plan.now_micros = engine.clock.NowMicros();
  plan.region = caller.region;
  DDBEMU_RETURN_IF_ERROR(PlanUpdate(request, &plan));
  TableResult result;
  // Counts before the write: a GSI being created reports 0 items until it is backfilled.
  DDBEMU_ASSIGN_OR_RETURN(result.counts, ReadCounts(engine, txn, plan.shown));
  if (request.stream_enabled) {  // StreamSpecification (ops/streams/stream_spec.h)
    DDBEMU_RETURN_IF_ERROR(streams::ApplyStreamSpecification(
        engine, caller, txn, {*request.stream_enabled, request.stream_view_type}, &plan.next));
    plan.shown.stream = plan.next.stream;
  }
  DDBEMU_RETURN_IF_ERROR(ApplyPlan(engine, caller, txn, &plan));
  DDBEMU_RETURN_IF_ERROR(txn.Commit());
  result.schema = std::move(plan.shown);
  if (engine.transient != nullptr) engine.transient->Started(caller.ns, name, result.schema);
  result.options = OptionsFor(engine, caller, result.schema, api::DescriptionView::kUpdate);
  result.options.billing_summary_without_time = plan.switching_billing && plan.target_on_demand;
  return result;
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
