// UpdateTable's request-only validation, in the service's order and wording (dynalite's
// updateTable validation for the classic rules; probes of DynamoDB, 2026, for the rules about
// combining changes in one request).
#include "api/table_checks.h"

#include <set>
#include <string>

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api {
namespace {

// The service's own list, including members of replicated tables this model does not send.
constexpr std::string_view kAtLeastOneMessage =
    "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, "
    "GlobalSecondaryIndexUpdates, "
    "SSESpecification, ReplicaUpdates, MultiAccountReplicaReady, ReplicaTransitRoleArn, "
    "MultiRegionConsistency, "
    "DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or TableClass is required";

bool HasIndexUpdates(const UpdateTableRequest& request) {
  return request.global_secondary_index_updates && !request.global_secondary_index_updates->empty();
}

bool HasVectorIndexUpdates(const UpdateTableRequest& request) {
  return request.vector_index_updates && !request.vector_index_updates->empty();
}

Status CheckIndexEntries(const std::vector<GsiUpdateRequest>& updates) {
  std::set<std::string> names;
  for (const GsiUpdateRequest& update : updates) {
    if (update.action_count() == 0) {
      return InvalidParameter(
          "One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, "
          "GlobalSecondaryIndexUpdate.Delete must not be null");
    }
    if (update.action_count() > 1) {
      return InvalidParameter(
          "Only one global secondary index action is allowed per GlobalSecondaryIndexUpdate "
          "object");
    }
    if (!names.insert(update.index_name()).second) {
      return InvalidParameter(
          "Only one global secondary index update per index is allowed simultaneously. Index: " +
          update.index_name());
    }
  }
  return Status::Ok();
}

// A change that must travel alone: DeletionProtection, TableClass and SSE each have their own
// UpdateTable workflow in the service.
Status CheckExclusiveChanges(const UpdateTableRequest& request) {
  if (CountUpdateOperations(request) <= 1) return Status::Ok();
  if (request.deletion_protection_enabled) {
    return ApiError::Validation(
        "DeletionProtection modification must be the only operation in the request");
  }
  if (request.table_class) {
    return ApiError::Validation(
        "TableClass modification must be the only operation in the request");
  }
  if (request.sse_enabled) {
    return ApiError::Validation(
        "Server-Side Encryption modification must be the only operation in the request");
  }
  return Status::Ok();
}

// "Only 1 online index can be created or deleted simultaneously per table", and an index
// Create/Delete cannot ride along with table throughput, stream or warm-throughput changes.
Status CheckIndexCreateDelete(const UpdateTableRequest& request) {
  int creates_and_deletes = 0;
  for (const GsiUpdateRequest& update : *request.global_secondary_index_updates) {
    creates_and_deletes += (update.create || update.delete_index_name) ? 1 : 0;
  }
  if (creates_and_deletes == 0) return Status::Ok();
  DDBEMU_RETURN_IF_ERROR(CheckOnlineIndexOperations(request, creates_and_deletes));
  if (request.warm_throughput) {
    return ApiError::Validation(
        "Create global secondary index cannot be specified when updating WarmThroughput");
  }
  return Status::Ok();
}

// -1 clears a maximum; 0 and anything below -1 are out of range.
Status CheckOnDemandUpdateRange(const OnDemandRequest& odt, const std::string& owner) {
  auto bad = [](const std::optional<std::int64_t>& v) { return v && (*v == 0 || *v < -1); };
  if (bad(odt.max_read_request_units)) {
    return InvalidParameter("Requested MaxReadRequestUnits for OnDemandThroughput for " + owner +
                            " is outside of valid range");
  }
  if (bad(odt.max_write_request_units)) {
    return InvalidParameter("Requested MaxWriteRequestUnits for OnDemandThroughput for " + owner +
                            " is outside of valid range");
  }
  return Status::Ok();
}

Status CheckIndexUpdateValues(const std::vector<GsiUpdateRequest>& updates) {
  constexpr std::int64_t kCeiling = 1'000'000'000'000;
  for (const GsiUpdateRequest& entry : updates) {
    if (!entry.update) continue;
    const UpdateGsiAction& update = *entry.update;
    if (const auto& pt = update.provisioned_throughput;
        pt && (pt->read_capacity_units.value_or(0) > kCeiling ||
               pt->write_capacity_units.value_or(0) > kCeiling)) {
      return ApiError::Validation(
          "This operation cannot be performed with given input values. Please contact "
          "DynamoDB service team for more info: Action Blocked: IndexUpdate");
    }
    if (update.warm_throughput && !update.warm_throughput->read_units_per_second &&
        !update.warm_throughput->write_units_per_second) {
      return InvalidParameter(
          "WarmThroughput must have at least one of ReadUnitsPerSecond or WriteUnitsPerSecond "
          "specified for index: " +
          update.index_name);
    }
    if (update.on_demand_throughput) {
      DDBEMU_RETURN_IF_ERROR(
          CheckOnDemandUpdateRange(*update.on_demand_throughput, "index : " + update.index_name));
    }
  }
  return Status::Ok();
}

}  // namespace

Status CheckOnlineIndexOperations(const UpdateTableRequest& request, int operations) {
  if (operations > 1) {
    return ApiError::LimitExceeded(
        "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously "
        "per table");
  }
  if (request.provisioned_throughput) {
    return ApiError::Validation("You cannot create or delete index while updating table IOPS");
  }
  if (request.stream_enabled) {
    return ApiError::Validation("You cannot create or delete index while changing stream status");
  }
  return Status::Ok();
}

int CountUpdateOperations(const UpdateTableRequest& request) {
  return (request.provisioned_throughput ? 1 : 0) + (request.billing_mode ? 1 : 0) +
         (request.stream_enabled ? 1 : 0) + (HasIndexUpdates(request) ? 1 : 0) +
         (HasVectorIndexUpdates(request) ? 1 : 0) + (request.sse_enabled ? 1 : 0) +
         (request.has_replica_updates ? 1 : 0) + (request.has_multi_region_consistency ? 1 : 0) +
         (request.deletion_protection_enabled ? 1 : 0) + (request.on_demand_throughput ? 1 : 0) +
         (request.warm_throughput ? 1 : 0) + (request.table_class ? 1 : 0);
}

Status ValidateUpdateTable(const UpdateTableRequest& request) {
  if (CountUpdateOperations(request) == 0)
    return ApiError::Validation(std::string(kAtLeastOneMessage));
  // An empty list alone counts as "nothing to update"; beside a real change it is an error.
  if (request.global_secondary_index_updates && request.global_secondary_index_updates->empty()) {
    return InvalidParameter("List of GlobalSecondaryIndexUpdates is empty");
  }
  if (request.provisioned_throughput)
    DDBEMU_RETURN_IF_ERROR(CheckThroughputBounds(*request.provisioned_throughput));
  if (HasIndexUpdates(request))
    DDBEMU_RETURN_IF_ERROR(CheckIndexEntries(*request.global_secondary_index_updates));
  DDBEMU_RETURN_IF_ERROR(CheckExclusiveChanges(request));
  if (HasIndexUpdates(request)) {
    DDBEMU_RETURN_IF_ERROR(CheckIndexCreateDelete(request));
    DDBEMU_RETURN_IF_ERROR(CheckIndexUpdateValues(*request.global_secondary_index_updates));
  }
  if (request.on_demand_throughput) {
    DDBEMU_RETURN_IF_ERROR(CheckOnDemandUpdateRange(*request.on_demand_throughput, "table"));
  }
  return CheckVectorIndexUpdates(request);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::api
