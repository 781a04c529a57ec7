// GlobalSecondaryIndexUpdates of UpdateTable. Messages as observed on DynamoDB (2026) where
// known: unknown index, PAY_PER_REQUEST update rules, "will not change", the 20-GSI limit,
// missing AttributeDefinitions for a new index.
#include "ops/tables/table_update.h"

#include <algorithm>
#include <set>

#include "api/table_checks.h"
#include "api/table_description.h"
#include "ops/tables/tables.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

const IndexSchema* FindGlobalIndex(const TableSchema& schema, std::string_view name) {
  for (const IndexSchema& index : schema.indexes) {
    if (!index.is_local && index.name == name) return &index;
  }
  return nullptr;
}

IndexSchema* FindGlobalIndex(TableSchema& schema, std::string_view name) {
  return const_cast<IndexSchema*>(FindGlobalIndex(static_cast<const TableSchema&>(schema), name));
}

ApiError IndexNotFound(std::string_view index, std::string_view table) {
  return ApiError::ResourceNotFound("Requested resource not found: Index " + std::string(index) +
                                    " for table " + std::string(table));
}

ApiError OnDemandOnlyUpdates(std::string_view index) {
  return api::InvalidParameter(
      "The only Updates for index: " + std::string(index) +
      " when TableThroughputMode is PAY_PER_REQUEST can be to OnDemandThroughput, "
      "WarmThroughput");
}

std::string OnDemandMember(const api::OnDemandRequest& odt) {
  return odt.max_read_request_units ? "MaxReadRequestUnits" : "MaxWriteRequestUnits";
}

// Merges sent maxima into `odt`: -1 clears one ("no maximum").
void MergeOnDemand(const api::OnDemandRequest& request, OnDemandThroughput* odt) {
  if (request.max_read_request_units) odt->max_read_request_units = *request.max_read_request_units;
  if (request.max_write_request_units)
    odt->max_write_request_units = *request.max_write_request_units;
}

ApiError IndexWillNotChange(const IndexSchema& index, std::int64_t read, std::int64_t write) {
  const std::string n = index.name;
  return ApiError::Validation(
      "The provisioned throughput for the index " + n +
      " will not change. The requested value equals the "
      "current value. Current ReadCapacityUnits provisioned for index " +
      n + ": " + std::to_string(index.throughput.read_capacity_units) +
      ". Requested ReadCapacityUnits: " + std::to_string(read) +
      ". Current WriteCapacityUnits provisioned for index " + n + ": " +
      std::to_string(index.throughput.write_capacity_units) +
      ". Requested WriteCapacityUnits: " + std::to_string(write) +
      ". Refer to the Amazon DynamoDB Developer Guide for current limits and how to "
      "request higher limits.");
}

Status ApplyIndexThroughput(const api::ThroughputRequest& pt, const UpdatePlan& plan,
                            IndexSchema* index) {
  const std::int64_t read = pt.read_capacity_units.value_or(0);
  const std::int64_t write = pt.write_capacity_units.value_or(0);
  if (plan.switching_billing) {  // a fresh provisioned setting, not a change of one
    index->throughput.read_capacity_units = read;
    index->throughput.write_capacity_units = write;
    return Status::Ok();
  }
  if (read == index->throughput.read_capacity_units &&
      write == index->throughput.write_capacity_units) {
    return IndexWillNotChange(*index, read, write);
  }
  DDBEMU_ASSIGN_OR_RETURN(index->throughput,
                          ChangeThroughput(index->throughput, read, write, plan.now_micros));
  return Status::Ok();
}

// A GSI's WarmThroughput, as the table's (table_update.cc): it only grows, and an increase sets
// the index's partitions and instantly available capacity (docs/capacity.md §8).
Status PlanIndexWarm(const api::WarmThroughputRequest& warm, const UpdatePlan& plan,
                     IndexSchema* index) {
  const api::WarmThroughputValue current =
      api::ComputeWarmThroughput(*plan.current, index->throughput, index->warm);
  const auto lowered = [&](std::string_view member) {
    return api::InvalidParameter("Requested " + std::string(member) +
                                 " for WarmThroughput for index " + index->name +
                                 " is lower than current WarmThroughput, decreasing "
                                 "WarmThroughput is not supported");
  };
  if (warm.read_units_per_second && *warm.read_units_per_second < current.read_units_per_second) {
    return lowered("ReadUnitsPerSecond");
  }
  if (warm.write_units_per_second &&
      *warm.write_units_per_second < current.write_units_per_second) {
    return lowered("WriteUnitsPerSecond");
  }
  index->warm.read_units_per_second =
      std::max(current.read_units_per_second, warm.read_units_per_second.value_or(0));
  index->warm.write_units_per_second =
      std::max(current.write_units_per_second, warm.write_units_per_second.value_or(0));
  index->warm.updated_micros = plan.now_micros;
  return Status::Ok();
}

Status PlanOneUpdate(const api::UpdateGsiAction& update, UpdatePlan* plan) {
  IndexSchema* index = FindGlobalIndex(plan->next, update.index_name);
  if (index == nullptr) return IndexNotFound(update.index_name, plan->next.name);
  if (plan->target_on_demand) {
    if (update.provisioned_throughput ||
        (!update.on_demand_throughput && !update.warm_throughput)) {
      return OnDemandOnlyUpdates(update.index_name);
    }
    if (update.on_demand_throughput) MergeOnDemand(*update.on_demand_throughput, &index->on_demand);
    if (update.warm_throughput) return PlanIndexWarm(*update.warm_throughput, *plan, index);
    return Status::Ok();
  }
  if (SetsOnDemandMaximum(update.on_demand_throughput)) {
    return api::InvalidParameter(OnDemandMember(*update.on_demand_throughput) +
                                 " for OnDemandThroughput for index : " + update.index_name +
                                 " cannot be specified when the table BillingMode is PROVISIONED");
  }
  if (update.warm_throughput) {
    DDBEMU_RETURN_IF_ERROR(PlanIndexWarm(*update.warm_throughput, *plan, index));
  }
  if (!update.provisioned_throughput) {
    if (update.warm_throughput) return Status::Ok();
    return api::InvalidParameter("ProvisionedThroughput must be specified for index: " +
                                 update.index_name);
  }
  return ApplyIndexThroughput(*update.provisioned_throughput, *plan, index);
}

std::vector<api::AttributeDefinition> ToRequestDefinitions(
    const std::vector<KeyAttribute>& attributes) {
  std::vector<api::AttributeDefinition> out;
  for (const auto& a : attributes) out.push_back({a.name, std::string(TypeDescriptor(a.type))});
  return out;
}

// The table's definitions plus the request's definitions of attributes the table lacks (the
// table's own types win: UpdateTable never re-types an attribute). A conflicting redefinition
// is not an error: AWS accepts it, keeps the existing type and goes on with the update
// (paritysuite/dynamodb-conformance#78, characterised against eu-west-2 in 2026).
std::vector<KeyAttribute> MergedDefinitions(const TableSchema& table,
                                            const std::vector<api::AttributeDefinition>& sent) {
  std::vector<KeyAttribute> merged = table.attribute_definitions;
  for (const KeyAttribute& d : ToKeyAttributes(sent)) {
    const bool known = std::any_of(merged.begin(), merged.end(),
                                   [&](const KeyAttribute& m) { return m.name == d.name; });
    if (!known) merged.push_back(d);
  }
  return merged;
}

void AddKeyNames(const std::vector<KeyAttribute>& keys, std::set<std::string>* used) {
  for (const auto& k : keys) used->insert(k.name);
}

Status CheckCreateThroughput(const api::SecondaryIndexRequest& create, bool on_demand) {
  if (on_demand) {
    if (create.provisioned_throughput) {
      return api::InvalidParameter(
          "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified for index: " +
          create.index_name + " when BillingMode is PAY_PER_REQUEST");
    }
    return api::ValidateGsiThroughput(create, true);
  }
  const auto& pt = create.provisioned_throughput;
  if (!pt || !pt->read_capacity_units || !pt->write_capacity_units) {
    return api::InvalidParameter(
        "Both ReadCapacityUnits and WriteCapacityUnits must be specified for index: " +
        create.index_name);
  }
  return api::ValidateGsiThroughput(create, false);
}

std::size_t ProjectedAttributeTotal(const TableSchema& schema) {
  std::size_t total = 0;
  for (const IndexSchema& index : schema.indexes) total += index.non_key_attributes.size();
  return total;
}

std::size_t GlobalIndexCount(const TableSchema& schema) {
  return static_cast<std::size_t>(std::count_if(schema.indexes.begin(), schema.indexes.end(),
                                                [](const IndexSchema& i) { return !i.is_local; }));
}

// UpdateTable creating an index whose name the table already has (a GSI or an LSI): the
// service's words, captured from DynamoDB (ScyllaDB's test_gsi_updatetable.py matches "already
// exists" against AWS; dynoxide's and fakecloud's captures from eu-west-2 and us-east-1 give the
// whole sentence). CreateTable's duplicate within one request keeps "Duplicate index name: N".
ApiError IndexAlreadyExists() {
  return ApiError::Validation("Attempting to create an index which already exists");
}

Status CheckCreateFits(const api::SecondaryIndexRequest& create, const TableSchema& table) {
  for (const IndexSchema& index : table.indexes) {
    if (index.name == create.index_name) return IndexAlreadyExists();
  }
  if (GlobalIndexCount(table) >= api::kMaxGlobalSecondaryIndexes) {
    return ApiError::LimitExceeded(
        "Subscriber limit exceeded: Number of global secondary indexes exceeds per-table limit of "
        "20");
  }
  const std::size_t added =
      create.projection.non_key_attributes ? create.projection.non_key_attributes->size() : 0;
  if (ProjectedAttributeTotal(table) + added > api::kMaxProjectedAttributes) {
    return api::InvalidParameter(
        "The number of projected attributes across all secondary indexes exceeds the limit of " +
        std::to_string(api::kMaxProjectedAttributes));
  }
  return Status::Ok();
}

// A GSI keyed on a vector index's vector attribute could never hold its list values.
Status CheckNotVectorAttribute(const api::SecondaryIndexRequest& create, const TableSchema& table) {
  for (const api::KeySchemaElement& key : create.key_schema) {
    for (const VectorIndexSchema& vector : table.vector_indexes) {
      if (vector.vector_attribute == key.attribute_name) {
        return api::InvalidParameter("Attribute " + key.attribute_name +
                                     " is the VectorAttribute of vector index " + vector.name +
                                     " and cannot be an index key attribute");
      }
    }
  }
  return Status::Ok();
}

}  // namespace

// AttributeDefinitions holds exactly the attributes some key schema or SearchSchema uses.
void PruneDefinitions(TableSchema* schema) {
  std::set<std::string> used = {schema->partition_key.name};
  if (schema->sort_key) used.insert(schema->sort_key->name);
  for (const IndexSchema& index : schema->indexes) {
    AddKeyNames(index.partition_key, &used);
    AddKeyNames(index.sort_key, &used);
  }
  for (const VectorIndexSchema& index : schema->vector_indexes) {
    AddKeyNames(index.search_attributes, &used);
  }
  auto& defs = schema->attribute_definitions;
  defs.erase(std::remove_if(defs.begin(), defs.end(),
                            [&](const KeyAttribute& d) { return !used.contains(d.name); }),
             defs.end());
}

Status PlanIndexUpdates(const api::UpdateTableRequest& request, UpdatePlan* plan) {
  if (!request.global_secondary_index_updates) return Status::Ok();
  for (const api::GsiUpdateRequest& entry : *request.global_secondary_index_updates) {
    if (entry.update) DDBEMU_RETURN_IF_ERROR(PlanOneUpdate(*entry.update, plan));
  }
  return Status::Ok();
}

Status CheckEveryIndexProvisioned(const api::UpdateTableRequest& request, const UpdatePlan& plan) {
  for (const IndexSchema& index : plan.current->indexes) {
    if (index.is_local) continue;
    bool provisioned = false;
    if (request.global_secondary_index_updates) {
      for (const auto& entry : *request.global_secondary_index_updates) {
        provisioned |= entry.update && entry.update->index_name == index.name &&
                       entry.update->provisioned_throughput;
      }
    }
    if (!provisioned)
      return api::InvalidParameter("ProvisionedThroughput must be specified for index: " +
                                   index.name);
  }
  return Status::Ok();
}

Status PlanIndexCreate(const api::UpdateTableRequest& request, UpdatePlan* plan) {
  if (!request.global_secondary_index_updates) return Status::Ok();
  for (const api::GsiUpdateRequest& entry : *request.global_secondary_index_updates) {
    if (!entry.create) continue;
    const api::SecondaryIndexRequest& create = *entry.create;
    // The existing-name check comes before the request's own checks (captured from AWS: it
    // "beats schema validation").
    for (const IndexSchema& index : plan->next.indexes) {
      if (index.name == create.index_name) return IndexAlreadyExists();
    }
    if (plan->next.FindVectorIndex(create.index_name) != nullptr) return IndexAlreadyExists();
    DDBEMU_RETURN_IF_ERROR(CheckNotVectorAttribute(create, plan->next));
    if (!request.attribute_definitions) {
      return api::InvalidParameter("AttributeDefinitions is not specified for index: " +
                                   create.index_name);
    }
    const std::vector<KeyAttribute> merged =
        MergedDefinitions(plan->next, *request.attribute_definitions);
    DDBEMU_RETURN_IF_ERROR(api::CheckGsiKeySchema(create.key_schema, ToRequestDefinitions(merged)));
    DDBEMU_RETURN_IF_ERROR(api::CheckProjection(create.projection));
    DDBEMU_RETURN_IF_ERROR(CheckCreateThroughput(create, plan->target_on_demand));
    DDBEMU_RETURN_IF_ERROR(CheckCreateFits(create, plan->next));
    plan->next.attribute_definitions = merged;
    plan->next.indexes.push_back(BuildGlobalIndex(create, merged, plan->target_on_demand));
    PruneDefinitions(&plan->next);  // only the new index's key attributes join the definitions
    plan->created_index = create.index_name;
  }
  return Status::Ok();
}

Status PlanIndexDelete(const api::UpdateTableRequest& request, UpdatePlan* plan) {
  if (!request.global_secondary_index_updates) return Status::Ok();
  for (const api::GsiUpdateRequest& entry : *request.global_secondary_index_updates) {
    if (!entry.delete_index_name) continue;
    const std::string& name = *entry.delete_index_name;
    IndexSchema* index = FindGlobalIndex(plan->next, name);
    if (index == nullptr) return IndexNotFound(name, plan->next.name);
    plan->deleted_index = *index;
    auto& indexes = plan->next.indexes;
    indexes.erase(indexes.begin() + (index - indexes.data()));
    PruneDefinitions(&plan->next);
  }
  return Status::Ok();
}

void ShowIndexChanges(const api::UpdateTableRequest& request, UpdatePlan* plan) {
  if (plan->deleted_index) {
    // The response still lists the index being deleted, in its place.
    plan->shown.indexes = plan->current->indexes;
    for (IndexSchema& index : plan->shown.indexes) {
      if (index.name == plan->deleted_index->name) index.status = IndexStatus::kDeleting;
    }
  }
  if (plan->deleted_vector_index) {
    plan->shown.vector_indexes = plan->current->vector_indexes;
    for (VectorIndexSchema& index : plan->shown.vector_indexes) {
      if (index.name == plan->deleted_vector_index->name) index.status = IndexStatus::kDeleting;
    }
  }
  if (plan->created_vector_index) {
    for (VectorIndexSchema& index : plan->shown.vector_indexes) {
      if (index.name != *plan->created_vector_index) continue;
      index.status = IndexStatus::kCreating;  // resources first: Backfilling false
      index.backfilling = false;
      index.reports_backfilling = true;
    }
  }
  if (!request.global_secondary_index_updates) return;
  for (const api::GsiUpdateRequest& entry : *request.global_secondary_index_updates) {
    if (entry.create) {
      IndexSchema* created = FindGlobalIndex(plan->shown, entry.create->index_name);
      if (created != nullptr) {
        created->status = IndexStatus::kCreating;
        created->backfilling = false;
      }
    }
    if (!entry.update) continue;
    IndexSchema* shown = FindGlobalIndex(plan->shown, entry.update->index_name);
    const IndexSchema* before = FindGlobalIndex(*plan->current, entry.update->index_name);
    if (shown == nullptr || before == nullptr) continue;
    shown->status = IndexStatus::kUpdating;
    // A throughput change is reported with the old values until it completes, except when the
    // table switches to PROVISIONED (there were no old values).
    if (!plan->switching_billing) shown->throughput = before->throughput;
  }
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
