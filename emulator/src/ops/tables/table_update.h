// UpdateTable: its entry point, the plan one request computes before anything is written, and
// the GlobalSecondaryIndexUpdates actions that fill the plan (table_update.cc for the table's
// own changes, table_index_update.cc for the GSI actions).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "api/table_requests.h"
#include "ddbemu/error.h"
#include "ddbemu/version.h"
#include "ops/engine.h"
#include "ops/tables/tables.h"
#include "storage/table_schema.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {

// ---- table update ------------------------------------------------------------------------------
// UpdateTable: billing-mode switches, provisioned and on-demand throughput of the table and its
// GSIs, GSI creation (backfilled at once) and deletion, deletion protection and table class —
// all in one LMDB write transaction.
//
// The response reports what the service reports while the change is in progress: TableStatus
// UPDATING for billing, throughput, table-class and index changes (ACTIVE for deletion
// protection and on-demand maxima, which the service applies synchronously), the OLD throughput
// for a throughput change, and CREATING / DELETING for an index being added / removed. The
// catalog holds the finished state, so DescribeTable right after shows it ACTIVE.

Result<TableResult> UpdateTable(Engine& engine, const Caller& caller,
                                const api::UpdateTableRequest& request);

// ---- table update plan -------------------------------------------------------------------------
// UpdatePlan: the state one UpdateTable request computes before anything is written — the
// schema the catalog will hold, the schema the response shows, and the index to backfill or
// drop. Built by table_update.cc (table-level changes) and table_index_update.cc (GSI actions).

struct UpdatePlan {
  const TableSchema* current = nullptr;  // as stored before the request
  TableSchema next;                      // as stored after it
  TableSchema shown;                     // as the response reports it (filled last)
  bool target_on_demand = false;         // the billing mode after the request
  bool switching_billing = false;        // the request changes the billing mode
  std::int64_t now_micros = 0;
  std::string region;                               // for quota messages
  std::optional<std::string> created_index;         // name of a GSI to backfill (in next.indexes)
  std::optional<IndexSchema> deleted_index;         // a GSI to drop (no longer in next.indexes)
  std::optional<std::string> created_vector_index;  // a vector index to backfill
  std::optional<VectorIndexSchema> deleted_vector_index;  // one to drop (gone from next)
};

// ---- table index update ------------------------------------------------------------------------
// UpdateTable's GlobalSecondaryIndexUpdates: Update (provisioned or on-demand throughput of a
// GSI), Create (a new GSI, backfilled in the same transaction) and Delete. Each function checks
// the action against the table's current state, with the service's messages, and records its
// effect in the plan.

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

// VectorIndexUpdates (table_vector_update.cc): Create — on-demand tables only, a name no index
// of the table has ("Attempting to create an index which already exists"), the new SearchSchema
// attributes in AttributeDefinitions, the vector index rules (api/table_checks.h), the vector
// attribute's Dimensions as other vector indexes on it have them, at most 5 — backfilled in the
// same transaction; Delete — "Requested resource not found: Index X for table T" when unknown.
Status PlanVectorIndexUpdates(const api::UpdateTableRequest& request, UpdatePlan* plan);

// The attributes an index key or a SearchSchema uses; AttributeDefinitions keeps exactly these.
void PruneDefinitions(TableSchema* schema);

// Marks, in plan->shown, the indexes the request changes: UPDATING with their old throughput
// for Update actions, CREATING (not yet backfilling) for a Create, DELETING for a Delete.
void ShowIndexChanges(const api::UpdateTableRequest& request, UpdatePlan* plan);

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
