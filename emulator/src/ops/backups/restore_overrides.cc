// What a restored table keeps of its source, and the *Override members of both restores
// (backups.h, ShapeRestoredTable). The rules are the service's observed ones, recorded against
// AWS in October 2026 (ack-api-quirks, dynamodb "Table restores", findings DDB-TABLE-215, 273 and
// 279); where the service's wording was not recorded, the text says so beside it.
#include <algorithm>
#include <string>
#include <vector>

#include "ops/backups/backups.h"
#include "ops/tables/tables.h"

namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops {
namespace {

ApiError Invalid(std::string message) { return ApiError::Validation(std::move(message)); }

// The settings a restore never carries over (DDB-TABLE-215: streams, TTL, point-in-time
// recovery, tags, deletion protection, resource policy and table class are dropped; billing
// mode, the on-demand maxima and the encryption are kept). Point-in-time recovery follows the
// new table id, so it starts disabled without a step here.
void DropUnrestoredSettings(TableSchema* table) {
  table->tags.clear();
  table->stream = StreamSettings{};
  table->ttl = TimeToLiveSettings{};
  table->deletion_protection = false;
  table->table_class = "STANDARD";
}

// An override names an index by its key schema and projection, not by its name: a restore may
// rename an index but not change or add one (DDB-TABLE-273).
bool SameShape(const IndexSchema& a, const IndexSchema& b) {
  auto names = [](const std::vector<KeyAttribute>& keys) {
    std::vector<std::string> out;
    for (const KeyAttribute& k : keys) out.push_back(k.name);
    return out;
  };
  auto sorted = [](std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
  };
  return names(a.partition_key) == names(b.partition_key) &&
         names(a.sort_key) == names(b.sort_key) && a.projection == b.projection &&
         sorted(a.non_key_attributes) == sorted(b.non_key_attributes);
}

bool SameShape(const VectorIndexSchema& a, const VectorIndexSchema& b) {
  auto names = [](const VectorIndexSchema& v) {
    std::vector<std::pair<std::string, SearchSchemaElementType>> out;
    for (std::size_t i = 0; i < v.search_attributes.size(); ++i) {
      out.emplace_back(v.search_attributes[i].name, v.search_roles[i]);
    }
    return out;
  };
  auto sorted = [](std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
  };
  return a.vector_attribute == b.vector_attribute && a.dimensions == b.dimensions &&
         a.distance == b.distance && names(a) == names(b) && a.projection == b.projection &&
         sorted(a.non_key_attributes) == sorted(b.non_key_attributes);
}

ApiError NotInSource(const std::string& index_name) {
  return Invalid("Index " + index_name +
                 " does not match a secondary index that existed in the source table and cannot "
                 "be created during the restore operation");
}

// The indexes of kind `local` that `overrides` keeps, each the source's index of the same shape
// under the override's name, with the override's throughput settings where it gives them.
Result<std::vector<IndexSchema>> KeptIndexes(
    const std::vector<api::SecondaryIndexRequest>& overrides, const TableSchema& source,
    bool local) {
  std::vector<IndexSchema> kept;
  for (const api::SecondaryIndexRequest& o : overrides) {
    const IndexSchema wanted = BuildGlobalIndex(o, source.attribute_definitions,
                                                source.billing_mode == BillingMode::kPayPerRequest);
    auto match = std::find_if(source.indexes.begin(), source.indexes.end(), [&](const auto& i) {
      return i.is_local == local && SameShape(i, wanted);
    });
    if (match == source.indexes.end()) return NotInSource(o.index_name);
    IndexSchema index = *match;
    index.name = o.index_name;
    if (o.provisioned_throughput) index.throughput = wanted.throughput;
    if (o.on_demand_throughput) index.on_demand = wanted.on_demand;
    if (o.warm_throughput) index.warm = wanted.warm;
    kept.push_back(std::move(index));
  }
  return kept;
}

Status KeepIndexes(const api::RestoreOverrides& overrides, const TableSchema& source,
                   TableSchema* restored) {
  std::vector<IndexSchema> indexes;
  for (const bool local : {true, false}) {
    const auto& listed =
        local ? overrides.local_secondary_indexes : overrides.global_secondary_indexes;
    if (!listed) {
      for (const IndexSchema& index : source.indexes) {
        if (index.is_local == local) indexes.push_back(index);
      }
      continue;
    }
    DDBEMU_ASSIGN_OR_RETURN(std::vector<IndexSchema> kept, KeptIndexes(*listed, source, local));
    for (IndexSchema& index : kept) indexes.push_back(std::move(index));
  }
  restored->indexes = std::move(indexes);
  if (!overrides.vector_indexes) return Status::Ok();
  std::vector<VectorIndexSchema> vectors;
  for (const api::VectorIndexRequest& o : *overrides.vector_indexes) {
    const VectorIndexSchema wanted = BuildVectorIndex(o, source.attribute_definitions);
    auto match = std::find_if(source.vector_indexes.begin(), source.vector_indexes.end(),
                              [&](const auto& v) { return SameShape(v, wanted); });
    // The vector index's wording is not recorded: it is the secondary indexes'.
    if (match == source.vector_indexes.end()) return NotInSource(o.index_name);
    VectorIndexSchema index = *match;
    index.name = o.index_name;
    vectors.push_back(std::move(index));
  }
  restored->vector_indexes = std::move(vectors);
  return Status::Ok();
}

// An on-demand maximum is -1 (none) or at least 1 (DDB-TABLE-273: 0/0 is outside the range).
Status CheckOnDemand(const api::OnDemandRequest& odt) {
  for (const auto& [name, value] :
       {std::pair{"MaxReadRequestUnits", odt.max_read_request_units},
        std::pair{"MaxWriteRequestUnits", odt.max_write_request_units}}) {
    if (value && *value != -1 && *value < 1) {
      return Invalid(std::string("Invalid Request: Requested ") + name +
                     " for OnDemandThroughput is outside of valid range");
    }
  }
  return Status::Ok();
}

// BillingModeOverride, ProvisionedThroughputOverride and OnDemandThroughputOverride: the
// throughput overrides must agree with the billing mode the restored table ends up with.
Status ApplyBilling(const api::RestoreOverrides& overrides, std::int64_t now_micros,
                    TableSchema* restored) {
  const bool to_provisioned = overrides.billing_mode == "PROVISIONED";
  const bool provisioned =
      overrides.billing_mode ? to_provisioned : restored->billing_mode == BillingMode::kProvisioned;
  if (overrides.provisioned_throughput && !provisioned) {
    return Invalid("Cannot override ProvisionedThroughput unless BillingMode is PROVISIONED");
  }
  if (to_provisioned && !overrides.provisioned_throughput) {
    return Invalid(
        "Must override ProvisionedThroughput if BillingMode is overridden to PROVISIONED");
  }
  if (overrides.on_demand_throughput) {
    DDBEMU_RETURN_IF_ERROR(CheckOnDemand(*overrides.on_demand_throughput));
    // Not recorded; worded as the provisioned case is.
    if (provisioned) {
      return Invalid("Cannot override OnDemandThroughput unless BillingMode is PAY_PER_REQUEST");
    }
  }
  if (provisioned) {
    const bool was_on_demand = restored->billing_mode == BillingMode::kPayPerRequest;
    restored->billing_mode = BillingMode::kProvisioned;
    restored->on_demand = OnDemandThroughput{};
    if (overrides.provisioned_throughput) {
      restored->throughput.read_capacity_units =
          overrides.provisioned_throughput->read_capacity_units.value_or(0);
      restored->throughput.write_capacity_units =
          overrides.provisioned_throughput->write_capacity_units.value_or(0);
    }
    // A GSI coming from an on-demand source without its own override takes the table's.
    for (IndexSchema& index : restored->indexes) {
      if (!index.is_local && was_on_demand && index.throughput.read_capacity_units == 0) {
        index.throughput = restored->throughput;
      }
    }
    return Status::Ok();
  }
  // On-demand: the base and every GSI lose their provisioned figures (DDB-TABLE-273).
  if (restored->billing_mode == BillingMode::kProvisioned) {
    restored->billing_mode_last_update_micros = now_micros;
  }
  restored->billing_mode = BillingMode::kPayPerRequest;
  restored->throughput = ProvisionedThroughput{};
  for (IndexSchema& index : restored->indexes) index.throughput = ProvisionedThroughput{};
  if (overrides.on_demand_throughput) {
    restored->on_demand.max_read_request_units =
        overrides.on_demand_throughput->max_read_request_units.value_or(-1);
    restored->on_demand.max_write_request_units =
        overrides.on_demand_throughput->max_write_request_units.value_or(-1);
  }
  return Status::Ok();
}

}  // namespace

Status ShapeRestoredTable(const api::RestoreOverrides& overrides, const TableSchema& source,
                          std::int64_t now_micros, TableSchema* restored) {
  DropUnrestoredSettings(restored);
  DDBEMU_RETURN_IF_ERROR(KeepIndexes(overrides, source, restored));
  return ApplyBilling(overrides, now_micros, restored);
}

}  // namespace ddbemu::inline DDBEMU_ABI_NAMESPACE::ops
