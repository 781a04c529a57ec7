// UpdateTable's GlobalSecondaryIndexUpdates: Update (provisioned or on-demand throughput of a
// GSI), Create (a new GSI, backfilled in the same transaction) and Delete. Each function checks
// the action against the table's current state, with the service's messages, and records its
// effect in the plan.
#pragma once

#include <optional>

#include "api/table_requests.h"
#include "ddbemu/error.h"
#include "ops/tables/table_update_plan.h"

namespace ddbemu::ops {

// Whether an OnDemandThroughput member sets either maximum (the table's or an index's).
inline bool SetsOnDemandMaximum(const std::optional<api::OnDemandRequest>& odt) {
  return odt && (odt->max_read_request_units || odt->max_write_request_units);
}

// Update actions. "Requested resource not found: Index X for table T" for an unknown index;
// throughput rules by the billing mode the table will have; "The provisioned throughput for the
// index X will not change..." for an unchanged value.
Status PlanIndexUpdates(const api::UpdateTableRequest& request, UpdatePlan* plan);

// On a switch to PROVISIONED every GSI needs a throughput Update in the same request:
// "ProvisionedThroughput must be specified for index: X".
Status CheckEveryIndexProvisioned(const api::UpdateTableRequest& request, const UpdatePlan& plan);

// The Create action (at most one, api::ValidateUpdateTable has made sure): needs the new key
// attributes in AttributeDefinitions, follows CreateTable's key and projection rules, and is
// limited to 20 GSIs per table (LimitExceededException).
Status PlanIndexCreate(const api::UpdateTableRequest& request, UpdatePlan* plan);

// The Delete action; prunes AttributeDefinitions of attributes no remaining key uses.
Status PlanIndexDelete(const api::UpdateTableRequest& request, UpdatePlan* plan);

// Marks, in plan->shown, the indexes the request changes: UPDATING with their old throughput
// for Update actions, CREATING (not yet backfilling) for a Create, DELETING for a Delete.
void ShowIndexChanges(const api::UpdateTableRequest& request, UpdatePlan* plan);

}  // namespace ddbemu::ops
