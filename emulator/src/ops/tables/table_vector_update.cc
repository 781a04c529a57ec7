// UpdateTable's VectorIndexUpdates (see table_update.h). api::ValidateUpdateTable has made sure
// there is one action and nothing beside it that the service refuses with it.
#include <algorithm>

#include "api/table_checks.h"
#include "ops/tables/table_update.h"
#include "ops/tables/tables.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

// The table's key attributes and its secondary indexes' keys: no vector attribute may be one.
std::vector<std::string> KeyAttributeNames(const TableSchema& table) {
  std::vector<std::string> names = {table.partition_key.name};
  if (table.sort_key) names.push_back(table.sort_key->name);
  for (const IndexSchema& index : table.indexes) {
    for (const auto* keys : {&index.partition_key, &index.sort_key})
      for (const KeyAttribute& k : *keys) names.push_back(k.name);
  }
  return names;
}

// The request's definitions for attributes the table has none of; the table's own win, as for
// GSIs (table_index_update.cc).
std::vector<KeyAttribute> Merged(const TableSchema& table,
                                 const std::optional<std::vector<api::AttributeDefinition>>& sent) {
  std::vector<KeyAttribute> merged = table.attribute_definitions;
  if (!sent) return merged;
  for (const KeyAttribute& d : ToKeyAttributes(*sent)) {
    if (std::none_of(merged.begin(), merged.end(),
                     [&](const KeyAttribute& m) { return m.name == d.name; }))
      merged.push_back(d);
  }
  return merged;
}

std::vector<api::AttributeDefinition> AsRequestDefinitions(const std::vector<KeyAttribute>& attrs) {
  std::vector<api::AttributeDefinition> out;
  for (const KeyAttribute& a : attrs) out.push_back({a.name, std::string(TypeDescriptor(a.type))});
  return out;
}

Status PlanCreate(const api::UpdateTableRequest& request, const api::VectorIndexRequest& create,
                  UpdatePlan* plan) {
  TableSchema& next = plan->next;
  if (next.FindIndex(create.index_name) != nullptr ||
      next.FindVectorIndex(create.index_name) != nullptr) {
    return ApiError::Validation("Attempting to create an index which already exists");
  }
  if (!plan->target_on_demand) return api::VectorIndexesNeedOnDemand();
  const std::vector<KeyAttribute> merged = Merged(next, request.attribute_definitions);
  DDBEMU_RETURN_IF_ERROR(
      api::CheckVectorIndex(create, AsRequestDefinitions(merged), KeyAttributeNames(next)));
  for (const VectorIndexSchema& other : next.vector_indexes) {
    if (other.vector_attribute == create.vector_attribute &&
        other.dimensions != static_cast<std::uint32_t>(create.dimensions)) {
      return api::VectorDimensionsDiffer(create.vector_attribute);
    }
  }
  if (next.vector_indexes.size() >= api::kMaxVectorIndexes) {
    return ApiError::LimitExceeded(
        "Subscriber limit exceeded: Number of vector indexes exceeds per-table limit of " +
        std::to_string(api::kMaxVectorIndexes));
  }
  next.attribute_definitions = merged;
  next.vector_indexes.push_back(BuildVectorIndex(create, merged));
  PruneDefinitions(&next);  // only the new SearchSchema attributes join the definitions
  plan->created_vector_index = create.index_name;
  return Status::Ok();
}

Status PlanDelete(const std::string& name, UpdatePlan* plan) {
  auto& indexes = plan->next.vector_indexes;
  auto it = std::find_if(indexes.begin(), indexes.end(),
                         [&](const VectorIndexSchema& index) { return index.name == name; });
  if (it == indexes.end()) {
    return ApiError::ResourceNotFound("Requested resource not found: Index " + name +
                                      " for table " + plan->next.name);
  }
  plan->deleted_vector_index = *it;
  indexes.erase(it);
  PruneDefinitions(&plan->next);
  return Status::Ok();
}

}  // namespace

Status PlanVectorIndexUpdates(const api::UpdateTableRequest& request, UpdatePlan* plan) {
  // A table with vector indexes stays on-demand.
  if (!plan->target_on_demand && !plan->next.vector_indexes.empty()) {
    return api::VectorIndexesNeedOnDemand();
  }
  if (!request.vector_index_updates) return Status::Ok();
  for (const api::VectorIndexUpdateRequest& update : *request.vector_index_updates) {
    if (update.create) DDBEMU_RETURN_IF_ERROR(PlanCreate(request, *update.create, plan));
    if (update.delete_index_name)
      DDBEMU_RETURN_IF_ERROR(PlanDelete(*update.delete_index_name, plan));
  }
  return Status::Ok();
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
